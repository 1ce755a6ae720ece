package review

import (
	"slices"
	"sync"

	"docsite/internal/align"
	"docsite/internal/config"
	"docsite/internal/outline"
)

// A grid lays a page out for the HTML review: one column per language (source first), one
// row per source section heading and block, with a translation's extra sections and blocks
// on rows of their own after the item they follow.
type grid struct {
	Rows  []gridRow
	Other []Finding   // findings no cell holds (missing pages)
	slab  []gridCell  // where rows take their cells from
	room  []gridCell  // the slab it starts with, kept from page to page (grids)
	pairs []pairIndex // per translation
}

// grids keeps grids, and the room their rows and cells took, from one page to the next.
var grids = sync.Pool{New: func() any { return new(grid) }}

// release gives g back to grids, dropping what it holds of its page; g is not used after.
func (g *grid) release() {
	clear(g.Rows[:cap(g.Rows)])
	clear(g.room[:cap(g.room)])
	for k := range g.pairs {
		g.pairs[k].locale, g.pairs[k].a, g.pairs[k].src = "", nil, nil
	}
	*g = grid{Rows: g.Rows[:0], room: g.room[:0], pairs: g.pairs[:0]}
	grids.Put(g)
}

// cells starts a row's cells with first, with room for one cell per translation of p.
func (g *grid) cells(p *pageDetail, first gridCell) []gridCell {
	n := 1 + len(p.Translations)
	if len(g.slab)+n > cap(g.slab) {
		g.slab = make([]gridCell, 0, 16*n)
	}
	k := len(g.slab)
	g.slab = g.slab[:k+n]
	row := g.slab[k : k+1 : k+n]
	row[0] = first
	return row
}

type gridRow struct {
	Section bool // a heading row
	Cells   []gridCell
	Cols    int // columns of the widest row, table rows
}

type gridCell struct {
	Lang     string
	Present  bool // the language has this item
	Line     int
	Kind     string
	Title    string // heading text, section rows; a table's caption
	titleMax int    // runes of Title shown, 0 for all
	Text     string // block rows; shown cut to textMax runes
	textMax  int
	table    bool         // a table's block row: its shape is shown instead of Text
	rows     int          // the table's shape
	cols     int          //
	row      *outline.Row // table rows: the row whose cells are shown
	Findings []Finding
	Stale    bool
	match    float64 // the pair's confidence, when hasMatch: translation cells that have a counterpart
	hasMatch bool
	srcFrom  int // source lines the cell covers, 0 when none
	srcTo    int
	tgtFrom  int // target lines, translation cells only
	tgtTo    int
	locale   string

	translate bool
}

// buildGrid lays out page p; findings are the report's findings for p.
func buildGrid(p *pageDetail, langs []config.Lang, findings []Finding) *grid {
	src := p.Source.Outline
	rows := sourceRows(src) + 8 // a few for the translations' extra items
	g := grids.Get().(*grid)
	if cap(g.Rows) < rows {
		g.Rows = make([]gridRow, 0, rows)
	}
	if n := rows * (1 + len(p.Translations)); cap(g.room) < n {
		g.room = make([]gridCell, 0, n)
	}
	g.slab = g.room[:0]
	for _, tr := range p.Translations {
		g.pairs = slices.Grow(g.pairs, 1)[:len(g.pairs)+1]
		g.pairs[len(g.pairs)-1].reset(tr.Locale, tr.Align, src)
	}
	for i, s := range src.Sections {
		g.sectionRows(p, langs, i, s)
		for k := range p.Translations {
			g.extraSections(p, langs, k, i)
		}
	}
	for _, f := range findings {
		g.place(f)
	}
	return g
}

// sourceRows counts the rows the source's sections, blocks and table rows take.
func sourceRows(src *outline.Page) int {
	n := 0
	for _, s := range src.Sections {
		n += 1 + len(s.Blocks)
		for i := range s.Blocks {
			if t := s.Blocks[i].Table; t != nil {
				n += len(t.Rows)
			}
		}
	}
	return n
}

// tagOf is the BCP 47 tag of language code, for lang attributes; code itself when the
// language has none.
func tagOf(langs []config.Lang, code string) string {
	for _, l := range langs {
		if l.Code == code && l.BCP47 != "" {
			return l.BCP47
		}
	}
	return code
}

