package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runCmd(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, errOut.String()
}

// A failed build exits non-zero, names file:line, and leaves the previous output as it was;
// a later good build replaces it, and pages that no longer exist disappear.
func TestBuildFailureLeavesOutputUntouched(t *testing.T) {
	src, dest := t.TempDir(), filepath.Join(t.TempDir(), "public")
	writeFiles(t, src, map[string]string{
		"content/en/a.md": "# A\n",
		"content/en/b.md": "# B\n",
	})
	if code, stderr := runCmd(t, "build", "-source", src, "-dest", dest); code != 0 {
		t.Fatalf("first build: exit %d\n%s", code, stderr)
	}
	before, _ := os.ReadFile(filepath.Join(dest, "en", "a", "index.html"))

	writeFiles(t, src, map[string]string{"content/en/a.md": "+++\ntitle = \n+++\n# A changed\n"})
	code, stderr := runCmd(t, "build", "-source", src, "-dest", dest)
	if code == 0 {
		t.Fatal("broken build exited 0")
	}
	if !strings.Contains(stderr, "content/en/a.md:2:") {
		t.Errorf("stderr does not name content/en/a.md:2:\n%s", stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dest, "en", "a", "index.html"))
	if !bytes.Equal(before, after) {
		t.Error("failed build changed the previous output")
	}

	os.Remove(filepath.Join(src, "content", "en", "b.md"))
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A changed\n"})
	if code, stderr := runCmd(t, "build", "-source", src, "-dest", dest); code != 0 {
		t.Fatalf("good build: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dest, "en", "b", "index.html")); !os.IsNotExist(err) {
		t.Error("page of a deleted source file is still in the output")
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 2 || entries[0].Name() != "."+filepath.Base(dest)+".docsite" {
		t.Errorf("beside dest, want only its state folder: %v", entries)
	}
}

func TestBuildSummaryAndUsage(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A\n", "content/ja/a.md": "# エー\n"})
	code, stderr := runCmd(t, "build", "-source", src, "-dest", filepath.Join(t.TempDir(), "out"))
	if code != 0 || !strings.Contains(stderr, "built 2 pages (en 1, ja 1)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if code, _ := runCmd(t, "frobnicate"); code != 2 {
		t.Errorf("unknown command exit = %d, want 2", code)
	}
}
