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
	"unicode"
	"unicode/utf8"
)

// Query reads an index as the browser does, fetching only the files a query needs; it
// is search.js in Go, for the relevance tests and the payload figures.
//
// A query is cut into terms like the text (Terms). Each term matches the index terms it
// is a prefix of (at most maxExpand, in order), fully when equal and by prefixWeight
// otherwise: "pric" finds "price" and "prices" as you type, 卡 finds 卡 and every pair
// starting with it. A Latin word of typoLength letters or more that matches nothing
// matches the terms one edit away (a letter added, left out, changed, or two swapped)
// that share its first typoPrefix letters, by typoWeight: "expoter" finds "exporter".
// The character pairs of a run of unspaced characters (コンテナ: コン ンテ テナ) match
// a section only together, one after the other there (Places, Adjacent). A section scores the
// sum, over the query's terms, of its best match's impact; a page its best section and
// a quarter of the others. Pages that match more of the query's terms come first, then
// by score, then in URL order. A page's result is its section with most of the query's
// terms (then the best), and up to maxSubs other sections that match, best first.

const (
	maxExpand    = 64
	prefixWeight = 0.7
	typoWeight   = 0.5
	typoLength   = 5 // letters a word needs for its typos to be looked for
	typoPrefix   = 3 // letters a typo's match shares with it
	otherWeight  = 0.25
	maxShards    = 3 // shards a term's prefix range may span
	maxTerms     = 32
	maxSubs      = 3
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
	Text     string // the section's stored text, or the next section's where it has none
	Score    float64
	Coverage int   // how many of the query's terms the page has
	Subs     []Sub // other sections of the page that match, best first
}

// Sub is a section of a page found.
type Sub struct {
	Heading, Anchor, Text string
}

// Open reads index.bin of an index whose files fetch returns by name.
func Open(fetch func(name string) ([]byte, error)) (*Index, error) {
	ix := &Index{fetch: fetch, shards: map[string][]entry{}, chunks: map[string][]page{}}
	m := &ix.meta
	if err := ix.load(MetaFile, m); err != nil {
		return nil, err
	}
	if m.Version != 4 || len(m.Shards) != hashLen*len(m.ShardFirst) || len(m.Chunks) != hashLen*len(m.ChunkPages) {
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
	var es []entry
	var ws []float64
	err := ix.scan(t, func(e entry) bool {
		if !strings.HasPrefix(e.term, t) || len(es) == maxExpand {
			return false
		}
		es = append(es, e)
		ws = append(ws, cond(e.term == t, 1, prefixWeight))
		return true
	})
	if err != nil || len(es) > 0 || !typoWord(t) {
		return es, ws, err
	}
	prefix := string([]rune(t)[:typoPrefix])
	err = ix.scan(prefix, func(e entry) bool {
		if !strings.HasPrefix(e.term, prefix) || len(es) == maxExpand {
			return false
		}
		if oneEdit(e.term, t) {
			es = append(es, e)
			ws = append(ws, typoWeight)
		}
		return true
	})
	return es, ws, err
}

// scan calls fn with the index terms from the first not before t, in order, within the
// maxShards shards from the one t would be in, until fn returns false or a shard starts
// with a term t is not a prefix of.
func (ix *Index) scan(t string, fn func(entry) bool) error {
	sh := ix.meta.ShardFirst
	i := sort.Search(len(sh), func(i int) bool { return compareTerms(sh[i], t) > 0 }) - 1
	i = max(i, 0)
	for k := i; k < len(sh) && k < i+maxShards; k++ {
		if k > i && !strings.HasPrefix(sh[k], t) {
			break
		}
		entries, err := ix.shard(k)
		if err != nil {
			return err
		}
		from := sort.Search(len(entries), func(j int) bool { return compareTerms(entries[j].term, t) >= 0 })
		for _, e := range entries[from:] {
			if !fn(e) {
				return nil
			}
		}
	}
	return nil
}

// typoWord reports whether query term t is a word whose typos are looked for: typoLength
// letters or more, all of the Latin script.
func typoWord(t string) bool {
	n := 0
	for _, r := range t {
		if !unicode.Is(unicode.Latin, r) {
			return false
		}
		n++
	}
	return n >= typoLength
}

// oneEdit reports whether a and b differ by one edit: a character added, left out or
// changed, or two neighbours swapped.
func oneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	if len(x)-len(y) > 1 {
		return false
	}
	i := 0
	for i < len(y) && x[i] == y[i] {
		i++
	}
	if i == len(y) {
		return len(x) != len(y)
	}
	if len(x) > len(y) { // one added to x
		return slices.Equal(x[i+1:], y[i:])
	}
	if slices.Equal(x[i+1:], y[i+1:]) { // one changed
		return true
	}
	return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && slices.Equal(x[i+2:], y[i+2:])
}

