package load

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"docsite/internal/config"
)

// A root read through mounts: the first place that has a file wins, folders list what
// every place holds and the folders mounts make, excluded paths are not there, and a
// name is its source's in diagnostics.
func TestRootMounts(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"content/en/_index.md":     "home",
		"content/en/docs/a.md":     "own a",
		"vendor/spec/one.md":       "one",
		"vendor/spec/README.md":    "readme",
		"vendor/spec/deep/two.md":  "two",
		"override/a.md":            "override a",
		"notes/roadmap.md":         "roadmap",
		"static/site.css":          "css",
		"elsewhere/static/x.txt":   "x",
		"content/stray/_index.md":  "not a language of the Hugo site",
		"content/en/docs/extra.md": "extra",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Mount([]config.Mount{
		{Source: "override", Target: "content/en/docs"},
		{Source: "content/en", Target: "content/en"},
		{Source: "vendor/spec", Target: "content/en/docs/specs/otel", Exclude: []string{"**/README.md"}},
		{Source: "notes/roadmap.md", Target: "content/en/community/roadmap.md"},
		{Source: "static", Target: "static"},
		{Source: "elsewhere/static", Target: "static/more"},
	}, []string{"content", "static"})

	if err := fstest.TestFS(r, "content/en/_index.md", "content/en/docs/a.md", "content/en/docs/extra.md",
		"content/en/docs/specs/otel/one.md", "content/en/docs/specs/otel/deep/two.md",
		"content/en/community/roadmap.md", "static/site.css", "static/more/x.txt"); err != nil {
		t.Fatal(err)
	}
	if data, _ := fs.ReadFile(r, "content/en/docs/a.md"); string(data) != "override a" {
		t.Errorf("a.md = %q, want the first mount's", data)
	}
	if data, _ := r.AppendFile(nil, "content/en/docs/specs/otel/deep/two.md"); string(data) != "two" {
		t.Errorf("two.md = %q", data)
	}
	for _, gone := range []string{"content/en/docs/specs/otel/README.md", "content/stray/_index.md"} {
		if _, err := fs.Stat(r, gone); err == nil {
			t.Errorf("%s is there", gone)
		}
	}
	entries, _ := fs.ReadDir(r, "content")
	if len(entries) != 1 || entries[0].Name() != "en" {
		t.Errorf("content/ lists %v, want only en", entries)
	}
	var names []string
	fs.WalkDir(r, "content/en/docs", func(name string, d fs.DirEntry, err error) error {
		names = append(names, name)
		return err
	})
	want := "content/en/docs content/en/docs/a.md content/en/docs/extra.md content/en/docs/specs content/en/docs/specs/otel content/en/docs/specs/otel/deep content/en/docs/specs/otel/deep/two.md content/en/docs/specs/otel/one.md"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("walk:\n got %s\nwant %s", got, want)
	}
	for name, want := range map[string]string{
		"content/en/docs/a.md":                   "override/a.md",
		"content/en/docs/extra.md":               "content/en/docs/extra.md",
		"content/en/docs/specs/otel/deep/two.md": "vendor/spec/deep/two.md",
		"content/en/community/roadmap.md":        "notes/roadmap.md",
	} {
		if got := r.Source(name); got != want {
			t.Errorf("Source(%s) = %s, want %s", name, got, want)
		}
	}
}