// sectionRows adds the heading row and block rows of source section i.
func (g *grid) sectionRows(p *pageDetail, langs []config.Lang, i int, s *outline.Section) {
	head := gridRow{Section: true, Cells: g.cells(p, sectionCell(tagOf(langs, p.Source.Locale), s, true))}
	for k, tr := range p.Translations {
		c := gridCell{Lang: tagOf(langs, tr.Locale), locale: tr.Locale, translate: true, srcFrom: s.Line, srcTo: s.Line}
		if sp := g.pairs[k].sectionPair(i); sp != nil && sp.Target >= 0 {
			t := tr.Align.Target.Sections[sp.Target]
			c = sectionCell(c.Lang, t, false)
			c.locale, c.translate, c.srcFrom, c.srcTo = tr.Locale, true, s.Line, s.Line
			c.tgtFrom, c.tgtTo = t.Line, t.Line
			c.Stale = contains(tr.Stale, s.ID)
			c.setMatch(sp.Confidence)
		}
		head.Cells = append(head.Cells, c)
	}
	g.Rows = append(g.Rows, head)
	for b := range s.Blocks {
		g.blockRow(p, langs, i, b)
		for k := range p.Translations {
			g.extraBlocks(p, langs, k, i, b)
		}
	}
}

func sectionCell(lang string, s *outline.Section, source bool) gridCell {
	title := s.Title
	if s.Level == 0 {
		title = "(introduction)"
	}
	c := gridCell{Lang: lang, Present: true, Line: s.Line, Title: title, Kind: "section"}
	if source {
		c.srcFrom, c.srcTo = s.Line, s.Line
	}
	return c
}

// Runes shown of a block's text, a table's caption and a table cell's text.
const (
	blockTextMax = 400
	captionMax   = 200
	rowCellMax   = 200
)

func blockCell(lang string, b *outline.Block) gridCell {
	c := gridCell{Lang: lang, Present: true, Line: b.Line, Kind: b.Kind.String(), Text: b.Text(), textMax: blockTextMax}
	if b.Table != nil {
		c.table = true
		c.rows, c.cols = b.Table.Shape()
		if len(b.Segments) > 0 && len(b.Table.Rows) > 0 && b.Segments[0].Line < b.Table.Rows[0].Line {
			c.Title, c.titleMax = b.Segments[0].Text, captionMax // the caption
		}
	}
	return c
}

func rowCell(lang string, r *outline.Row) gridCell {
	return gridCell{Lang: lang, Present: true, Line: r.Line, Kind: "row", row: r}
}

func (c *gridCell) setMatch(confidence float64) { c.match, c.hasMatch = confidence, true }

// blockRow adds the row of source block b of section i.
func (g *grid) blockRow(p *pageDetail, langs []config.Lang, i, b int) {
	sb := &p.Source.Outline.Sections[i].Blocks[b]
	from, to := sb.Line, sb.EndLine
	if sb.Table != nil {
		to = from // the rows have rows of their own
	}
	src := blockCell(tagOf(langs, p.Source.Locale), sb)
	row := gridRow{Cells: g.cells(p, src)}
	for k, tr := range p.Translations {
		c := gridCell{Lang: tagOf(langs, tr.Locale), Kind: sb.Kind.String()}
		if tb := g.pairs[k].targetBlock(i, b); tb != nil {
			c = blockCell(c.Lang, tb)
			c.setMatch(g.pairs[k].blockPair(i, b).Confidence)
			c.tgtFrom, c.tgtTo = tb.Line, tb.EndLine
			if tb.Table != nil {
				c.tgtTo = tb.Line
			}
		}
		c.locale, c.translate, c.srcFrom, c.srcTo = tr.Locale, true, from, to
		row.Cells = append(row.Cells, c)
	}
	g.Rows = append(g.Rows, row)
	if sb.Table != nil {
		g.tableRows(p, langs, i, b)
	}
}

// tableRows adds a row per row of source table b of section i, each translation's paired row
// beside it, and the translations' extra rows after the row they follow.
func (g *grid) tableRows(p *pageDetail, langs []config.Lang, i, b int) {
	st := p.Source.Outline.Sections[i].Blocks[b].Table
	_, cols := st.Shape()
	finders := make([]rowFinder, len(p.Translations))
	for k := range p.Translations {
		finders[k] = newRowFinder(&g.pairs[k], i, b)
	}
	for r := range st.Rows {
		row := gridRow{Cols: cols, Cells: g.cells(p, rowCell(tagOf(langs, p.Source.Locale), &st.Rows[r]))}
		for k, tr := range p.Translations {
			c := gridCell{Lang: tagOf(langs, tr.Locale), Kind: "row"}
			if rp, conf := finders[k].target(r); rp != nil {
				c = rowCell(c.Lang, rp)
				c.tgtFrom, c.tgtTo = rp.Line, rp.Line
				c.setMatch(conf)
			}
			c.locale, c.translate, c.srcFrom, c.srcTo = tr.Locale, true, st.Rows[r].Line, st.Rows[r].Line
			row.Cells = append(row.Cells, c)
		}
		g.Rows = append(g.Rows, row)
	}
}

// rowFinder finds a translation's rows paired with the rows of a source table. Alignment
// lists every source row once, in order, and rows are asked for in that order, so each
// search starts where the last one ended: a table costs a pass over its pairs, not one per
// row.
type rowFinder struct {
	table *outline.Table // the paired table of the translation; nil when there is none
	pairs []align.RowPair
	next  int
}

