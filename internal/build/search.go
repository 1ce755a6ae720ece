package build

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"

	"docsite/internal/route"
	"docsite/internal/search"
)

// The search index is made from what the pages render: each group hands over its pages'
// sections (searchDocs, from the bodies it rendered), the listings hand over the GPU
// catalog's pages (catalogCapture, from the HTML they wrote), and writeSearch builds one
// index a language (package search) once all are known. A stand-in is indexed in the
// language it stands in for, marked, so a reader finds the page where they read.

// searchDocs are the index entries of the pages a group wrote, by language code.
func (s *site) searchDocs(out *groupOut, v *versions) {
	if s.opts.NoSearch {
		return
	}
	read := map[*built]search.Prepared{} // the source stands in for several languages: read it once
	out.search = map[string]search.Entry{}
	for _, po := range out.pages {
		l := po.Lang
		b := v.real[l]
		if b == nil {
			if _, ok := s.aliases[route.StandIn(l, v.src.Path)]; ok {
				continue // an alias is published there instead
			}
			b = v.src
		}
		p, ok := read[b]
		if !ok || p.Title() != po.Title {
			p = search.Prepare(search.Doc{Title: po.Title, Sections: search.Sections(string(b.Body))})
			read[b] = p
		}
		out.search[l] = s.spill.Put(l, p.As(po.URL, po.StandIn))
	}
}

// catalogCapture passes the listings' files on and keeps the catalog pages' text for the
// index: the GPU, provider and pricing pages, which the build writes from data.
type catalogCapture struct {
	Sink
	mu     sync.Mutex
	docs   map[string][]search.Prepared // by language code
	places func(code string) []string   // where the catalog's pages of a language are
}

func (c *catalogCapture) WriteFile(rel string, data []byte) error {
	if code, url, ok := catalogPage(rel, c.places); ok {
		title, secs := search.Page(string(data))
		p := search.Prepare(search.Doc{URL: url, Title: title, Sections: secs})
		c.mu.Lock()
		c.docs[code] = append(c.docs[code], p)
		c.mu.Unlock()
	}
	return c.Sink.WriteFile(rel, data)
}

// catalogPage reports whether the file rel is a catalog page, and its language and site
// path.
func catalogPage(rel string, places func(code string) []string) (code, url string, ok bool) {
	url, ok = route.FolderPage(rel)
	if !ok {
		return "", "", false
	}
	code, _, _ = strings.Cut(rel, "/")
	for _, place := range places(code) {
		if strings.HasPrefix(url, place) {
			return code, url, true
		}
	}
	return "", "", false
}

// writeSearch writes the index of every language (route.SearchIndex) from the groups'
// pages and the catalog's. Each language's files are written as soon as they are made,
// while the other languages' are still being made.
func (s *site) writeSearch(outs []*groupOut, catalog map[string][]search.Prepared, out *output) error {
	if s.opts.NoSearch {
		return nil
	}
	langs := s.cfg.Langs
	errs := make([]error, len(langs))
	// The largest first: the cores then run out of languages together, rather than one
	// core making the largest index alone at the end.
	order := make([]int, len(langs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.spill.Size(langs[b].Code), s.spill.Size(langs[a].Code)) })
	s.parallel(context.Background(), len(langs), func(k int) {
		i := order[k]
		code := langs[i].Code
		errs[i] = s.reuse.writeIndex(s, code, outs, catalog[code], out)
	})
	return errors.Join(errs...)
}

// writeIndex makes language code's index from its pages and writes it.
func (s *site) writeIndex(code string, outs []*groupOut, catalog []search.Prepared, out *output) error {
	files, _, _, err := search.BuildReusing(s.searchPages(code, outs, catalog), nil)
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := out.WriteFile(route.SearchFile(code, name), files[name]); err != nil {
			return err
		}
	}
	return nil
}

// searchPages are language code's pages for its index: the entries the groups outs
// wrote, read back from the spool (search.Spool) as the index needs them, and the
// catalog's pages.
func (s *site) searchPages(code string, outs []*groupOut, catalog []search.Prepared) search.Pages {
	ps := &spilledPages{sp: s.spill, code: code, catalog: catalog}
	for _, o := range outs {
		if e, ok := o.search[code]; ok {
			ps.entries = append(ps.entries, e)
			ps.urls = append(ps.urls, o.urls[code])
		}
	}
	return ps
}

// spilledPages are the search.Pages of a language: its pages' entries, which the spill
// gives back (or holds in memory: a live build's, a page the cache's search file gave),
// then its catalog pages, in memory.
type spilledPages struct {
	sp      *search.Spool
	code    string
	entries []search.Entry
	urls    []string // of each entry's page
	catalog []search.Prepared
}

func (ps *spilledPages) Len() int { return len(ps.entries) + len(ps.catalog) }

func (ps *spilledPages) URL(i int) string {
	if i < len(ps.entries) {
		return ps.urls[i]
	}
	return ps.catalog[i-len(ps.entries)].URL
}

func (ps *spilledPages) Page(i int) (search.Prepared, error) {
	if i < len(ps.entries) {
		return ps.sp.Get(ps.code, ps.entries[i])
	}
	return ps.catalog[i-len(ps.entries)], nil
}
