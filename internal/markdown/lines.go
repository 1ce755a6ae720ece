package markdown

import (
	"bytes"
	"sort"

	"github.com/yuin/goldmark/ast"
)

// LineIndex turns byte offsets of a page's source into 1-based lines: the offsets at which
// its lines start, found once, then a binary search for each offset. Counting the line
// breaks before each offset instead costs the page's length for every link: one line of
// 4 MB of links took 20 s.
type LineIndex []int

// NewLineIndex indexes the lines of src.
func NewLineIndex(src []byte) LineIndex {
	x := make(LineIndex, 1, bytes.Count(src, []byte{'\n'})+1)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return x
		}
		off += i + 1
		x = append(x, off)
	}
}

// Line returns the 1-based line of byte offset off (the last line for an offset past
// the end, the first for a negative one).
func (x LineIndex) Line(off int) int {
	return max(sort.Search(len(x), func(i int) bool { return x[i] > off }), 1)
}

// Start returns the offset at which line (1-based) starts.
func (x LineIndex) Start(line int) int { return x[line-1] }

// Lines returns the index of the lines of d.Src, made on the first call.
func (d *Doc) Lines() LineIndex {
	d.linesOnce.Do(func() { d.lines = NewLineIndex(d.Src) })
	return d.lines
}

// Line returns the 1-based line of byte offset off in d.Src.
func (d *Doc) Line(off int) int { return d.Lines().Line(off) }

// NodeLine returns the 1-based line where block node n starts, or 0 when it has no lines.
func (d *Doc) NodeLine(n ast.Node) int {
	for c := n; c != nil; c = c.FirstChild() {
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			return d.Line(c.Lines().At(0).Start)
		}
		if t, ok := c.(*ast.Text); ok {
			return d.Line(t.Segment.Start)
		}
	}
	return 0
}
