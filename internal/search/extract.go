package search

import (
	"strings"

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
	var text, heading strings.Builder
	var in atom.Atom // the h2/h3 being read, or 0
	skip := 0        // depth inside elements left out
	var skipTag string
	z := html.NewTokenizer(strings.NewReader(body))
	flush := func() {
		secs[len(secs)-1].Text = collapse(text.String())
		text.Reset()
	}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		name, hasAttr := z.TagName()
		tag := string(name)
		switch tt {
		case html.StartTagToken:
			if skip > 0 {
				if tag == skipTag {
					skip++
				}
				continue
			}
			var id, class string
			ignore := false
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "id":
					id = string(v)
				case "class":
					class = string(v)
				case "data-search-ignore", "data-pagefind-ignore":
					ignore = true
				}
			}
			a := atom.Lookup(name)
			if (ignore || leftOut(a, class)) && !void[a] {
				skip, skipTag = 1, tag
				continue
			}
			if (a == atom.H2 || a == atom.H3) && id != "" && in == 0 {
				flush()
				secs = append(secs, Section{Anchor: id})
				in = a
				continue
			}
			if !inline[a] {
				space(&text, &heading, in)
			}
		case html.EndTagToken:
			if skip > 0 {
				if tag == skipTag {
					skip--
				}
				continue
			}
			a := atom.Lookup(name)
			if a == in && in != 0 {
				secs[len(secs)-1].Heading = collapse(heading.String())
				heading.Reset()
				in = 0
				continue
			}
			if !inline[a] {
				space(&text, &heading, in)
			}
		case html.SelfClosingTagToken:
			if skip == 0 && !inline[atom.Lookup(name)] {
				space(&text, &heading, in)
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			if in != 0 {
				heading.Write(z.Text())
			} else {
				text.Write(z.Text())
			}
		}
	}
	flush()
	out := secs[:0]
	for i, s := range secs {
		if i == 0 || s.Heading != "" || s.Text != "" {
			out = append(out, s)
		}
	}
	return out
}

// space separates the text of two blocks.
func space(text, heading *strings.Builder, in atom.Atom) {
	if in != 0 {
		heading.WriteByte(' ')
	} else {
		text.WriteByte(' ')
	}
}

// leftOut reports whether an element's text is left out of the index.
func leftOut(a atom.Atom, class string) bool {
	switch a {
	case atom.Script, atom.Style, atom.Template, atom.Pre, atom.Nav, atom.Svg, atom.Rt, atom.Rp,
		atom.Button, atom.Noscript, atom.H1:
		return true
	}
	if class == "" {
		return false
	}
	for _, c := range strings.Fields(class) {
		switch c {
		case "anchor", "notice", "breadcrumb", "breadcrumbs":
			return true
		}
	}
	return false
}

// inline elements do not separate the text around them.
var inline = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true, atom.Cite: true,
	atom.Code: true, atom.Data: true, atom.Del: true, atom.Dfn: true, atom.Em: true, atom.I: true,
	atom.Ins: true, atom.Kbd: true, atom.Mark: true, atom.Q: true, atom.Ruby: true, atom.S: true,
	atom.Samp: true, atom.Small: true, atom.Span: true, atom.Strong: true, atom.Sub: true,
	atom.Sup: true, atom.Time: true, atom.U: true, atom.Var: true, atom.Wbr: true,
}

// void elements have no end tag, so nothing to leave out.
var void = map[atom.Atom]bool{
	atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true,
	atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true, atom.Source: true,
	atom.Track: true, atom.Wbr: true,
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
