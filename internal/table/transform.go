package table

import (
	"fmt"
	"slices"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"docsite/internal/diag"
)

// transformer builds the model of every table in a document, in document order: it converts GFM
// tables into Nodes, repairs raw HTML and pipe tables, takes captions from introducing
// paragraphs, numbers the tables and reports.
type transformer struct {
	cfg config
}

func (x *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	lines := newLineIndex(src)
	var found []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *Node, *extast.Table:
			if entering {
				found = append(found, n)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	count := 0
	for _, n := range found {
		tn, ok := n.(*Node)
		if !ok {
			tn = fromGFMNode(n.(*extast.Table), src, lines)
		}
		if !x.build(tn, src, lines, pc) {
			continue
		}
		count++
		tn.ID = fmt.Sprintf("%s-%d", x.cfg.idPrefix, count)
		takeCaption(tn, src, lines)
		if !tn.Report.Empty() {
			addDiagnostic(pc, diag.Warnf("", tn.Line, 0, "table-repair", "%s", tn.Report))
		}
	}
}

// build fills in n.Table, or replaces n with the raw HTML it came from and warns.
func (x *transformer) build(n *Node, src []byte, lines lineIndex, pc parser.Context) bool {
	if n.Table != nil {
		return true
	}
	if n.Lines().Len() == 0 {
		return false
	}
	n.Line = lines.line(n.Lines().At(0).Start)
	raw := n.Lines().Value(src)
	var err error
	switch n.Origin {
	case FromPipes:
		var rows []string
		for i := 0; i < n.Lines().Len(); i++ {
			rows = append(rows, lineText(n.Lines(), i, src))
		}
		n.Table, n.Report, err = FromPipeRows(rows, n.Line)
	default:
		n.Table, n.Report, err = FromHTML(raw, n.Line)
	}
	if n.Origin == FromRawHTML && n.depth > 0 {
		n.Report.add(NoCloser, 1)
	}
	if n.trailing.Len() > 0 {
		passThrough(n, n.trailing, true)
		addDiagnostic(pc, diag.Warnf("", lines.line(n.trailing.Start), 0, "table-unfit",
			"content after </table> on the same line passed through as raw HTML"))
	}
	if err != nil {
		passThrough(n, text.Segment{}, false)
		addDiagnostic(pc, diag.Warnf("", n.Line, 0, "table-unfit", "cannot make a table of this HTML (%v); passed through unchanged", err))
		return false
	}
	return true
}

// passThrough puts raw HTML next to n: its trailing segment after it (keep), or all of n's lines
// in its place.
func passThrough(n *Node, seg text.Segment, keep bool) {
	block := ast.NewHTMLBlock(ast.HTMLBlockType6)
	parent := n.Parent()
	if keep {
		block.Lines().Append(seg)
		parent.InsertAfter(parent, n, block)
		return
	}
	block.SetLines(n.Lines())
	parent.ReplaceChild(parent, n, block)
}

// fromGFMNode replaces a GFM table with a Node holding its model.
func fromGFMNode(t *extast.Table, src []byte, lines lineIndex) *Node {
	n := &Node{Origin: FromGFMTable}
	var header []ast.Node
	var rows [][]ast.Node
	var rowLines []int
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []ast.Node
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, c)
		}
		rowLines = append(rowLines, lines.line(rowStart(r, src)))
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

// lineIndex maps source offsets to 1-based lines.
type lineIndex []int // offsets of the newlines

func newLineIndex(src []byte) lineIndex {
	var idx lineIndex
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i)
		}
	}
	return idx
}

func (l lineIndex) line(offset int) int {
	i, _ := slices.BinarySearch(l, offset)
	return i + 1
}
