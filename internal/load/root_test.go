package load

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Root reads what an os.Root reads: a symlink to another folder of the site is followed,
// one leading out of the site is refused, a folder is not a file; and on Linux it does so
// without falling back to the os.Root for good.
func TestRootReadsLikeOSRoot(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.md")
	site := t.TempDir()
	files := map[string]string{"content/en/a/x.md": "x", "top.md": "top"}
	for i := range 3 {
		files[fmt.Sprintf("content/en/many/%d/p.md", i)] = strings.Repeat(fmt.Sprint(i), 10000*i)
	}
	files[outside] = "secret"
	for name, data := range files {
		full := name
		if !filepath.IsAbs(name) {
			full = filepath.Join(site, name)
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(site, "content/ja"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"content/ja/x.md": "../en/a/x.md", "content/ja/out.md": outside, "content/outdir": filepath.Dir(outside)} {
		if err := os.Symlink(target, filepath.Join(site, link)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRoot(site)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for name, want := range files {
		if filepath.IsAbs(name) {
			continue
		}
		if got, err := r.ReadFile(name); err != nil || string(got) != want {
			t.Fatalf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	if got, err := r.ReadFile("content/ja/x.md"); err != nil || string(got) != "x" {
		t.Errorf("symlink inside the site = %q, %v", got, err)
	}
	if got, err := r.ReadFile("content/ja/out.md"); err == nil {
		t.Errorf("symlink out of the site read: %q", got)
	}
	if _, err := r.ReadFile("content/en/none.md"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v, want not-exist", err)
	}
	if _, err := r.Stat("content/en/a/none.png"); !os.IsNotExist(err) {
		t.Errorf("stat of a missing file: %v, want not-exist", err)
	}
	if fi, err := r.Stat("content/ja/x.md"); err != nil || fi.Size() != 1 {
		t.Errorf("stat through a symlink inside the site: %v, %v", fi, err)
	}
	if _, err := r.Stat("content/ja/out.md"); err == nil {
		t.Error("stat of a symlink out of the site succeeded")
	}
	if _, err := r.ReadFile("content/en"); err == nil {
		t.Error("a folder read as a file")
	}
	for _, dir := range []string{".", "content/en", "content/en/many", "content/ja"} {
		got, err := r.ReadDir(dir)
		want, werr := fs.ReadDir(r.fsys, dir)
		if err != nil || werr != nil || len(got) != len(want) {
			t.Fatalf("ReadDir(%s) = %d entries, %v; os.Root %d, %v", dir, len(got), err, len(want), werr)
		}
		for i := range got {
			gi, gerr := got[i].Info()
			wi, werr := want[i].Info()
			if got[i].Name() != want[i].Name() || got[i].Type() != want[i].Type() || gerr != nil || werr != nil ||
				gi.Size() != wi.Size() || gi.Mode() != wi.Mode() || !gi.ModTime().Equal(wi.ModTime()) {
				t.Errorf("ReadDir(%s)[%d] = %s %v %v; os.Root %s %v %v", dir, i, got[i].Name(), got[i].Type(), gi, want[i].Name(), want[i].Type(), wi)
			}
		}
	}
	for _, out := range []string{"content/ja/out.md", "content/outdir"} {
		if _, err := r.ReadDir(out); err == nil {
			t.Errorf("%s, a symlink out of the site, listed", out)
		}
	}
	if runtime.GOOS == "linux" && r.slow.Load() {
		t.Error("openat2 given up on Linux")
	}
}

// Pages reads every file into one buffer per goroutine: nothing a page keeps may point
// into it (front matter decoders, titles, keys).
func TestPagesKeepNothingOfTheBuffer(t *testing.T) {
	_, r := siteRoot(t, map[string]string{
		"content/en/a.md": "+++\ntitle = \"Alpha\"\ntranslationKey = \"ka\"\n+++\nbody a\n",
		"content/en/b.md": "---\ntitle: Beta\ntranslationKey: kb\n---\nbody b\n",
		"content/en/c.md": "# Gamma heading\n\nbody c\n",
		"content/en/d.md": "+++\ntitle = \"Delta\"\n+++\n" + strings.Repeat("long ", 10000) + "\n",
		"content/en/e.md": "+++\ntitle = \"Epsilon\"\n+++\nzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n",
	})
	got, err := Pages(r, langs[:1], nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ title, key string }{{"Alpha", "ka"}, {"Beta", "kb"}, {"Gamma heading", "c"}, {"Delta", "d"}, {"Epsilon", "e"}}
	for i, p := range got {
		if p.Title() != want[i].title || p.Key != want[i].key {
			t.Errorf("%s: title %q key %q, want %q %q", p.File, p.Title(), p.Key, want[i].title, want[i].key)
		}
	}
}
