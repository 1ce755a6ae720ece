package review

import "bytes"

// The page template's parts around the rows cost more to execute (reflection, an escaper
// call per value) than the rows take to write. When every URL on the page is plain
// (plainURL), which html/template writes unchanged, they are written here instead, each
// value escaped as html/template escapes it in a text node, an RCDATA element or a quoted
// attribute (escapeHTML). Other pages go through page.html and page-end.html; a fuzz test
// compares the two.

// plainURL reports whether html/template writes u unchanged in a URL attribute: nothing but
// ASCII letters, digits, "-", ".", "_", "~" and "/".
func plainURL(u string) bool {
	for i := 0; i < len(u); i++ {
		c := u[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
			return false
		}
	}
	return true
}

// handWritable reports whether writeHead and writeEnd may write v.
func (v *pageView) handWritable() bool {
	if !plainURL(v.CSS) || !plainURL(v.Index) {
		return false
	}
	for _, c := range v.Columns {
		if !plainURL(c.Href) {
			return false
		}
	}
	return true
}

// writeHead writes what page.html writes.
func (v *pageView) writeHead(b *bytes.Buffer) {
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
		"<meta name=\"robots\" content=\"noindex\">\n<title>Review: ")
	escapeHTML(b, v.Page)
	b.WriteString("</title>\n<link rel=\"stylesheet\" href=\"")
	b.WriteString(v.CSS)
	b.WriteString("\">\n</head>\n<body>\n<main>\n<p><a href=\"")
	b.WriteString(v.Index)
	b.WriteString("\">All pages</a></p>\n<h1>Review: ")
	escapeHTML(b, v.Page)
	b.WriteString("</h1>")
	if len(v.Grid.Other) > 0 {
		b.WriteString("\n<ul class=\"findings page-findings\">")
		for _, f := range v.Grid.Other {
			sev := f.Severity.String()
			b.WriteString("\n<li class=\"")
			escapeHTML(b, sev)
			b.WriteString("\"><strong>")
			escapeHTML(b, sev)
			b.WriteString("</strong> ")
			escapeHTML(b, f.Locale)
			b.WriteString(": ")
			escapeHTML(b, f.Check)
			b.WriteString(": ")
			escapeHTML(b, f.Message)
			b.WriteString("</li>")
		}
		b.WriteString("\n</ul>")
	}
	b.WriteString("\n<div class=\"scroll\" role=\"region\" aria-labelledby=\"aligned-caption\" tabindex=\"0\">\n" +
		"<table class=\"aligned\">\n<caption id=\"aligned-caption\">")
	escapeHTML(b, v.Page)
	b.WriteString(": the source and each translation, aligned section by section and block by block</caption>\n<thead>\n<tr>")
	for i, c := range v.Columns {
		b.WriteString("<th scope=\"col\" lang=\"")
		escapeHTML(b, c.Lang)
		b.WriteString("\"><a href=\"")
		b.WriteString(c.Href)
		b.WriteString("\" hreflang=\"")
		escapeHTML(b, c.Lang)
		b.WriteString("\">")
		escapeHTML(b, c.Label)
		b.WriteString("</a>")
		if i == 0 {
			b.WriteString(" (source)")
		}
		b.WriteString("</th>")
	}
	b.WriteString("</tr>\n</thead>\n<tbody>")
}

// writeEnd writes what page-end.html writes.
func (v *pageView) writeEnd(b *bytes.Buffer) {
	b.WriteString("\n</tbody>\n</table>\n</div>\n</main>\n</body>\n</html>\n")
}
