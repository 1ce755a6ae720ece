package table

import (
	"bytes"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// cellParser parses the text of a pipe-table cell as inline markdown only: a cell is never a
// heading or a list, whatever it starts with.
var cellParser = parser.NewParser(
	parser.WithBlockParsers(util.Prioritized(parser.NewParagraphParser(), 100)),
	parser.WithInlineParsers(parser.DefaultInlineParsers()...),
)

// FromPipeRows builds a Table from the lines of a pipe table without a delimiter row
// ("| a | b |"); the first line is the header row. firstLine is the 1-based line of lines[0].
// Short rows are padded with empty cells; empty header cells stay empty.
func FromPipeRows(lines []string, firstLine int) (*Table, Report, error) {
	var rep Report
	if len(lines) == 0 {
		return nil, rep, errors.New("no rows")
	}
	rows := make([]Row, len(lines))
	split := make([][]string, len(lines))
	n := 0
	for i, l := range lines {
		split[i] = SplitPipeRow(l)
		n += len(split[i])
	}
	a := newCellArena(n)
	for i, cells := range split {
		rows[i].Line = firstLine + i
		rows[i].Cells = make([]Cell, 0, len(cells))
		for _, cell := range cells {
			rows[i].Cells = append(rows[i].Cells, a.inlineCell(a.parseCell(cell, &rep)))
		}
	}
	return assemble(rows, nil, &rep), rep, nil
}

// IsPipeRow reports whether line, trimmed, starts and ends with an unescaped "|" and has at least
// one cell.
func IsPipeRow(line string) bool {
	s := strings.TrimSpace(line)
	return len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|' && (len(s) < 3 || s[len(s)-2] != '\\')
}

// isPipeRow is IsPipeRow for a line of the source, without copying it. It runs on every line
// of every paragraph, most of which start with a letter: those it rejects at once.
func isPipeRow(line []byte) bool {
	if i := bytes.IndexFunc(line, isNotASCIISpace); i >= 0 && line[i] < utf8.RuneSelf && line[i] != '|' {
		return false // trimmed, the line would not start with '|'
	}
	s := bytes.TrimSpace(line)
	return len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|' && (len(s) < 3 || s[len(s)-2] != '\\')
}

func isNotASCIISpace(r rune) bool {
	return r != ' ' && r != '\t' && r != '\n' && r != '\v' && r != '\f' && r != '\r'
}

// SplitPipeRow returns the raw text of each cell of a pipe-table line, trimmed. A backslash
// escapes the next character ("\|" is a pipe inside a cell); escapes are left for the inline
// parser to resolve.
func SplitPipeRow(line string) []string {
	s := strings.TrimSpace(line)
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	cells := make([]string, 0, strings.Count(s, "|")+1) // escaped pipes make it a little more
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(cells, strings.TrimSpace(s[start:]))
}

// parseCell parses one cell's markdown into inlines, plain and bold cells into slices from a.
func (a *cellArena) parseCell(src string, rep *Report) []Inline {
	if plainCell(src) {
		// Most cells are plain text ("32 GB", "特斯拉 V100"): markdown would only trim them,
		// and a goldmark parse per cell is the normaliser's largest cost.
		if t := strings.TrimSpace(src); t != "" {
			return a.inline(Inline{Kind: Text, Text: t})
		}
		return nil
	}
	if x, ok := boldCell(src); ok {
		// The bold header cells of the seed pages ("**GPU 内存**"): the next largest cost.
		return a.inline(Inline{Kind: Strong, Children: a.inline(Inline{Kind: Text, Text: x})})
	}
	return parseCellMarkdown(src, rep)
}

// cellArena hands out the one-element slices of single-paragraph cells from shared arrays, so
// that a table's cells cost a few allocations instead of two or three each. The slices are
// capped at their length: appending to one never writes into another.
type cellArena struct {
	blocks  []Block
	inlines []Inline
}

// newCellArena returns an arena for about n cells.
func newCellArena(n int) *cellArena {
	return &cellArena{blocks: make([]Block, 0, n), inlines: make([]Inline, 0, n)}
}

func (a *cellArena) block(b Block) []Block { return arenaOne(&a.blocks, b) }

func (a *cellArena) inline(in Inline) []Inline { return arenaOne(&a.inlines, in) }

// inlineSlice returns an empty slice with room for n inlines, from a's slab when it is small
// and a is not nil.
func (a *cellArena) inlineSlice(n int) []Inline {
	if a == nil || n > slabSize/4 {
		return make([]Inline, 0, n)
	}
	return arenaTake(&a.inlines, n)
}

// slabSize is the length of the arena's slabs.
const slabSize = 16

// arenaTake reserves n elements of the arena slab *s (a new slab when they do not fit) and
// returns them as an empty slice of capacity n that cannot grow into its neighbour.
func arenaTake[T any](s *[]T, n int) []T {
	if cap(*s)-len(*s) < n {
		*s = make([]T, 0, max(slabSize, n))
	}
	l := len(*s)
	*s = (*s)[:l+n]
	return (*s)[l : l : l+n]
}

// arenaOne appends v to the arena slab *s (a new slab when it is full) and returns v as a
// slice of one that cannot grow into its neighbour.
func arenaOne[T any](s *[]T, v T) []T {
	if len(*s) == cap(*s) {
		*s = make([]T, 0, slabSize)
	}
	*s = append(*s, v)
	n := len(*s)
	return (*s)[n-1 : n : n]
}

// parseCellMarkdown parses one cell's markdown into inlines with goldmark.
func parseCellMarkdown(src string, rep *Report) []Inline {
	b := []byte(src)
	doc := cellParser.Parse(text.NewReader(b))
	var out []Inline
	for p := doc.FirstChild(); p != nil; p = p.NextSibling() {
		if p != doc.FirstChild() {
			out = append(out, Inline{Kind: Break})
		}
		out = append(out, mdInlines(p, stringSource(b, src), rep)...)
	}
	return out
}

// inlineCell makes a cell of one paragraph, or an empty cell, with its block slice from a. It
// may reuse ins.
func (a *cellArena) inlineCell(ins []Inline) Cell {
	c := Cell{ColSpan: 1, RowSpan: 1}
	if len(ins) == 1 && ins[0].Kind == Text {
		// Most cells are one text: what normalizeInlines would make of it, in place.
		if s := strings.Trim(collapseSpace(ins[0].Text), " "); s != "" {
			ins[0].Text = s
			c.Blocks = a.block(Block{Kind: Paragraph, Inlines: ins})
		}
		return c
	}
	if p := normalizeInlinesIn(a, ins); len(p) > 0 {
		c.Blocks = a.block(Block{Kind: Paragraph, Inlines: p})
	}
	return c
}

// assemble makes a table of a header row and body rows of single cells, padding short rows.
func assemble(rows []Row, align []Align, rep *Report) *Table {
	width := 0
	for _, r := range rows {
		width = max(width, len(r.Cells))
	}
	for i := range rows {
		if n := width - len(rows[i].Cells); n > 0 {
			rep.add(RaggedRow, 1)
			for range n {
				rows[i].Cells = append(rows[i].Cells, Cell{ColSpan: 1, RowSpan: 1})
			}
		}
	}
	for i := range rows[0].Cells {
		rows[0].Cells[i].Header = true
	}
	t := &Table{Head: rows[:1], Highlight: -1, Align: align}
	if len(rows) > 1 {
		t.Body = rows[1:]
	}
	unwrapBoldHeaders(t, rep)
	inferRowHeaders(t, rep)
	return t
}

// plainCell reports whether markdown would read src as nothing but text: no emphasis, code,
// link, HTML, entity, escape, strike-through or autolink syntax, and one line.
func plainCell(src string) bool {
	return !strings.ContainsAny(src, "*_`[]<>&\\!~\n\r\t") && !strings.Contains(src, "://") && !strings.Contains(src, "www.")
}

// boldCell returns x when src is "**x**" and x is plain text (see plainCell) that starts and
// ends with a letter or digit: markdown reads that as strong emphasis of x and nothing else.
func boldCell(src string) (string, bool) {
	if len(src) <= 4 || !strings.HasPrefix(src, "**") || !strings.HasSuffix(src, "**") {
		return "", false
	}
	x := src[2 : len(src)-2]
	first, _ := utf8.DecodeRuneInString(x)
	last, _ := utf8.DecodeLastRuneInString(x)
	isWord := func(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	return x, plainCell(x) && isWord(first) && isWord(last)
}
