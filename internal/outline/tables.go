package outline

// This file is the one place that knows how tables arrive in the goldmark tree: as the table
// normaliser's nodes (internal/table), built from raw HTML, pipe rows and GFM tables, with the
// caption taken from the sentence that introduces the table. The caption's text counts as the
// table's, so it is compared across languages like any other text.

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/table"
)

// table outlines n when it is a normalised table. A table the normaliser passed through
// unchanged stays raw HTML.
func (b *builder) table(n ast.Node) (ast.Node, bool) {
	tn, ok := n.(*table.Node)
	if !ok || tn.Table == nil {
		return nil, false
	}
	b.add(b.modelTable(tn))
	return n.NextSibling(), true
}

func (b *builder) modelTable(n *table.Node) Block {
	blk := Block{Kind: TableBlock, Line: max(n.Line, 1), Table: &Table{}}
	blk.EndLine = max(blk.Line, b.lines.line(max(nodeEnd(n)-1, 0)))
	c := &textCollector{src: b.src, lines: b.lines, cur: blk.Line}
	if text := n.Table.CaptionText(); text != "" {
		c.add(max(n.Report.CaptionLine, 1), text)
		c.add(0, "\n")
	}
	for i := range n.Table.Head {
		blk.Table.Rows = append(blk.Table.Rows, modelRow(&n.Table.Head[i], true, blk.Line, c))
	}
	for i := range n.Table.Body {
		blk.Table.Rows = append(blk.Table.Rows, modelRow(&n.Table.Body[i], false, blk.Line, c))
	}
	for _, r := range blk.Table.Rows {
		blk.EndLine = max(blk.EndLine, r.Line)
	}
	tableSegments(&blk, c)
	b.finishBlock(&blk, c)
	return blk
}

func modelRow(r *table.Row, head bool, line int, c *textCollector) Row {
	row := Row{Line: r.Line, Header: head}
	if row.Line == 0 {
		row.Line = line
	}
	row.Cells = make([]Cell, 0, len(r.Cells))
	var text strings.Builder
	for i := range r.Cells {
		cell := &r.Cells[i]
		t := collapse(cell.Text())
		w := Weight(t)
		row.Cells = append(row.Cells, Cell{Text: t, Header: head || cell.Header, Weight: w})
		row.Weight += w
		text.WriteString(t)
		text.WriteByte('\n')
		c.links = append(c.links, blockLinks(cell.Blocks)...)
	}
	row.Anchors = TextAnchors(text.String())
	row.Numbers = row.Anchors.Significant()
	return row
}

// blockLinks lists the link targets in a cell's blocks.
func blockLinks(blocks []table.Block) []string {
	var out []string
	for _, bl := range blocks {
		out = append(out, inlineLinks(bl.Inlines)...)
		for _, it := range bl.Items {
			out = append(out, blockLinks(it.Blocks)...)
		}
	}
	return out
}

func inlineLinks(ins []table.Inline) []string {
	var out []string
	for _, in := range ins {
		if in.Kind == table.Link {
			out = append(out, in.Href)
		}
		out = append(out, inlineLinks(in.Children)...)
	}
	return out
}
