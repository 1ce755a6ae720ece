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

// A -dest that is the site root, holds it or lies inside a folder the build reads is
// refused (exit 2, naming it), -force or not, and so is a folder of someone's files that
// is not docsite's output unless -force: every file stays. An output docsite made, and an
// empty folder, are built into as before.
func TestBuildRefusesADestThatIsNotItsOutput(t *testing.T) {
	parent := t.TempDir()
	src := filepath.Join(parent, "site")
	site := map[string]string{
		"content/en/a.md":   "# A\n",
		"content/ja/a.md":   "# エー\n",
		"static/logo.svg":   "<svg/>",
		"templates/.keep":   "",
		"locales/.keep":     "",
		".git/HEAD":         "ref: refs/heads/main\n",
		"README":            "the site\n",
		"notes/notes.txt":   "my notes\n",
		"public/.gitignore": "*\n",
	}
	writeFiles(t, src, site)
	for _, tt := range []struct{ dest, want string }{
		{src, "is the site root"},
		{src + "/.", "is the site root"},
		{parent, "holds the site root"},
		{filepath.Join(src, "content"), "inside the site's content/"},
		{filepath.Join(src, "content", "ja"), "inside the site's content/"},
		{filepath.Join(src, "static", "out"), "inside the site's static/"},
		{filepath.Join(src, "templates"), "inside the site's templates/"},
		{filepath.Join(src, "locales", "x"), "inside the site's locales/"},
		{filepath.Join(src, "notes"), "is not docsite's output"},
		{filepath.Join(src, "public"), "is not docsite's output"},
	} {
		for _, force := range []bool{false, true} {
			if force && strings.Contains(tt.want, "output") {
				continue
			}
			args := []string{"build", "-cache", "off", "-source", src, "-dest", tt.dest}
			if force {
				args = append(args, "-force")
			}
			code, stderr := runCmd(t, args...)
			if code != 2 || !strings.Contains(stderr, tt.dest) || !strings.Contains(stderr, tt.want) {
				t.Errorf("-dest %s (force %t): exit %d, want 2 and %q naming it:\n%s", tt.dest, force, code, tt.want, stderr)
			}
		}
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	if code, stderr := runCmd(t, "build", "-cache", "off", "-source", src, "-dest", link); code != 2 || !strings.Contains(stderr, "is the site root") {
		t.Errorf("-dest a link to the site root: exit %d\n%s", code, stderr)
	}
	for name, data := range site {
		if got, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(name))); err != nil || string(got) != data {
			t.Errorf("%s: %q, %v after the refused builds; want it as it was", name, got, err)
		}
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("the refused builds left %d entries beside the site, want none", len(entries)-1)
	}

	// docsite's own output, a rebuild, an empty folder; -force for a folder of files.
	out := filepath.Join(src, "public-new")
	for range 2 {
		if code, stderr := runCmd(t, "build", "-cache", "off", "-source", src, "-dest", out); code != 0 {
			t.Fatalf("build into docsite's output: exit %d\n%s", code, stderr)
		}
	}
	os.Mkdir(filepath.Join(parent, "empty"), 0o755)
	if code, stderr := runCmd(t, "build", "-cache", "off", "-source", src, "-dest", filepath.Join(parent, "empty")); code != 0 {
		t.Errorf("build into an empty folder: exit %d\n%s", code, stderr)
	}
	if code, stderr := runCmd(t, "build", "-cache", "off", "-source", src, "-dest", filepath.Join(src, "public"), "-force"); code != 0 {
		t.Errorf("build -force into a folder of files: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(src, "public", "en", "a", "index.html")); err != nil {
		t.Errorf("-force: %v", err)
	}
}

// review -html writes into its folder: the site root and the folders a build reads are
// refused there too.
func TestReviewHTMLRefusesTheSiteRoot(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A\n", "content/ja/a.md": "# エー\n"})
	for _, dir := range []string{src, filepath.Join(src, "static")} {
		code, stderr := runCmd(t, "review", "-source", src, "-html", dir)
		if code != 2 || !strings.Contains(stderr, dir) {
			t.Errorf("review -html %s: exit %d, want 2 naming it\n%s", dir, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(src, "_review")); !os.IsNotExist(err) {
		t.Errorf("review -html wrote into the site root: %v", err)
	}
}
