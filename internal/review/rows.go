package review

import (
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The aligned rows are most of a review page, and html/template walks every cell's fields
// by reflection; they are written here instead, escaped exactly as html/template escapes
// plain text in a text node or a quoted attribute (escapeHTML). The page template prints
// them where its row loop was; the golden files pin the output.

// rowsHTML writes every row: "\n<tr…>", its cells, "\n</tr>".
func (g *grid) rowsHTML() template.HTML {
	var b strings.Builder
	for i := range g.Rows {
		r := &g.Rows[i]
		b.WriteString("\n<tr")
		if r.Section {
			b.WriteString(` class="section"`)
		}
		b.WriteString(">")
		for j := range r.Cells {
			r.Cells[j].writeHTML(&b)
		}
		b.WriteString("\n</tr>")
	}
	return template.HTML(b.String())
}

func (c *gridCell) writeHTML(b *strings.Builder) {
	b.WriteString("\n<td")
	if c.Present {
		b.WriteString(` lang="`)
		escapeHTML(b, c.Lang)
		b.WriteString(`"`)
	}
	if cls := c.Class(); cls != "" {
		b.WriteString(` class="`)
		escapeHTML(b, cls)
		b.WriteString(`"`)
	}
	b.WriteString(">")
	if c.Present {
		b.WriteString(`<span class="where">`)
		escapeHTML(b, c.Kind)
		b.WriteString(", line ")
		b.WriteString(strconv.Itoa(c.Line))
		if c.Match != "" {
			b.WriteString(", match ")
			escapeHTML(b, c.Match)
		}
		b.WriteString("</span>")
		if c.Title != "" {
			b.WriteString(`<span class="title">`)
			escapeHTML(b, c.Title)
			b.WriteString("</span>")
		}
		if c.Text != "" {
			b.WriteString("<p>")
			escapeHTML(b, c.Text)
			b.WriteString("</p>")
		}
		if len(c.Row) > 0 {
			b.WriteString(`<table class="mini"><tbody><tr>`)
			for _, t := range c.Row {
				b.WriteString("<td>")
				escapeHTML(b, t)
				b.WriteString("</td>")
			}
			b.WriteString("</tr></tbody></table>")
		}
	} else {
		b.WriteString(`<span class="none">—</span>`)
	}
	if len(c.Findings) > 0 {
		b.WriteString(`<ul class="findings" lang="en">`)
		for _, f := range c.Findings {
			sev := f.Severity.String()
			b.WriteString(`<li class="`)
			escapeHTML(b, sev)
			b.WriteString(`"><strong>`)
			escapeHTML(b, sev)
			b.WriteString("</strong> ")
			escapeHTML(b, f.Check)
			b.WriteString(": ")
			escapeHTML(b, f.Message)
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	}
	b.WriteString("\n</td>")
}

// escapeHTML writes s escaped as html/template escapes a string in a text node or a quoted
// attribute value: NUL, ", &, ', +, < and > are replaced, all else (invalid UTF-8 too) kept.
func escapeHTML(b *strings.Builder, s string) {
	written := 0
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if repl := htmlReplacement(r); repl != "" {
			b.WriteString(s[written:i])
			b.WriteString(repl)
			written = i + w
		}
		i += w
	}
	b.WriteString(s[written:])
}

func htmlReplacement(r rune) string {
	switch r {
	case 0:
		return "\uFFFD"
	case '"':
		return "&#34;"
	case '&':
		return "&amp;"
	case '\'':
		return "&#39;"
	case '+':
		return "&#43;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	}
	return ""
}
