package render

import (
	"html"
	"html/template"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"docsite/internal/config"
	"docsite/internal/locale"
)

// StaleNotice is what the template notices/stale.html receives: the notice at the top of
// a section of a translation whose source changed after the translation was accepted.
type StaleNotice struct {
	SourceName string // the source language's name, in the page's language: "Chinese"
	SourceLang string // BCP 47 tag of the source language, for hreflang
	// Link is the link's href attribute, href="…", to that section of the source page. It
	// is made here rather than in the template, where html/template would percent-encode a
	// section anchor written in Chinese or Japanese; the page's own ids are not.
	Link template.HTMLAttr
	loc  *locale.Localizer
}

// T returns the UI string id in the page's language, as Page.T does.
func (n *StaleNotice) T(id string, kv ...any) string { return translate(n.loc, id, kv) }

// nameIn is the name of language src in a sentence of language l, from CLDR: "inglés" on
// a Spanish page, "英语" on a Chinese one. Where CLDR, as x/text holds it, has no names in
// l, it is src's own name, never an English one.
func nameIn(l, src config.Lang) string {
	got, _, conf := namesIn.Match(l.Tag)
	gb, _ := got.Base()
	lb, _ := l.Tag.Base()
	if conf >= language.High && gb == lb {
		if n := display.Tags(l.Tag).Name(src.Tag); n != "" {
			return n
		}
	}
	return src.Name
}

// namesIn matches the languages x/text/language/display has names in.
var namesIn = language.NewMatcher(display.Supported.Tags())

// StaleNotice renders the notice for a section of a page in language l whose source, in
// language src, changed; href links to that section of the source page.
func (r *Renderer) StaleNotice(l, src config.Lang, href string) (string, error) {
	return r.tmpl.notice("stale", &StaleNotice{
		SourceName: nameIn(l, src),
		SourceLang: src.Tag.String(),
		Link:       template.HTMLAttr(`href="` + html.EscapeString(href) + `"`),
		loc:        r.locs[l.Code],
	})
}
