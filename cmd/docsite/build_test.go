package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/load"
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

// The tests' builds keep their cache in a temporary folder, not the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "docsite-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	load.StableAfter = 0 // builds follow edits at once
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A second build of an unchanged site takes every page from the cache (-cache DIR) and
// says so; -cache off builds without one and leaves no folder behind.
func TestBuildCacheFlag(t *testing.T) {
	src, dest, cacheRoot := t.TempDir(), filepath.Join(t.TempDir(), "public"), t.TempDir()
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A\n", "content/en/b.md": "# B\n"})
	for i, want := range []string{"in ", "2 pages unchanged (from the cache)"} {
		code, stderr := runCmd(t, "build", "-source", src, "-dest", dest, "-cache", cacheRoot)
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("build %d: exit %d, want %q in\n%s", i+1, code, want, stderr)
		}
	}
	if entries, _ := os.ReadDir(cacheRoot); len(entries) != 1 {
		t.Errorf("the cache root holds %d folders, want one for the site", len(entries))
	}
	off := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", off)
	for range 2 {
		if code, stderr := runCmd(t, "build", "-source", src, "-dest", dest, "-cache", "off"); code != 0 || strings.Contains(stderr, "from the cache") {
			t.Errorf("-cache off: exit %d\n%s", code, stderr)
		}
	}
	if entries, _ := os.ReadDir(off); len(entries) != 0 {
		t.Errorf("-cache off wrote %d entries into the user's cache directory", len(entries))
	}
}
