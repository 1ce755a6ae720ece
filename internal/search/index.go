// Package search owns the reader's search: the text a page's index entry keeps, the
// terms of any language, the spool the entries wait in until every page is built (Spool),
// the index files of a language, and queries on them.
//
// A page's entry is read from its rendered body (Sections), not from its markdown: a
// reader finds what the page shows, whatever stage wrote it (markdown, raw HTML, shortcode
// templates, GPU links), and the index needs no stage to hand it text on the side.
// Reading back the HTML the build has just made is one fast pass (scan) over a body held
// in memory.
package search

import (
	"cmp"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"strings"
	"sync"
)

// The index of a language is files in its folder (route.SearchIndex: /_search/<lang>/), made for a browser that fetches
// only what a query needs (the design Pagefind made known):
//
//   - index.bin, the one file with a fixed name: the first term of every term shard and
//     the number of pages in every page chunk, and the hashes that name them;
//   - s-<hash>.bin, term shards: terms in code point order, each with its postings, at
//     most MaxPostings (page, section, impact) triples, the strongest, and for a pair
//     of CJK characters (page, section, impact, places…) (Places, writeTerm);
//   - p-<hash>.bin, page chunks: consecutive pages with URL, title, whether the page
//     stands in for a translation, and each section's heading, anchor and the start of
//     its text (SectionText characters, PageText a page), for the excerpts.
//
// Every file is JSON compressed with gzip, whatever the host does (search.js inflates
// it with DecompressionStream, or reads it as is when a host already did), so what a
// query costs is the same on any static host. Names are a hash of the content: a host
// may cache them forever, and a rebuild that changes one page rewrites its chunk and
// the shards of the terms that changed, not the index.
//
// Ranking is BM25 over sections (the title counts with the first section, a heading
// with its own), computed here: a posting's impact is its term's BM25 weight in that
// section, in eighths; a query sums impacts. Query does it in Go, search.js in the
// browser, the same way.

// Sizes that bound what a query loads.
const (
	MaxPostings = 1500  // postings kept for a term, the strongest
	SectionText = 600   // characters of a section's text kept for its excerpt
	PageText    = 3000  // characters of text kept for a page's excerpts, all sections
	shardBytes  = 12000 // a term shard is closed past this many bytes of JSON
	chunkBytes  = 12000 // a page chunk is closed past this many bytes of JSON
	hashLen     = 10    // hex digits of a file name's hash
)

// BM25 parameters, and what a term in the page's title (scored with the first section)
// and in a section's heading adds, in units of the term's idf (at least 1): fields added
// as in BM25F, so that a title match is not lost to the saturation of term frequency. A
// title's boost is normalised by its length as a section's weight is (bTitle against the
// site's mean title): "Semantic Conventions" is about its words more than a blog post
// titled with them and six others.
const (
	k1           = 1.2
	b            = 0.75
	titleBoost   = 6.0
	bTitle       = 0.75 // how much a long title's boost is spread thin, as b for a section
	headingBoost = 1.0
)

// Meta is index.bin.
type Meta struct {
	Version    int      `json:"v"`
	Pages      int      `json:"pages"`
	ShardFirst []string `json:"shardFirst"` // the first term of each shard
	Shards     string   `json:"shards"`     // their hashes, hashLen digits each
	ChunkPages []int    `json:"chunkPages"` // how many pages each chunk holds
	Chunks     string   `json:"chunks"`     // their hashes
}

// MetaFile is the name of a language's index.bin in its folder (route.SearchIndex).
const MetaFile = "index.bin"

// ShardFile and ChunkFile are the names of the shard and the chunk with hash h.
func ShardFile(h string) string { return "s-" + h + ".bin" }
func ChunkFile(h string) string { return "p-" + h + ".bin" }

// Stats sum up an index.
type Stats struct {
	Pages, Sections, Terms, Postings, Dropped int
	Shards, Chunks                            int
	Bytes                                     int // compressed, all files
}

// posting is a term's occurrence in a section.
type posting struct {
	page, sec int32
	impact    int32
	places    uint32 // a character pair's, as occ's
}

