package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// directiveParser reads container directives, as Docusaurus and Starlight write callouts:
//
//	:::tip[An optional title]
//	Content, any markdown.
//	:::
//
// A directive closes at a line of at least as many colons as opened it, so an outer one
// with four colons can hold an inner one with three. Names other than callout types
// (see calloutTypes) are not directives: the lines stay text.
type directiveParser struct{}

func (directiveParser) Trigger() []byte { return []byte{':'} }

func (directiveParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	start := indentEnd(line, seg) - seg.Start
	if start > 3 {
		return nil, parser.NoChildren
	}
	d, ok := parseDirective(line[start:])
	if !ok {
		return nil, parser.NoChildren
	}
	n := &Callout{Variant: d.typ, colons: d.colons}
	n.SetPos(seg.Start + start)
	if d.titleEnd > d.titleStart {
		t := &CalloutTitle{}
		t.Lines().Append(text.NewSegment(seg.Start+start+d.titleStart, seg.Start+start+d.titleEnd))
		n.AppendChild(n, t)
	}
	reader.AdvanceToEOL()
	return n, parser.HasChildren
}

func (directiveParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Callout)
	line, seg := reader.PeekLine()
	rest := bytes.TrimSpace(line[indentEnd(line, seg)-seg.Start:])
	if len(rest) >= n.colons && len(bytes.Trim(rest, ":")) == 0 {
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (directiveParser) Close(ast.Node, text.Reader, parser.Context) {}

func (directiveParser) CanInterruptParagraph() bool { return true }

func (directiveParser) CanAcceptIndentedLine() bool { return false }

// directive is an opening line: the callout type, the fence length and where the title
// is in the line.
type directive struct {
	typ                  string
	colons               int
	titleStart, titleEnd int
}

// parseDirective reads ":::name", ":::name[title]", ":::name title" or
// ":::name{attributes}" (ignored), alone on its line.
func parseDirective(line []byte) (directive, bool) {
	var d directive
	for d.colons < len(line) && line[d.colons] == ':' {
		d.colons++
	}
	if d.colons < 3 {
		return d, false
	}
	i := d.colons
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	nameAt := i
	for i < len(line) && (line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z') {
		i++
	}
	typ, ok := calloutType(string(line[nameAt:i]))
	if !ok {
		return d, false
	}
	d.typ = typ
	if i < len(line) && line[i] == '[' {
		depth, j := 1, i+1
		for ; j < len(line) && depth > 0; j++ {
			switch line[j] {
			case '[':
				depth++
			case ']':
				depth--
			case '\\':
				j++
			}
		}
		if depth != 0 || j > len(line) {
			return d, false
		}
		d.titleStart, d.titleEnd = i+1, j-1
		i = j
	}
	if i < len(line) && line[i] == '{' {
		k := bytes.IndexByte(line[i:], '}')
		if k < 0 {
			return d, false
		}
		i += k + 1
	}
	rest := bytes.TrimSpace(line[i:])
	switch {
	case len(rest) == 0:
		return d, true
	case d.titleEnd > d.titleStart || i == nameAt || line[i] != ' ' && line[i] != '\t':
		return d, false // text after a title in brackets, or glued to the name
	}
	// ":::note Your title", as Docusaurus reads it: the rest of the line is the title.
	d.titleStart = i + bytes.Index(line[i:], rest)
	d.titleEnd = d.titleStart + len(rest)
	return d, true
}
