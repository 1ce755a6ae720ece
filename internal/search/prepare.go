package search

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/maphash"
	"slices"
	"sync"
	"unicode/utf8"
)

// Prepared is a page read for the index: the terms of each of its sections with their
// counts, and its entry in a page chunk. Preparing is the part of Build done page by
// page, so a site build does it as it renders each page, on all cores, and keeps this
// instead of the page's text.
type Prepared struct {
	URL     string
	StandIn bool
	name    string // the title
	title   []byte // JSON string
	secs    []byte // JSON array of [heading, anchor, text] with the texts cut for excerpts
	terms   []byte // per section: length, count, then count × (term, tf, fields, places); uvarints
	words   int    // terms in the title
	occs    int    // distinct terms summed over the sections: what the builder gathers
}

// As is p published at url, standing in for a translation or not: a page shown in
// several languages is read once.
func (p Prepared) As(url string, standIn bool) Prepared {
	p.URL, p.StandIn = url, standIn
	return p
}

// Title is the page's title.
func (p Prepared) Title() string { return p.name }

// Prepare reads one page for Build. It is safe to call from many goroutines.
func Prepare(d Doc) Prepared {
	r := readers.Get().(*reader)
	defer readers.Put(r)
	return r.prepare(d)
}

var readers = sync.Pool{New: func() any { return &reader{set: termSet{seed: maphash.MakeSeed()}} }}

// reader holds what preparing a page reuses.
type reader struct {
	n   normalizer
	set termSet
	out []byte
	// Where the section's last character pair was, for their places: its offset and its
	// first character's length in the text being read, and its place (see Places).
	pairAt, pairLen, place int
	lastPair               bool
}

func (r *reader) prepare(d Doc) Prepared {
	p := Prepared{URL: d.URL, StandIn: d.StandIn, name: d.Title}
	p.title, _ = json.Marshal(d.Title)
	secs := make([][3]string, len(d.Sections))
	budget := PageText
	r.out = r.out[:0]
	for i, s := range d.Sections {
		text, n := cut(s.Text, min(SectionText, budget))
		budget -= n
		secs[i] = [3]string{s.Heading, s.Anchor, text}

		r.set.reset()
		r.place = 0
		if i == 0 {
			p.words = r.add(d.Title, inTitle)
		}
		length := r.add(s.Heading, inHeading) + r.add(s.Text, 0)
		r.out = binary.AppendUvarint(r.out, uint64(length))
		r.out = binary.AppendUvarint(r.out, uint64(len(r.set.ents)))
		p.occs += len(r.set.ents)
		for _, e := range r.set.ents {
			term := r.set.arena[e.off : e.off+e.n]
			r.out = binary.AppendUvarint(r.out, uint64(len(term)))
			r.out = append(r.out, term...)
			r.out = binary.AppendUvarint(r.out, uint64(e.tf))
			r.out = append(r.out, e.fields)
			r.out = r.set.appendPlaces(r.out, e)
		}
	}
	p.secs, _ = json.Marshal(secs)
	p.terms = bytes.Clone(r.out)
	return p
}

// add reads text into the section being read, as field; it returns how many terms it had
// (the title's count in no section's length, and in no term's frequency).
func (r *reader) add(text string, field uint8) int {
	k := 0
	r.lastPair = false
	r.n.each(r.n.normalize(text), func(t []byte, at int) {
		e := r.set.find(t)
		if field != inTitle {
			e.tf++
		}
		e.fields |= field
		if first, size := utf8.DecodeRune(t); size < len(t) && unspaced(first) {
			// a character pair: the next place when it follows the last pair in the
			// text, else a place further, so that pairs apart are never next places
			if r.lastPair && at == r.pairAt+r.pairLen {
				r.place++
			} else {
				r.place += 2
			}
			r.pairAt, r.pairLen, r.lastPair = at, size, true
			r.set.addPlace(e, uint32(r.place))
		} else {
			r.lastPair = false
		}
		k++
	})
	return k
}

// Places: a character pair of an unspaced script (Terms) is not found by itself where
// a query has it with others; the query's run of characters is. 容器 is found where its
// pair is, but コンテナ (コン ンテ テナ) only where those pairs follow one another, not in
// メンテナー (メン ンテ テナ テナー … and a コン elsewhere in the section). So a pair's
// posting says where in its section the pair is: every place it takes, counted pair by
// pair through the section's text (title and heading included), a pair that does not
// follow the last one two places further, so that pairs apart are never next places. A
// section has a query's run when some place of its first pair is followed by a place of
// each next pair, one by one (Adjacent). The places are exact: a section that has
// コンテキスト and メンテナー, where コン ンテ and ンテ テナ follow one another, is not
// found for コンテナ. (They were bits of the places modulo 16 and 15, which a pair found
// at many places in a long section filled: its places lined up with anything.) The cost
// is the places of a pair's postings, in the shards of Chinese, Japanese and Thai text
// (writeTerm).