// occ is a term's occurrence in a section before it is weighed.
type occ struct {
	sec    int32  // the section, counted over all pages (builder.secPage)
	tf     tfs    // its frequency there, and fields
	places uint32 // where a character pair's places there are in builder.places, + 1 (Places); 0 for none
}

// tfs is a term's frequency in a section, at most maxTF, and its fields (inTitle,
// inHeading) in the low bits.
type tfs uint16

const maxTF = 1<<14 - 1 // past some tens, a frequency adds next to nothing to BM25

func makeTFs(tf uint32, fields uint8) tfs { return tfs(min(tf, maxTF))<<2 | tfs(fields&3) }

func (t tfs) tf() uint32    { return uint32(t >> 2) }
func (t tfs) fields() uint8 { return uint8(t & 3) }

const (
	inTitle = 1 << iota
	inHeading
)

// builder gathers the pages' terms into per-term occurrences, without allocating a
// string for any term it has seen.
type builder struct {
	dict  map[string]int32
	names []string
	occs  [][]occ // by term, in section order: slices of one array
	// The pairs' places, as termReader.term gives them, one after another (occ.places).
	places []byte
	// Sections counted over all pages: their page, their length in terms; and the first
	// section of each page.
	secPage   []int32
	secLength []float32
	pageFirst []int32
	titleLen  []float32 // terms in each page's title
}

// read gathers the occurrences of the n pages page gives: a first pass numbers every
// term and counts its occurrences, keeping each occurrence's term, frequency and fields;
// a second, over those, puts them in place, so a site's tens of millions of occurrences
// take one allocation and no copying, and each page is read once.
//
// The first pass runs on two halves of the pages at once (a rebuild that makes one
// language's index again has the machine to itself): each half numbers its own terms, the
// second half's are then mapped to the first's numbering, new ones after, which is the
// order one pass over all pages gives; a term's occurrences in the first half go before
// those in the second. The result is the same as one pass's.
func (bd *builder) read(page func(int) (Prepared, error), n int) error {
	mid := n / 2
	if n < 64 {
		mid = n // not worth a goroutine
	}
	return bd.readSplit(page, n, mid)
}

// readSplit is read with the second half starting at page mid (none when mid is n).
func (bd *builder) readSplit(page func(int) (Prepared, error), n, mid int) error {
	var first, second part
	var err1, err2 error
	var wg sync.WaitGroup
	if mid < n {
		wg.Go(func() { second, err2 = numberTerms(page, mid, n) })
	}
	first, err1 = numberTerms(page, 0, mid)
	wg.Wait()
	if err := cmp.Or(err1, err2); err != nil {
		return err
	}
	bd.dict, bd.names = first.dict, first.names
	bd.secPage, bd.secLength, bd.pageFirst = first.secPage, first.secLength, first.pageFirst
	firstSec := int32(len(bd.secPage))
	for _, p := range second.secPage {
		bd.secPage = append(bd.secPage, p+int32(mid))
	}
	bd.secLength = append(bd.secLength, second.secLength...)
	for _, s := range second.pageFirst {
		bd.pageFirst = append(bd.pageFirst, s+firstSec)
	}
	bd.titleLen = append(first.titleLen, second.titleLen...)
	counts := first.counts
	if mid < n {
		// the second half's term numbers in the first's numbering
		global := make([]int32, len(second.names))
		for id, name := range second.names {
			g, ok := bd.dict[name]
			if !ok {
				g = int32(len(bd.names))
				bd.dict[name] = g
				bd.names = append(bd.names, name)
				counts = append(counts, 0)
			}
			global[id] = g
		}
		for _, blk := range second.occs {
			for i := range blk {
				blk[i].id = global[blk[i].id]
			}
		}
		c2 := make([]int, len(bd.names))
		for id, c := range second.counts {
			c2[global[id]] = c
		}
		second.counts = c2
	}
	// Where each term's occurrences start in all, and where each half's go: plain
	// indexes, so placing tens of millions of them writes no slice headers (and no
	// write barriers).
	all := make([]occ, first.len()+second.len())
	next1 := make([]int, len(bd.names))
	var next2 []int
	if mid < n {
		next2 = make([]int, len(bd.names))
	}
	at := 0
	for id := range bd.names { // counts has a slot for every term, new ones 0
		next1[id] = at
		at += counts[id]
		if next2 != nil {
			next2[id] = at
			at += second.counts[id]
		}
	}
	starts := slices.Clone(next1)
	bd.places = append(first.places, second.places...)
	if mid < n {
		wg.Go(func() { second.place(firstSec, uint32(len(first.places)), all, next2) })
	}
	first.place(0, 0, all, next1)
	wg.Wait()
	bd.occs = make([][]occ, len(bd.names))
	for id := range bd.names {
		end := next1[id]
		if next2 != nil {
			end = next2[id]
		}
		bd.occs[id] = all[starts[id]:end:end]
	}
	return nil
}

