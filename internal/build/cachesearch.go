package build

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"slices"
	"strings"
	"sync"

	"docsite/internal/cache"
	"docsite/internal/search"
)

// The search index with the cache. Each language's index is made from its pages'
// search.Prepared; a group taken from the cache has only their Sums (cachedGroup), and
// the pages themselves are in the language's search file (blobs, by Sum), read only when
// the language's index must be made again. An index whose pages all have the Sums of the
// last build's (indexKey) is not made again: its files are kept (keepIndex). One made
// again compresses only the files whose content changed (indexReuse).

// searchFile is the name of language code's search file.
func searchFile(code string) string { return "search-" + code }

// indexDocs returns the pages of language code's index that outs hold, those taken from
// the cache read from its search file; a page missing there is made again by building
// its group once more, into no output. With them come their Sums.
func (c *buildCache) indexDocs(s *site, code string, outs []*groupOut) ([]search.Prepared, [][32]byte) {
	var blobs cache.Blobs
	read := false
	var docs []search.Prepared
	var sums [][32]byte
	for _, o := range outs {
		sum, ok := o.searchSums[code]
		if !ok {
			continue
		}
		p, ok := o.search[code]
		if !ok {
			if !read {
				var err error
				blobs, err = cache.ReadBlobs(c.dir, searchFile(code), c.version)
				c.warn(err)
				read = true
			}
			p, ok = decode(blobs[sum])
			if !ok {
				p = c.rebuilt(s, o.key).search[code]
			}
		}
		docs = append(docs, p)
		sums = append(sums, sum)
	}
	return docs, sums
}

// decode decodes a page from the search file's bytes b.
func decode(b []byte) (search.Prepared, bool) {
	if b == nil {
		return search.Prepared{}, false
	}
	p, err := search.Decode(b)
	return p, err == nil
}

// rebuilt is group key built again, into no output, once.
func (c *buildCache) rebuilt(s *site, key string) *groupOut {
	c.mu.Lock()
	once, ok := c.again[key]
	if !ok {
		once = sync.OnceValue(func() *groupOut {
			out, err := s.buildGroup(c.byKey[key], discard{}, false)
			if err != nil { // it built before, from the same files
				return &groupOut{}
			}
			return out
		})
		if c.again == nil {
			c.again = map[string]func() *groupOut{}
		}
		c.again[key] = once
	}
	c.mu.Unlock()
	return once()
}

// saveIndex writes language code's search file: its pages docs, of Sums sums.
func (c *buildCache) saveIndex(code string, docs []search.Prepared, sums [][32]byte) {
	if c == nil {
		return
	}
	keys := make([]cache.Key, len(sums))
	for i, sum := range sums {
		keys[i] = sum
	}
	err := cache.WriteBlobs(c.dir, searchFile(code), c.version, keys, func(i int) []byte {
		b, _ := docs[i].MarshalBinary()
		return b
	})
	c.unsaved(err)
}

// indexReuse is the search package's reuse for the index files of language code: those
// the last build wrote from the same raw content, which the output tree can keep.
// Without the cache it is nil.
func (c *buildCache) indexReuse(code string) func(name string, raw [32]byte) bool {
	if c == nil || c.last == nil {
		return nil
	}
	return func(name string, raw [32]byte) bool {
		rel := search.Dir(code) + name
		f, ok := c.files[rel]
		return ok && c.last.Raw[rel] == raw && c.keep.Has(rel, f.Sum, f.Size)
	}
}

// indexKey digests what language code's search index is made from: the pages of outs
// in that language and its catalog pages, each by Sum (which covers its URL), in order.
func (c *buildCache) indexKey(code string, outs []*groupOut, catalog []search.Prepared) cache.Key {
	if c == nil {
		return cache.Key{}
	}
	var sums [][32]byte
	for _, o := range outs {
		if sum, ok := o.searchSums[code]; ok {
			sums = append(sums, sum)
		}
	}
	for _, p := range catalog {
		sums = append(sums, p.Sum())
	}
	slices.SortFunc(sums, func(a, b [32]byte) int { return bytes.Compare(a[:], b[:]) })
	h := sha256.New()
	for _, sum := range sums {
		h.Write(sum[:])
	}
	var k cache.Key
	h.Sum(k[:0])
	return k
}

// errKept says that keepIndex kept the index.
var errKept = errors.New("kept")

// keepIndex publishes the last build's index of language code through sink when it was
// made from what key says and the output tree has all its files; it then returns errKept.
func (c *buildCache) keepIndex(code string, key cache.Key, sink Sink) error {
	if c == nil || c.last == nil || c.last.Index[code] != key {
		return nil
	}
	dir := search.Dir(code)
	var files []cachedFile
	for _, f := range c.last.Files {
		if strings.HasPrefix(f.Rel, dir) {
			files = append(files, f)
		}
	}
	if len(files) == 0 || !c.available(files) {
		return nil
	}
	sums := map[string][32]byte{}
	for _, f := range files {
		if err := sink.(*capture).keep(f); err != nil {
			return err
		}
		sums[strings.TrimPrefix(f.Rel, dir)] = c.last.Raw[f.Rel]
	}
	c.noteIndex(code, key, sums)
	return errKept
}

// noteIndex records language code's index key and the raw SHA-256 of its index files, for
// the next build.
func (c *buildCache) noteIndex(code string, key cache.Key, sums map[string][32]byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.raw == nil {
		c.raw, c.index = map[string][32]byte{}, map[string]cache.Key{}
	}
	c.index[code] = key
	for name, sum := range sums {
		c.raw[search.Dir(code)+name] = sum
	}
}
