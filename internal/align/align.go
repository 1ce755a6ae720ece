// Package align pairs a translation's sections, blocks and table rows with its source's.
//
// Pairs are found by sequence alignment over structure (heading level, block kind, table
// shape) and language-independent anchors (numbers, product codes, links, image sources).
// Each level is a Needleman–Wunsch alignment that maximises the summed similarity of the
// pairs it keeps, so an inserted or missing item costs nothing but its own pair; sections are
// aligned first, then the blocks of each section pair, then the rows of each table pair. Items
// left over on both sides are then paired across the sequence when they are clearly the same
// (a moved block). Every pair carries its similarity as a confidence in [0,1].
package align

import (
	"strconv"

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
	a := &Page{Source: source, Target: target}
	pairs := sequence(len(source.Sections), len(target.Sections), sectionSim(source, target))
	for _, p := range pairs {
		sp := SectionPair{Source: p.i, Target: p.j, Confidence: p.sim, Moved: p.moved}
		if p.i >= 0 && p.j >= 0 {
			sp.Blocks = alignBlocks(source.Sections[p.i].Blocks, target.Sections[p.j].Blocks)
		}
		a.Sections = append(a.Sections, sp)
	}
	return a
}

func alignBlocks(src, tgt []outline.Block) []BlockPair {
	var out []BlockPair
	for _, p := range sequence(len(src), len(tgt), blockSim(src, tgt)) {
		bp := BlockPair{Source: p.i, Target: p.j, Confidence: p.sim, Moved: p.moved}
		if p.i >= 0 && p.j >= 0 && src[p.i].Table != nil && tgt[p.j].Table != nil {
			bp.Rows = alignRows(src[p.i].Table.Rows, tgt[p.j].Table.Rows)
		}
		out = append(out, bp)
	}
	return out
}

func alignRows(src, tgt []outline.Row) []RowPair {
	var out []RowPair
	for _, p := range sequence(len(src), len(tgt), rowSim(src, tgt)) {
		out = append(out, RowPair{Source: p.i, Target: p.j, Confidence: p.sim})
	}
	return out
}

// ShareIDs gives every paired target section its source section's ID and every unpaired one
// its own slug, made unique against the source IDs, then writes the IDs as the id attributes
// of both pages' headings (outline.SetIDs).
func ShareIDs(a *Page) {
	used := map[string]bool{"": true}
	for _, s := range a.Source.Sections {
		used[s.ID] = true
	}
	for _, p := range a.Sections {
		switch {
		case p.Target < 0:
		case p.Source >= 0:
			a.Target.Sections[p.Target].ID = a.Source.Sections[p.Source].ID
		default:
			t := a.Target.Sections[p.Target]
			t.ID = uniqueID(t.Slug, used)
		}
	}
	outline.SetIDs(a.Source)
	outline.SetIDs(a.Target)
}

func uniqueID(base string, used map[string]bool) string {
	if base == "" {
		return ""
	}
	id := base
	for n := 2; used[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	used[id] = true
	return id
}