// newRowFinder finds rows paired with those of source table b of section i in x's alignment.
func newRowFinder(x *pairIndex, i, b int) rowFinder {
	bp, tb := x.blockPair(i, b), x.targetBlock(i, b)
	if bp == nil || tb == nil || tb.Table == nil {
		return rowFinder{}
	}
	return rowFinder{table: tb.Table, pairs: bp.Rows}
}

// target is the translation's row paired with source row r, or nil.
func (f *rowFinder) target(r int) (*outline.Row, float64) {
	for n := range len(f.pairs) {
		k := (f.next + n) % len(f.pairs)
		if rp := f.pairs[k]; rp.Source == r {
			f.next = k + 1
			if rp.Target < 0 {
				return nil, 0
			}
			return &f.table.Rows[rp.Target], rp.Confidence
		}
	}
	return nil, 0
}

// extraSections adds, for translation k, the target-only sections that follow source section i.
func (g *grid) extraSections(p *pageDetail, langs []config.Lang, k, i int) {
	tr := p.Translations[k]
	for _, sp := range g.pairs[k].extraSections(i) {
		t := tr.Align.Target.Sections[sp.Target]
		c := sectionCell(tagOf(langs, tr.Locale), t, false)
		c.locale, c.translate, c.tgtFrom, c.tgtTo = tr.Locale, true, t.Line, t.Line
		g.Rows = append(g.Rows, g.lonely(p, langs, k, c, true))
		for b := range t.Blocks {
			bc := blockCell(c.Lang, &t.Blocks[b])
			bc.locale, bc.translate, bc.tgtFrom, bc.tgtTo = tr.Locale, true, t.Blocks[b].Line, t.Blocks[b].EndLine
			g.Rows = append(g.Rows, g.lonely(p, langs, k, bc, false))
		}
	}
}

// extraBlocks adds, for translation k, the target-only blocks that follow block b of section i.
func (g *grid) extraBlocks(p *pageDetail, langs []config.Lang, k, i, b int) {
	tr := p.Translations[k]
	extra := g.pairs[k].extraBlocks(i, b)
	if len(extra) == 0 {
		return
	}
	t := tr.Align.Target.Sections[g.pairs[k].sectionPair(i).Target]
	for _, bp := range extra {
		tb := &t.Blocks[bp.Target]
		c := blockCell(tagOf(langs, tr.Locale), tb)
		c.locale, c.translate, c.tgtFrom, c.tgtTo = tr.Locale, true, tb.Line, tb.EndLine
		g.Rows = append(g.Rows, g.lonely(p, langs, k, c, false))
	}
}

// lonely is a row where only translation k has something.
func (g *grid) lonely(p *pageDetail, langs []config.Lang, k int, c gridCell, section bool) gridRow {
	row := gridRow{Section: section, Cells: g.cells(p, gridCell{Lang: tagOf(langs, p.Source.Locale)})}
	for j, tr := range p.Translations {
		if j == k {
			row.Cells = append(row.Cells, c)
			continue
		}
		row.Cells = append(row.Cells, gridCell{Lang: tagOf(langs, tr.Locale)})
	}
	return row
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sectionLevel lists the checks about whole sections; they go on heading rows.
func sectionLevel(check string) bool {
	return check == MissingSection || check == ExtraSection || check == Stale
}

// place puts a finding in the first cell of its language that covers its lines, preferring
// heading rows for section checks and block rows otherwise. Only a translation's column
// (1+k for translation k) holds cells of its language.
func (g *grid) place(f Finding) {
	for _, pass := range [2]bool{sectionLevel(f.Check), !sectionLevel(f.Check)} {
		for r := range g.Rows {
			if g.Rows[r].Section != pass {
				continue
			}
			for k := range g.pairs {
				if g.pairs[k].locale != f.Locale {
					continue
				}
				if cell := &g.Rows[r].Cells[1+k]; cell.covers(f) {
					cell.Findings = append(cell.Findings, f)
					return
				}
			}
		}
	}
	g.Other = append(g.Other, f)
}

func (c *gridCell) covers(f Finding) bool {
	if !c.translate || c.locale != f.Locale {
		return false
	}
	if c.tgtFrom > 0 && (f.Target.Line < c.tgtFrom || f.Target.Line > c.tgtTo) {
		return false
	}
	if c.srcFrom > 0 && (f.Source.Line < c.srcFrom || f.Source.Line > c.srcTo) {
		return false
	}
	return c.tgtFrom > 0 || c.srcFrom > 0
}

// has reports whether a finding of severity sev ("error", "warning") is in the cell.
func (c *gridCell) has(sev string) bool {
	for _, f := range c.Findings {
		if f.Severity.String() == sev {
			return true
		}
	}
	return false
}