// part is the terms of some pages, numbered in the order they first occur, and their
// sections (as builder has them, counted from the part's first page and section).
type part struct {
	dict      map[string]int32
	names     []string
	counts    []int       // occurrences of each term
	occs      [][]partOcc // every occurrence, in reading order, in blocks of occBlock
	places    []byte      // the pairs' places, as termReader.term gives them, one after another
	secTerms  []int32     // occurrences in each section
	secPage   []int32
	secLength []float32
	pageFirst []int32
	titleLen  []float32
}

// numberTerms reads the terms of pages from to to into a part.
func numberTerms(page func(int) (Prepared, error), from, to int) (part, error) {
	pt := part{dict: map[string]int32{}}
	for pi := from; pi < to; pi++ {
		p, err := page(pi)
		if err != nil {
			return part{}, err
		}
		pt.titleLen = append(pt.titleLen, float32(p.words))
		pt.pageFirst = append(pt.pageFirst, int32(len(pt.secPage)))
		r := termReader{p.terms}
		for {
			length, n, ok := r.section()
			if !ok {
				break
			}
			pt.secPage = append(pt.secPage, int32(pi-from))
			pt.secLength = append(pt.secLength, float32(length))
			pt.secTerms = append(pt.secTerms, int32(n))
			for range n {
				t, tf, fields, places := r.term()
				id, ok := pt.dict[string(t)]
				if !ok {
					id = int32(len(pt.names))
					name := string(t)
					pt.dict[name] = id
					pt.names = append(pt.names, name)
					pt.counts = append(pt.counts, 0)
				}
				at := uint32(0)
				if places != nil {
					at = uint32(len(pt.places)) + 1
					pt.places = append(pt.places, places...)
				}
				pt.add(partOcc{id, makeTFs(tf, fields), at})
				pt.counts[id]++
			}
		}
	}
	return pt, nil
}

// place puts the part's occurrences (whose first section is sec, whose places are base
// bytes into the builder's) into all, each term's at next[term], which it advances.
func (pt *part) place(sec int32, base uint32, all []occ, next []int) {
	b, k := 0, 0
	for _, n := range pt.secTerms {
		for range n {
			if k == occBlock {
				b, k = b+1, 0
			}
			o := pt.occs[b][k]
			if o.places != 0 {
				o.places += base
			}
			all[next[o.id]] = occ{sec, o.tf, o.places}
			next[o.id]++
			k++
		}
		sec++
	}
}

// partOcc is an occurrence as part reads it: its term's number, frequency and fields,
// and where its places are in the part's (1 + offset; 0 for a term that is no pair).
type partOcc struct {
	id     int32
	tf     tfs
	places uint32
}

// occBlock is how many occurrences a block of part.occs holds: blocks rather than one
// slice doubling as it grows, which copied the occurrences over and over (a page's
// terms are not counted before it is read).
const occBlock = 1 << 16

func (pt *part) add(o partOcc) {
	if n := len(pt.occs); n == 0 || len(pt.occs[n-1]) == occBlock {
		pt.occs = append(pt.occs, make([]partOcc, 0, occBlock))
	}
	last := &pt.occs[len(pt.occs)-1]
	*last = append(*last, o)
}

