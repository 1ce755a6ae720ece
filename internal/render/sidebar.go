package render

import (
	"html/template"
	"strings"

	"docsite/internal/nav"
)

// Sidebar is the page's section tree as nested lists (.Navigation.Sidebar written out):
// the current page marked with aria-current, pages shown in another language marked as
// not translated, drafts as drafts. It is written in Go rather than by a recursive
// template: on a site of thousands of pages with dozens of links each, that is the
// difference between a few and a few hundred milliseconds. A theme that wants other
// markup ranges over .Navigation.Sidebar itself.
func (p *Page) Sidebar() template.HTML {
	if len(p.Navigation.Sidebar) == 0 {
		return ""
	}
	var b strings.Builder
	marks := sidebarMarks{untranslated: template.HTMLEscapeString(p.T("NotTranslatedMark")),
		draft: template.HTMLEscapeString(p.T("DraftMark")), lang: p.Lang.BCP47}
	writeTree(&b, p.Navigation.Sidebar, &marks)
	return template.HTML(b.String())
}

type sidebarMarks struct{ untranslated, draft, lang string }

func writeTree(b *strings.Builder, links []nav.Link, m *sidebarMarks) {
	b.WriteString("<ul>")
	for _, l := range links {
		b.WriteString("\n<li")
		if l.Open {
			b.WriteString(` class="open"`)
		}
		b.WriteString(`><a href="`)
		b.WriteString(template.HTMLEscapeString(l.Href))
		b.WriteByte('"')
		if l.Current {
			b.WriteString(` aria-current="page"`)
		}
		if l.Lang != "" {
			b.WriteString(` lang="`)
			b.WriteString(template.HTMLEscapeString(l.Lang))
			b.WriteByte('"')
		}
		b.WriteByte('>')
		b.WriteString(template.HTMLEscapeString(l.Title))
		if l.Fallback {
			b.WriteString(` <small class="mark" lang="`)
			b.WriteString(m.lang)
			b.WriteString(`">`)
			b.WriteString(m.untranslated)
			b.WriteString("</small>")
		}
		if l.Draft {
			b.WriteString(` <small class="mark">`)
			b.WriteString(m.draft)
			b.WriteString("</small>")
		}
		b.WriteString("</a>")
		if len(l.Children) > 0 {
			writeTree(b, l.Children, m)
		}
		b.WriteString("</li>")
	}
	b.WriteString("\n</ul>")
}
