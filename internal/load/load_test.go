package load

import (
	"strings"
	"testing"
	"testing/fstest"

	"docsite/internal/config"
	"golang.org/x/text/language"
)

var langs = []config.Lang{{Code: "en", Tag: language.English}, {Code: "zh", Tag: language.Make("zh-Hans")}}

func TestFrontMatterKeepsLines(t *testing.T) {
	fsys := fstest.MapFS{
		"content/en/a/b.md":     {Data: []byte("+++\ntitle = \"B\"\ntranslationKey = \"k\"\n+++\n# Heading\n")},
		"content/zh/x.md":       {Data: []byte("---\ntitle: 乙\ntranslationKey: k\n---\n正文\n")},
		"content/en/index.md":   {Data: []byte("Home\n")},
		"content/en/.hidden.md": {Data: []byte("x")},
		"content/en/notes.txt":  {Data: []byte("x")},
	}
	pages, err := Pages(fsys, langs)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 3 {
		t.Fatalf("got %d pages, want 3", len(pages))
	}
	b := pages[0]
	if b.Path != "a/b" || b.Key != "k" || b.Title() != "B" {
		t.Errorf("page = %+v", b)
	}
	if lines := strings.Split(string(b.Src), "\n"); lines[4] != "# Heading" || strings.TrimSpace(lines[1]) != "" {
		t.Errorf("front matter not blanked in place: %q", b.Src)
	}
	if pages[1].Path != "" {
		t.Errorf("index.md path = %q, want empty", pages[1].Path)
	}
	groups, err := GroupPages(pages, langs)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 2 || groups[1].Key != "k" || len(groups[1].Pages) != 2 {
		t.Errorf("groups = %+v", groups)
	}
}

func TestDuplicateKey(t *testing.T) {
	fsys := fstest.MapFS{
		"content/en/a.md": {Data: []byte("+++\ntranslationKey = \"k\"\n+++\n")},
		"content/en/b.md": {Data: []byte("+++\ntranslationKey = \"k\"\n+++\n")},
	}
	pages, _ := Pages(fsys, langs[:1])
	if _, err := GroupPages(pages, langs[:1]); err == nil || !strings.Contains(err.Error(), "content/en/b.md:1:1") {
		t.Errorf("err = %v", err)
	}
}

func TestTitleFallbacks(t *testing.T) {
	p := &Page{Path: "dir/name", Src: []byte("text\n# First\n# Second\n")}
	if p.Title() != "First" {
		t.Errorf("title = %q", p.Title())
	}
	p.Src = []byte("no heading")
	if p.Title() != "name" {
		t.Errorf("title = %q", p.Title())
	}
}

func FuzzFrontMatter(f *testing.F) {
	f.Add([]byte("+++\ntitle = \"x\"\n+++\nbody"))
	f.Add([]byte("---\ntitle: x\n---\n"))
	f.Add([]byte("---\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		n := len(src)
		var fm FrontMatter
		err := splitFrontMatter(src, &fm)
		if len(src) != n {
			t.Fatal("length changed")
		}
		if err != nil {
			if _, ok := err.(*fmError); !ok {
				t.Fatalf("error of type %T", err)
			}
		}
	})
}
