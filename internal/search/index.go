// Package search owns the reader's search: the text a page's index entry keeps, the
// terms of any language, the index files of a language, and queries on them.
package search

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// The index of a language is files under _search/<lang>/, made for a browser that fetches
// only what a query needs (the design Pagefind made known):
//
//   - index.bin, the one file with a fixed name: the first term of every term shard and
//     the first page of every page chunk, with their file names;
//   - s-<hash>.bin, term shards: terms in code point order, each with its postings, at
//     most MaxPostings (page, section, impact) triples, the strongest;
//   - p-<hash>.bin, page chunks: consecutive pages with URL, title, whether the page
//     stands in for a translation, and each section's heading, anchor and text (the
//     text cut at StoredText characters), for the excerpts.
//
// Every file is JSON compressed with gzip, whatever the host does (search.js inflates
// it with DecompressionStream, or reads it as is when a host already did), so what a
// query costs is the same on any static host. Names carry a hash of their content: a
// host may cache them forever, and a rebuild that changes one page rewrites one chunk.
//
// Ranking is BM25 over sections (the title counts with the first section, a heading
// with its own), computed here: a posting's impact is its term's BM25 weight in that
// section, in eighths; a query sums impacts. Query does it in Go, search.js in the
// browser, the same way.

// Sizes that bound what a query loads.
const (
	MaxPostings = 1500  // postings kept for a term, the strongest
	StoredText  = 1200  // characters of a section's text kept for the excerpt
	shardBytes  = 24000 // a term shard is closed past this many bytes of JSON
	chunkBytes  = 6000  // a page chunk is closed past this many bytes of JSON
	hashLen     = 12    // hex digits of a file name's hash
)

// BM25 parameters, and what a term in the page's title (scored with the first section)
// and in a section's heading adds, in units of the term's idf (at least 1): fields added to BM25 as
// in BM25F, so that a title match is not lost to the saturation of term frequency.
const (
	k1           = 1.2
	b            = 0.75
	titleBoost   = 3.0
	headingBoost = 1.0
)

// Meta is index.bin.
type Meta struct {
	Version int         `json:"v"`
	Pages   int         `json:"pages"`
	Shards  []ShardLink `json:"shards"`
	Chunks  []ChunkLink `json:"chunks"`
}

// ShardLink names a term shard and its first term.
type ShardLink struct {
	First string
	File  string
}

// ChunkLink names a page chunk and its first page.
type ChunkLink struct {
	First int
	File  string
}

func (l ShardLink) MarshalJSON() ([]byte, error) { return json.Marshal([]string{l.First, l.File}) }
func (l ChunkLink) MarshalJSON() ([]byte, error) { return json.Marshal([]any{l.First, l.File}) }

func (l *ShardLink) UnmarshalJSON(b []byte) error {
	var a []string
	if err := json.Unmarshal(b, &a); err != nil || len(a) != 2 {
		return fmt.Errorf("search: bad shard link %.40s", b)
	}
	l.First, l.File = a[0], a[1]
	return nil
}

func (l *ChunkLink) UnmarshalJSON(b []byte) error {
	var a []json.RawMessage
	if err := json.Unmarshal(b, &a); err != nil || len(a) != 2 {
		return fmt.Errorf("search: bad chunk link %.40s", b)
	}
	if err := json.Unmarshal(a[0], &l.First); err != nil {
		return err
	}
	return json.Unmarshal(a[1], &l.File)
}

// MetaFile is the name of a language's index.bin in its folder.
const MetaFile = "index.bin"

// Dir is the folder of language code's index in the site.
func Dir(code string) string { return "_search/" + code + "/" }

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

