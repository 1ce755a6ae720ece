// Package search owns the reader's search: the text a page's index entry keeps, the
// terms of any language, the index files of a language, and queries on them.
package search

import (
	"crypto/sha256"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"sync"
)

// The index of a language is files under _search/<lang>/, made for a browser that fetches
// only what a query needs (the design Pagefind made known):
//
//   - index.bin, the one file with a fixed name: the first term of every term shard and
//     the number of pages in every page chunk, and the hashes that name them;
//   - s-<hash>.bin, term shards: terms in code point order, each with its postings, at
//     most MaxPostings (page, section, impact) triples, the strongest;
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

// MetaFile is the name of a language's index.bin in its folder.
const MetaFile = "index.bin"

// Dir is the folder of language code's index in the site.
func Dir(code string) string { return "_search/" + code + "/" }

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
}

// occ is a term's occurrence in a section before it is weighed.
type occ struct {
	sec    int32  // the section, counted over all pages (builder.secPage)
	tf     uint16 // its frequency there, at most 65535
	fields uint8  // inTitle, inHeading
}

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
	// Sections counted over all pages: their page, their length in terms; and the first
	// section of each page.
	secPage   []int32
	secLength []float32
	pageFirst []int32
	titleLen  []float32 // terms in each page's title
}

// read gathers the occurrences of pages' terms in two passes over them: the first finds
// every term and counts its occurrences, the second puts them in place, so a site's tens
// of millions of occurrences take one allocation and no copying.
//
// Both passes run on two halves of the pages at once (a rebuild that makes one language's
// index again has the machine to itself): each half numbers its own terms, the second
// half's are then mapped to the first's numbering, new ones after, which is the order one
// pass over all pages gives; a term's occurrences in the first half go before those in
// the second. The result is the same as one pass's.
func (bd *builder) read(pages []Prepared) {
	mid := len(pages) / 2
	if len(pages) < 64 {
		mid = len(pages) // not worth a goroutine
	}
	bd.readSplit(pages, mid)
}

// readSplit is read with the second half starting at page mid (none when mid is
// len(pages)).
func (bd *builder) readSplit(pages []Prepared, mid int) {
	var second part
	var wg sync.WaitGroup
	if mid < len(pages) {
		wg.Go(func() { second = numberTerms(pages[mid:]) })
	}
	first := numberTerms(pages[:mid])
	wg.Wait()
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
	for _, p := range pages {
		bd.titleLen = append(bd.titleLen, float32(p.words))
	}
	counts := first.counts
	if mid < len(pages) {
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
		for i, id := range second.ids {
			second.ids[i] = global[id]
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
	total := len(first.ids) + len(second.ids)
	all := make([]occ, total)
	next1 := make([]int, len(bd.names))
	var next2 []int
	if mid < len(pages) {
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
	if mid < len(pages) {
		wg.Go(func() { place(pages[mid:], second.ids, firstSec, all, next2) })
	}
	place(pages[:mid], first.ids, 0, all, next1)
	wg.Wait()
	bd.occs = make([][]occ, len(bd.names))
	for id := range bd.names {
		end := next1[id]
		if next2 != nil {
			end = next2[id]
		}
		bd.occs[id] = all[starts[id]:end:end]
	}
}

// part is the terms of some pages, numbered in the order they first occur, and their
// sections (as builder has them, counted from the part's first page and section).
type part struct {
	dict      map[string]int32
	names     []string
	counts    []int   // occurrences of each term
	ids       []int32 // the term of every occurrence, in reading order
	secPage   []int32
	secLength []float32
	pageFirst []int32
}

// numberTerms reads pages' terms into a part.
func numberTerms(pages []Prepared) part {
	total := 0
	for _, p := range pages {
		total += p.occs
	}
	pt := part{dict: map[string]int32{}, ids: make([]int32, 0, total)}
	for pi := range pages {
		pt.pageFirst = append(pt.pageFirst, int32(len(pt.secPage)))
		r := termReader{pages[pi].terms}
		for {
			length, n, ok := r.section()
			if !ok {
				break
			}
			pt.secPage = append(pt.secPage, int32(pi))
			pt.secLength = append(pt.secLength, float32(length))
			for range n {
				t, _, _ := r.term()
				id, ok := pt.dict[string(t)]
				if !ok {
					id = int32(len(pt.names))
					name := string(t)
					pt.dict[name] = id
					pt.names = append(pt.names, name)
					pt.counts = append(pt.counts, 0)
				}
				pt.ids = append(pt.ids, id)
				pt.counts[id]++
			}
		}
	}
	return pt
}

// place puts the occurrences of pages (whose terms are ids, and whose first section is
// sec) into all, each term's at next[term], which it advances.
func place(pages []Prepared, ids []int32, sec int32, all []occ, next []int) {
	k := 0
	for pi := range pages {
		r := termReader{pages[pi].terms}
		for {
			_, n, ok := r.section()
			if !ok {
				break
			}
			for range n {
				_, tf, fields := r.term()
				id := ids[k]
				k++
				all[next[id]] = occ{sec, uint16(min(tf, math.MaxUint16)), fields}
				next[id]++
			}
			sec++
		}
	}
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
	files, _, st = BuildReusing(pages, nil)
	return files, st
}

// BuildReusing is BuildPrepared for a build that keeps the files of the last one where
// they did not change: a file whose name and raw content (its JSON, by SHA-256) reuse
// accepts is not compressed again; its entry in files is nil, for the caller to publish
// the file it has, and it is left out of st.Bytes. sums holds the raw SHA-256 of every
// file, for the next build's reuse. reuse may be called from several goroutines at once.
func BuildReusing(pages []Prepared, reuse func(name string, raw [32]byte) bool) (files map[string][]byte, sums map[string][32]byte, st Stats) {
	pages = slices.Clone(pages)
	slices.SortFunc(pages, func(a, b Prepared) int { return strings.Compare(a.URL, b.URL) })
	meta := Meta{Version: 2, Pages: len(pages), ShardFirst: []string{}, ChunkPages: []int{}}
	// The page chunks need only the pages: made beside the terms' gathering and shards,
	// into the same writer (their names, p-…, are not the shards', s-…).
	w := newWriter(reuse, &st)
	var chunked sync.WaitGroup
	chunked.Go(func() { meta.Chunks, meta.ChunkPages = w.chunks(pages) })
	bd := &builder{}
	bd.read(pages)
	var total float64
	for _, l := range bd.secLength {
		total += float64(l)
	}
	sections := len(bd.secLength)
	st.Pages, st.Sections, st.Terms = len(pages), sections, len(bd.names)
	meta.Shards, meta.ShardFirst = w.shards(bd, max(total/float64(max(sections, 1)), 1), float64(sections))
	chunked.Wait()
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
	return files, sums, st
}
