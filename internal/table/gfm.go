package table

import (
	"slices"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// fromGFMNode replaces a GFM table with a Node holding its model.
func fromGFMNode(t *extast.Table, src *source, lines *lineCounter) *Node {
	n := &Node{Origin: OriginGFM}
	var header []ast.Node
	rows := make([][]ast.Node, 0, t.ChildCount())
	rowLines := make([]int, 0, t.ChildCount())
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		cells := make([]ast.Node, 0, r.ChildCount())
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, c)
		}
		rowLines = append(rowLines, lines.line(rowStart(r, src.b)))
		if _, ok := r.(*extast.TableHeader); ok {
			header = cells
			continue
		}
		rows = append(rows, cells)
	}
	var align []Align
	for i, a := range t.Alignments {
		if a != extast.AlignNone {
			align = slices.Grow(align, len(t.Alignments))[:len(t.Alignments)]
			align[i] = [...]Align{extast.AlignLeft: AlignLeft, extast.AlignRight: AlignRight, extast.AlignCenter: AlignCenter}[a]
		}
	}
	n.Table = fromGFM(header, rows, rowLines, align, src, &n.Report)
	if len(rowLines) > 0 {
		n.Line = rowLines[0]
	}
	parent := t.Parent()
	parent.ReplaceChild(parent, t, n)
	return n
}

// rowStart returns a source offset inside row r: its first line segment, or its first cell's.
func rowStart(r ast.Node, src []byte) int {
	if r.Lines().Len() > 0 {
		return r.Lines().At(0).Start
	}
	for c := r.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Lines().Len() > 0 {
			return c.Lines().At(0).Start
		}
		for in := c.FirstChild(); in != nil; in = in.NextSibling() {
			if t, ok := in.(*ast.Text); ok {
				return t.Segment.Start
			}
		}
	}
	return r.Pos()
}

// fromGFM converts a table goldmark's GFM extension parsed. header and rows hold the cells'
// nodes; src is the source their segments point into.
func fromGFM(header []ast.Node, rows [][]ast.Node, lines []int, align []Align, src *source, rep *Report) *Table {
	all := make([]Row, 0, 1+len(rows))
	a := newCellArena(len(header) * (1 + len(rows)))
	toRow := func(cells []ast.Node, line int) Row {
		r := Row{Line: line}
		if len(cells) > 0 {
			r.Cells = make([]Cell, 0, len(cells))
		}
		for _, c := range cells {
			// The cell's inlines go after the arena's: one array for most of the table.
			start := len(a.inlines)
			a.inlines = appendMDChildren(a.inlines, c, src, rep)
			end := len(a.inlines)
			r.Cells = append(r.Cells, a.inlineCell(a.inlines[start:end:end]))
		}
		return r
	}
	all = append(all, toRow(header, lines[0]))
	for i, r := range rows {
		all = append(all, toRow(r, lines[i+1]))
	}
	return assemble(all, align, rep)
}
