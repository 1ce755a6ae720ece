package catalog

import (
	"os"
	"testing"
	"testing/fstest"

	"golang.org/x/text/language"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/locales"
)

var langs = []config.Lang{{Code: "en", Tag: language.English, BCP47: "en"}, {Code: "ja", Tag: language.Japanese, BCP47: "ja"}}

func localizers(t *testing.T) map[string]*locale.Localizer {
	t.Helper()
	ui, err := locale.Load(locale.Files{Theme: locales.FS}, langs)
	if err != nil {
		t.Fatal(err)
	}
	locs := map[string]*locale.Localizer{}
	for _, l := range langs {
		locs[l.Code] = ui.Localizer(l)
	}
	return locs
}

// A site without content/data has no catalog, and that is no error.
func TestNoDataNoModule(t *testing.T) {
	m, warnings, data, err := Load(fstest.MapFS{"content/en/a.md": {Data: []byte("x")}}, langs, localizers(t))
	if m != nil || warnings != nil || data != nil || err != nil {
		t.Errorf("Load without data: %v, %v, %v, %v; want nothing", m, warnings, data, err)
	}
}

// The bundled data: a page per GPU and provider and two more in each language, linked
// from the header in the language's strings.
func TestBundledData(t *testing.T) {
	m, _, data, err := Load(os.DirFS("../../.."), langs, localizers(t))
	if err != nil || m == nil {
		t.Fatalf("Load: %v, %v", m, err)
	}
	if len(Findings(data)) != len(data) || len(data) == 0 {
		t.Errorf("%d data warnings, %d findings", len(data), len(Findings(data)))
	}
	if n := m.PageCount(); n != 2+len(m.cat.GPUs)+len(m.cat.Providers) || n < 10 {
		t.Errorf("PageCount %d", n)
	}
	nav := m.Nav(langs[1])
	if len(nav) != 2 || nav[0].Href != "/ja/gpus/" || nav[0].Title == m.Nav(langs[0])[0].Title {
		t.Errorf("Japanese header links: %+v", nav)
	}
	if pages := m.Pages(Built{}); len(pages) != 2*m.PageCount() {
		t.Errorf("%d pages, want %d", len(pages), 2*m.PageCount())
	}
}
