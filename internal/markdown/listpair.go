package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Hugo takes a shortcode pair out of the page, inner content and all, before the markdown
// is read: a pair opened inside a list item is one placeholder there, however its inner
// lines are indented. Authors rely on it to put tabs in a step of a list with fenced code
// written at the left margin (opentelemetry.io):
//
//	3.  Start the demo:
//
//	    {{< tabpane text=true >}} {{% tab Make %}}
//
//	```shell
//	make start
//	```
//
//	    {{% /tab %}} {{< /tabpane >}}
//
//	    ### Run in minimal mode
//
// CommonMark closes the list at the fence, so the tags after it and the rest of the step
// would be indented code. heldList and heldListItem keep a list and its item open while a
// shortcode pair opened in the item is not closed yet, on a line indented less than the
// item's content: that line belongs to the pair, as it does in Hugo.

// newBlockParser is goldmark's default parser with heldList and heldListItem in place of
// its list and list item parsers (priorities 300 and 400): they cannot be added beside
// them, as each list parser answers the other's signal that an item continues a list.
func newBlockParser() parser.Parser {
	blocks := parser.DefaultBlockParsers()
	for i, b := range blocks {
		switch b.Priority {
		case 300:
			blocks[i].Value = heldList{parser.NewListParser()}
		case 400:
			blocks[i].Value = heldListItem{parser.NewListItemParser()}
		}
	}
	return parser.NewParser(parser.WithBlockParsers(blocks...), parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))
}

// heldList is goldmark's list parser, but for a line inside an open shortcode pair of its
// last item.
type heldList struct{ parser.BlockParser }

func (p heldList) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if item, ok := node.LastChild().(*ast.ListItem); ok && insidePair(item, reader) {
		return parser.Continue | parser.HasChildren
	}
	return p.BlockParser.Continue(node, reader, pc)
}

// heldListItem is goldmark's list item parser, but for a line inside an open shortcode
// pair of the item.
type heldListItem struct{ parser.BlockParser }

func (p heldListItem) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if item, ok := node.(*ast.ListItem); ok && insidePair(item, reader) {
		return parser.Continue | parser.HasChildren
	}
	return p.BlockParser.Continue(node, reader, pc)
}

// insidePair reports whether the reader's line, not blank and indented less than item's
// content, lies inside a block shortcode pair that is open in item: a last child, or a
// last child's last child, opened before the line and closed after its start.
func insidePair(item *ast.ListItem, reader text.Reader) bool {
	line, seg := reader.PeekLine()
	if util.IsBlank(line) {
		return false
	}
	if indent, _ := util.IndentWidth(line, reader.LineOffset()); indent >= item.Offset {
		return false
	}
	for n := item.LastChild(); n != nil; n = n.LastChild() {
		sc, ok := n.(*Shortcode)
		if !ok {
			continue
		}
		if c := sc.Call; c.Paired() && c.Open.Start < seg.Start && c.Close.Start >= seg.Start {
			return true
		}
	}
	return false
}
