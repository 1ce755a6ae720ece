package outline

// This file is the one place that knows how tables arrive in the goldmark tree: as the table
// normaliser's nodes (internal/table), built from raw HTML, pipe rows and GFM tables, with the
// caption taken from the sentence that introduces the table. The caption's text counts as the
// table's, so it is compared across languages like any other text.

import (
	"strings"
	"unicode"

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
	c := b.newCollector(blk.Line) // modelRow leaves it alone
	caption := n.Table.CaptionText()
	if caption != "" {
		c.add(max(n.Report.CaptionLine, 1), caption)
		c.add(0, "\n")
	}
	blk.Table.Rows = make([]Row, 0, len(n.Table.Head)+len(n.Table.Body))
	// All rows' cells, in one allocation.
	cells := make([]Cell, countCells(n.Table.Head)+countCells(n.Table.Body))
	links := c.links                           // empty: modelRow appends the cells' links to it
	b.rowsByTable, b.rowsChanged = true, false // until a row says otherwise
	if !b.sectionsOnly {
		b.tableNums = appendNumbers(b.tableNums[:0], Fold(caption))
		b.rowEnds = append(b.rowEnds[:0], len(b.tableNums))
	}
	for i := range n.Table.Head {
		row := b.modelRow(&n.Table.Head[i], true, blk.Line, &links, cells)
		blk.Table.Rows, cells = append(blk.Table.Rows, row), cells[len(row.Cells):]
	}
	for i := range n.Table.Body {
		row := b.modelRow(&n.Table.Body[i], false, blk.Line, &links, cells)
		blk.Table.Rows, cells = append(blk.Table.Rows, row), cells[len(row.Cells):]
	}
	for _, r := range blk.Table.Rows {
		blk.EndLine = max(blk.EndLine, r.Line)
	}
	if !b.sectionsOnly {
		b.shareNumbers(blk.Table.Rows)
	}
	c.links = links
	tableSegments(&blk, c)
	b.finishBlock(&blk, c, caption)
	return blk
}

// shareNumbers keeps the numbers of the caption and of each row, gathered in turn in
// b.tableNums (each row's end in b.rowEnds), in one list: every row's numbers are its part of
// it, and the whole is the numbers of the table's text where that folds in pieces (tableSums).
func (b *builder) shareNumbers(rows []Row) {
	all := b.strs.keep(b.tableNums)
	for k := range rows {
		if from, to := b.rowEnds[k], b.rowEnds[k+1]; from < to {
			rows[k].Anchors.Numbers = all[from:to:to]
		}
		rows[k].Numbers = b.significant(rows[k].Anchors.Numbers)
	}
	b.tableNumbers = all
}

// tableSums is the weight and the numbers of a table's text from its caption's and rows':
// the text is the caption, then each row's cells, with white space between them, which no
// number spans and no weight counts; for text that folds rune by rune (FoldsByRune), folding
// it whole or in pieces is the same.
func (b *builder) tableSums(t *Table, caption string) (weight float64, nums []string) {
	weight = Weight(caption)
	for i := range t.Rows {
		weight += t.Rows[i].Weight
	}
	return weight, b.tableNumbers
}

func countCells(rows []table.Row) int {
	n := 0
	for i := range rows {
		n += len(rows[i].Cells)
	}
	return n
}

// modelRow outlines a row. Its text, for its anchors, is its cells' collapsed texts each
// followed by a line break, built once; the cells' texts are pieces of it. Its cells are the
// first of cells, which has room for them.
func (b *builder) modelRow(r *table.Row, head bool, line int, links *[]string, cells []Cell) Row {
	row := Row{Line: r.Line, Header: head}
	if row.Line == 0 {
		row.Line = line
	}
	row.Cells = cells[:len(r.Cells):len(r.Cells)]
	text, kept := b.text[:0], b.kept[:0]
	for i := range r.Cells {
		cell := &r.Cells[i]
		b.cell = appendBlocksText(b.cell[:0], cell.Blocks)
		start := len(text)
		text = appendCollapsed(text, b.cell)
		kept = append(kept, rawSegment{start: start, end: len(text)})
		text = append(text, '\n')
		*links = appendBlockLinks(*links, cell.Blocks)
	}
	all := string(text)
	b.text, b.kept = text, kept
	if b.sectionsOnly {
		for i := range r.Cells {
			row.Cells[i] = Cell{Text: all[kept[i].start:kept[i].end], Header: head || r.Cells[i].Header}
		}
		return row
	}
	byTable, changed := true, false // the row's text, cell by cell (line breaks fold to themselves)
	for i := range r.Cells {
		t := all[kept[i].start:kept[i].end]
		halves, cellByTable, cellChanged := scan(t)
		w := float64(halves) / 2
		byTable, changed = byTable && cellByTable, changed || cellChanged
		row.Cells[i] = Cell{Text: t, Header: head || r.Cells[i].Header, Weight: w, ByRune: cellByTable, Code: onlyCode(r.Cells[i].Blocks)}
		row.Weight += w
	}
	f := all
	switch {
	case !byTable:
		f, b.rowsByTable = Fold(all), false
	case changed:
		f, b.rowsChanged = foldTable(all, true), true
	}
	row.Anchors = Anchors{Codes: b.codes(f)} // its numbers are in b.tableNums (shareNumbers)
	row.Codes = b.rowCodes(r.Cells)
	b.tableNums = appendNumbers(b.tableNums, f)
	b.rowEnds = append(b.rowEnds, len(b.tableNums))
	return row
}

