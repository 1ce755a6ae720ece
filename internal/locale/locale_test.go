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

// Codes are BCP 47 tags, which ignore case: a language folder JA gets ja.toml's strings.
func TestCodeInAnyCase(t *testing.T) {
	langs := []config.Lang{{Code: "EN", Tag: language.English}, {Code: "JA", Tag: language.Japanese}}
	c, err := Load(Files{Theme: locales.FS}, langs)
	if err != nil {
		t.Fatal(err)
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
	c, err := Load(Files{Theme: fsys}, langs)
	if err != nil {
		t.Fatal(err)
	}
	if g := c.Gaps(langs); len(g) != 1 || g[0] != (Gap{Lang: "ja", ID: "Only", Set: "", File: "locales/ja.toml"}) {
		t.Errorf("gaps = %+v", g)
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
	_, err := Load(Files{Theme: fstest.MapFS{"en.toml": {Data: []byte("a = \"b\"\n")}}, Site: fstest.MapFS{"ja.toml": {Data: []byte("a = \n")}}}, langs)
	if err == nil || !strings.Contains(err.Error(), "locales/ja.toml:1:") {
		t.Errorf("err = %v", err)
	}
}

// lang is a site language with folder code code and tag tag (code when empty).
func lang(code, tag string) config.Lang {
	if tag == "" {
		tag = code
	}
	t := language.MustParse(tag)
	return config.Lang{Code: code, Tag: t, BCP47: t.String()}
}

// A language folder's tag finds its strings through CLDR: regional variants take their
// language's file, Traditional Chinese never takes Simplified strings nor the other way
// round, Serbian in Latin script never the Cyrillic ones.
func TestCLDRFallback(t *testing.T) {
	theme := fstest.MapFS{}
	for code, menu := range map[string]string{"en": "Menu", "zh": "菜单", "zh-Hant": "選單", "pt": "Menu pt",
		"pt-PT": "Menu pt-PT", "es": "Menú", "sr": "Мени", "sr-Latn": "Meni", "ja": "メニュー", "nb": "Meny", "fil": "Menu fil"} {
		theme[code+".toml"] = &fstest.MapFile{Data: []byte("Menu = \"" + menu + "\"\n")}
	}
	for _, tc := range []struct{ code, tag, want string }{
		{"zh-cn", "", "菜单"}, {"zh-SG", "", "菜单"}, {"zh-Hans", "", "菜单"}, {"zh", "", "菜单"},
		{"zh-tw", "", "選單"}, {"zh-HK", "", "選單"}, {"zh-Hant", "", "選單"}, {"zh-MO", "", "選單"},
		{"pt-br", "", "Menu pt"}, {"pt-PT", "", "Menu pt-PT"}, {"pt-AO", "", "Menu pt-PT"},
		{"es-419", "", "Menú"}, {"es-MX", "", "Menú"}, {"sr-Latn", "", "Meni"}, {"sr", "", "Мени"},
		{"JA", "", "メニュー"}, {"no", "", "Meny"}, {"tl", "", "Menu fil"}, {"cn", "zh-Hans", "菜单"},
		{"yue", "", "Menu"}, {"ko", "", "Menu"}, {"eo", "", "Menu"}, {"cy", "", "Menu"},
	} {
		l := lang(tc.code, tc.tag)
		site := []config.Lang{lang("en", ""), l}
		c, err := Load(Files{Theme: theme}, site)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Localizer(l).T("Menu"); got != tc.want {
			t.Errorf("%s (%s): Menu = %q, want %q", tc.code, l.Tag, got, tc.want)
		}
	}
	// Without Traditional strings, Traditional Chinese gets the default language's.
	delete(theme, "zh-Hant.toml")
	for _, code := range []string{"zh-tw", "zh-HK", "zh-Hant"} {
		site := []config.Lang{lang("en", ""), lang(code, "")}
		c, err := Load(Files{Theme: theme}, site)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Localizer(site[1]).T("Menu"); got != "Menu" {
			t.Errorf("%s without zh-Hant strings: Menu = %q, want English", code, got)
		}
	}
}

// A site's own strings override the theme's key by key; a file named after the folder
// code comes before one whose tag matches.
func TestSiteStringsOverrideKeyByKey(t *testing.T) {
	theme := fstest.MapFS{
		"en.toml": {Data: []byte("A = \"a\"\nB = \"b\"\nC = \"c\"\n")},
		"zh.toml": {Data: []byte("A = \"甲\"\nB = \"乙\"\nC = \"丙\"\n")},
	}
	site := fstest.MapFS{
		"zh-Hans.toml": {Data: []byte("A = \"甲（站点）\"\nB = \"乙（站点）\"\n")},
		"zh-cn.toml":   {Data: []byte("A = \"甲（zh-cn）\"\n")},
	}
	l := lang("zh-cn", "")
	c, err := Load(Files{Theme: theme, Site: site}, []config.Lang{lang("en", ""), l})
	if err != nil {
		t.Fatal(err)
	}
	loc := c.Localizer(l)
	for id, want := range map[string]string{"A": "甲（zh-cn）", "B": "乙", "C": "丙"} {
		if got := loc.T(id); got != want {
			t.Errorf("%s = %q, want %q", id, got, want)
		}
	}
	if g := c.Gaps([]config.Lang{lang("en", ""), l}); len(g) != 0 {
		t.Errorf("gaps = %v", g)
	}
}

// Inserted text is isolated, so a left-to-right name keeps its place in a right-to-left
// sentence.
func TestTemplateFieldsIsolated(t *testing.T) {
	fsys := fstest.MapFS{"en.toml": {Data: []byte("[N]\nother = \"shown in {{.Source}}.\"\n")},
		"ur.toml": {Data: []byte("[N]\nother = \"یہ صفحہ {{.Source}} میں ہے۔\"\n")}}
	l := lang("ur", "")
	c, err := Load(Files{Theme: fsys}, []config.Lang{lang("en", ""), l})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Localizer(l).T("N", map[string]any{"Source": "English"}), "یہ صفحہ \u2068English\u2069 میں ہے۔"; got != want {
		t.Errorf("got %q, want %q", got, want)
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
