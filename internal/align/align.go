// Package align pairs a translation's sections, blocks and table rows with its source's.
//
// Pairs are found by sequence alignment over structure (heading level, block kind, table
// shape) and language-independent anchors (numbers, product codes, links, image sources).
// Each level is a Needleman–Wunsch alignment that maximises the summed similarity of the
// pairs it keeps, so an inserted or missing item costs nothing but its own pair; sections are
// aligned first, then the blocks of each section pair, then the rows of each table pair (rows
// whose inline code no other row of either table has are paired by it first). Items
// left over on both sides are then paired across the sequence when they are clearly the same
// (a moved block). Every pair carries its similarity as a confidence in [0,1].
package align

import (
	"cmp"
	"iter"
	"slices"

	"docsite/internal/outline"
)

// Page is the alignment of a translation (Target) against its source.
type Page struct {
	Source, Target *outline.Page
	// Sections lists every section of both pages once: pairs in source order, with target-only
	// sections placed where they occur in the target.
	Sections []SectionPair
}

// SectionPair pairs a source section with its translation; an index is -1 when that side has none.
type SectionPair struct {
	Source, Target int
	Confidence     float64
	Moved          bool // paired across the order of the other sections
	Blocks         []BlockPair
}

// BlockPair pairs blocks of a section pair; an index is -1 when that side has none.
type BlockPair struct {
	Source, Target int
	Confidence     float64
	Moved          bool
	Rows           []RowPair // when both blocks are tables
}

// RowPair pairs table rows; an index is -1 when that side has none.
type RowPair struct {
	Source, Target int
	Confidence     float64
}

// Align aligns target against source.
func Align(source, target *outline.Page) *Page {
	return Prepare(source).Align(target)
}

// Source is a source page prepared to align its translations against: what the similarity
// of its sections, blocks and rows is computed from is read once, however many translations
// are aligned. A Source is not safe for concurrent use.
type Source struct {
	page     *outline.Page
	sections []bag        // per section
	blocks   [][]features // per section, once a pair needs them
	rows     map[*outline.Table][]features
	tables   tables      // for every sequence alignment, one after the other
	room     featureRoom // for the translation's features, likewise
	ids      *anchorIDs  // of the anchors of the source and its translations
	unpaired []bool      // per section, whether it stays unpaired in the next alignments
}

// Unpaired keeps the source sections marked in skip (indexed like the page's sections; nil
// for none) out of the alignments that follow: sections the translation cannot have, such
// as those added to the source after the revision it was made from.
func (src *Source) Unpaired(skip []bool) { src.unpaired = skip }

// Prepare prepares source for aligning translations against it.
func Prepare(source *outline.Page) *Source {
	ids := newAnchorIDs()
	return &Source{page: source, sections: sectionBags(source.Sections, nil, ids), blocks: make([][]features, len(source.Sections)), ids: ids}
}

// Align aligns target against the prepared source.
func (src *Source) Align(target *outline.Page) *Page { return src.align(target, true) }

// AlignSections is Align without the blocks and rows of the section pairs: what sharing
// the sections' IDs needs (outline.ShareIDs). Its section pairs are Align's.
func (src *Source) AlignSections(target *outline.Page) *Page { return src.align(target, false) }

func (src *Source) align(target *outline.Page, blocks bool) *Page {
	source := src.page
	a := &Page{Source: source, Target: target}
	pairs := src.tables.sequence(len(source.Sections), len(target.Sections), sectionSim(src, target))
	a.Sections = make([]SectionPair, 0, len(pairs))
	for _, p := range pairs {
		sp := SectionPair{Source: p.i, Target: p.j, Confidence: p.sim, Moved: p.moved}
		if blocks && p.i >= 0 && p.j >= 0 {
			sp.Blocks = src.AlignBlocks(p.i, target.Sections[p.j].Blocks)
		}
		a.Sections = append(a.Sections, sp)
	}
	return a
}

// blockFeatures returns the features of the blocks of source section i.
func (src *Source) blockFeatures(i int) []features {
	if src.blocks[i] == nil {
		src.blocks[i] = blockFeatures(src.page.Sections[i].Blocks, nil, src.ids)
	}
	return src.blocks[i]
}

// rowFeatures returns the features of the rows of a source table.
func (src *Source) rowFeatures(t *outline.Table) []features {
	f, ok := src.rows[t]
	if !ok {
		if src.rows == nil {
			src.rows = map[*outline.Table][]features{}
		}
		f = rowFeatures(t.Rows, nil, src.ids)
		src.rows[t] = f
	}
	return f
}

// AlignBlocks aligns the blocks of source section i with tgt: those of the target section
// the section alignment paired with it, or of one it did not.
func (src *Source) AlignBlocks(i int, tgt []outline.Block) []BlockPair {
	sb := src.page.Sections[i].Blocks
	sim := blockSim(sb, tgt, src.blockFeatures(i), blockFeatures(tgt, &src.room, src.ids))
	pairs := src.tables.sequence(len(sb), len(tgt), sim)
	out := make([]BlockPair, 0, len(pairs))
	for _, p := range pairs {
		bp := BlockPair{Source: p.i, Target: p.j, Confidence: p.sim, Moved: p.moved}
		if p.i >= 0 && p.j >= 0 && sb[p.i].Table != nil && tgt[p.j].Table != nil {
			bp.Rows = src.alignRows(sb[p.i].Table.Rows, tgt[p.j].Table.Rows, src.rowFeatures(sb[p.i].Table))
		}
		out = append(out, bp)
	}
	return out
}

