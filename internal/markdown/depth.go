package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"docsite/internal/diag"
)

// maxIndent is the deepest indentation, in columns, a line keeps. goldmark asks every
// open block (each level of a nested list or quote) whether it continues, on every line,
// so a page's cost grows with lines times depth: a 9 MB page holding a list nested 3,000
// levels deep took 77 s and 650 MB to build. No reader follows a list 64 levels deep;
// deeper lines are brought back to this column, which keeps every word and bounds the
// cost at lines times 128 levels at most (2 columns a level).
const maxIndent = 256

// boundIndent returns src with the indentation of every line deeper than maxIndent
// columns (a tab to the next multiple of 4) cut to maxIndent spaces, and a warning at
// the first such line; src itself, and no warning, when no line is that deep.
func boundIndent(src []byte) ([]byte, *diag.Diagnostic) {
	first := 0
	for line, off := 1, 0; off < len(src); line++ {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		if w, _ := indent(src[off : off+end]); w > maxIndent {
			first = line
			break
		}
		off += end + 1
	}
	if first == 0 {
		return src, nil
	}
	out := make([]byte, 0, len(src))
	pad := bytes.Repeat([]byte{' '}, maxIndent)
	for rest := src; len(rest) > 0; {
		end := bytes.IndexByte(rest, '\n')
		line := rest
		if end >= 0 {
			line, rest = rest[:end+1], rest[end+1:]
		} else {
			rest = nil
		}
		if w, n := indent(line); w > maxIndent {
			out = append(out, pad...)
			line = line[n:]
		}
		out = append(out, line...)
	}
	d := diag.Warnf("", first, 0, "deep-nesting",
		"indented more than %d columns, here and below; such lines are brought back to that column (nesting flattened, text kept)", maxIndent)
	return out, &d
}

// indent is the width in columns of line's leading blanks and their length in bytes. A
// line of blanks only (front matter is blanked to spaces, line for line) is not indented.
func indent(line []byte) (width, n int) {
	for n < len(line) {
		switch line[n] {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		case '\n', '\r':
			return 0, n
		default:
			return width, n
		}
		n++
	}
	return 0, n
}

// NestingLine returns the line where the page's elements first nest more than depth
// deep, or the line where they nest deepest when they never do. The depth is estimated
// from the source, as the nodes that hold a block or inline (each writes one element,
// or a few) and the elements raw HTML before it opened and has not closed; it places a
// warning when the sanitiser flattened the rendered page (sanitize.BodyFlat), which
// cannot tell which line its elements came from.
func (d *Doc) NestingLine(depth int) int {
	first, deepest, most := 0, 0, -1
	level, open := 0, 0 // ancestors in the tree; elements raw HTML left open
	at := func(off, open int) {
		if n := level + open; n > most || first == 0 && n > depth {
			line := d.Line(off)
			if n > most {
				most, deepest = n, line
			}
			if first == 0 && n > depth {
				first = line
			}
		}
	}
	ast.Walk(d.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			level--
			return ast.WalkContinue, nil
		}
		level++
		var segs *text.Segments
		switch n := n.(type) {
		case *ast.HTMLBlock:
			segs = n.Lines()
		case *ast.RawHTML:
			segs = n.Segments
		default:
			if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
				at(n.Lines().At(0).Start, open)
			}
			return ast.WalkContinue, nil
		}
		for i := range segs.Len() {
			seg := segs.At(i)
			open = openElements(open, seg.Value(d.Src), func(off, open int) { at(seg.Start+off, open) })
		}
		return ast.WalkContinue, nil
	})
	if first > 0 {
		return first
	}
	return deepest
}

// openElements returns how many elements are open after the tags of raw, open being
// those open before it: a start tag opens one (not a void element's), an end tag closes
// one. at is told the offset in raw of each start tag and how many are open after it.
func openElements(open int, raw []byte, at func(off, open int)) int {
	z := html.NewTokenizer(bytes.NewReader(raw))
	for off := 0; ; {
		tt := z.Next()
		if tt == html.ErrorToken {
			return open
		}
		switch tt {
		case html.StartTagToken:
			if name, _ := z.TagName(); !voidElement(atom.Lookup(name)) {
				open++
				at(off, open)
			}
		case html.EndTagToken:
			open = max(open-1, 0)
		}
		off += len(z.Raw())
	}
}

// voidElement reports whether elements of a have no end tag.
func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr, atom.Param:
		return true
	}
	return false
}
