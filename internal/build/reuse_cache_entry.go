package build

import (
	"cmp"
	"html/template"
	"slices"

	"docsite/internal/cache"
	"docsite/internal/diag"
	"docsite/internal/render"
	"docsite/internal/write"
)

// What the build cache keeps: a group's output (cachedGroup, made from and into a
// groupOut) and the last build's (siteEntry), in the exported form encoding/gob needs.

// cachedFile is a file a build wrote.
type cachedFile struct {
	Rel  string
	Sum  write.Sum
	Size int64
}

// cachedGroup is a groupOut, as the cache keeps it.
type cachedGroup struct {
	Key, ReviewKey string
	URLs           map[string]string
	Pages          []cachedPage
	Diags          diag.List
	Home           map[string]template.HTML
	Links          []linkRef
	IDs            map[string]string
	Headings       map[string][]lineAnchor
	// SearchSums are the Sums of the group's pages in the search index, by language
	// code; the pages are in the language's search file (reuse_cache_search.go).
	SearchSums map[string][32]byte
	Files      []cachedFile
	// BodyKey is the group's body key; Bodies where its versions' bodies are in the pages
	// it wrote, by language code, nil when they cannot be had from there (reuse_bodies.go).
	BodyKey cache.Key
	Bodies  map[string]cachedBody
}

// cachedPage is a pageOut.
type cachedPage struct {
	render.Published
	Mentions []mention
}

// siteEntry is what the next build keeps of the last: every file it wrote, and its
// result (for a build with nothing changed), the raw SHA-256 of its search index files
// (the files of an index that did not change are not compressed again), the strings
// absent from the locales.
type siteEntry struct {
	Site      cache.Key // the site key it was built with
	Whole     cache.Key // and its whole key
	Files     []cachedFile
	Raw       map[string][32]byte  // by path of an index file
	Index     map[string]cache.Key // each language's index key (indexKey)
	Pages     map[string]int
	StandIns  map[string]int
	Links     int
	DeadLinks int
	Diags     diag.List
	// Absent are the strings no locale defines that the build asked for, by language
	// code: a group taken from the cache asks for none (absentBefore).
	Absent map[string][]string
}

func cacheGroup(o *groupOut, files []cachedFile) *cachedGroup {
	g := &cachedGroup{Key: o.key, ReviewKey: o.reviewKey, URLs: o.urls, Diags: o.diags, Home: o.home,
		Links: o.links, IDs: o.ids, Headings: o.headings, SearchSums: o.searchSums, Files: files, Bodies: o.bodies}
	sortFiles(g.Files) // the cache's bytes do not depend on the order of the writes
	for _, p := range o.pages {
		g.Pages = append(g.Pages, cachedPage{p.Published, p.mentions})
	}
	return g
}

// out is the groupOut g was made from.
func (g *cachedGroup) out() *groupOut {
	o := &groupOut{key: g.Key, reviewKey: g.ReviewKey, urls: g.URLs, diags: g.Diags, home: g.Home,
		links: g.Links, ids: g.IDs, headings: g.Headings, searchSums: g.SearchSums, bodies: g.Bodies}
	if o.urls == nil {
		o.urls = map[string]string{}
	}
	for _, p := range g.Pages {
		o.pages = append(o.pages, pageOut{p.Published, p.Mentions})
	}
	return o
}

func sortFiles(files []cachedFile) {
	slices.SortFunc(files, func(a, b cachedFile) int { return cmp.Compare(a.Rel, b.Rel) })
}
