package search

import (
	"bytes"
	"strings"
	"sync"
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
//
// The body is read by scan, which takes the HTML the renderer writes several times faster
// than a general tokenizer; anything it is not sure of (a script, a bare <, a named
// reference it does not know) it hands back, and x/net/html's tokenizer reads the body
// instead. FuzzScan checks that the two read the same from any body scan accepts.
func Sections(body string) []Section {
	r := sectionsReaders.Get().(*sectionsReader)
	defer sectionsReaders.Put(r)
	r.reset()
	if !scan(body, r) {
		r.reset()
		tokenize(body, r)
	}
	return r.done()
}

// sectionsReaders keep their buffers from page to page: a build reads tens of thousands.
var sectionsReaders = sync.Pool{New: func() any { return new(sectionsReader) }}

// tokenize reads body with x/net/html's tokenizer into r.
func tokenize(body string, r *sectionsReader) {
	z := html.NewTokenizer(strings.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			if r.skip > 0 {
				r.startTag(name, tag{})
				continue
			}
			var t tag
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				t.attr(k, string(v))
			}
			r.startTag(name, t)
		case html.EndTagToken:
			name, _ := z.TagName()
			r.endTag(name)
		case html.SelfClosingTagToken:
			name, _ := z.TagName()
			r.selfClosing(name)
		case html.TextToken:
			r.chars(z.Text())
		}
	}
}

// tag is what Sections needs of a start tag's attributes.
type tag struct {
	id                string
	ignore            bool
	seenID, seenClass bool // an id, a class was read: the first of each counts, as in HTML
}

// attr reads one attribute, its key in lower case and its value unescaped.
func (t *tag) attr(k []byte, v string) {
	switch string(k) {
	case "id":
		if !t.seenID {
			t.id, t.seenID = v, true
		}
	case "class":
		if !t.seenClass {
			t.ignore, t.seenClass = t.ignore || leftOutClass(v), true
		}
	case "data-search-ignore", "data-pagefind-ignore":
		t.ignore = true
	}
}

// sectionsReader turns the tags and text of a body into sections.
type sectionsReader struct {
	secs          []Section
	text, heading spaced
	in            atom.Atom // the h2/h3 being read, or 0
	skip          int       // depth inside elements left out
	skipTag       []byte
}

// startTag reads a start tag: an element left out, a heading that opens a section, or a
// block that separates text.
func (r *sectionsReader) startTag(name []byte, t tag) {
	if r.skip > 0 {
		if bytes.Equal(name, r.skipTag) {
			r.skip++
		}
		return
	}
	a := atom.Lookup(name)
	if (t.ignore || leftOut(a)) && !void(a) {
		r.skip, r.skipTag = 1, append(r.skipTag[:0], name...)
		return
	}
	if (a == atom.H2 || a == atom.H3) && t.id != "" && r.in == 0 {
		r.close()
		r.secs = append(r.secs, Section{Anchor: t.id})
		r.in = a
		return
	}
	if !inline(a) {
		r.text.space()
		r.heading.space()
	}
}

// endTag reads an end tag: the end of an element left out, of a section's heading, or of
// a block.
func (r *sectionsReader) endTag(name []byte) {
	if r.skip > 0 {
		if bytes.Equal(name, r.skipTag) {
			r.skip--
		}
		return
	}
	a := atom.Lookup(name)
	if a == r.in && r.in != 0 {
		r.secs[len(r.secs)-1].Heading = r.heading.take()
		r.in = 0
		return
	}
	if !inline(a) {
		r.text.space()
		r.heading.space()
	}
}

// selfClosing reads a tag written <x/>, which opens nothing.
func (r *sectionsReader) selfClosing(name []byte) {
	if r.skip == 0 && !inline(atom.Lookup(name)) {
		r.text.space()
		r.heading.space()
	}
}

// chars reads text, already unescaped, into the heading or the section being read.
func (r *sectionsReader) chars(t []byte) {
	switch {
	case r.skip > 0:
	case r.in != 0:
		r.heading.write(t)
	default:
		r.text.write(t)
	}
}

// close ends the section being read: its text is what was gathered.
func (r *sectionsReader) close() {
	if len(r.secs) == 0 {
		r.secs = append(r.secs, Section{})
	}
	r.secs[len(r.secs)-1].Text = r.text.take()
}

// reset makes r ready for another body, keeping its buffers.
func (r *sectionsReader) reset() {
	clear(r.secs)
	*r = sectionsReader{
		secs:    r.secs[:0],
		text:    spaced{b: r.text.b[:0]},
		heading: spaced{b: r.heading.b[:0]},
		skipTag: r.skipTag[:0],
	}
}

// done returns the sections read, in a slice of their own: the first always, the others
// if they hold anything.
func (r *sectionsReader) done() []Section {
	r.close()
	out := make([]Section, 0, len(r.secs))
	for i, s := range r.secs {
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
			// The white space past ASCII is U+0085, U+00A0, U+1680, U+2000-U+205F and
			// U+3000, led by 0xC2, 0xE1, 0xE2 and 0xE3: a whole character led by any
			// other three-byte lead (all of CJK but its punctuation) is skipped as is.
			if c >= 0xE4 && c <= 0xEF && j+2 < len(p) && p[j+1]&0xC0 == 0x80 && p[j+2]&0xC0 == 0x80 {
				j += 3
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
func leftOutClass(class string) bool {
	for c := range strings.FieldsSeq(class) {
		switch c {
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
