package table

import (
	"html"
	"strconv"
	"unicode/utf8"
)

// AppendHTML appends t's HTML to dst. id must be unique in the page; the caption gets id+"-caption".
//
// The table sits in a scroll container so that a wide table scrolls on its own instead of the
// page. The container is focusable (tabindex="0") so keyboard users can scroll it; when the table
// has a caption the container is a region named by the caption. Without a caption it stays an
// unnamed, focusable div: inventing a name would put words in the author's mouth.
//
// Column headers are <th scope="col">, row headers <th scope="row">. An empty column header is
// written as <td>: an empty <th> names nothing and accessibility checkers reject it, and no text
// is invented for it. The highlighted column's cells carry class="highlight" (for a visible
// style) and its header's text is wrapped in <strong>, which screen readers can announce and
// which also shows without the style sheet.
func AppendHTML(dst []byte, t *Table, id string) []byte {
	return appendHTML(dst, t, id, "")
}

// appendHTML is AppendHTML; class, when not empty, is the table's class attribute (an
// attribute line after the table, {.class}, already checked by the markdown parser).
func appendHTML(dst []byte, t *Table, id, class string) []byte {
	w := writer{b: dst, t: t}
	if len(t.Caption) > 0 {
		w.str(`<div class="table-scroll" role="region" aria-labelledby="` + html.EscapeString(id) + `-caption" tabindex="0">` + "\n")
	} else {
		w.str(`<div class="table-scroll" tabindex="0">` + "\n")
	}
	w.str(`<table id="` + html.EscapeString(id) + `"`)
	if class != "" {
		w.str(` class="` + html.EscapeString(class) + `"`)
	}
	w.str(">\n")
	if len(t.Caption) > 0 {
		w.str(`<caption id="` + html.EscapeString(id) + `-caption">`)
		w.inlines(t.Caption)
		w.str("</caption>\n")
	}
	w.section("thead", t.Head, true)
	w.section("tbody", t.Body, false)
	w.str("</table>\n</div>\n")
	return w.b
}

type writer struct {
	b []byte
	t *Table
}

func (w *writer) str(s string) { w.b = append(w.b, s...) }

// text writes s escaped as html.EscapeString does, each run of invalid UTF-8 as one U+FFFD
// (as strings.ToValidUTF8 does), in one pass over s and without a copy of it.
func (w *writer) text(s string) {
	start, badEnd := 0, -1 // badEnd: where the last invalid byte ended
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if esc := htmlEscapes[c]; esc != "" {
				w.b = append(append(w.b, s[start:i]...), esc...)
				start = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			w.b = append(w.b, s[start:i]...)
			if badEnd != i {
				w.b = append(w.b, "\uFFFD"...)
			}
			start, badEnd = i+1, i+1
		}
		i += size
	}
	w.b = append(w.b, s[start:]...)
}

// htmlEscapes are the replacements html.EscapeString makes.
var htmlEscapes = [utf8.RuneSelf]string{'<': "&lt;", '>': "&gt;", '&': "&amp;", '\'': "&#39;", '"': "&#34;"}

func (w *writer) section(tag string, rows []Row, head bool) {
	if len(rows) == 0 {
		return
	}
	w.str("<" + tag + ">\n")
	starts, _ := layout(rows)
	for i, r := range rows {
		w.str("<tr>")
		for j, c := range r.Cells {
			w.cell(c, starts[i][j], head)
		}
		w.str("</tr>\n")
	}
	w.str("</" + tag + ">\n")
}

func (w *writer) cell(c Cell, col int, head bool) {
	tag, scope := "td", ""
	if c.Header && len(c.Blocks) > 0 {
		tag, scope = "th", "row"
		if head {
			scope = "col"
		}
	}
	w.str("<" + tag)
	if scope != "" {
		w.str(` scope="` + scope + `"`)
	}
	w.classes(col)
	if c.ColSpan > 1 {
		w.str(` colspan="` + strconv.Itoa(c.ColSpan) + `"`)
	}
	if c.RowSpan > 1 {
		w.str(` rowspan="` + strconv.Itoa(c.RowSpan) + `"`)
	}
	w.str(">")
	if head && col == w.t.Highlight && len(c.Blocks) == 1 && c.Blocks[0].Kind == Paragraph {
		w.wrap("strong", c.Blocks[0].Inlines)
	} else {
		w.blocks(c.Blocks)
	}
	w.str("</" + tag + ">")
}

func (w *writer) classes(col int) {
	hl := col == w.t.Highlight
	var al Align
	if col < len(w.t.Align) {
		al = w.t.Align[col]
	}
	switch {
	case hl && al != AlignNone:
		w.str(` class="` + highlightClass + " " + alignClass[al] + `"`)
	case hl:
		w.str(` class="` + highlightClass + `"`)
	case al != AlignNone:
		w.str(` class="` + alignClass[al] + `"`)
	}
}

// blocks writes cell content: a lone paragraph bare, otherwise <p> and lists.
func (w *writer) blocks(bs []Block) {
	if len(bs) == 1 && bs[0].Kind == Paragraph {
		w.inlines(bs[0].Inlines)
		return
	}
	for _, b := range bs {
		switch {
		case b.Kind == Paragraph:
			w.str("<p>")
			w.inlines(b.Inlines)
			w.str("</p>")
		default:
			w.list(b)
		}
	}
}

func (w *writer) list(b Block) {
	tag := "ul"
	if b.Kind == OrderedList {
		tag = "ol"
	}
	w.str("<" + tag + ">")
	for _, it := range b.Items {
		w.str("<li>")
		w.blocks(it.Blocks)
		w.str("</li>")
	}
	w.str("</" + tag + ">")
}

func (w *writer) inlines(ins []Inline) {
	for _, in := range ins {
		switch in.Kind {
		case Text:
			w.text(in.Text)
		case Break:
			w.str("<br>")
		case Code:
			w.str(`<code dir="ltr">`)
			w.text(in.Text)
			w.str("</code>")
		case Strong:
			w.wrap("strong", in.Children)
		case Emphasis:
			w.wrap("em", in.Children)
		case Link:
			if !SafeHref(in.Href) {
				w.inlines(in.Children)
				continue
			}
			w.str(`<a href="`)
			w.text(in.Href)
			w.str(`">`)
			w.inlines(in.Children)
			w.str("</a>")
		case Image:
			if !SafeSrc(in.Href) {
				w.text(in.Text)
				continue
			}
			w.str(`<img src="`)
			w.text(in.Href)
			w.str(`" alt="`)
			w.text(in.Text)
			w.str(`">`)
		}
	}
}

func (w *writer) wrap(tag string, ins []Inline) {
	w.str("<" + tag + ">")
	w.inlines(ins)
	w.str("</" + tag + ">")
}
