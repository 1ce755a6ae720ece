package markdown

import (
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// URLFunc resolves the destination dest of a link (image false) or of an image that raw
// HTML writes at line of the page, and returns the destination to write instead.
type URLFunc func(dest string, image bool, line int) string

const urlsMeta = "docsite.urls"

// SetURLs has the renderer pass through fn the href of every <a> and the src of every <img>
// that the document's raw HTML writes: HTML blocks, inline HTML, and the output of
// shortcodes without inner content (a pair's inner content is the page's own markdown,
// whose links the caller resolves in the tree). Markdown links and images are the
// caller's to resolve in the tree, before rendering.
func (d *Doc) SetURLs(fn URLFunc) {
	if doc, ok := d.Root.(*ast.Document); ok {
		doc.AddMeta(urlsMeta, rawURLs{fn, d.Lines()})
	}
}

// rawURLs is what SetURLs leaves on a document: the function, and the lines of the page's
// source, to place what raw HTML writes without counting lines from its start each time.
type rawURLs struct {
	fn    URLFunc
	lines LineIndex
}

// urlsOf is the URLFunc set on n's document, nil when none is, and a function that gives
// the line of an offset in the page's source.
func urlsOf(n ast.Node) (URLFunc, func(off int) int) {
	doc := n.OwnerDocument()
	if doc == nil {
		return nil, nil
	}
	u, ok := doc.Meta()[urlsMeta].(rawURLs)
	if !ok {
		return nil, nil
	}
	return u.fn, u.lines.Line
}

var (
	rawURLTag = regexp.MustCompile(`(?i)<(a|img)\s[^>]*>`)
	// one attribute, its value whole: matched one after the other from the tag's name on,
	// so that "src=" inside another attribute's value is never taken for one
	rawURLAttr = regexp.MustCompile("\\s+([^\\s\"'>/=]+)(?:\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s\"'=<>`]+))?")
)

// rewriteURLs is s, raw HTML starting at line line, with the href of each <a> and the src
// of each <img> replaced by what fn makes of it; what fn leaves as it is stays byte for
// byte as written.
// rewriteAt is s, raw HTML written for node n from offset off of the page's source, with
// its URLs rewritten as the document asks (unchanged when it asks nothing).
func rewriteAt(n ast.Node, s string, off int) string {
	fn, line := urlsOf(n)
	if fn == nil {
		return s
	}
	return rewriteURLs(s, line(off), fn)
}

func rewriteURLs(s string, line int, fn URLFunc) string {
	if fn == nil || !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range rawURLTag.FindAllStringSubmatchIndex(s, -1) {
		image := strings.EqualFold(s[m[2]:m[3]], "img")
		want := "href"
		if image {
			want = "src"
		}
		tag := s[m[3]:m[1]] // after the name
		for _, a := range rawURLAttr.FindAllStringSubmatchIndex(tag, -1) {
			if !strings.EqualFold(tag[a[2]:a[3]], want) || a[4] < 0 {
				continue
			}
			vs, ve := m[3]+a[4], m[3]+a[5]
			if c := s[vs]; c == '"' || c == '\'' {
				vs, ve = vs+1, ve-1
			}
			dest := html.UnescapeString(s[vs:ve])
			if out := fn(dest, image, line+strings.Count(s[:vs], "\n")); out != dest {
				b.WriteString(s[last:vs])
				b.WriteString(html.EscapeString(out))
				last = ve
			}
			break
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
