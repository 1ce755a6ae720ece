package review

import (
	"strings"

	"docsite/internal/align"
	"docsite/internal/diag"
	"docsite/internal/outline"
)

// tablePair checks aligned tables: shape, missing rows, then each aligned row's numbers,
// text and length, cell by cell.
func (c *checker) tablePair(sec *outline.Section, s, t *outline.Block, bp align.BlockPair) {
	sr, sc := s.Table.Shape()
	tr, tc := t.Table.Shape()
	if sr != tr || sc != tc {
		c.add(TableShape, sec, s.Line, t.Line, "table has %d rows × %d columns, the source %d × %d (header rows included)", tr, tc, sr, sc)
	}
	c.links(sec, s, t)
	kept := keptColumns(s.Table, t.Table, bp.Rows)
	for k, rp := range bp.Rows {
		switch {
		case rp.Target < 0:
			row := &s.Table.Rows[rp.Source]
			c.add(MissingRow, sec, row.Line, rowLineNear(bp.Rows[:k], t), "row %d is missing: %s", rp.Source+1, excerpt(rowText(row)))
		case rp.Source >= 0:
			c.rowPair(sec, &s.Table.Rows[rp.Source], &t.Table.Rows[rp.Target], kept)
		}
	}
}

// keptColumns marks the columns of a translated table whose body cells the translation
// left all as in the source, at least two of them, when it translated some other cell,
// of the head too: a column of names, types or values (library names, "list of strings")
// that the translator chose to keep. Nil when there is none.
func keptColumns(s, t *outline.Table, rows []align.RowPair) []bool {
	var kept []bool
	var body int
	translated := false
	for _, rp := range rows {
		if rp.Source < 0 || rp.Target < 0 {
			continue
		}
		sr, tr := &s.Rows[rp.Source], &t.Rows[rp.Target]
		if sr.Header {
			translated = translated || !sameCell(rowText(sr), rowText(tr))
			continue
		}
		if kept == nil {
			kept = make([]bool, min(len(sr.Cells), len(tr.Cells)))
			for i := range kept {
				kept[i] = true
			}
		}
		body++
		for i := range kept {
			if i >= len(sr.Cells) || i >= len(tr.Cells) || !sameCell(sr.Cells[i].Text, tr.Cells[i].Text) {
				kept[i] = false
				translated = true
			}
		}
	}
	if !translated || body < 2 {
		return nil
	}
	return kept
}

func sameCell(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}

// rowLineNear is where a row without a counterpart would be in table t: just after the
// last row before it that is paired (done are the pairs before it), on the line of the row
// that follows that one (past the head's delimiter row), else the table's first line.
func rowLineNear(done []align.RowPair, t *outline.Block) int {
	for k := len(done) - 1; k >= 0; k-- {
		if rp := done[k]; rp.Source >= 0 && rp.Target >= 0 {
			if next := rp.Target + 1; next < len(t.Table.Rows) {
				return t.Table.Rows[next].Line
			}
			return t.Table.Rows[rp.Target].Line + 1
		}
	}
	return t.Line
}

// rowPair checks aligned rows cell by cell. A body cell of a column the translation keeps
// whole (keptColumns) left as in the source is a warning, not an error.
func (c *checker) rowPair(sec *outline.Section, s, t *outline.Row, kept []bool) {
	c.rowNumbers(sec, s, t)
	for i := range min(len(s.Cells), len(t.Cells)) {
		sc, tc := &s.Cells[i], &t.Cells[i]
		if sc.Code || tc.Code {
			continue // an identifier or a value: kept as it is
		}
		c.srcCell = cellSegments(c.srcCell[:0], s.Line, sc.Text)
		c.tgtCell = cellSegments(c.tgtCell[:0], t.Line, tc.Text)
		n := len(c.findings)
		c.untranslated(sec, c.srcCell, c.tgtCell, sc.ByRune, tc.ByRune)
		if i < len(kept) && kept[i] && !s.Header {
			for k := n; k < len(c.findings); k++ {
				f := &c.findings[k]
				f.Severity = diag.Warning
				f.Message = "kept as in the source, as is every cell of its column (names or values?): " + strings.TrimPrefix(f.Message, sameText)
			}
		}
		c.ratios.add(c, sec, s.Line, t.Line, sc.Weight, tc.Weight)
	}
}

// cellSegments appends a segment of each line of a cell's text to out, all on the row's line.
func cellSegments(out []outline.Segment, line int, text string) []outline.Segment {
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return append(out, outline.Segment{Line: line, Text: text})
		}
		out = append(out, outline.Segment{Line: line, Text: text[:i]})
		text = text[i+1:]
	}
}

func rowText(r *outline.Row) string {
	var parts []string
	for _, c := range r.Cells {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, " | ")
}
