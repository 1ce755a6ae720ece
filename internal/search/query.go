package search

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// Query reads an index as the browser does, fetching only the files a query needs; it
// is search.js in Go, for the relevance tests and the payload figures.
//
// A query is cut into terms like the text (Terms). Each term matches the index terms it
// is a prefix of (at most maxExpand, in order), fully when equal and by prefixWeight
// otherwise: "pric" finds "price" and "prices" as you type, 卡 finds 卡 and every pair
// starting with it. A section scores the sum, over the query's terms, of its best
// match's impact; a page its best section and a quarter of the others. Pages that
// match more of the query's terms come first, then by score, then in URL order.

const (
	maxExpand    = 64
	prefixWeight = 0.7
	otherWeight  = 0.25
	maxShards    = 3 // shards a term's prefix range may span
)

// Index is an index opened for querying.
type Index struct {
	fetch  func(name string) ([]byte, error)
	meta   Meta
	starts []int // the first page of each chunk
	shards map[string][]entry
	chunks map[string][]page
	Loaded int // compressed bytes fetched so far
}

type entry struct {
	term     string
	postings []int32
}

type page struct {
	URL      string
	Title    string
	StandIn  bool
	Sections [][3]string
}

// Result is a page found, at its best section.
type Result struct {
	URL      string // site path without the leading slash
	Title    string
	StandIn  bool
	Heading  string // the section's heading; "" for the text before the first heading
	Anchor   string
	Text     string // the section's stored text
	Score    float64
	Coverage int // how many of the query's terms the page has
}

// Open reads index.bin of an index whose files fetch returns by name.
func Open(fetch func(name string) ([]byte, error)) (*Index, error) {
	ix := &Index{fetch: fetch, shards: map[string][]entry{}, chunks: map[string][]page{}}
	m := &ix.meta
	if err := ix.load(MetaFile, m); err != nil {
		return nil, err
	}
	if m.Version != 2 || len(m.Shards) != hashLen*len(m.ShardFirst) || len(m.Chunks) != hashLen*len(m.ChunkPages) {
		return nil, fmt.Errorf("search: %s is not an index this version reads", MetaFile)
	}
	n := 0
	for _, k := range m.ChunkPages {
		ix.starts = append(ix.starts, n)
		n += k
	}
	return ix, nil
}

// load fetches, inflates and decodes one file into v.
func (ix *Index) load(name string, v any) error {
	b, err := ix.fetch(name)
	if err != nil {
		return err
	}
	ix.Loaded += len(b)
	if len(b) > 1 && b[0] == 0x1f && b[1] == 0x8b {
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if b, err = io.ReadAll(r); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// shard returns the entries of the i-th shard, loading it once.
func (ix *Index) shard(i int) ([]entry, error) {
	name := ShardFile(ix.meta.Shards[i*hashLen : (i+1)*hashLen])
	if es, ok := ix.shards[name]; ok {
		return es, nil
	}
	var raw [][2]json.RawMessage
	if err := ix.load(name, &raw); err != nil {
		return nil, err
	}
	es := make([]entry, len(raw))
	for k, r := range raw {
		if err := json.Unmarshal(r[0], &es[k].term); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(r[1], &es[k].postings); err != nil {
			return nil, err
		}
	}
	ix.shards[name] = es
	return es, nil
}

// page returns page number n, loading its chunk once.
func (ix *Index) page(n int) (page, error) {
	c := sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > n }) - 1
	if c < 0 {
		return page{}, fmt.Errorf("search: no chunk holds page %d", n)
	}
	file := ChunkFile(ix.meta.Chunks[c*hashLen : (c+1)*hashLen])
	ps, ok := ix.chunks[file]
	if !ok {
		var raw [][4]json.RawMessage
		if err := ix.load(file, &raw); err != nil {
			return page{}, err
		}
		ps = make([]page, len(raw))
		for k, r := range raw {
			var standIn int
			for j, v := range []any{&ps[k].URL, &ps[k].Title, &standIn, &ps[k].Sections} {
				if err := json.Unmarshal(r[j], v); err != nil {
					return page{}, err
				}
			}
			ps[k].StandIn = standIn == 1
		}
		ix.chunks[file] = ps
	}
	if n-ix.starts[c] >= len(ps) {
		return page{}, fmt.Errorf("search: chunk %s has no page %d", file, n)
	}
	return ps[n-ix.starts[c]], nil
}

