package search

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The index files of a language as Build writes them: term shards with their weighed
// postings, page chunks, their names and their compression.

// writer names the index files and compresses them as they are made, on all cores: the
// files of a big site's index are thousands, and the build waits for them. It keeps
// only the compressed files: a 10,000-page language's JSON is some 40 MB, its files 5.
// put may be called from several goroutines.
type writer struct {
	reuse func(name string, raw [32]byte) bool // nil, or a file not to compress again
	st    *Stats
	jobs  chan zipJob
	done  sync.WaitGroup
	mu    sync.Mutex
	files map[string][]byte   // compressed, by name; nil when reuse accepted the file
	sums  map[string][32]byte // the raw content's SHA-256, by name
}

// zipJob is a file to compress, with the SHA-256 of raw that put already took.
type zipJob struct {
	name string
	raw  []byte
	sum  [32]byte
}

// newWriter starts a writer whose compressors skip the files reuse accepts; reuse is
// called from all of them at once.
func newWriter(reuse func(name string, raw [32]byte) bool, st *Stats) *writer {
	n := runtime.GOMAXPROCS(0)
	w := &writer{reuse: reuse, st: st, jobs: make(chan zipJob, 2*n), files: map[string][]byte{}, sums: map[string][32]byte{}}
	for range n {
		w.done.Go(func() {
			var z zipper
			for j := range w.jobs {
				var out []byte
				if w.reuse == nil || !w.reuse(j.name, j.sum) {
					out = z.gz(j.raw)
				}
				w.mu.Lock()
				w.files[j.name] = out
				w.mu.Unlock()
			}
		})
	}
	return w
}

// close waits for the files put so far to be compressed and returns them, with the raw
// SHA-256 of each; a file reuse accepted is nil.
func (w *writer) close() (files map[string][]byte, sums map[string][32]byte) {
	close(w.jobs)
	w.done.Wait()
	return w.files, w.sums
}

// shards weighs every term's occurrences (avg is the mean section length, n the number of
// sections) and writes the term shards; it returns their hashes and first terms.
func (w *writer) shards(bd *builder, avg, n float64) (hashes string, first []string) {
	avgTitle := 0.0
	for _, l := range bd.titleLen {
		avgTitle += float64(l)
	}
	avgTitle = max(avgTitle/float64(max(len(bd.titleLen), 1)), 1)
	order := make([]int32, len(bd.names))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return compareTerms(bd.names[a], bd.names[b]) })
	var shard bytes.Buffer
	var ps []posting
	var hs strings.Builder
	closeShard := func() {
		shard.WriteByte(']')
		hs.WriteString(w.put(ShardFile, shard.Bytes()))
		shard.Reset()
	}
	for _, id := range order {
		list := bd.occs[id]
		df := float64(len(list))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		ps = ps[:0]
		for _, o := range list {
			f := float64(o.tf.tf())
			wt := idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(bd.secLength[o.sec])/avg))
			// A field counts at least as much as a rare term's: on a site about GPUs, "gpu"
			// is on every page, and its title still says which page is about it.
			if o.tf.fields()&inTitle != 0 {
				wt += titleBoost * max(idf, 1) / (1 - bTitle + bTitle*float64(bd.titleLen[bd.secPage[o.sec]])/avgTitle)
			}
			if o.tf.fields()&inHeading != 0 {
				wt += headingBoost * max(idf, 1)
			}
			page := bd.secPage[o.sec]
			ps = append(ps, posting{page, o.sec - bd.pageFirst[page], int32(max(1, math.Round(wt*8))), o.places})
		}
		if len(ps) > MaxPostings {
			w.st.Dropped += len(ps) - MaxPostings
			ps = strongest(ps, MaxPostings)
		}
		w.st.Postings += len(ps)
		if shard.Len() == 0 {
			first = append(first, bd.names[id])
			shard.WriteByte('[')
		} else {
			shard.WriteByte(',')
		}
		writeTerm(&shard, bd.names[id], ps, bd.places, isPair(bd.names[id]))
		if shard.Len() >= shardBytes {
			closeShard()
		}
	}
	if shard.Len() > 0 {
		closeShard()
	}
	return hs.String(), first
}

// strongest keeps the k postings of the highest impact, in page order (ties: the first
// pages); ps is in page order and reused.
func strongest(ps []posting, k int) []posting {
	var hist [256]int // impacts by magnitude, the last bucket holding all above
	bucket := func(v int32) int { return int(min(v, 255)) }
	for _, p := range ps {
		hist[bucket(p.impact)]++
	}
	cut, above := 255, 0 // the bucket where the k-th strongest falls, and how many are above it
	for ; cut > 0 && above+hist[cut] < k; cut-- {
		above += hist[cut]
	}
	if cut == 255 { // more than k in the top bucket: order them exactly
		slices.SortFunc(ps, func(x, y posting) int {
			return cmp.Or(cmp.Compare(y.impact, x.impact), cmp.Compare(x.page, y.page), cmp.Compare(x.sec, y.sec))
		})
		ps = ps[:k]
		slices.SortFunc(ps, func(x, y posting) int { return cmp.Or(cmp.Compare(x.page, y.page), cmp.Compare(x.sec, y.sec)) })
		return ps
	}
	room := k - above // postings of the cut bucket that stay
	out := ps[:0]
	for _, p := range ps {
		b := bucket(p.impact)
		if b > cut || b == cut && room > 0 {
			if b == cut {
				room--
			}
			out = append(out, p)
		}
	}
	return out
}

