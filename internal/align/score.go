package align

import (
	"math"
	"slices"

	"docsite/internal/outline"
)

// sectionSim scores a source section against a target section: the same heading level, the
// same kinds of blocks, shared anchors and a similar place in the page.
func sectionSim(prep *Source, tgt *outline.Page) func(i, j int) score {
	src := prep.page
	sa, ta := prep.sections, sectionBags(tgt.Sections, &prep.room, prep.ids)
	return func(i, j int) score {
		s, t := src.Sections[i], tgt.Sections[j]
		if (s.Level == 0) != (t.Level == 0) || (prep.unpaired != nil && prep.unpaired[i]) {
			return score{}
		}
		if s.Level == 0 {
			return score{1, 1} // both intros
		}
		if s.Explicit != "" || t.Explicit != "" {
			// Ids the author gave are the surest sign there is: the same id is the
			// same section, whatever the text, also when one side writes as its id
			// the other's automatic one (English "## Why", Japanese "## なぜ {#why}");
			// two different ones given never are.
			if s.Slug == t.Slug {
				return score{1, 1}
			}
			if s.Explicit != "" && t.Explicit != "" {
				return score{}
			}
		}
		level := 1.0
		if s.Level != t.Level {
			level = 0.5
		}
		return score{
			content: 0.3*level + 0.35*kindsSim(s.Blocks, t.Blocks) + 0.35*anchorSim(sa[i], ta[j]),
			place:   posSim(i, len(src.Sections), j, len(tgt.Sections)),
		}
	}
}

// sectionBags are the bags of the sections' headings' and blocks' anchors, in room's memory
// (nil: new).
func sectionBags(secs []*outline.Section, room *featureRoom, ids *anchorIDs) []bag {
	titles := make([]outline.Anchors, len(secs))
	n := 0
	for i, s := range secs {
		titles[i] = outline.TextAnchors(s.Title)
		n += sectionBagSize(titles[i], s)
	}
	bags, c := room.takeBags(len(secs), n)
	for i, s := range secs {
		b := c.open(sectionBagSize(titles[i], s))
		b.add(titles[i], ids)
		for k := range s.Blocks {
			b.add(s.Blocks[k].Anchors, ids)
		}
		slices.Sort(b)
		bags[i] = b
	}
	return bags
}

// sectionBagSize is an upper bound of the items the bag of a section with that title holds.
func sectionBagSize(title outline.Anchors, s *outline.Section) int {
	n := bagSize(title)
	for k := range s.Blocks {
		n += bagSize(s.Blocks[k].Anchors)
	}
	return n
}

// kindsSim is the Dice coefficient of the two sections' block kinds (counted with repeats);
// two empty sections are alike.
func kindsSim(a, b []outline.Block) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	var ca, cb [8]int
	for _, x := range a {
		ca[x.Kind]++
	}
	for _, x := range b {
		cb[x.Kind]++
	}
	common := 0
	for k := range ca {
		common += min(ca[k], cb[k])
	}
	return 2 * float64(common) / float64(len(a)+len(b))
}

// bag is an item's anchors (significant numbers, codes, links, images), each as the number
// its kind and text have on the page (anchorIDs), sorted: two bags compare in one merge.
type bag []uint32

// anchorIDs numbers the anchors of a page's versions in the order they are first seen: the
// same kind and text, the same number. A map per kind (numbers, codes, links, images).
type anchorIDs struct {
	kinds [4]map[string]uint32
	n     uint32
}

func newAnchorIDs() *anchorIDs {
	ids := &anchorIDs{}
	for k := range ids.kinds {
		ids.kinds[k] = map[string]uint32{}
	}
	return ids
}

// Kinds of anchors.
const (
	numberAnchor = iota
	codeAnchor
	linkAnchor
	imageAnchor
)

func (ids *anchorIDs) of(kind int, s string) uint32 {
	id, ok := ids.kinds[kind][s]
	if !ok {
		id = ids.n
		ids.n++
		ids.kinds[kind][s] = id
	}
	return id
}

func newBag(a outline.Anchors, ids *anchorIDs) bag {
	b := make(bag, 0, bagSize(a))
	b.add(a, ids)
	slices.Sort(b)
	return b
}

// bagSize is an upper bound of the items a's bag holds.
func bagSize(a outline.Anchors) int {
	return len(a.Numbers) + len(a.Codes) + len(a.Links) + len(a.Images)
}

// add appends a's anchors, unsorted.
func (b *bag) add(a outline.Anchors, ids *anchorIDs) {
	for _, n := range a.Numbers {
		if len(n) > 1 { // outline.Anchors.Significant
			*b = append(*b, ids.of(numberAnchor, n))
		}
	}
	for _, c := range a.Codes {
		*b = append(*b, ids.of(codeAnchor, c))
	}
	for _, l := range a.Links {
		*b = append(*b, ids.of(linkAnchor, l))
	}
	for _, l := range a.Images {
		*b = append(*b, ids.of(imageAnchor, l))
	}
}

// anchorSim is the Dice coefficient of the anchors, counted with repeats; 0.5 when neither
// side has any, since that says nothing either way.
func anchorSim(x, y bag) float64 {
	if len(x)+len(y) == 0 {
		return 0.5
	}
	common := 0
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] < y[j]:
			i++
		case x[i] > y[j]:
			j++
		default:
			common++
			i++
			j++
		}
	}
	return 2 * float64(common) / float64(len(x)+len(y))
}