// Adjacent reports whether places, the places of a run's pairs in one section in the
// run's order (each in any order, repeats allowed), have a place of each pair right
// after one of the pair before.
func Adjacent(places [][]int32) bool {
	if len(places) == 0 {
		return false
	}
next:
	for _, p := range places[0] {
		for i, ps := range places[1:] {
			if !slices.Contains(ps, p+int32(i)+1) {
				continue next
			}
		}
		return true
	}
	return false
}

// termReader reads back the terms Prepare wrote.
type termReader struct{ b []byte }

// section starts the next section; ok is false past the last.
func (r *termReader) section() (length, terms int, ok bool) {
	if len(r.b) == 0 {
		return 0, 0, false
	}
	l, k := binary.Uvarint(r.b)
	n, k2 := binary.Uvarint(r.b[k:])
	r.b = r.b[k+k2:]
	return int(l), int(n), true
}

// term reads the section's next term, valid until the Prepared is dropped; places are
// a pair's places as appendPlaces wrote them (their number, then each), empty for a
// term that is no pair.
func (r *termReader) term() (term []byte, tf uint32, fields uint8, places []byte) {
	l, k := binary.Uvarint(r.b)
	term = r.b[k : k+int(l)]
	r.b = r.b[k+int(l):]
	f, k := binary.Uvarint(r.b)
	fields = r.b[k]
	r.b = r.b[k+1:]
	n, k := binary.Uvarint(r.b)
	end := k
	for range n {
		_, k := binary.Uvarint(r.b[end:])
		end += k
	}
	places, r.b = r.b[:end], r.b[end:]
	if n == 0 {
		places = nil
	}
	return term, uint32(f), fields, places
}

// termSet counts the distinct terms of a section without allocating: an open-addressing
// table over an arena of their bytes, in the order they came.
type termSet struct {
	seed   maphash.Seed
	arena  []byte
	ents   []termEnt
	places []placeAt // the pairs' places (termEnt.first)
	slots  []int32   // 1 + index in ents, 0 for empty; a power of two long
}

type termEnt struct {
	off, n int
	tf     uint32
	fields uint8
	// A character pair's places (Places): the first and last of its list in the set's
	// places, as 1 + index; 0 for none.
	first, last int32
}

// placeAt is a place of a pair in a section, and the next place of the same pair, as 1
// + index in termSet.places (0 for none).
type placeAt struct {
	place uint32
	next  int32
}

func (s *termSet) reset() {
	s.arena, s.ents, s.places = s.arena[:0], s.ents[:0], s.places[:0]
	clear(s.slots)
}

// addPlace adds place to the places of e, a pair's entry, after the others.
func (s *termSet) addPlace(e *termEnt, place uint32) {
	s.places = append(s.places, placeAt{place: place})
	i := int32(len(s.places))
	if e.last != 0 {
		s.places[e.last-1].next = i
	} else {
		e.first = i
	}
	e.last = i
}

// appendPlaces appends e's places to b: their number, then the first and the distance
// from each to the next (uvarints); a term that is no pair has none (0).
func (s *termSet) appendPlaces(b []byte, e termEnt) []byte {
	n := 0
	for i := e.first; i != 0; i = s.places[i-1].next {
		n++
	}
	b = binary.AppendUvarint(b, uint64(n))
	last := uint32(0)
	for i := e.first; i != 0; i = s.places[i-1].next {
		b = binary.AppendUvarint(b, uint64(s.places[i-1].place-last))
		last = s.places[i-1].place
	}
	return b
}

// find returns the entry of term, added if new.
func (s *termSet) find(term []byte) *termEnt {
	if 2*(len(s.ents)+1) > len(s.slots) {
		s.grow()
	}
	mask := len(s.slots) - 1
	for i := int(maphash.Bytes(s.seed, term)) & mask; ; i = (i + 1) & mask {
		k := s.slots[i]
		if k == 0 {
			s.ents = append(s.ents, termEnt{off: len(s.arena), n: len(term)})
			s.arena = append(s.arena, term...)
			s.slots[i] = int32(len(s.ents))
			return &s.ents[len(s.ents)-1]
		}
		e := &s.ents[k-1]
		if bytes.Equal(s.arena[e.off:e.off+e.n], term) {
			return e
		}
	}
}

// grow doubles the table and puts the entries back.
func (s *termSet) grow() {
	s.slots = make([]int32, max(256, 2*len(s.slots)))
	mask := len(s.slots) - 1
	for k, e := range s.ents {
		i := int(maphash.Bytes(s.seed, s.arena[e.off:e.off+e.n])) & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = int32(k + 1)
	}
}