// chunks writes the page chunks; it returns their hashes and sizes in pages.
func (w *writer) chunks(page func(int) (Prepared, error), n int) (hashes string, pages []int, err error) {
	var chunk bytes.Buffer
	var hs strings.Builder
	k := 0
	for pi := range n {
		d, err := page(pi)
		if err != nil {
			return "", nil, err
		}
		if chunk.Len() == 0 {
			chunk.WriteByte('[')
		} else {
			chunk.WriteByte(',')
		}
		writePage(&chunk, d)
		k++
		if chunk.Len() >= chunkBytes || pi == n-1 {
			chunk.WriteByte(']')
			hs.WriteString(w.put(ChunkFile, chunk.Bytes()))
			pages = append(pages, k)
			chunk.Reset()
			k = 0
		}
	}
	return hs.String(), pages, nil
}

// put adds JSON b under the name file makes of its hash, and returns the hash. Two
// contents whose hashes start alike take the next digits of their hashes. b is copied.
// Which of two such contents keeps the short name depends on which was put first, so the
// files of one name prefix (ShardFile, ChunkFile) must come from one goroutine.
func (w *writer) put(file func(string) string, b []byte) string {
	sum := sha256.Sum256(b)
	digits := hex.EncodeToString(sum[:])
	for i := 0; ; i += hashLen {
		h := digits[i : i+hashLen]
		w.mu.Lock()
		old, taken := w.sums[file(h)]
		if !taken {
			w.sums[file(h)] = sum
		}
		w.mu.Unlock()
		if !taken {
			w.jobs <- zipJob{file(h), bytes.Clone(b), sum}
		}
		if !taken || old == sum {
			return h
		}
	}
}

// zipper compresses, reusing its writer.
type zipper struct {
	zw  *gzip.Writer
	buf bytes.Buffer
}

// gz compresses b, reproducibly: the same bytes for the same input.
func (z *zipper) gz(b []byte) []byte {
	z.buf.Reset()
	if z.zw == nil {
		z.zw, _ = gzip.NewWriterLevel(&z.buf, gzipLevel)
	} else {
		z.zw.Reset(&z.buf)
	}
	z.zw.Write(b)
	z.zw.Close()
	return bytes.Clone(z.buf.Bytes())
}

// gzipLevel trades the index's bytes for the build's time.
const gzipLevel = 2

// writeTerm writes ["term",[page delta, section, impact, …]], and each posting's places
// after its impact for a character pair (Places), which places holds (posting.places):
// the first place and the distance to each next one, all but the last negative (the first
// as -1 - place), so that a pair at one place, most of them, writes it as it is, and a
// pair at several costs a number each, most of them a digit or two.
func writeTerm(w *bytes.Buffer, t string, ps []posting, places []byte, pair bool) {
	tb, _ := json.Marshal(t)
	w.WriteByte('[')
	w.Write(tb)
	w.WriteString(",[")
	last := int32(0)
	var num []byte
	for i, p := range ps {
		if i > 0 {
			w.WriteByte(',')
		}
		num = strconv.AppendInt(num[:0], int64(p.page-last), 10)
		num = append(num, ',')
		num = strconv.AppendInt(num, int64(p.sec), 10)
		num = append(num, ',')
		num = strconv.AppendInt(num, int64(p.impact), 10)
		if pair {
			num = appendPlaces(num, places[max(p.places, 1)-1:]) // a pair has a place
		}
		w.Write(num)
		last = p.page
	}
	w.WriteString("]]")
}

// appendPlaces appends ",place" to b for each place of places, as writeTerm writes them.
func appendPlaces(b, places []byte) []byte {
	n, k := binary.Uvarint(places)
	places = places[k:]
	for i := range n {
		d, k := binary.Uvarint(places)
		places = places[k:]
		b = append(b, ',')
		switch {
		case i == n-1:
			b = strconv.AppendUint(b, d, 10)
		case i == 0:
			b = append(b, '-')
			b = strconv.AppendUint(b, d+1, 10)
		default:
			b = append(b, '-')
			b = strconv.AppendUint(b, d, 10)
		}
	}
	return b
}

// ReadPlaces reads the places of the pair posting whose places start at postings[k], as
// writeTerm wrote them, adding each to places; it returns the index after them.
func ReadPlaces(postings []int32, k int, places []int32) (int, []int32) {
	at := int32(0)
	for i := 0; k < len(postings); i++ {
		v := postings[k]
		k++
		switch {
		case v >= 0 && i == 0:
			return k, append(places, v)
		case v >= 0:
			return k, append(places, at+v)
		case i == 0:
			at = -v - 1
		default:
			at -= v
		}
		places = append(places, at)
	}
	return k, places
}

// writePage writes ["url","title",standIn,[["heading","anchor","text"],…]].
func writePage(w *bytes.Buffer, p Prepared) {
	url, _ := json.Marshal(strings.TrimPrefix(p.URL, "/"))
	w.WriteByte('[')
	w.Write(url)
	w.WriteByte(',')
	w.Write(p.title)
	if p.StandIn {
		w.WriteString(",1,")
	} else {
		w.WriteString(",0,")
	}
	w.Write(p.secs)
	w.WriteByte(']')
}

// compareTerms orders terms by code point, as search.js does.
func compareTerms(a, b string) int { return strings.Compare(a, b) }

// cut shortens s to at most n characters and a …, at a space where one is near, and says
// how many characters it kept (the … counted). It reads no further into s than it
// keeps.
func cut(s string, n int) (string, int) {
	if n <= 0 {
		return "", 0
	}
	i := 0
	for k := range s {
		if i == n {
			s = s[:k]
			if sp := strings.LastIndexByte(s, ' '); sp > len(s)*4/5 {
				i -= utf8.RuneCountInString(s[sp:])
				s = s[:sp]
			}
			return s + "…", i + 1
		}
		i++
	}
	return s, i
}
