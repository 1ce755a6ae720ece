package links

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// ref is one URL a page refers to, where it is written.
type ref struct {
	Line, Col int
	Attr      string // e.g. "a href", "img srcset"
	URL       string
}

// scanned is what the link check needs from one page.
type scanned struct {
	Refs []ref
	IDs  map[string]bool // id attributes and <a name> anchors
}

// urlAttrs lists, per element, the attributes holding one URL.
var urlAttrs = map[string][]string{
	"a": {"href"}, "area": {"href"}, "link": {"href"}, "base": {"href"},
	"img": {"src"}, "script": {"src"}, "iframe": {"src"}, "embed": {"src"},
	"source": {"src"}, "track": {"src"}, "audio": {"src"}, "video": {"src", "poster"},
	"object": {"data"}, "input": {"src"}, "form": {"action"}, "blockquote": {"cite"}, "q": {"cite"},
}

// srcsetAttrs lists, per element, the attributes holding a srcset list.
var srcsetAttrs = map[string]string{"img": "srcset", "source": "srcset"}

// scan reads an HTML document and collects its references and anchors with their positions.
func scan(r io.Reader) scanned {
	s := scanned{IDs: map[string]bool{}}
	z := html.NewTokenizer(r)
	pos := position{1, 1}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return s
		}
		line, col := pos.line, pos.col
		pos.advance(z.Raw())
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		t := z.Token()
		s.addTag(t, line, col)
	}
}

func (s *scanned) addTag(t html.Token, line, col int) {
	for _, a := range t.Attr {
		switch {
		case a.Namespace != "":
		case a.Key == "id" || (a.Key == "name" && t.Data == "a"):
			s.IDs[a.Val] = true
		case srcsetAttrs[t.Data] == a.Key:
			for _, u := range splitSrcset(a.Val) {
				s.Refs = append(s.Refs, ref{line, col, t.Data + " " + a.Key, u})
			}
		case hasURL(t.Data, a.Key) && a.Val != "":
			s.Refs = append(s.Refs, ref{line, col, t.Data + " " + a.Key, a.Val})
		}
	}
	if t.Data == "meta" && strings.EqualFold(attr(t, "http-equiv"), "refresh") {
		if u := refreshURL(attr(t, "content")); u != "" {
			s.Refs = append(s.Refs, ref{line, col, "meta refresh", u})
		}
	}
}

func hasURL(elem, key string) bool {
	for _, k := range urlAttrs[elem] {
		if k == key {
			return true
		}
	}
	return false
}

func attr(t html.Token, key string) string {
	for _, a := range t.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// splitSrcset returns the URLs of a srcset value ("a.png 1x, b.png 2x").
func splitSrcset(v string) []string {
	var urls []string
	for _, cand := range strings.Split(v, ",") {
		if f := strings.Fields(cand); len(f) > 0 {
			urls = append(urls, f[0])
		}
	}
	return urls
}

// refreshURL returns the URL of a meta refresh content value ("0; url=/en/").
func refreshURL(v string) string {
	_, after, ok := strings.Cut(v, ";")
	if !ok {
		return ""
	}
	after = strings.TrimSpace(after)
	if len(after) < 4 || !strings.EqualFold(after[:4], "url=") {
		return ""
	}
	return strings.Trim(strings.TrimSpace(after[4:]), `'"`)
}

// position tracks the 1-based line and column (in characters) of a byte stream.
type position struct{ line, col int }

func (p *position) advance(b []byte) {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		p.line += bytes.Count(b, []byte{'\n'})
		p.col = 1
		b = b[i+1:]
	}
	p.col += utf8.RuneCount(b)
}
