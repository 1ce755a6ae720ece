package review

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The aligned rows are most of a review page, and html/template walks every cell's fields
// by reflection; they are written here instead, straight into the page's buffer between
// the two halves of the page template, escaped exactly as html/template escapes plain text
// in a text node or a quoted attribute (escapeHTML). Texts are shortened as they are
// written (writeShort), so no cell copies its text. The golden files pin the output.

// writeRows writes every row: "\n<tr…>", its cells, "\n</tr>".
func (g *grid) writeRows(b *bytes.Buffer) {
	for i := range g.Rows {
		r := &g.Rows[i]
		b.WriteString("\n<tr")
		if r.Section {
			b.WriteString(` class="section"`)
		}
		b.WriteString(">")
		for j := range r.Cells {
			r.Cells[j].writeHTML(b)
		}
		b.WriteString("\n</tr>")
	}
}

func (c *gridCell) writeHTML(b *bytes.Buffer) {
	b.WriteString("\n<td")
	if c.Present {
		b.WriteString(` lang="`)
		escapeHTML(b, c.Lang)
		b.WriteString(`"`)
	}
	c.writeClass(b)
	b.WriteString(">")
	if c.Present {
		b.WriteString(`<span class="where">`)
		escapeHTML(b, c.Kind)
		b.WriteString(", line ")
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(c.Line), 10))
		if c.hasMatch {
			b.WriteString(", match ")
			b.Write(strconv.AppendFloat(b.AvailableBuffer(), c.match, 'f', 2, 64))
		}
		b.WriteString("</span>")
		if c.Title != "" {
			b.WriteString(`<span class="title">`)
			writeShort(b, c.Title, c.titleMax, false)
			b.WriteString("</span>")
		}
		c.writeText(b)
		if c.row != nil && len(c.row.Cells) > 0 {
			// The row's cells, with the tags HTML lets a page leave out left out: the
			// parser adds the tbody and closes each td and the tr, so the document is
			// the same as with them (and a third shorter on a table's rows).
			b.WriteString(`<table class="mini"><tr>`)
			for _, cell := range c.row.Cells {
				b.WriteString("<td>")
				writeShort(b, cell.Text, rowCellMax, true)
			}
			b.WriteString("</table>")
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
			b.WriteString(`" data-finding="`)
			b.WriteString(f.ID())
			b.WriteString(`"><strong>`)
			escapeHTML(b, sev)
			b.WriteString("</strong> ")
			escapeHTML(b, f.Check)
			b.WriteString(": ")
			escapeHTML(b, f.Message)
			if f.Diff != "" {
				b.WriteString(`<pre class="diff">`)
				escapeHTML(b, f.Diff)
				b.WriteString("</pre>")
			}
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	}
	b.WriteString("\n</td>")
}

// writeText writes the block's excerpt, or a table's shape.
func (c *gridCell) writeText(b *bytes.Buffer) {
	switch {
	case c.table:
		b.WriteString("<p>")
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(c.rows), 10))
		b.WriteString(" rows × ")
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(c.cols), 10))
		b.WriteString(" columns</p>")
	case c.Text != "":
		b.WriteString("<p>")
		writeShort(b, c.Text, c.textMax, false)
		b.WriteString("</p>")
	}
}

// writeClass writes the class attribute, when the cell has classes (Class).
func (c *gridCell) writeClass(b *bytes.Buffer) {
	sep := ` class="`
	add := func(cls string) {
		b.WriteString(sep)
		b.WriteString(cls)
		sep = " "
	}
	if !c.Present {
		add("absent")
	}
	if c.has("error") {
		add("has-error")
	}
	if c.has("warning") {
		add("has-warning")
	}
	if c.Stale {
		add("stale")
	}
	if sep == " " {
		b.WriteString(`"`)
	}
}

// writeShort writes s escaped (escapeHTML) as shorten would give it, cut to n runes (n 0:
// whole); with lines, each line break reads " · " first.
func writeShort(b *bytes.Buffer, s string, n int, lines bool) {
	extra := 0
	if lines {
		extra = 2 * strings.Count(s, "\n") // " · " is three runes
	}
	if n <= 0 || len(s)+extra <= n || utf8.RuneCountInString(s)+extra <= n {
		if !lines {
			escapeHTML(b, s)
			return
		}
		for {
			i := indexNewline(s)
			if i < 0 {
				escapeHTML(b, s)
				return
			}
			escapeHTML(b, s[:i])
			b.WriteString(" · ")
			s = s[i+1:]
		}
	}
	// Cut: the first n runes, each invalid byte becoming U+FFFD as []rune makes it.
	for _, r := range s {
		if r == '\n' && lines {
			for _, d := range " · " {
				if n == 0 {
					break
				}
				b.WriteRune(d)
				n--
			}
		} else if n > 0 {
			if repl := htmlReplacement(r); repl != "" {
				b.WriteString(repl)
			} else {
				b.WriteRune(r)
			}
			n--
		}
		if n == 0 {
			break
		}
	}
	b.WriteString("…")
}

func indexNewline(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return i
		}
	}
	return -1
}

// escapeHTML writes s escaped as html/template escapes a string in a text node or a quoted
// attribute value: NUL, ", &, ', +, < and > are replaced, all else (invalid UTF-8 too) kept.
// All of these are ASCII, which is never part of a multi-byte sequence, so s is scanned by
// byte.
func escapeHTML(b *bytes.Buffer, s string) {
	written := 0
	for i := 0; i < len(s); i++ {
		if !htmlSpecial[s[i]] {
			continue
		}
		b.WriteString(s[written:i])
		b.WriteString(htmlReplacement(rune(s[i])))
		written = i + 1
	}
	b.WriteString(s[written:])
}

var htmlSpecial = [256]bool{0: true, '"': true, '&': true, '\'': true, '+': true, '<': true, '>': true}

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
