package load

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
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
	pages, err := Pages(fsys, langs, nil)
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
	if b.Src != nil {
		t.Errorf("Pages kept the source of %s", b.File)
	}
	src, err := b.Source(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(src), "\n"); lines[4] != "# Heading" || strings.TrimSpace(lines[1]) != "" {
		t.Errorf("front matter not blanked in place: %q", src)
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
	pages, _ := Pages(fsys, langs[:1], nil)
	if _, err := GroupPages(pages, langs[:1]); err == nil || !strings.Contains(err.Error(), "content/en/b.md:2:1") {
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
	f.Add([]byte("+++\ntitle = \"x\"\n  translationKey = \"k\"\n+++\n"))
	f.Add([]byte("---\n\"translationKey\": k\n---\n"))
	f.Add([]byte("{\"title\": \"x\", \"params\": {\"a\": [1, 2.5]}}\nbody"))
	f.Add([]byte("\uFEFF---\ndate: 2024-01-02\naliases: [/a/, /b/]\nweight: 1e3\n---\n"))
	f.Add([]byte("{{< note >}}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		n := len(src)
		orig := bytes.Clone(src)
		var fm FrontMatter
		blank, err := splitFrontMatter(src, &fm)
		if err == nil {
			// The block alone decodes as in the file: a build that kept only the block
			// (Seen) makes the same page from it.
			var again FrontMatter
			if b, err := decodeFrontMatter(orig[:blank], &again); err != nil || b != blank || !reflect.DeepEqual(fm, again) {
				t.Fatalf("the block alone: %d bytes, %v, %+v; in the file %d bytes, %+v", b, err, again, blank, fm)
			}
		}
		if len(src) != n {
			t.Fatal("length changed")
		}
		if blank < 0 || blank > n || (err != nil && blank != 0) {
			t.Fatalf("blanked %d of %d bytes (err %v)", blank, n, err)
		}
		for i, c := range src[:blank] {
			if c != ' ' && c != '\n' {
				t.Fatalf("byte %d of the blanked front matter is %q", i, c)
			}
		}
		if err != nil {
			if _, ok := err.(*fmError); !ok {
				t.Fatalf("error of type %T", err)
			}
		}
		if lines := bytes.Count(src[:blank], []byte("\n")); err == nil && fm.TranslationKey != "" &&
			(fm.KeyLine < 1 || fm.KeyLine > lines+1) { // a JSON block may end without a newline
			t.Fatalf("translationKey at line %d of a %d-line front matter", fm.KeyLine, lines)
		}
	})
}

// A released page read again is the page as loaded; a file changed in between is read,
// checked and blanked all over again.
func TestSourceReadsAgain(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "content", "en", "p.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(s string) {
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("+++\ntitle = \"P\"\n+++\nbody\n")
	fsys := os.DirFS(dir)
	p := Read(fsys, "en", "content/en/p.md")
	want := string(p.Src)
	p.Release()
	if got, err := p.Source(fsys); err != nil || string(got) != want {
		t.Fatalf("unchanged file: %q, %v; want %q", got, err, want)
	}
	write("+++\ntitle = \"A longer title\"\n+++\nbody\n")
	if got, err := p.Source(fsys); err != nil || string(got) != "   \n                        \n   \nbody\n" {
		t.Fatalf("edited file: %q, %v", got, err)
	}
	write("+++\ntitle = \"P\"\n+++\nbad \xff\n")
	if _, err := p.Source(fsys); err == nil || !strings.Contains(err.Error(), "content/en/p.md:4:5") {
		t.Fatalf("invalid UTF-8 after loading: %v", err)
	}
}
