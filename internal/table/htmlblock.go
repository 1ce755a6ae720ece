package table

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// htmlTableParser claims a raw HTML block that starts with <table and takes every line up to
// the matching </table>, blank lines included. CommonMark would end the block at the first blank
// line, or run it on past </table> into the markdown that follows.
type htmlTableParser struct{}

func (htmlTableParser) Trigger() []byte { return []byte{'<'} }

func (htmlTableParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	w, pos := util.IndentWidth(line, reader.LineOffset())
	if w > 3 || !startsTable(line[pos:]) {
		return nil, parser.NoChildren
	}
	n := &Node{Origin: OriginHTML}
	n.take(line, seg)
	if n.depth > 0 {
		var lines int
		n.closer, lines, n.scanned = closesLater(reader, n.depth, lookahead(reader, pc))
		if n.scanned {
			reserveLines(n.Lines(), lines+1)
		}
	}
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

// reserveLines makes room for k more lines in segs, so that a long table's lines are appended
// without the slice growing again and again.
func reserveLines(segs *text.Segments, k int) {
	n := segs.Len()
	if k <= len(blankSegments) {
		segs.AppendAll(blankSegments[:k])
	} else {
		segs.AppendAll(make([]text.Segment, k))
	}
	segs.SetSliced(0, n)
}

// blankSegments is what reserveLines appends (and cuts off again) for most tables; it is only
// ever read.
var blankSegments [256]text.Segment

func (htmlTableParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*Node)
	if n.depth <= 0 {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	if !n.scanned && util.IsBlank(line) { // never closed: end where CommonMark would
		return parser.Close
	}
	if n.scanned && seg.Stop < n.closer.stop { // closesLater saw that no line before it closes
		n.Lines().Append(seg)
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	}
	if n.scanned && seg.Stop == n.closer.stop {
		n.depth = n.closer.depth
	}
	n.take(line, seg)
	reader.AdvanceToEOL()
	if n.depth <= 0 {
		return parser.Close
	}
	return parser.Continue | parser.NoChildren
}

// take appends a line, cutting it after the </table> that closes the block.
func (n *Node) take(line []byte, seg text.Segment) {
	depth, end := tableDepth(line, n.depth)
	n.depth = depth
	if end >= 0 && end < len(line) && !util.IsBlank(line[end:]) {
		n.trailing = seg.WithStart(seg.Start + end)
		seg = seg.WithStop(seg.Start + end)
	}
	n.Lines().Append(seg)
}

func (htmlTableParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}

func (htmlTableParser) CanInterruptParagraph() bool { return true }

func (htmlTableParser) CanAcceptIndentedLine() bool { return false }

var lookaheadKey = parser.NewContextKey()

// lookahead returns the document's budget of lines that closesLater may still read. It starts
// at twice the document's lines, so that many unclosed tables cannot make parsing quadratic;
// once it is spent, a table without a closer in sight ends at a blank line, as in CommonMark.
func lookahead(reader text.Reader, pc parser.Context) *int {
	if b, ok := pc.Get(lookaheadKey).(*int); ok {
		return b
	}
	b := 2*bytes.Count(reader.Source(), []byte("\n")) + 1000
	pc.Set(lookaheadKey, &b)
	return &b
}

// closer is where the </table> that closes a raw HTML table was found ahead.
type closer struct {
	stop  int // end of its line in the source
	depth int // tables open at the start of that line
}

// closesLater reports whether the lines after the current one bring depth open tables to zero,
// reading at most *budget lines and deducting what it reads, and if so on which line, after how
// many lines. It leaves the reader where it was. The block parser then need not look for tags
// in the lines before that one: none of them closes the table.
func closesLater(reader text.Reader, depth int, budget *int) (at closer, lines int, ok bool) {
	l, pos := reader.Position()
	defer reader.SetPosition(l, pos)
	for ; *budget > 0; *budget-- {
		reader.AdvanceLine()
		line, seg := reader.PeekLine()
		if line == nil {
			return closer{}, 0, false
		}
		lines++
		before := depth
		if depth, _ = tableDepth(line, depth); depth <= 0 {
			return closer{stop: seg.Stop, depth: before}, lines, true
		}
	}
	return closer{}, 0, false
}

// startsTable reports whether b starts with a <table start tag, in any case.
func startsTable(b []byte) bool {
	return tagAt(b, 0, "<table")
}

// tableDepth adds the <table> start tags in line to depth and subtracts the </table> end tags.
// end is the index just after the end tag that brings depth to zero, or -1.
func tableDepth(line []byte, depth int) (newDepth, end int) {
	end = -1
	for i := 0; i < len(line); i++ {
		j := bytes.IndexByte(line[i:], '<')
		if j < 0 {
			break
		}
		i += j
		switch {
		case tagAt(line, i, "<table"):
			depth++
		case tagAt(line, i, "</table"):
			depth--
			if depth == 0 && end < 0 {
				end = len(line)
				for j := i; j < len(line); j++ {
					if line[j] == '>' {
						end = j + 1
						break
					}
				}
				return depth, end
			}
		}
	}
	return depth, end
}

// tagAt reports whether b[i:] starts with tag (lower case, ASCII) in any case, followed by the
// end of the tag name.
func tagAt(b []byte, i int, tag string) bool {
	if len(b)-i < len(tag) {
		return false
	}
	for k := 0; k < len(tag); k++ {
		c := b[i+k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != tag[k] {
			return false
		}
	}
	j := i + len(tag)
	return j == len(b) || b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r' || b[j] == '>' || b[j] == '/' || b[j] == '\f'
}
