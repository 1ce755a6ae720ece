package table

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// highlightClass marks the highlighted column's cells in rendered tables; the source pages say
// "stress-item" instead.
const highlightClass = "highlight"

var (
	alignClass = [...]string{AlignLeft: "align-left", AlignCenter: "align-center", AlignRight: "align-right"}
	alignName  = [...]string{AlignLeft: "left", AlignCenter: "center", AlignRight: "right"}
)

// highlightColumn returns the grid column of the first highlighted cell, header rows first.
func highlightColumn(t *Table, head, body [][]cellMeta, rep *Report) int {
	for _, part := range []struct {
		rows []Row
		meta [][]cellMeta
	}{{t.Head, head}, {t.Body, body}} {
		for i, row := range part.meta {
			for j, m := range row {
				if m.highlight == 0 {
					continue
				}
				if m.highlight == 2 {
					rep.add(HighlightClass, 1)
				}
				starts, _ := layout(part.rows)
				return starts[i][j]
			}
		}
	}
	return -1
}

// alignments returns the alignment of each grid column, read from the first row that has cells.
func alignments(t *Table, head, body [][]cellMeta) []Align {
	rows, meta := t.Head, head
	if len(rows) == 0 {
		rows, meta = t.Body, body
	}
	if len(rows) == 0 || !slices.ContainsFunc(meta[0], func(m cellMeta) bool { return m.align != AlignNone }) {
		return nil
	}
	starts, width := layout(rows[:1])
	aligns := make([]Align, width)
	found := false
	for j, m := range meta[0] {
		if m.align != AlignNone {
			aligns[starts[0][j]] = m.align
			found = true
		}
	}
	if !found {
		return nil
	}
	return aligns
}

// unwrapBoldHeaders removes bold that wraps a whole column header: a header is bold already.
func unwrapBoldHeaders(t *Table, rep *Report) {
	var starts [][]int // laid out when a header is unwrapped: most tables have none
	for i := range t.Head {
		for j := range t.Head[i].Cells {
			c := &t.Head[i].Cells[j]
			if len(c.Blocks) != 1 || c.Blocks[0].Kind != Paragraph {
				continue
			}
			ins := c.Blocks[0].Inlines
			if len(ins) != 1 || ins[0].Kind != Strong {
				continue
			}
			for len(ins) == 1 && ins[0].Kind == Strong {
				ins = ins[0].Children
			}
			c.Blocks[0].Inlines = ins
			if starts == nil {
				starts, _ = layout(t.Head)
			}
			if starts[i][j] != t.Highlight {
				rep.add(BoldHeader, 1)
			}
		}
	}
}

// inferRowHeaders makes the first column row headers when the source marks none and each of two
// or more body rows starts with a distinct one-line label in the first grid column (with at least one letter: numbers
// are data) in a table of two or more columns whose first column is not the highlighted one.
func inferRowHeaders(t *Table, rep *Report) {
	if len(t.Body) < 2 || t.Highlight == 0 || !wide(t) {
		return
	}
	var room [16]string
	seen := room[:0] // few rows: a slice beats a map
	var starts [][]int
	if hasRowSpan(t.Body) { // else every row's first cell is in the first column
		starts, _ = layout(t.Body)
	}
	for i, r := range t.Body {
		if len(r.Cells) == 0 || starts != nil && starts[i][0] != 0 || r.Cells[0].RowSpan != 1 {
			return
		}
		for _, c := range r.Cells {
			if c.Header {
				return
			}
		}
		if len(r.Cells) == 0 {
			return
		}
		text := r.Cells[0].Text()
		if !isLabel(r.Cells[0], text) || slices.Contains(seen, text) {
			return
		}
		seen = append(seen, text)
	}
	for i := range t.Body {
		t.Body[i].Cells[0].Header = true
	}
	rep.add(RowHeaders, 1)
}

// hasRowSpan reports whether a cell of rows spans more than one row.
func hasRowSpan(rows []Row) bool {
	for _, r := range rows {
		for _, c := range r.Cells {
			if c.RowSpan > 1 {
				return true
			}
		}
	}
	return false
}

// wide reports whether t.Columns() >= 2, without laying out the table when a row shows it.
func wide(t *Table) bool {
	for _, rows := range [2][]Row{t.Head, t.Body} {
		for _, r := range rows {
			if len(r.Cells) >= 2 || len(r.Cells) == 1 && r.Cells[0].ColSpan >= 2 {
				return true
			}
		}
	}
	return t.Columns() >= 2
}

// isLabel reports whether c is a single line of text, short enough to name a row.
// text is c.Text().
func isLabel(c Cell, text string) bool {
	if len(c.Blocks) != 1 || c.Blocks[0].Kind != Paragraph || c.ColSpan != 1 {
		return false
	}
	return strings.IndexFunc(text, unicode.IsLetter) >= 0 && utf8.RuneCountInString(text) <= 60 &&
		!containsBreak(c.Blocks[0].Inlines)
}

func containsBreak(ins []Inline) bool {
	for _, in := range ins {
		if in.Kind == Break || containsBreak(in.Children) {
			return true
		}
	}
	return false
}