// appendBlocksText appends the plain text of a cell's blocks, as table.Cell.Text gives it:
// blocks and list items on lines of their own, line breaks as newlines, markup dropped.
func appendBlocksText(dst []byte, blocks []table.Block) []byte {
	for i := range blocks {
		bl := &blocks[i]
		if i > 0 {
			dst = append(dst, '\n')
		}
		if bl.Kind == table.Paragraph {
			dst = appendInlinesText(dst, bl.Inlines)
			continue
		}
		for j := range bl.Items {
			if j > 0 {
				dst = append(dst, '\n')
			}
			dst = appendBlocksText(dst, bl.Items[j].Blocks)
		}
	}
	return dst
}

// rowCodes is Row.Codes of cells.
func (b *builder) rowCodes(cells []table.Cell) string {
	k, spans := b.rowCode[:0], false
	for i := range cells {
		n := len(k)
		k = appendCodeSpans(k, cells[i].Blocks)
		spans = spans || len(k) > n
		k = append(k, 0x1E)
	}
	b.rowCode = k
	if !spans {
		return ""
	}
	return string(k)
}

// appendCodeSpans appends the text of every inline code span of blocks, each followed by
// 0x1F.
func appendCodeSpans(dst []byte, blocks []table.Block) []byte {
	for i := range blocks {
		dst = appendInlineCode(dst, blocks[i].Inlines)
		for j := range blocks[i].Items {
			dst = appendCodeSpans(dst, blocks[i].Items[j].Blocks)
		}
	}
	return dst
}

func appendInlineCode(dst []byte, ins []table.Inline) []byte {
	for i := range ins {
		if ins[i].Kind == table.Code {
			dst = append(append(dst, strings.TrimSpace(ins[i].Text)...), 0x1F)
		}
		dst = appendInlineCode(dst, ins[i].Children)
	}
	return dst
}

// onlyCode reports whether a cell's blocks are one paragraph of inline code, white space,
// line breaks and the punctuation that lists codes: `wifi`, `cell`, `unavailable`.
func onlyCode(blocks []table.Block) bool {
	if len(blocks) != 1 || blocks[0].Kind != table.Paragraph {
		return false
	}
	code := false
	for i := range blocks[0].Inlines {
		switch in := &blocks[0].Inlines[i]; in.Kind {
		case table.Code:
			code = true
		case table.Break:
		case table.Text:
			if strings.TrimFunc(in.Text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",;/|()[]、，", r) }) != "" {
				return false
			}
		default:
			return false
		}
	}
	return code
}

func appendInlinesText(dst []byte, ins []table.Inline) []byte {
	for i := range ins {
		switch in := &ins[i]; in.Kind {
		case table.Text, table.Code, table.Image: // an image counts as its alt text
			dst = append(dst, in.Text...)
		case table.Break:
			dst = append(dst, '\n')
		default:
			dst = appendInlinesText(dst, in.Children)
		}
	}
	return dst
}

// appendBlockLinks appends the link targets in a cell's blocks to dst.
func appendBlockLinks(dst []string, blocks []table.Block) []string {
	for i := range blocks {
		dst = appendInlineLinks(dst, blocks[i].Inlines)
		for j := range blocks[i].Items {
			dst = appendBlockLinks(dst, blocks[i].Items[j].Blocks)
		}
	}
	return dst
}

func appendInlineLinks(dst []string, ins []table.Inline) []string {
	for i := range ins {
		if ins[i].Kind == table.Link {
			dst = append(dst, ins[i].Href)
		}
		dst = appendInlineLinks(dst, ins[i].Children)
	}
	return dst
}

// significant is Anchors.Significant of numbers, a copy kept with the page's anchors when it
// leaves some out.
func (b *builder) significant(numbers []string) []string {
	b.found = b.found[:0]
	for _, n := range numbers {
		if len(n) > 1 {
			b.found = append(b.found, n)
		}
	}
	if len(b.found) == len(numbers) {
		return numbers // all of them: no copy
	}
	return b.strs.keep(b.found)
}