// posSim is 1 when items sit at the same relative place in their sequences.
func posSim(i, n, j, m int) float64 {
	return 1 - math.Abs(rel(i, n)-rel(j, m))
}

func rel(i, n int) float64 {
	if n <= 1 {
		return 0
	}
	return float64(i) / float64(n-1)
}

// lenSim compares how much two texts say (outline.Weight); 1 when alike, falling towards 0
// as one grows to several times the other.
func lenSim(wa, wb float64) float64 {
	if wa == 0 && wb == 0 {
		return 1
	}
	return math.Sqrt(math.Min(wa, wb) / math.Max(wa, wb))
}

// features are what the similarity of an item is computed from, read once per item.
type features struct {
	weight  float64
	anchors bag
}

// blockFeatures reads the features of blocks, in room's memory (nil: new).
func blockFeatures(bs []outline.Block, room *featureRoom, ids *anchorIDs) []features {
	n := 0
	for i := range bs {
		n += bagSize(bs[i].Anchors)
	}
	out, c := room.take(len(bs), n)
	for i := range bs {
		out[i] = features{bs[i].Weight, c.bag(bs[i].Anchors, ids)}
	}
	return out
}

// rowFeatures reads the features of table rows, in room's memory (nil: new).
func rowFeatures(rs []outline.Row, room *featureRoom, ids *anchorIDs) []features {
	n := 0
	for i := range rs {
		n += bagSize(rs[i].Anchors)
	}
	out, c := room.take(len(rs), n)
	for i := range rs {
		out[i] = features{rs[i].Weight, c.bag(rs[i].Anchors, ids)}
	}
	return out
}

// bagChunk holds several bags, made in one allocation.
type bagChunk struct{ ids []uint32 }

// newBagChunk makes room for bags of n items in all (bagSize).
func newBagChunk(n int) bagChunk { return bagChunk{ids: make([]uint32, n)} }

// featureRoom is memory for the features (or the section bags) of a translation's items,
// reused from one sequence to the next: they are dead once the sequence that compares them
// returns.
type featureRoom struct {
	features []features
	bags     []bag
	chunk    bagChunk
}

// take returns k features and a chunk of n items, in the room's memory; new when r is nil.
func (r *featureRoom) take(k, n int) ([]features, bagChunk) {
	if r == nil {
		return make([]features, k), newBagChunk(n)
	}
	if cap(r.features) < k {
		r.features = make([]features, k)
	}
	return r.features[:k], r.takeChunk(n)
}

// takeBags returns k bags and a chunk of n items, like take.
func (r *featureRoom) takeBags(k, n int) ([]bag, bagChunk) {
	if r == nil {
		return make([]bag, k), newBagChunk(n)
	}
	if cap(r.bags) < k {
		r.bags = make([]bag, k)
	}
	return r.bags[:k], r.takeChunk(n)
}

// takeChunk returns a chunk of n items in the room's memory.
func (r *featureRoom) takeChunk(n int) bagChunk {
	if cap(r.chunk.ids) < n {
		r.chunk = newBagChunk(n)
	}
	return bagChunk{ids: r.chunk.ids[:n]}
}

// bag is newBag(a, ids) in the chunk's room, clipped to its own part.
func (c *bagChunk) bag(a outline.Anchors, ids *anchorIDs) bag {
	b := c.open(bagSize(a))
	b.add(a, ids)
	slices.Sort(b)
	return b
}

// open returns an empty bag with room for n items in the chunk.
func (c *bagChunk) open(n int) bag {
	b := bag(c.ids[:0:n])
	c.ids = c.ids[n:]
	return b
}

// blockSim scores blocks, whose features are sf and tf: only blocks of one kind pair; tables by shape, all by anchors,
// length and place in the section.
func blockSim(src, tgt []outline.Block, sf, tf []features) func(i, j int) score {
	return func(i, j int) score {
		s, t := &src[i], &tgt[j]
		if s.Kind != t.Kind || s.Shortcode != t.Shortcode {
			return score{}
		}
		form := lenSim(sf[i].weight, tf[j].weight)
		if s.Table != nil && t.Table != nil {
			form = shapeSim(s.Table, t.Table)
		}
		return score{
			content: 0.2 + 0.33*form + 0.47*anchorSim(sf[i].anchors, tf[j].anchors),
			place:   posSim(i, len(src), j, len(tgt)),
		}
	}
}

// shapeSim is 1 for tables of the same shape, less as rows or columns differ.
func shapeSim(a, b *outline.Table) float64 {
	ar, ac := a.Shape()
	br, bc := b.Shape()
	return ratio(ar, br) * ratio(ac, bc)
}

func ratio(a, b int) float64 {
	if a == b {
		return 1
	}
	return float64(min(a, b)) / float64(max(a, b))
}

// rowSim scores table rows, whose features are sf and tf: header rows pair with header rows; then cell count, anchors,
// length and place.
func rowSim(src, tgt []outline.Row, sf, tf []features) func(i, j int) score {
	return func(i, j int) score {
		s, t := &src[i], &tgt[j]
		if s.Header != t.Header {
			return score{}
		}
		return score{
			content: 0.15 + 0.2*ratio(len(s.Cells), len(t.Cells)) + 0.3*lenSim(sf[i].weight, tf[j].weight) +
				0.35*anchorSim(sf[i].anchors, tf[j].anchors),
			place: posSim(i, len(src), j, len(tgt)),
		}
	}
}
