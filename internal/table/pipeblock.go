package table

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// pipeTransformer turns two or more consecutive "| … |" lines of a paragraph into a table when
// they have no delimiter row; tables with one are left to goldmark's GFM extension. Lines before
// the rows stay a paragraph, lines after them become one.
type pipeTransformer struct{}

func (pipeTransformer) Transform(p *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := p.Lines()
	src := reader.Source()
	first, last := pipeRun(lines, src)
	if first < 0 {
		return
	}
	n := &Node{Origin: OriginPipes}
	for i := first; i < last; i++ {
		n.Lines().Append(lines.At(i))
	}
	parent := p.Parent()
	parent.InsertAfter(parent, p, n)
	if last < lines.Len() {
		rest := ast.NewParagraph()
		for i := last; i < lines.Len(); i++ {
			rest.Lines().Append(lines.At(i))
		}
		parent.InsertAfter(parent, n, rest)
	}
	if first == 0 {
		parent.RemoveChild(parent, p)
		return
	}
	p.Lines().SetSliced(0, first)
	lastSeg := p.Lines().At(first - 1)
	p.Lines().Set(first-1, lastSeg.TrimRightSpace(src))
}

// pipeRun finds the first run of two or more pipe rows whose second line is not a delimiter
// row, and returns its bounds [first, last), or -1, -1.
func pipeRun(lines *text.Segments, src []byte) (first, last int) {
	for i := 0; i < lines.Len(); {
		j := i
		for j < lines.Len() && isPipeRow(lineBytes(lines, j, src)) {
			j++
		}
		if j-i >= 2 && !isDelimiterRow(lineText(lines, i+1, src)) {
			return i, j
		}
		i = max(j, i+1)
	}
	return -1, -1
}

// isDelimiterRow reports whether line is a GFM delimiter row such as "| --- | :-: |".
func isDelimiterRow(line string) bool {
	cells := SplitPipeRow(line)
	for _, c := range cells {
		c = strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return len(cells) > 0
}

func lineBytes(lines *text.Segments, i int, src []byte) []byte {
	seg := lines.At(i)
	return seg.Value(src)
}

func lineText(lines *text.Segments, i int, src []byte) string {
	seg := lines.At(i)
	return string(seg.Value(src))
}
