package load

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"docsite/internal/config"
)

// seenSite writes files under a new site root and opens it (closed when the test ends).
func siteRoot(t *testing.T, files map[string]string) (dir string, r *Root) {
	t.Helper()
	dir = t.TempDir()
	for name, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return dir, r
}

func setStableAfter(t *testing.T, d time.Duration) {
	old := StableAfter
	StableAfter = d
	t.Cleanup(func() { StableAfter = old })
}

// A page whose file did not change since a build saw it is made from what that build saw,
// and the file is not read: here the kept title differs from the file's, so the title
// says which was used. A file changed since is read.
func TestSeenPageIsNotReadAgain(t *testing.T) {
	setStableAfter(t, 0)
	langs := []config.Lang{{Code: "en"}}
	dir, r := siteRoot(t, map[string]string{
		"content/en/a.md": "+++\ntitle = \"A\"\nweight = 3\nslug = \"aa\"\n+++\nbody a\n",
		"content/en/b.md": "no front matter\n# B\n",
	})
	first, err := Pages(r, langs, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]Seen{}
	for _, p := range first {
		s, ok := p.Seen()
		if !ok {
			t.Fatalf("%s: nothing kept of a page that read cleanly", p.File)
		}
		b, _ := s.AppendBinary(nil)
		if s, err = ParseSeen(b); err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
		s.Title = "kept " + s.Title
		kept[p.File] = s
	}
	known := func(name string) (Seen, bool) { s, ok := kept[name]; return s, ok }
	again, err := Pages(r, langs, known)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range again {
		q := first[i]
		if p.Title() != "kept "+q.Title() {
			t.Errorf("%s: title %q, want the kept one: the file was read", p.File, p.Title())
		}
		if p.Path != q.Path || p.Key != q.Key || p.Sum != q.Sum || p.FrontSum != q.FrontSum || !reflect.DeepEqual(p.Meta, q.Meta) {
			t.Errorf("%s: made from what was kept, it is %+v; read, %+v", p.File, p, q)
		}
		src, err := p.Source(r)
		want, _ := q.Source(r)
		if err != nil || !bytes.Equal(src, want) {
			t.Errorf("%s: Source = %q, %v; want %q", p.File, src, err, want)
		}
	}

	if err := os.WriteFile(filepath.Join(dir, "content/en/a.md"), []byte("+++\ntitle = \"A2\"\n+++\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err = Pages(r, langs, known)
	if err != nil {
		t.Fatal(err)
	}
	if got := again[0].Title(); got != "A2" {
		t.Errorf("edited a.md: title %q, want A2 read from the file", got)
	}
	if got := again[1].Title(); got != "kept B" {
		t.Errorf("b.md: title %q, want the kept one", got)
	}
}

// What a build reads of a file changed just before it is not kept: a file system with
// coarse times could give the next version of the file the same status.
func TestRecentFileIsNotKept(t *testing.T) {
	setStableAfter(t, time.Hour)
	_, r := siteRoot(t, map[string]string{"content/en/a.md": "# A\n"})
	pages, err := Pages(r, []config.Lang{{Code: "en"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := pages[0].Seen(); ok {
		t.Error("a file written a moment ago was kept")
	}
}

func FuzzParseSeen(f *testing.F) {
	s := Seen{Stat: FileStat{Dev: 1, Ino: 2, Size: 9, Mtime: 3, Ctime: 4}, Size: 9, Blank: 4, Title: "T", Front: []byte("---\n")}
	b, _ := s.AppendBinary(nil)
	f.Add(b)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSeen(b)
		if err != nil {
			return
		}
		again, _ := s.AppendBinary(nil)
		s2, err := ParseSeen(again)
		if err != nil || !reflect.DeepEqual(s, s2) {
			t.Fatalf("%+v read back as %+v, %v", s, s2, err)
		}
	})
}
