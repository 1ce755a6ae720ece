package locale

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/text/language"

	"docsite/internal/config"
	"docsite/locales"
)

var langs = []config.Lang{
	{Code: "en", Tag: language.English},
	{Code: "zh", Tag: language.Make("zh-Hans")},
	{Code: "ja", Tag: language.Japanese},
}

func TestBundledLocalesComplete(t *testing.T) {
	_, warns, err := Load(locales.FS, langs)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warns {
		t.Errorf("bundled locales: %s", w.Error())
	}
}

// Codes are BCP 47 tags, which ignore case: a language folder JA gets ja.toml's strings.
func TestCodeInAnyCase(t *testing.T) {
	langs := []config.Lang{{Code: "EN", Tag: language.English}, {Code: "JA", Tag: language.Japanese}}
	c, warns, err := Load(locales.FS, langs)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("%d warnings, the first %s", len(warns), warns[0].Error())
	}
	ja, en := c.Localizer(langs[1]), c.Localizer(langs[0])
	if ja.T("Search") != "検索" || en.T("Search") != "Search" {
		t.Errorf("Search: JA %q, EN %q", ja.T("Search"), en.T("Search"))
	}
}

func TestPluralsAndFallback(t *testing.T) {
	fsys := fstest.MapFS{
		"en.toml":        {Data: []byte("Only = \"only in English\"\n[Pages]\none = \"{{.Count}} page\"\nother = \"{{.Count}} pages\"\n")},
		"ja.toml":        {Data: []byte("[Pages]\nother = \"{{.Count}} ページ\"\n")},
		"extra.zh.toml":  {Data: []byte("Only = \"仅\"\n[Pages]\nother = \"{{.Count}} 个页面\"\n")},
		"unrelated.toml": {Data: []byte("x = \"y\"\n")},
	}
	c, warns, err := Load(fsys, langs)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), `locales/ja.toml: warning: missing-string: key "Only" missing in locale ja`) {
		t.Errorf("warnings = %v", warns)
	}
	en, ja := c.Localizer(langs[0]), c.Localizer(langs[2])
	if got := en.N("Pages", 1); got != "1 page" {
		t.Errorf("en one = %q", got)
	}
	if got := en.N("Pages", 2); got != "2 pages" {
		t.Errorf("en other = %q", got)
	}
	if got := ja.N("Pages", 1); got != "1 ページ" {
		t.Errorf("ja = %q", got)
	}
	if got := ja.T("Only"); got != "only in English" {
		t.Errorf("ja fallback = %q", got)
	}
	if got := ja.T("Nowhere"); got != "Nowhere" {
		t.Errorf("absent key rendered %q, want the key", got)
	}
	if a := ja.Absent(); len(a) != 1 || a[0] != "Nowhere" {
		t.Errorf("absent = %v", a)
	}
}

func TestLocaleFileError(t *testing.T) {
	_, _, err := Load(fstest.MapFS{"ja.toml": {Data: []byte("a = \n")}}, langs)
	if err == nil || !strings.Contains(err.Error(), "locales/ja.toml:1:") {
		t.Errorf("err = %v", err)
	}
}

func TestDates(t *testing.T) {
	d := time.Date(2024, 5, 31, 12, 0, 0, 0, time.UTC)
	for tag, want := range map[string]string{
		"en": "May 31, 2024", "zh-Hans": "2024年5月31日", "ja": "2024年5月31日", "de": "31. Mai 2024",
		"pt-BR": "31 de maio de 2024", "zh-TW": "2024年5月31日", "sw": "2024-05-31",
	} {
		if got := NewDateFormatter(language.Make(tag)).Long(d); got != want {
			t.Errorf("%s: %q, want %q", tag, got, want)
		}
	}
}
