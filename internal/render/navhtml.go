package render

import (
	"html/template"
	"strings"

	"docsite/internal/nav"
)

// The default layout prints the navigation parts and the page's social metadata with
// one call each (.HeadMeta, .BreadcrumbsHTML, .TOCHTML, .PagerHTML) rather than with a
// template action per link: every action of html/template goes through a reflective,
// variadic escaper call, and on a site of thousands of pages the sixty-odd actions these
// parts took cost more than rendering the markdown of a page. The data stays available
// to a theme's own templates (.Description, .OGLocale, .Navigation.Breadcrumbs, .TOC,
// .Navigation.Prev and .Next).

var esc = template.HTMLEscapeString

// HeadMeta is the page's description and Open Graph tags.
func (p *Page) HeadMeta() template.HTML {
	var b strings.Builder
	if p.Description != "" {
		b.WriteString(`<meta name="description" content="` + esc(p.Description) + "\">\n")
	}
	b.WriteString(`<meta property="og:title" content="` + esc(p.Title) + "\">\n")
	if p.Description != "" {
		b.WriteString(`<meta property="og:description" content="` + esc(p.Description) + "\">\n")
	}
	b.WriteString(`<meta property="og:locale" content="` + esc(p.OGLocale()) + "\">\n")
	for _, a := range p.OGAlternates() {
		b.WriteString(`<meta property="og:locale:alternate" content="` + esc(a) + "\">\n")
	}
	if p.Canonical != "" {
		b.WriteString(`<meta property="og:url" content="` + esc(p.Canonical) + "\">\n")
	}
	return template.HTML(strings.TrimSuffix(b.String(), "\n"))
}

// BreadcrumbsHTML is the way from the home page to the page's parent, as a list.
func (p *Page) BreadcrumbsHTML() template.HTML {
	crumbs := p.Navigation.Breadcrumbs()
	if len(crumbs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<nav class="breadcrumbs" aria-label="` + esc(p.UI.Breadcrumbs) + "\">\n<ol>")
	for _, c := range crumbs {
		b.WriteString("\n<li>")
		writeLink(&b, c, "")
		b.WriteString("</li>")
	}
	b.WriteString("\n</ol>\n</nav>\n")
	return template.HTML(b.String())
}

// TOCHTML is the page's table of contents: its h2 and h3 headings, when it has more than
// two. The list is in a <details>, closed: a phone shows it folded under the title; the
// style sheet shows it open as a rail beside the text on wide screens.
func (p *Page) TOCHTML() template.HTML {
	if len(p.TOC) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<nav class="toc" aria-labelledby="toc-heading" lang="` + p.Lang.BCP47 + `"`)
	if p.PageDir != "" {
		b.WriteString(` dir="` + p.PageDir + `"`)
	}
	b.WriteString(">\n")
	b.WriteString(`<details><summary><h2 id="toc-heading">` + esc(p.UI.OnThisPage) + "</h2></summary>\n<ul>")
	lang := ""
	if p.BodyLang != "" {
		lang = ` lang="` + esc(p.BodyLang) + `"`
		if p.BodyDir != "" {
			lang += ` dir="` + p.BodyDir + `"`
		}
	}
	for _, e := range p.TOC {
		b.WriteString("\n<li class=\"toc-h")
		b.WriteByte(byte('0' + e.Level))
		b.WriteString(`"><a href="#` + esc(e.ID) + `"` + lang + ">" + esc(e.Title) + "</a></li>")
	}
	b.WriteString("\n</ul>\n</details>\n</nav>\n")
	return template.HTML(b.String())
}

// PagerHTML links the previous and next pages in reading order.
func (p *Page) PagerHTML() template.HTML {
	prev, next := p.Navigation.Prev(), p.Navigation.Next()
	if prev == nil && next == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<nav class="pager" aria-label="` + esc(p.UI.PageNavigation) + "\">")
	for _, side := range []struct {
		l           *nav.Link
		class, word string
	}{{prev, "prev", p.UI.Previous}, {next, "next", p.UI.Next}} {
		if side.l == nil {
			continue
		}
		b.WriteString("\n<a class=\"" + side.class + `" rel="` + side.class + `" href="` + esc(side.l.Href) + `"><small>` +
			esc(side.word) + "</small> <span")
		if side.l.Lang != "" {
			b.WriteString(` lang="` + esc(side.l.Lang) + `"`)
		}
		b.WriteString(">" + esc(side.l.Title) + "</span></a>")
	}
	b.WriteString("\n</nav>")
	return template.HTML(b.String())
}

// writeLink writes l as a link, with its title's lang, and extra attributes.
func writeLink(b *strings.Builder, l nav.Link, extra string) {
	b.WriteString(`<a href="` + esc(l.Href) + `"` + extra)
	if l.Lang != "" {
		b.WriteString(` lang="` + esc(l.Lang) + `"`)
	}
	b.WriteString(">" + esc(l.Title) + "</a>")
}
