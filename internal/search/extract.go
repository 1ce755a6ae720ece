package search

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Doc is one published page as the index sees it.
type Doc struct {
	URL      string // site path, /en/docs/x/
	Title    string
	StandIn  bool // shown in this language in another language's version
	Sections []Section
}

// Section is the text under one heading of a page. The first section (Heading and
// Anchor empty) is the text before the first heading.
type Section struct {
	Heading string
	Anchor  string
	Text    string
}

// Sections reads a rendered page body into sections: a new one at each h2 or h3 with an
// id, the text of headings, paragraphs, lists, tables and inline code in them. Left out:
// code blocks, scripts and styles, navigation, the anchor links beside headings, notices
// the build adds, ruby annotations and the h1 (the page's title is indexed on its own).
// So is any element marked data-search-ignore (or data-pagefind-ignore, which sites
// moving from Pagefind already have in their templates).
// Inline elements join their text to what surrounds it (料金<b>表</b> is 料金表); block
// elements separate it.
func Sections(body string) []Section {
	secs := []Section{{}}
	var text, heading spaced
	var in atom.Atom // the h2/h3 being read, or 0
	skip := 0        // depth inside elements left out
	var skipTag []byte
	z := html.NewTokenizer(strings.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		switch tt {
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			if skip > 0 {
				if bytes.Equal(name, skipTag) {
					skip++
				}
				continue
			}
			a := atom.Lookup(name)
			var id []byte
			ignore := false
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "id":
					id = v
				case "class":
					ignore = ignore || leftOutClass(v)
				case "data-search-ignore", "data-pagefind-ignore":
					ignore = true
				}
			}
			if (ignore || leftOut(a)) && !void(a) {
				skip, skipTag = 1, append(skipTag[:0], name...)
				continue
			}
			if (a == atom.H2 || a == atom.H3) && len(id) > 0 && in == 0 {
				secs[len(secs)-1].Text = text.take()
				secs = append(secs, Section{Anchor: string(id)})
				in = a
				continue
			}
			if !inline(a) {
				text.space()
				heading.space()
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if skip > 0 {
				if bytes.Equal(name, skipTag) {
					skip--
				}
				continue
			}
			a := atom.Lookup(name)
			if a == in && in != 0 {
				secs[len(secs)-1].Heading = heading.take()
				in = 0
				continue
			}
			if !inline(a) {
				text.space()
				heading.space()
			}
		case html.SelfClosingTagToken:
			name, _ := z.TagName()
			if skip == 0 && !inline(atom.Lookup(name)) {
				text.space()
				heading.space()
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			if in != 0 {
				heading.write(z.Text())
			} else {
				text.write(z.Text())
			}
		}
	}
	secs[len(secs)-1].Text = text.take()
	out := secs[:0]
	for i, s := range secs {
		if i == 0 || s.Heading != "" || s.Text != "" {
			out = append(out, s)
		}
	}
	return out
}

// spaced gathers text with each run of white space as one space, none at either end.
type spaced struct {
	b     []byte
	blank bool // white space is pending
}

// space separates what comes next from what came before.
func (s *spaced) space() { s.blank = true }

func (s *spaced) write(p []byte) {
	for i := 0; i < len(p); {
		j := i // p[i:j] is a run of text up to the next white space
		for j < len(p) {
			c := p[j]
			if c < utf8.RuneSelf {
				if c == ' ' || '\t' <= c && c <= '\r' {
					break
				}
				j++
				continue
			}
			r, size := utf8.DecodeRune(p[j:])
			if r <= 0x3000 && unicode.IsSpace(r) {
				break
			}
			j += size
		}
		if j > i {
			if s.blank && len(s.b) > 0 {
				s.b = append(s.b, ' ')
			}
			s.blank = false
			s.b = append(s.b, p[i:j]...)
		}
		if j < len(p) {
			s.blank = true
			_, size := utf8.DecodeRune(p[j:])
			j += size
		}
		i = j
	}
}

// take returns the text gathered and starts again.
func (s *spaced) take() string {
	t := string(s.b)
	s.b, s.blank = s.b[:0], false
	return t
}

// leftOut reports whether an element's text is left out of the index.
func leftOut(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Template, atom.Pre, atom.Nav, atom.Svg, atom.Rt, atom.Rp,
		atom.Button, atom.Noscript, atom.H1:
		return true
	}
	return false
}

// leftOutClass reports whether a class attribute marks text the index leaves out.
func leftOutClass(class []byte) bool {
	for _, c := range bytes.Fields(class) {
		switch string(c) {
		case "anchor", "notice", "breadcrumb", "breadcrumbs":
			return true
		}
	}
	return false
}

// inline elements do not separate the text around them.
func inline(a atom.Atom) bool {
	switch a {
	case atom.A, atom.Abbr, atom.B, atom.Bdi, atom.Bdo, atom.Cite, atom.Code, atom.Data, atom.Del,
		atom.Dfn, atom.Em, atom.I, atom.Ins, atom.Kbd, atom.Mark, atom.Q, atom.Ruby, atom.S,
		atom.Samp, atom.Small, atom.Span, atom.Strong, atom.Sub, atom.Sup, atom.Time, atom.U,
		atom.Var, atom.Wbr:
		return true
	}
	return false
}

// void elements have no end tag, so nothing to leave out.
func void(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// collapse joins runs of white space into one space and trims the ends.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// MainOf is the part of a whole page inside its <main> element, or "" when it has none:
// what Sections reads of a page the build writes from a template (the GPU catalog).
func MainOf(page string) string {
	i := strings.Index(page, "<main")
	j := strings.LastIndex(page, "</main>")
	if i < 0 || j < i {
		return ""
	}
	return page[i:j]
}

// Page reads a whole page written from a template: its title, the first h1's text, and
// the sections of its <main>.
func Page(page string) (title string, secs []Section) {
	main := MainOf(page)
	if i := strings.Index(main, "<h1"); i >= 0 {
		if j := strings.Index(main[i:], "</h1>"); j >= 0 {
			title = collapse(stripTags(main[i : i+j]))
		}
	}
	return title, Sections(main)
}

// stripTags is the text of an HTML fragment.
func stripTags(frag string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(frag))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt == html.TextToken {
			b.Write(z.Text())
		}
	}
	return b.String()
}