// len is how many occurrences the part holds.
func (pt *part) len() int {
	n := 0
	for _, blk := range pt.occs {
		n += len(blk)
	}
	return n
}

// Build makes the index files of one language's pages, by name within Dir. The order of
// docs does not matter; the output is the same bytes for the same pages.
func Build(docs []Doc) (files map[string][]byte, st Stats) {
	ps := make([]Prepared, len(docs))
	for i, d := range docs {
		ps[i] = Prepare(d)
	}
	return BuildPrepared(ps)
}

// BuildPrepared is Build of pages already prepared.
func BuildPrepared(pages []Prepared) (files map[string][]byte, st Stats) {
	files, _, st, _ = BuildReusing(Slice(pages), nil) // a Slice gives every page
	return files, st
}

// Pages are what an index is made from: Len pages, each read only when the index needs
// it, so that a language's pages need not all be in memory at once. Page is called twice
// for each page (for its terms, then for its text), from several goroutines; it returns
// a Prepared the caller may keep. URL is the page's URL, which orders the pages.
type Pages interface {
	Len() int
	URL(i int) string
	Page(i int) (Prepared, error)
}

// Slice is Pages already in memory.
type Slice []Prepared

func (s Slice) Len() int                     { return len(s) }
func (s Slice) URL(i int) string             { return s[i].URL }
func (s Slice) Page(i int) (Prepared, error) { return s[i], nil }

// BuildReusing is BuildPrepared for a build that keeps the files of the last one where
// they did not change: a file whose name and raw content (its JSON, by SHA-256) reuse
// accepts is not compressed again; its entry in files is nil, for the caller to publish
// the file it has, and it is left out of st.Bytes. sums holds the raw SHA-256 of every
// file, for the next build's reuse. reuse may be called from several goroutines at once.
// The error is the first that pages.Page returned; then there are no files.
func BuildReusing(pages Pages, reuse func(name string, raw [32]byte) bool) (files map[string][]byte, sums map[string][32]byte, st Stats, err error) {
	n := pages.Len()
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Or(strings.Compare(pages.URL(a), pages.URL(b)), a-b) })
	page := func(k int) (Prepared, error) { return pages.Page(order[k]) }
	meta := Meta{Version: 4, Pages: n, ShardFirst: []string{}, ChunkPages: []int{}}
	// The page chunks need only the pages: made beside the terms' gathering and shards,
	// into the same writer (their names, p-…, are not the shards', s-…).
	w := newWriter(reuse, &st)
	var chunked sync.WaitGroup
	var chunkErr error
	chunked.Go(func() { meta.Chunks, meta.ChunkPages, chunkErr = w.chunks(page, n) })
	bd := &builder{}
	if err := bd.read(page, n); err != nil {
		chunked.Wait()
		w.close()
		return nil, nil, Stats{}, err
	}
	var total float64
	for _, l := range bd.secLength {
		total += float64(l)
	}
	sections := len(bd.secLength)
	st.Pages, st.Sections, st.Terms = n, sections, len(bd.names)
	meta.Shards, meta.ShardFirst = w.shards(bd, max(total/float64(max(sections, 1)), 1), float64(sections))
	chunked.Wait()
	if chunkErr != nil {
		w.close()
		return nil, nil, Stats{}, chunkErr
	}
	if meta.ShardFirst == nil {
		meta.ShardFirst = []string{}
	}
	if meta.ChunkPages == nil {
		meta.ChunkPages = []int{}
	}
	st.Shards, st.Chunks = len(meta.ShardFirst), len(meta.ChunkPages)
	mb, _ := json.Marshal(meta)
	sum := sha256.Sum256(mb)
	w.mu.Lock()
	w.sums[MetaFile] = sum
	w.mu.Unlock()
	w.jobs <- zipJob{MetaFile, mb, sum}
	files, sums = w.close()
	for _, f := range files {
		st.Bytes += len(f)
	}
	return files, sums, st, nil
}
