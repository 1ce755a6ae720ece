package render

import (
	"html"
	"testing"
	"testing/fstest"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/internal/theme"
)

// newRenderer renders the site whose root is files (content folders and theme overrides).
func newRenderer(t *testing.T, files fstest.MapFS) (*Renderer, *config.Resolved) {
	t.Helper()
	folders, err := config.ReadFolders(files)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(files, folders, "")
	if err != nil {
		t.Fatal(err)
	}
	th, err := theme.Load(files)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := LoadTemplates(th.Templates)
	if err != nil {
		t.Fatal(err)
	}
	assets, err := LoadAssets(th.Static)
	if err != nil {
		t.Fatal(err)
	}
	ui, err := locale.Load(locale.Files{Theme: th.Locales, Site: th.SiteLocales}, cfg.Langs)
	if err != nil {
		t.Fatal(err)
	}
	locs := map[string]*locale.Localizer{}
	for _, l := range cfg.Langs {
		locs[l.Code] = ui.Localizer(l)
	}
	return New(cfg, tmpl, assets, locs, nil), cfg
}

var twoLanguages = fstest.MapFS{
	"content/en/a.md": {Data: []byte("# A\n")},
	"content/zh/a.md": {Data: []byte("# 甲\n")},
}

// The bundled notices/stale.html writes the notice the build wrote by hand before it was a
// template, byte for byte: the section anchor as written (not percent-encoded), the
// localized strings escaped.
func TestStaleNoticeAsBefore(t *testing.T) {
	r, cfg := newRenderer(t, twoLanguages)
	zh, _ := cfg.Lang("zh")
	en, _ := cfg.Lang("en")
	for _, href := range []string{"../../en/a/", "../../en/a/#为什么选择-gpu-云服务器", `../../en/a/#x"y&z`} {
		got, err := r.StaleNotice(zh, en, href)
		if err != nil {
			t.Fatal(err)
		}
		loc := r.locs["zh"]
		name := display.Tags(zh.Tag).Name(en.Tag)
		want := `<div class="notice notice-stale" role="note"><p>` + html.EscapeString(loc.T("StaleSection", map[string]any{"Source": name})) +
			` <a href="` + html.EscapeString(href) + `" hreflang="` + en.Tag.String() + `">` + html.EscapeString(loc.T("ReadSourceSection")) + `</a></p></div>`
		if got != want {
			t.Errorf("notice for %s:\n got %s\nwant %s", href, got, want)
		}
	}
}

// A site's own templates/notices/stale.html replaces the bundled one.
func TestStaleNoticeFromTheme(t *testing.T) {
	files := fstest.MapFS{"templates/notices/stale.html": {Data: []byte(`<aside lang="{{.SourceLang}}">{{.T "ReadSourceSection"}}: <a {{.Link}}>{{.SourceName}}</a></aside>` + "\n")}}
	for name, f := range twoLanguages {
		files[name] = f
	}
	r, cfg := newRenderer(t, files)
	zh, _ := cfg.Lang("zh")
	en, _ := cfg.Lang("en")
	got, err := r.StaleNotice(zh, en, "../../en/a/#why")
	if err != nil {
		t.Fatal(err)
	}
	if want := `<aside lang="en">阅读最新原文: <a href="../../en/a/#why">英语</a></aside>`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// A notice names the source language in the page's language, from CLDR; in a language
// x/text has no names in, by the source's own name: not the English name x/text falls
// back to for Maori, not the Italian one for Latin, and no panic for Ido (no Namer).
func TestSourceNameInPageLanguage(t *testing.T) {
	en := config.Lang{Code: "en", Tag: language.English, Name: "English"}
	zh := config.Lang{Code: "zh", Tag: language.Make("zh-Hans"), Name: "简体中文"}
	for _, tc := range []struct {
		page, want string
		src        config.Lang
	}{
		{"es", "inglés", en}, {"ur", "انگریزی", en}, {"de", "Englisch", en}, {"zh-Hans", "英语", en},
		{"en", "Simplified Chinese", zh}, {"eo", "angla", en}, {"la", "English", en}, {"la", "简体中文", zh},
		{"mi", "简体中文", zh}, {"io", "简体中文", zh},
	} {
		if got := nameIn(config.Lang{Tag: language.Make(tc.page)}, tc.src); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", tc.src.Code, tc.page, got, tc.want)
		}
	}
}
