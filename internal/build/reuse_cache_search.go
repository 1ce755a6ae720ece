package build

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"docsite/internal/cache"
	"docsite/internal/route"
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

// indexPage is a page of a language's index: its group's output, the page's entry (once
// read: the spill's for a page built, one in memory for a page from the search file) and
// its Sum (once known).
type indexPage struct {
	out    *groupOut
	e      search.Entry
	read   bool
	sum    [32]byte
	summed bool
}

// writeIndex writes language code's search index with the cache: the last build's files
// when its pages are the same (keepIndex), else an index made again, compressing only the
// files that changed, and the language's search file for the next build. out notes the
// files (listings).
func (c *buildCache) writeIndex(s *site, code string, outs []*groupOut, catalog []search.Prepared, out *output) error {
	var pages []indexPage
	for _, o := range outs {
		if sum, ok := o.searchSums[code]; ok { // taken from the cache
			pages = append(pages, indexPage{out: o, sum: sum, summed: true})
		} else if e, ok := o.search[code]; ok { // built
			pages = append(pages, indexPage{out: o, e: e, read: true})
		}
	}
	// The groups' entries need the Sums whether the index is kept or made again: a later
	// build takes pages from the cache by them.
	defer c.noteSums(code, pages)
	catalogSums := make([][32]byte, len(catalog))
	for i, p := range catalog {
		catalogSums[i] = p.Sum()
	}
	var key cache.Key
	if c.last != nil && c.last.Index[code] != (cache.Key{}) {
		// The last build made this language's index: is it the same?
		for i := range pages {
			if !pages[i].summed {
				sum, err := s.spill.Sum(code, pages[i].e)
				if err != nil {
					return err
				}
				pages[i].sum, pages[i].summed = sum, true
			}
		}
		key = indexKey(pages, catalogSums)
		if kept, err := c.keepIndex(code, key, out); kept || err != nil {
			return err
		}
	}
	if err := c.readPages(s, code, pages); err != nil {
		return err
	}
	ps := &spilledPages{sp: s.spill, code: code, catalog: catalog}
	for _, pg := range pages {
		ps.entries = append(ps.entries, pg.e)
		ps.urls = append(ps.urls, pg.out.urls[code])
	}
	var saved sync.WaitGroup
	saved.Go(func() { c.saveIndex(s.spill, code, pages) }) // while the index is made; sums the pages not summed yet
	files, sums, _, err := search.BuildReusing(ps, c.indexReuse(code))
	saved.Wait()
	if err != nil {
		return err
	}
	if key == (cache.Key{}) {
		key = indexKey(pages, catalogSums)
	}
	c.noteIndex(code, key, sums)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		rel := route.SearchFile(code, name)
		var err error
		if files[name] == nil { // the last build's, as the cache says
			err = out.keepFile(c.files[rel])
		} else {
			err = out.WriteFile(rel, files[name])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readPages reads the pages taken from the cache from language code's search file; a
// page missing there is made again by building its group once more, into no output.
// A page that cannot be had either way fails the build: indexed empty, it would also go
// into the cache under its Sum, and every later build would keep the wrong index.
func (c *buildCache) readPages(s *site, code string, pages []indexPage) error {
	var blobs cache.Blobs
	opened := false
	for i := range pages {
		pg := &pages[i]
		if pg.read {
			continue
		}
		if !opened {
			var err error
			blobs, err = cache.ReadBlobs(c.dir, searchFile(code), c.version)
			c.warn(err)
			opened = true
		}
		if p, ok := decode(blobs[pg.sum]); ok {
			pg.e = search.Held(p)
		} else {
			e, built := c.rebuilt(s, pg.out.key).search[code]
			if !built {
				return fmt.Errorf("search index: the %s page %s could not be made again", code, pg.out.urls[code])
			}
			pg.e = e
		}
		pg.read = true
	}
	return nil
}

// noteSums records the Sums known of the pages the build made, for their groups'
// entries (save sums any other).
func (c *buildCache) noteSums(code string, pages []indexPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, pg := range pages {
		if pg.out.searchSums == nil && pg.summed { // built, not taken from the cache
			if c.sums[pg.out] == nil {
				c.sums[pg.out] = map[string][32]byte{}
			}
			c.sums[pg.out][code] = pg.sum
		}
	}
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
			out, err := s.buildGroup(c.byKey[key], nowhere, false)
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

// saveIndex writes language code's search file: its pages, by Sum. It sums those whose
// Sum is not known yet from the bytes it writes. A page that cannot be read back from the
// spill leaves the file as it was (with a warning), as a failed write does.
func (c *buildCache) saveIndex(sp *search.Spool, code string, pages []indexPage) {
	err := cache.WriteBlobs(c.dir, searchFile(code), c.version, len(pages), func(i int, buf []byte) (cache.Key, []byte, error) {
		pg := &pages[i]
		b, err := sp.AppendEncoded(buf, code, pg.e)
		if err != nil {
			return cache.Key{}, nil, err
		}
		if !pg.summed {
			pg.sum, pg.summed = sha256.Sum256(b), true
		}
		return pg.sum, b, nil
	})
	c.unsaved(err)
}

// indexReuse is the search package's reuse for the index files of language code: those
// the last build wrote from the same raw content, which the output tree can keep.
// Without the cache it is nil.
func (c *buildCache) indexReuse(code string) func(name string, raw [32]byte) bool {
	if c.last == nil {
		return nil
	}
	return func(name string, raw [32]byte) bool {
		rel := route.SearchFile(code, name)
		f, ok := c.files[rel]
		return ok && c.last.Raw[rel] == raw && c.keep.Has(rel, f.Sum, f.Size)
	}
}

// indexKey digests what a language's search index is made from: its pages and its
// catalog pages, by Sum (which covers the URL), in any order.
func indexKey(pages []indexPage, catalog [][32]byte) cache.Key {
	sums := slices.Clone(catalog)
	for _, pg := range pages {
		sums = append(sums, pg.sum)
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

// keepIndex publishes the last build's index of language code through out when it was
// made from what key says and the output tree has all its files, and says whether it did.
func (c *buildCache) keepIndex(code string, key cache.Key, out *output) (bool, error) {
	if c.last.Index[code] != key {
		return false, nil
	}
	dir := route.SearchFile(code, "")
	var files []cachedFile
	for _, f := range c.last.Files {
		if strings.HasPrefix(f.Rel, dir) {
			files = append(files, f)
		}
	}
	if len(files) == 0 || !c.available(files) {
		return false, nil
	}
	sums := map[string][32]byte{}
	for _, f := range files {
		if err := out.keepFile(f); err != nil {
			return false, err
		}
		sums[strings.TrimPrefix(f.Rel, dir)] = c.last.Raw[f.Rel]
	}
	c.noteIndex(code, key, sums)
	return true, nil
}

// noteIndex records language code's index key and the raw SHA-256 of its index files, for
// the next build.
func (c *buildCache) noteIndex(code string, key cache.Key, sums map[string][32]byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.raw == nil {
		c.raw, c.index = map[string][32]byte{}, map[string]cache.Key{}
	}
	c.index[code] = key
	for name, sum := range sums {
		c.raw[route.SearchFile(code, name)] = sum
	}
}
