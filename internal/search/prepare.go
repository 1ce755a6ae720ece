package search

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/maphash"
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
			r.out = binary.AppendUvarint(r.out, uint64(e.places))
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
			e.places |= 1<<(r.place%16) | 1<<(16+r.place%15)
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
// posting says where in its section the pair is: the places it takes, counted pair by
// pair through the section's text (title and heading included), as two sets of bits,
// one a place modulo 16 (bits 0-15) and one modulo 15 (bits 16-30). A section has a
// query's run when, in each set, some place of its first pair is followed by places of
// the next pairs, one by one (Adjacent). A false match is left only where the places
// of pairs apart coincide in both, which one pair of places apart does only 240 places
// apart; in a long section where the pairs are many, the bits fill and it happens more.
// The cost is one number a posting of a pair, in the shards of Chinese, Japanese and
// Thai text.

// Adjacent reports whether places, the place bits of a run's pairs in one section in
// the run's order, have a place of each pair right after one of the pair before.
func Adjacent(places []uint32) bool {
	if len(places) == 0 {
		return false
	}
	m16, m15 := places[0]&0xffff, places[0]>>16&0x7fff
	for _, p := range places[1:] {
		m16 = (m16<<1 | m16>>15) & 0xffff & p
		m15 = (m15<<1 | m15>>14) & 0x7fff & (p >> 16)
	}
	return m16 != 0 && m15 != 0
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

// term reads the section's next term, valid until the Prepared is dropped.
func (r *termReader) term() (term []byte, tf uint32, fields uint8, places uint32) {
	l, k := binary.Uvarint(r.b)
	term = r.b[k : k+int(l)]
	r.b = r.b[k+int(l):]
	f, k := binary.Uvarint(r.b)
	fields = r.b[k]
	r.b = r.b[k+1:]
	p, k := binary.Uvarint(r.b)
	r.b = r.b[k:]
	return term, uint32(f), fields, uint32(p)
}

// termSet counts the distinct terms of a section without allocating: an open-addressing
// table over an arena of their bytes, in the order they came.
type termSet struct {
	seed  maphash.Seed
	arena []byte
	ents  []termEnt
	slots []int32 // 1 + index in ents, 0 for empty; a power of two long
}

type termEnt struct {
	off, n int
	tf     uint32
	fields uint8
	places uint32 // a character pair's places (Places)
}

func (s *termSet) reset() {
	s.arena, s.ents = s.arena[:0], s.ents[:0]
	clear(s.slots)
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
