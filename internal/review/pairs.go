package review

import (
	"slices"

	"docsite/internal/align"
	"docsite/internal/outline"
)

// pairIndex finds a translation's section and block pairs by source index without a search:
// the grid asks for every source section and block, and for the target-only items after
// each, which searches would make quadratic in a page's sections and a section's blocks.
// An alignment lists each source section once, and each source block once in its section's
// pair, so an index by source is exact.
type pairIndex struct {
	locale   string      // the translation's
	a        *align.Page // nil: the translation has no alignment
	src      *outline.Page
	sections []int // per source section, its pair's index in a.Sections; -1 for none
	section  int   // the source section blocks is of; -1 for none yet
	blocks   []int // per source block of that section, its pair's index in the pair's Blocks
}

// reset indexes a, the alignment of locale's translation against src (nil for none),
// reusing x's room.
func (x *pairIndex) reset(locale string, a *align.Page, src *outline.Page) {
	x.locale, x.a, x.src, x.section = locale, a, src, -1
	x.sections = unpaired(x.sections, len(src.Sections))
	if a == nil {
		return
	}
	for k := range a.Sections {
		if s := a.Sections[k].Source; s >= 0 && s < len(x.sections) && x.sections[s] < 0 {
			x.sections[s] = k
		}
	}
}

// unpaired returns n times -1, in s's room when it has it.
func unpaired(s []int, n int) []int {
	s = slices.Grow(s[:0], n)[:n]
	for i := range s {
		s[i] = -1
	}
	return s
}

// sectionPair is the pair of source section i, or nil.
func (x *pairIndex) sectionPair(i int) *align.SectionPair {
	if x.a == nil || x.sections[i] < 0 {
		return nil
	}
	return &x.a.Sections[x.sections[i]]
}

// blockPair is the pair of source block b of section i, or nil.
func (x *pairIndex) blockPair(i, b int) *align.BlockPair {
	sp := x.sectionPair(i)
	if sp == nil {
		return nil
	}
	if x.section != i {
		x.section = i
		x.blocks = unpaired(x.blocks, len(x.src.Sections[i].Blocks))
		for k := range sp.Blocks {
			if s := sp.Blocks[k].Source; s >= 0 && s < len(x.blocks) && x.blocks[s] < 0 {
				x.blocks[s] = k
			}
		}
	}
	if x.blocks[b] < 0 {
		return nil
	}
	return &sp.Blocks[x.blocks[b]]
}

// targetBlock is the translation's block paired with source block b of section i, or nil.
func (x *pairIndex) targetBlock(i, b int) *outline.Block {
	bp := x.blockPair(i, b)
	if bp == nil || bp.Target < 0 {
		return nil
	}
	return &x.a.Target.Sections[x.sectionPair(i).Target].Blocks[bp.Target]
}

// extraSections are the target-only section pairs that follow source section i's pair:
// those between it and the next pair with a source.
func (x *pairIndex) extraSections(i int) []align.SectionPair {
	if x.a == nil {
		return nil
	}
	return following(x.a.Sections, x.sections[i], func(sp *align.SectionPair) int { return sp.Source })
}

// extraBlocks are the target-only block pairs that follow source block b of section i.
func (x *pairIndex) extraBlocks(i, b int) []align.BlockPair {
	sp := x.sectionPair(i)
	if sp == nil || sp.Target < 0 {
		return nil
	}
	x.blockPair(i, b) // indexes section i
	return following(sp.Blocks, x.blocks[b], func(bp *align.BlockPair) int { return bp.Source })
}

// following returns the pairs right after pairs[at] that have no source; none when at < 0.
func following[P any](pairs []P, at int, source func(*P) int) []P {
	if at < 0 {
		return nil
	}
	end := at + 1
	for end < len(pairs) && source(&pairs[end]) < 0 {
		end++
	}
	return pairs[at+1 : end]
}