func cond(c bool, a, b float64) float64 {
	if c {
		return a
	}
	return b
}

// queryTerms are the distinct terms of query q (the first maxTerms) and its runs: the
// terms' numbers of each run of character pairs, in the query's order.
func queryTerms(q string) (qs []string, runs [][]int) {
	var run []int
	var last Term
	for _, t := range Terms(nil, q) {
		k := slices.Index(qs, t.Text)
		if k < 0 && len(qs) < maxTerms {
			k = len(qs)
			qs = append(qs, t.Text)
		}
		pair := k >= 0 && isPair(t.Text)
		if len(run) > 0 && !(pair && t.At == last.At+firstLen(last.Text)) {
			runs = append(runs, run)
			run = nil
		}
		if pair {
			run = append(run, k)
		}
		last = t
	}
	if len(run) > 0 {
		runs = append(runs, run)
	}
	return qs, runs
}

func firstLen(s string) int {
	_, n := utf8.DecodeRuneInString(s)
	return n
}

// Search returns the best limit pages for query q.
func (ix *Index) Search(q string, limit int) ([]Result, error) {
	qs, runs := queryTerms(q)
	type key struct{ page, sec int32 }
	best := map[key][]float64{}   // per section, per query term
	places := map[key][][]int32{} // per section, per query term: a pair's places
	for qi, t := range qs {
		es, ws, err := ix.matches(t)
		if err != nil {
			return nil, err
		}
		for ei, e := range es {
			pair := isPair(e.term)
			p := int32(0)
			for k := 0; k+2 < len(e.postings); {
				p += e.postings[k]
				sk := key{p, e.postings[k+1]}
				s := best[sk]
				if s == nil {
					s = make([]float64, len(qs))
					best[sk] = s
				}
				s[qi] = max(s[qi], float64(e.postings[k+2])*ws[ei])
				k += 3
				if !pair {
					continue
				}
				if len(runs) == 0 {
					for k < len(e.postings) && e.postings[k] < 0 {
						k++ // a place before the last
					}
					k++ // the last
					continue
				}
				pl := places[sk]
				if pl == nil {
					pl = make([][]int32, len(qs))
					places[sk] = pl
				}
				k, pl[qi] = ReadPlaces(e.postings, k, pl[qi])
			}
		}
	}
	// A pair counts in a section only where a run of the query it is in is there whole.
	for k, pl := range places {
		s := best[k]
		kept := make([]bool, len(qs))
		inRun := make([]bool, len(qs))
		var run [][]int32
		for _, r := range runs {
			run = run[:0]
			for _, qi := range r {
				run = append(run, pl[qi])
				inRun[qi] = true
			}
			if Adjacent(run) {
				for _, qi := range r {
					kept[qi] = true
				}
			}
		}
		for qi := range s {
			if inRun[qi] && !kept[qi] {
				s[qi] = 0
			}
		}
	}
	type sec struct {
		n     int32
		cover int
		score float64
	}
	type hit struct {
		page      int32
		secs      []sec // that match, in section order
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
		if cover == 0 {
			continue
		}
		h := pages[k.page]
		if h == nil {
			h = &hit{page: k.page, top: score, terms: make([]bool, len(qs))}
			pages[k.page] = h
		} else if score > h.top {
			h.rest += h.top
			h.top = score
		} else {
			h.rest += score
		}
		h.secs = append(h.secs, sec{k.sec, cover, score})
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
		// the section with most of the query's terms first, then the best, then the first
		slices.SortStableFunc(h.secs, func(a, b sec) int { return cmp.Or(cmp.Compare(b.cover, a.cover), cmp.Compare(b.score, a.score)) })
		r := Result{URL: p.URL, Title: p.Title, StandIn: p.StandIn, Score: score(h), Coverage: coverage(h)}
		for i, s := range h.secs[:min(len(h.secs), 1+maxSubs)] {
			if int(s.n) >= len(p.Sections) {
				continue
			}
			t := p.Sections[s.n]
			if i == 0 {
				r.Heading, r.Anchor, r.Text = t[0], t[1], excerptText(p.Sections, int(s.n))
			} else {
				r.Subs = append(r.Subs, Sub{t[0], t[1], t[2]})
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// excerptText is the text of section n for its excerpt: its own, or where it has none
// (a page that starts with a heading, a heading right above another), the next
// section's that has some, or the last before it that has.
func excerptText(secs [][3]string, n int) string {
	for i := n; i < len(secs); i++ {
		if secs[i][2] != "" {
			return secs[i][2]
		}
	}
	for i := n - 1; i >= 0; i-- {
		if secs[i][2] != "" {
			return secs[i][2]
		}
	}
	return ""
}
