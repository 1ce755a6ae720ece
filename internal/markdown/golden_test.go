package markdown

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark/parser"
	"golang.org/x/text/language"
	"golang.org/x/tools/txtar"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/internal/shortcode"
	"docsite/internal/theme"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

var goldenLangs = []config.Lang{
	{Code: "en", Tag: language.English, Name: "English"},
	{Code: "zh", Tag: language.Make("zh-Hans"), Name: "简体中文"},
	{Code: "ja", Tag: language.Japanese, Name: "日本語"},
}

// pages is the resolver of the golden pages: each language has a home page, docs/ and
// docs/install.
type pages struct{}

func (pages) PagePath(lang, p string) (string, bool) {
	switch p {
	case "", "docs", "docs/install":
		return "/" + lang + "/" + p + strings.Repeat("/", min(len(p), 1)), true
	}
	return "", false
}

// goldenParser is the parser of one language of the bundled theme, with the templates
// of the archive's templates/ over it.
func goldenParser(t testing.TB, code string, a *txtar.Archive) *Parser {
	t.Helper()
	site := fstest.MapFS{}
	for _, f := range a.Files {
		if strings.HasPrefix(f.Name, "templates/") {
			site[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	th, err := theme.Load(site)
	if err != nil {
		t.Fatal(err)
	}
	set, err := shortcode.Load(th.Templates)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := locale.Load(locale.Files{Theme: th.Locales, Site: th.SiteLocales}, goldenLangs)
	if err != nil {
		t.Fatal(err)
	}
	var lang config.Lang
	for _, l := range goldenLangs {
		if l.Code == code {
			lang = l
		}
	}
	loc := cat.Localizer(lang)
	ls, err := set.Lang(loc.T)
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{Shortcodes: ls, T: loc.T})
}

// TestGolden renders each testdata/golden/*.txtar: "page.<lang>.md" files are pages in
// that language; each one's HTML and diagnostics are in "page.<lang>.html". Run with
// -update to rewrite them, then review the diff.
func TestGolden(t *testing.T) {
	archives, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no golden archives")
	}
	for _, archive := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(archive), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(archive)
			if err != nil {
				t.Fatal(err)
			}
			changed := false
			for _, f := range a.Files {
				if !strings.HasPrefix(f.Name, "page.") || !strings.HasSuffix(f.Name, ".md") {
					continue
				}
				code := strings.TrimSuffix(strings.TrimPrefix(f.Name, "page."), ".md")
				got := renderGolden(t, goldenParser(t, code, a), code, f.Data)
				wantName := "page." + code + ".html"
				i := fileIndex(a, wantName)
				if *update {
					if i < 0 {
						a.Files = append(a.Files, txtar.File{Name: wantName})
						i = len(a.Files) - 1
					}
					if !bytes.Equal(a.Files[i].Data, got) {
						a.Files[i].Data = got
						changed = true
					}
					continue
				}
				if i < 0 {
					t.Fatalf("%s: no %s; run with -update", archive, wantName)
				}
				if want := a.Files[i].Data; !bytes.Equal(got, want) {
					t.Errorf("%s: %s differs; got:\n%s", archive, wantName, got)
				}
			}
			if changed {
				if err := os.WriteFile(archive, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func fileIndex(a *txtar.Archive, name string) int {
	for i, f := range a.Files {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// renderGolden renders a page and appends its diagnostics and unknown shortcodes.
func renderGolden(t *testing.T, p *Parser, code string, src []byte) []byte {
	t.Helper()
	var lang config.Lang
	for _, l := range goldenLangs {
		if l.Code == code {
			lang = l
		}
	}
	page := &shortcode.Page{Title: "Golden", URL: "/" + code + "/docs/golden/", Path: "docs/golden",
		File: "content/" + code + "/docs/golden.md", Lang: shortcode.Lang{Code: code, Tag: lang.Tag.String(), Name: lang.Name}}
	d := p.Parse(src, func(pc parserContext) { SetPage(pc, page, pages{}) })
	html, err := p.Render(d)
	var b bytes.Buffer
	b.Write(html)
	if err != nil {
		b.WriteString("render error: " + err.Error() + "\n")
	}
	ds := d.MarkupDiagnostics(page.File)
	ds.Sort()
	for _, x := range ds {
		b.WriteString("diagnostic: " + x.Error() + "\n")
	}
	for _, u := range d.UnknownShortcodes() {
		b.WriteString("unknown: " + u.Name + "\n")
	}
	return b.Bytes()
}

type parserContext = parser.Context
