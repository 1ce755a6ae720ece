package align

import (
	"math"
	"slices"
	"strings"

	"docsite/internal/outline"
)

// sectionSim scores a source section against a target section: the same heading level, the
// same kinds of blocks, shared anchors and a similar place in the page.
func sectionSim(prep *Source, tgt *outline.Page) func(i, j int) score {
	src := prep.page
	sa, ta := prep.sections, sectionBags(tgt.Sections, &prep.room)
	return func(i, j int) score {
		s, t := src.Sections[i], tgt.Sections[j]
		if (s.Level == 0) != (t.Level == 0) {
			return score{}
		}
		if s.Level == 0 {
			return score{1, 1} // both intros
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
func sectionBags(secs []*outline.Section, room *featureRoom) []bag {
	titles := make([]outline.Anchors, len(secs))
	n := 0
	for i, s := range secs {
		titles[i] = outline.TextAnchors(s.Title)
		n += sectionBagSize(titles[i], s)
	}
	bags, c := room.takeBags(len(secs), n)
	for i, s := range secs {
		b := c.open(sectionBagSize(titles[i], s))
		b.add(titles[i])
		for k := range s.Blocks {
			b.add(s.Blocks[k].Anchors)
		}
		b.sort()
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

// bag is an item's anchors (significant numbers, codes, links, images), each tagged with
// its kind, in an order two bags compare in in one merge: by a hash of kind and text, then
// anyhow. keys hold the hash in their upper half and the item's index in the lower, so the
// order is that of plain integers; items with one hash are matched by kind and text.
type bag struct {
	keys  []uint64
	items []tagged
}

type tagged struct {
	kind byte // 'n'umber, 'c'ode, 'l'ink, 'i'mage
	s    string
}

func compareTagged(a, b tagged) int {
	if a.kind != b.kind {
		return int(a.kind) - int(b.kind)
	}
	return strings.Compare(a.s, b.s)
}

func newBag(a outline.Anchors) bag {
	b := bag{items: make([]tagged, 0, bagSize(a))}
	b.add(a)
	b.sort()
	return b
}

// bagSize is an upper bound of the items a's bag holds.
func bagSize(a outline.Anchors) int {
	return len(a.Numbers) + len(a.Codes) + len(a.Links) + len(a.Images)
}

// add appends a's anchors, unsorted.
func (b *bag) add(a outline.Anchors) {
	for _, n := range a.Numbers {
		if len(n) > 1 { // outline.Anchors.Significant
			b.items = append(b.items, tagged{'n', n})
		}
	}
	for _, c := range a.Codes {
		b.items = append(b.items, tagged{'c', c})
	}
	for _, l := range a.Links {
		b.items = append(b.items, tagged{'l', l})
	}
	for _, l := range a.Images {
		b.items = append(b.items, tagged{'i', l})
	}
}

// sort makes the keys, in b.keys when it has room for them.
func (b *bag) sort() {
	if cap(b.keys) < len(b.items) {
		b.keys = make([]uint64, len(b.items))
	}
	b.keys = b.keys[:len(b.items)]
	for i, t := range b.items {
		b.keys[i] = uint64(hash(t))<<32 | uint64(i)
	}
	slices.Sort(b.keys)
}

// hash hashes kind and text (FNV-1a, folded to 32 bits).
func hash(t tagged) uint32 {
	h := uint64(14695981039346656037)
	h = (h ^ uint64(t.kind)) * 1099511628211
	for i := 0; i < len(t.s); i++ {
		h = (h ^ uint64(t.s[i])) * 1099511628211
	}
	return uint32(h ^ h>>32)
}

// anchorSim is the Dice coefficient of the anchors, counted with repeats; 0.5 when neither
// side has any, since that says nothing either way.
func anchorSim(x, y bag) float64 {
	if len(x.keys)+len(y.keys) == 0 {
		return 0.5
	}
	common := 0
	for i, j := 0, 0; i < len(x.keys) && j < len(y.keys); {
		hx, hy := x.keys[i]>>32, y.keys[j]>>32
		switch {
		case hx < hy:
			i++
		case hx > hy:
			j++
		default:
			i2, j2 := runEnd(x.keys, i), runEnd(y.keys, j)
			common += commonItems(x, x.keys[i:i2], y, y.keys[j:j2])
			i, j = i2, j2
		}
	}
	return 2 * float64(common) / float64(len(x.keys)+len(y.keys))
}

// allEqual reports whether every item keyed by keys is t.
func allEqual(b bag, keys []uint64, t tagged) bool {
	for _, k := range keys {
		if b.items[uint32(k)] != t {
			return false
		}
	}
	return true
}

// runEnd is the end of the run of keys with the hash of keys[i].
func runEnd(keys []uint64, i int) int {
	h := keys[i] >> 32
	for i++; i < len(keys) && keys[i]>>32 == h; i++ {
	}
	return i
}

// commonItems counts the items of two runs of one hash that match, with repeats.
func commonItems(x bag, xk []uint64, y bag, yk []uint64) int {
	item := func(b bag, k uint64) tagged { return b.items[uint32(k)] }
	if len(xk) == 1 && len(yk) == 1 {
		if item(x, xk[0]) == item(y, yk[0]) {
			return 1
		}
		return 0
	}
	if first := item(x, xk[0]); allEqual(x, xk, first) && allEqual(y, yk, first) {
		return min(len(xk), len(yk)) // repeats of one anchor, as runs mostly are
	}
	var xb, yb [16]tagged
	xs, ys := xb[:0], yb[:0]
	for _, k := range xk {
		xs = append(xs, item(x, k))
	}
	for _, k := range yk {
		ys = append(ys, item(y, k))
	}
	slices.SortFunc(xs, compareTagged)
	slices.SortFunc(ys, compareTagged)
	common := 0
	for i, j := 0, 0; i < len(xs) && j < len(ys); {
		switch c := compareTagged(xs[i], ys[j]); {
		case c == 0:
			common++
			i++
			j++
		case c < 0:
			i++
		default:
			j++
		}
	}
	return common
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

// blockFeatures reads the features of blocks, in room's (nil: new memory).
func blockFeatures(bs []outline.Block, room *featureRoom) []features {
	n := 0
	for i := range bs {
		n += bagSize(bs[i].Anchors)
	}
	out, c := room.take(len(bs), n)
	for i := range bs {
		out[i] = features{bs[i].Weight, c.bag(bs[i].Anchors)}
	}
	return out
}

// rowFeatures reads the features of table rows, in room's (nil: new memory).
func rowFeatures(rs []outline.Row, room *featureRoom) []features {
	n := 0
	for i := range rs {
		n += bagSize(rs[i].Anchors)
	}
	out, c := room.take(len(rs), n)
	for i := range rs {
		out[i] = features{rs[i].Weight, c.bag(rs[i].Anchors)}
	}
	return out
}

// bagChunk holds the items and keys of several bags, made in two allocations.
type bagChunk struct {
	items []tagged
	keys  []uint64
}

// newBagChunk makes room for bags of n items in all (bagSize).
func newBagChunk(n int) bagChunk {
	return bagChunk{items: make([]tagged, n), keys: make([]uint64, n)}
}

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
	if cap(r.chunk.items) < n {
		r.chunk = newBagChunk(n)
	}
	return bagChunk{items: r.chunk.items[:n], keys: r.chunk.keys[:n]}
}

// bag is newBag(a) in the chunk's room, each of its slices clipped to its own part.
func (c *bagChunk) bag(a outline.Anchors) bag {
	b := c.open(bagSize(a))
	b.add(a)
	b.sort()
	return b
}

// open returns an empty bag with room for n items in the chunk.
func (c *bagChunk) open(n int) bag {
	b := bag{items: c.items[:0:n], keys: c.keys[:0:n]}
	c.items, c.keys = c.items[n:], c.keys[n:]
	return b
}

// blockSim scores blocks, whose features are sf and tf: only blocks of one kind pair; tables by shape, all by anchors,
// length and place in the section.
func blockSim(src, tgt []outline.Block, sf, tf []features) func(i, j int) score {
	return func(i, j int) score {
		s, t := &src[i], &tgt[j]
		if s.Kind != t.Kind {
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
