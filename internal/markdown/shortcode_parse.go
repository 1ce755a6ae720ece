package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

func stateOf(pc parser.Context) *scDoc {
	d, _ := pc.Get(scKey).(*scDoc)
	return d
}

// indentEnd is the offset of the first byte of the reader's line that is not a blank.
func indentEnd(line []byte, seg text.Segment) int {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return seg.Start + i
}

// shortcodeBlockParser opens Shortcode nodes at block tags (see classify).
type shortcodeBlockParser struct{}

func (shortcodeBlockParser) Trigger() []byte { return []byte{'{'} }

func (shortcodeBlockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	d := stateOf(pc)
	if d == nil {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	t, i, ok := d.tagAt(indentEnd(line, seg))
	if !ok || !d.block[i] || t.Close {
		return nil, parser.NoChildren
	}
	c := d.call(t)
	n := &Shortcode{Call: c}
	n.SetPos(t.Start)
	n.Lines().Append(text.NewSegment(t.Start, t.End))
	if c.Paired() {
		reader.Advance(t.End - seg.Start)
		return n, parser.HasChildren
	}
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (shortcodeBlockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Shortcode)
	d := stateOf(pc)
	if !n.Call.Paired() || d == nil {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	// The line may close inner pairs first ("{{% /tab %}}{{< /tabs >}}"): closing this
	// node closes them too.
	for off := indentEnd(line, seg); ; {
		t, i, ok := d.tagAt(off)
		if !ok || !t.Close || !d.block[i] {
			break
		}
		if t == n.Call.Close {
			reader.Advance(t.End - seg.Start)
			return parser.Close
		}
		off = t.End
		for off < len(d.src) && (d.src[off] == ' ' || d.src[off] == '\t') {
			off++
		}
	}
	return parser.Continue | parser.HasChildren
}

func (shortcodeBlockParser) Close(ast.Node, text.Reader, parser.Context) {}

func (shortcodeBlockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine: a block tag indented four columns or more is still a tag, as in
// Hugo, which reads shortcodes before markdown.
func (shortcodeBlockParser) CanAcceptIndentedLine() bool { return true }

// IsRaw keeps goldmark from parsing the tag itself as inline content.
func (n *Shortcode) IsRaw() bool { return true }

// rawInnerParser keeps the inner content of a {{< >}} block pair as raw HTML blocks: only
// nested block shortcodes are parsed in it.
type rawInnerParser struct{}

func (rawInnerParser) Trigger() []byte { return nil }

func (rawInnerParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	sc, ok := parent.(*Shortcode)
	d := stateOf(pc)
	if !ok || d == nil || sc.Call.Open.Delim != '<' || !sc.Call.Paired() {
		return nil, parser.NoChildren
	}
	line, seg := reader.PeekLine()
	if util.IsBlank(line) || d.blockTagAt(indentEnd(line, seg)) {
		return nil, parser.NoChildren
	}
	n := ast.NewHTMLBlock(ast.HTMLBlockType7)
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (rawInnerParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, seg := reader.PeekLine()
	if d := stateOf(pc); d == nil || d.blockTagAt(indentEnd(line, seg)) {
		return parser.Close
	}
	node.Lines().Append(seg)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

func (rawInnerParser) Close(ast.Node, text.Reader, parser.Context) {}

func (rawInnerParser) CanInterruptParagraph() bool { return false }

func (rawInnerParser) CanAcceptIndentedLine() bool { return true }

func (d *scDoc) blockTagAt(off int) bool {
	_, i, ok := d.tagAt(off)
	return ok && d.block[i]
}

// shortcodeInlineParser makes ShortcodeInline nodes of the tags inside inline content.
type shortcodeInlineParser struct{}

func (shortcodeInlineParser) Trigger() []byte { return []byte{'{'} }

func (shortcodeInlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	d := stateOf(pc)
	if d == nil {
		return nil
	}
	_, seg := block.PeekLine()
	t, _, ok := d.tagAt(seg.Start)
	if !ok {
		return nil
	}
	c := d.call(t)
	n := &ShortcodeInline{Call: c, Tag: t}
	switch {
	case t.Escaped:
		n.role = roleLiteral
	case c == nil || t.Close:
		n.role = roleClose
	case c.Paired() && t.Delim == '<' && withinBlock(parent, c.Close.End):
		n.role = roleRaw
		advanceTo(block, c.Close.End)
		return n
	case c.Paired():
		n.role = rolePair
	default:
		n.role = roleCall
	}
	block.Advance(t.End - seg.Start)
	return n
}

// withinBlock reports whether offset end lies inside the lines of the block that holds
// inline node parent.
func withinBlock(parent ast.Node, end int) bool {
	for ; parent != nil; parent = parent.Parent() {
		if parent.Type() == ast.TypeBlock {
			l := parent.Lines()
			return l.Len() > 0 && end <= l.At(l.Len()-1).Stop
		}
	}
	return false
}

// advanceTo moves the reader to offset end, line by line: the lines of a paragraph do
// not hold their indentation, so byte counts do not add up across them.
func advanceTo(block text.Reader, end int) {
	for {
		line, seg := block.PeekLine()
		if line == nil {
			return
		}
		if end <= seg.Stop {
			block.Advance(end - seg.Start)
			return
		}
		block.AdvanceLine()
	}
}