// alignRows pairs a table's rows: first those whose inline code (outline.Row.Codes) no
// other row of either table has, in the order of both tables; then the rows between two
// such pairs by similarity, as any sequence. A long table with rows added or removed on one
// side is thus not thrown off by the rows around them, whose prose may read alike.
func (s *Source) alignRows(src, tgt []outline.Row, sf []features) []RowPair {
	sim := rowSim(src, tgt, sf, rowFeatures(tgt, &s.room, s.ids))
	fixed, moved := codePairs(src, tgt)
	if len(fixed)+len(moved) == 0 {
		pairs := s.tables.sequence(len(src), len(tgt), sim)
		out := make([]RowPair, 0, len(pairs))
		for _, p := range pairs {
			out = append(out, RowPair{Source: p.i, Target: p.j, Confidence: p.sim})
		}
		return out
	}
	out := make([]RowPair, 0, len(src)+len(tgt))
	i, j := 0, 0 // the first rows of the stretch before the next fixed pair
	for k := 0; k <= len(fixed); k++ {
		ni, nj := len(src), len(tgt)
		if k < len(fixed) {
			ni, nj = fixed[k].i, fixed[k].j
		}
		out = s.alignStretch(out, i, ni, j, nj, moved, sim)
		if k < len(fixed) {
			out = append(out, RowPair{Source: ni, Target: nj, Confidence: sim(ni, nj).total()})
		}
		i, j = ni+1, nj+1
	}
	return placeMoved(out, moved, sim)
}

// alignStretch appends the pairs of source rows i0..i1-1 and target rows j0..j1-1, those of
// moved left out.
func (s *Source) alignStretch(out []RowPair, i0, i1, j0, j1 int, moved []pair, sim func(i, j int) score) []RowPair {
	si, tj := stretch(i0, i1, moved, func(p pair) int { return p.i }), stretch(j0, j1, moved, func(p pair) int { return p.j })
	for _, p := range s.tables.sequence(len(si), len(tj), func(a, b int) score { return sim(si[a], tj[b]) }) {
		rp := RowPair{Source: -1, Target: -1, Confidence: p.sim}
		if p.i >= 0 {
			rp.Source = si[p.i]
		}
		if p.j >= 0 {
			rp.Target = tj[p.j]
		}
		out = append(out, rp)
	}
	return out
}

// stretch lists from..to-1 but the indexes of moved (read by at).
func stretch(from, to int, moved []pair, at func(pair) int) []int {
	out := make([]int, 0, max(to-from, 0))
	for x := from; x < to; x++ {
		if !slices.ContainsFunc(moved, func(p pair) bool { return at(p) == x }) {
			out = append(out, x)
		}
	}
	return out
}

// placeMoved inserts the moved pairs into out at their source row's place.
func placeMoved(out []RowPair, moved []pair, sim func(i, j int) score) []RowPair {
	for _, m := range moved {
		at := len(out)
		for k, rp := range out {
			if rp.Source > m.i {
				at = k
				break
			}
		}
		// Target-only rows just before that place stay before the source rows after it.
		out = slices.Insert(out, at, RowPair{Source: m.i, Target: m.j, Confidence: sim(m.i, m.j).total()})
	}
	return out
}

// codePairs pairs the rows of two tables whose Codes are the same and found in no other
// row of either table, header rows with header rows: fixed are the longest run of them in
// the order of both tables, moved the others.
func codePairs(src, tgt []outline.Row) (fixed, moved []pair) {
	count := func(rows []outline.Row) map[string]int {
		n := map[string]int{}
		for _, r := range rows {
			if r.Codes != "" {
				n[r.Codes]++
			}
		}
		return n
	}
	if !slices.ContainsFunc(src, hasCodes) || !slices.ContainsFunc(tgt, hasCodes) {
		return nil, nil
	}
	ns, nt := count(src), count(tgt)
	at := map[string]int{}
	for j, r := range tgt {
		if nt[r.Codes] == 1 && ns[r.Codes] == 1 {
			at[r.Codes] = j
		}
	}
	var cands []pair
	for i, r := range src {
		if j, ok := at[r.Codes]; ok && r.Header == tgt[j].Header {
			cands = append(cands, pair{i: i, j: j})
		}
	}
	keep := increasing(cands)
	for k, c := range cands {
		if keep[k] {
			fixed = append(fixed, c)
		} else {
			c.moved = true
			moved = append(moved, c)
		}
	}
	return fixed, moved
}

func hasCodes(r outline.Row) bool { return r.Codes != "" }

// increasing marks a longest run of ps (in order of i) whose j increase too; ties keep the
// earliest, so the result depends on nothing but the input.
func increasing(ps []pair) []bool {
	// Patience sorting: tails[l] is the index in ps of the smallest j ending a run of l+1.
	tails, prev := []int{}, make([]int, len(ps))
	for k, p := range ps {
		l, _ := slices.BinarySearchFunc(tails, p.j, func(t, j int) int { return cmp.Compare(ps[t].j, j) })
		if l > 0 {
			prev[k] = tails[l-1]
		} else {
			prev[k] = -1
		}
		if l == len(tails) {
			tails = append(tails, k)
		} else {
			tails[l] = k
		}
	}
	keep := make([]bool, len(ps))
	if len(tails) > 0 {
		for k := tails[len(tails)-1]; k >= 0; k = prev[k] {
			keep[k] = true
		}
	}
	return keep
}

// TargetSections yields, in the order of Sections, the index of every target section and
// that of the source section it is paired with, -1 for none: what outline.ShareIDs gives a
// translation its source's anchors by.
func (a *Page) TargetSections() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for _, p := range a.Sections {
			if p.Target >= 0 && !yield(p.Target, p.Source) {
				return
			}
		}
	}
}