// matches are the index terms query term t matches, with their weights.
func (ix *Index) matches(t string) ([]entry, []float64, error) {
	sh := ix.meta.ShardFirst
	i := sort.Search(len(sh), func(i int) bool { return compareTerms(sh[i], t) > 0 }) - 1
	i = max(i, 0)
	var es []entry
	var ws []float64
	for k := i; k < len(sh) && k < i+maxShards; k++ {
		if k > i && !strings.HasPrefix(sh[k], t) {
			break
		}
		entries, err := ix.shard(k)
		if err != nil {
			return nil, nil, err
		}
		from := sort.Search(len(entries), func(j int) bool { return compareTerms(entries[j].term, t) >= 0 })
		for _, e := range entries[from:] {
			if !strings.HasPrefix(e.term, t) || len(es) == maxExpand {
				return es, ws, nil
			}
			es = append(es, e)
			ws = append(ws, cond(e.term == t, 1, prefixWeight))
		}
	}
	return es, ws, nil
}

func cond(c bool, a, b float64) float64 {
	if c {
		return a
	}
	return b
}

// Search returns the best limit pages for query q.
func (ix *Index) Search(q string, limit int) ([]Result, error) {
	var qs []string
	for _, t := range Terms(nil, q) {
		if !slices.Contains(qs, t.Text) {
			qs = append(qs, t.Text)
		}
	}
	if len(qs) > 32 { // a pasted paragraph: its first terms are query enough
		qs = qs[:32]
	}
	type key struct{ page, sec int32 }
	best := map[key][]float64{} // per section, per query term
	for qi, t := range qs {
		es, ws, err := ix.matches(t)
		if err != nil {
			return nil, err
		}
		for ei, e := range es {
			p := int32(0)
			for k := 0; k+2 < len(e.postings); k += 3 {
				p += e.postings[k]
				sk := key{p, e.postings[k+1]}
				s := best[sk]
				if s == nil {
					s = make([]float64, len(qs))
					best[sk] = s
				}
				s[qi] = max(s[qi], float64(e.postings[k+2])*ws[ei])
			}
		}
	}
	type hit struct {
		page      int32
		sec       int32 // the section shown: the one with most of the query's terms, then the best
		secCover  int
		secScore  float64
		top, rest float64
		terms     []bool
	}
	// Sections in page and section order, so that the sums (and search.js's) add up
	// in one order.
	keys := make([]key, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.page, b.page), cmp.Compare(a.sec, b.sec)) })
	pages := map[int32]*hit{}
	for _, k := range keys {
		s := best[k]
		score, cover := 0.0, 0
		for _, v := range s {
			score += v
			if v > 0 {
				cover++
			}
		}
		h := pages[k.page]
		if h == nil {
			h = &hit{page: k.page, sec: k.sec, secCover: cover, secScore: score, top: score, terms: make([]bool, len(qs))}
			pages[k.page] = h
		} else {
			if score > h.top {
				h.rest += h.top
				h.top = score
			} else {
				h.rest += score
			}
			if cover > h.secCover || cover == h.secCover && score > h.secScore {
				h.sec, h.secCover, h.secScore = k.sec, cover, score
			}
		}
		for qi, v := range s {
			h.terms[qi] = h.terms[qi] || v > 0
		}
	}
	hits := make([]*hit, 0, len(pages))
	for _, h := range pages {
		hits = append(hits, h)
	}
	coverage := func(h *hit) int {
		n := 0
		for _, ok := range h.terms {
			if ok {
				n++
			}
		}
		return n
	}
	score := func(h *hit) float64 { return h.top + otherWeight*h.rest }
	slices.SortFunc(hits, func(a, b *hit) int {
		return cmp.Or(cmp.Compare(coverage(b), coverage(a)), cmp.Compare(score(b), score(a)), cmp.Compare(a.page, b.page))
	})
	var out []Result
	for _, h := range hits[:min(limit, len(hits))] {
		p, err := ix.page(int(h.page))
		if err != nil {
			return nil, err
		}
		r := Result{URL: p.URL, Title: p.Title, StandIn: p.StandIn, Score: score(h), Coverage: coverage(h)}
		if int(h.sec) < len(p.Sections) {
			s := p.Sections[h.sec]
			r.Heading, r.Anchor, r.Text = s[0], s[1], s[2]
		}
		out = append(out, r)
	}
	return out, nil
}