// Build makes the index files of one language's pages, by name within Dir. The order of
// docs does not matter; the output is the same bytes for the same pages.
func Build(docs []Doc) (files map[string][]byte, st Stats) {
	docs = slices.Clone(docs)
	slices.SortFunc(docs, func(a, b Doc) int { return strings.Compare(a.URL, b.URL) })
	type occ struct {
		page, sec int32
		tf        float32
		length    float32
		fields    uint8 // inTitle, inHeading
	}
	const (
		inTitle = 1 << iota
		inHeading
	)
	occs := map[string][]occ{}
	var total float64
	sections := 0
	var buf []Term
	tf := map[string]float32{}
	fields := map[string]uint8{}
	for pi, d := range docs {
		for si, s := range d.Sections {
			clear(tf)
			clear(fields)
			length := 0
			add := func(text string, field uint8) {
				buf = Terms(buf[:0], text)
				for _, t := range buf {
					if field != inTitle {
						tf[t.Text]++
					}
					fields[t.Text] |= field
				}
				if field != inTitle {
					length += len(buf)
				}
			}
			if si == 0 {
				add(d.Title, inTitle)
			}
			add(s.Heading, inHeading)
			add(s.Text, 0)
			for t, f := range fields {
				occs[t] = append(occs[t], occ{int32(pi), int32(si), tf[t], float32(length), f})
			}
			total += float64(length)
			sections++
		}
	}
	st.Pages, st.Sections, st.Terms = len(docs), sections, len(occs)
	avg := max(total/float64(max(sections, 1)), 1)
	n := float64(sections)
	termList := make([]string, 0, len(occs))
	for t := range occs {
		termList = append(termList, t)
	}
	slices.SortFunc(termList, compareTerms)
	files = map[string][]byte{}
	var meta Meta
	meta.Version, meta.Pages = 1, len(docs)
	var shard bytes.Buffer
	first := ""
	closeShard := func() {
		if shard.Len() == 0 {
			return
		}
		shard.WriteByte(']')
		name := put(files, "s-", shard.Bytes(), &st)
		meta.Shards = append(meta.Shards, ShardLink{first, name})
		shard.Reset()
	}
	var ps []posting
	for _, t := range termList {
		list := occs[t]
		df := float64(len(list))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		ps = ps[:0]
		for _, o := range list {
			f := float64(o.tf)
			w := idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(o.length)/avg))
			// A field counts at least as much as a rare term's: on a site about GPUs, "gpu"
			// is on every page, and its title still says which page is about it.
			if o.fields&inTitle != 0 {
				w += titleBoost * max(idf, 1)
			}
			if o.fields&inHeading != 0 {
				w += headingBoost * max(idf, 1)
			}
			ps = append(ps, posting{o.page, o.sec, int32(max(1, math.Round(w*8)))})
		}
		if len(ps) > MaxPostings {
			slices.SortStableFunc(ps, func(x, y posting) int { return cmp.Compare(y.impact, x.impact) })
			st.Dropped += len(ps) - MaxPostings
			ps = ps[:MaxPostings]
			slices.SortFunc(ps, func(x, y posting) int {
				return cmp.Or(cmp.Compare(x.page, y.page), cmp.Compare(x.sec, y.sec))
			})
		}
		st.Postings += len(ps)
		if shard.Len() == 0 {
			first = t
			shard.WriteByte('[')
		} else {
			shard.WriteByte(',')
		}
		writeTerm(&shard, t, ps)
		if shard.Len() >= shardBytes {
			closeShard()
		}
	}
	closeShard()
	var chunk bytes.Buffer
	firstPage := 0
	for pi, d := range docs {
		if chunk.Len() == 0 {
			firstPage = pi
			chunk.WriteByte('[')
		} else {
			chunk.WriteByte(',')
		}
		writePage(&chunk, d)
		if chunk.Len() >= chunkBytes || pi == len(docs)-1 {
			chunk.WriteByte(']')
			name := put(files, "p-", chunk.Bytes(), &st)
			meta.Chunks = append(meta.Chunks, ChunkLink{firstPage, name})
			chunk.Reset()
		}
	}
	st.Shards, st.Chunks = len(meta.Shards), len(meta.Chunks)
	if meta.Shards == nil {
		meta.Shards = []ShardLink{}
	}
	if meta.Chunks == nil {
		meta.Chunks = []ChunkLink{}
	}
	mb, _ := json.Marshal(meta)
	files[MetaFile] = gz(mb)
	st.Bytes += len(files[MetaFile])
	return files, st
}

// put adds JSON b, compressed, under a name made of prefix and its hash.
func put(files map[string][]byte, prefix string, b []byte, st *Stats) string {
	name := name(prefix, b)
	files[name] = gz(b)
	st.Bytes += len(files[name])
	return name
}

// writeTerm writes ["term",[page delta, section, impact, …]].
func writeTerm(w *bytes.Buffer, t string, ps []posting) {
	tb, _ := json.Marshal(t)
	w.WriteByte('[')
	w.Write(tb)
	w.WriteString(",[")
	last := int32(0)
	for i, p := range ps {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, "%d,%d,%d", p.page-last, p.sec, p.impact)
		last = p.page
	}
	w.WriteString("]]")
}

// writePage writes ["url","title",standIn,[["heading","anchor","text"],…]].
func writePage(w *bytes.Buffer, d Doc) {
	standIn := 0
	if d.StandIn {
		standIn = 1
	}
	secs := make([][3]string, len(d.Sections))
	for i, s := range d.Sections {
		secs[i] = [3]string{s.Heading, s.Anchor, cut(s.Text, StoredText)}
	}
	b, _ := json.Marshal([]any{strings.TrimPrefix(d.URL, "/"), d.Title, standIn, secs})
	w.Write(b)
}

// compareTerms orders terms by code point, as search.js does.
func compareTerms(a, b string) int { return strings.Compare(a, b) }

// gz compresses b reproducibly.
func gz(b []byte) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// name is the file name of content b: prefix, a hash of b, .bin.
func name(prefix string, b []byte) string {
	sum := sha256.Sum256(b)
	return prefix + hex.EncodeToString(sum[:])[:hashLen] + ".bin"
}

// cut shortens s to at most n characters, at a space where one is near.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			s = s[:k]
			break
		}
		i++
	}
	if sp := strings.LastIndexByte(s, ' '); sp > len(s)*4/5 {
		s = s[:sp]
	}
	return s + "…"
}
