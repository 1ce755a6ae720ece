package sanitize

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// x/net/html refuses a document whose elements nest more than 512 deep (the parser's
// defence against stack exhaustion), and a body it refuses cannot be made well-formed.
// Such a body is flattened instead: its tags deeper than FlatDepth are left out, its text
// is kept. Should the parser still refuse it (it opens elements of its own: a table's
// tbody, formatting it reopens), every tag is left out and the text alone is kept.

// FlatDepth is how deep a flattened body's elements nest at most: half the parser's
// limit, which leaves room for the elements it adds.
const FlatDepth = 256

// parseFlat parses clean, a fragment the policy passed, flattening it when the parser
// refuses it as it is; flattened says whether it did.
func parseFlat(clean []byte) (nodes []*html.Node, flattened bool) {
	nodes, err := html.ParseFragment(bytes.NewReader(clean), fragmentContext())
	if err == nil {
		return nodes, false
	}
	if nodes, err = html.ParseFragment(bytes.NewReader(flatten(clean, FlatDepth)), fragmentContext()); err == nil {
		return nodes, true
	}
	nodes, _ = html.ParseFragment(bytes.NewReader(flatten(clean, 0)), fragmentContext())
	return nodes, true
}

// flatten returns src with the start and end tags of elements nested deeper than depth
// left out (by the tags' own nesting, as the tokenizer reads them), and end tags that
// close nothing open; text, comments and, unless depth is 0, tags of elements that nest
// nothing (images, line breaks) are kept as written.
func flatten(src []byte, depth int) []byte {
	type open struct {
		name string
		kept bool
	}
	var (
		out   bytes.Buffer
		stack []open
		kept  int // elements of stack that were kept
	)
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.Bytes()
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken:
			name, _ := z.TagName()
			if void(name) { // nests nothing: an image deep down stays
				if depth > 0 {
					out.Write(raw)
				}
				continue
			}
			o := open{name: string(name), kept: kept < depth}
			if o.kept {
				kept++
				out.Write(raw)
			}
			stack = append(stack, o)
		case html.SelfClosingTagToken:
			if depth > 0 {
				out.Write(raw)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			i := len(stack) - 1
			for i >= 0 && stack[i].name != string(name) {
				i--
			}
			if i < 0 {
				continue // closes nothing
			}
			for _, o := range stack[i:] {
				if o.kept {
					kept--
				}
			}
			if stack[i].kept {
				out.Write(raw)
			}
			stack = stack[:i]
		default:
			out.Write(raw)
		}
	}
}

// void reports whether an element of this name has no end tag and nests nothing.
func void(name []byte) bool {
	switch atom.Lookup(name) {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr, atom.Param:
		return true
	}
	return false
}
