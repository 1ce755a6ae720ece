package build

import (
	"crypto/sha256"
	"fmt"
	"html/template"
	"maps"
	"slices"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/render"
	"docsite/internal/route"
	"docsite/internal/search"
)

// nav is the header navigation of language l's pages: the catalog's pages, when the site
// has GPU data, with what they hold (the home page lists them with the docs' pages).
func (s *site) nav(l config.Lang) []render.NavLink {
	if s.cat == nil {
		return nil
	}
	return []render.NavLink{
		{Title: s.locs[l.Code].T("catalog_gpus_title"), Href: route.GPUs(l.Code), Description: s.locs[l.Code].T("catalog_gpus_intro")},
		{Title: s.locs[l.Code].T("catalog_pricing_title"), Href: route.Pricing(l.Code), Description: s.locs[l.Code].T("catalog_pricing_intro")},
	}
}

// writeListings writes what depends on the list of all pages, not on their bodies (home
// pages, catalog pages, sitemap, …), from the built groups.
// It returns the text of the catalog's pages for the search index, by language code.
func (s *site) writeListings(outs []*groupOut, sink Sink) (diag.List, map[string][]search.Prepared, error) {
	ls := render.Listings{Intros: map[string]template.HTML{}, Catalog: s.catalogPages(outs)}
	for _, o := range outs {
		for code, intro := range o.home {
			ls.Intros[code] = intro
		}
		for _, p := range o.pages {
			ls.Pages = append(ls.Pages, p.Published)
		}
	}
	if err := s.writeAliases(sink); err != nil {
		return nil, nil, err
	}
	if err := s.writeContentFiles(sink); err != nil {
		return nil, nil, err
	}
	if s.opts.NoSearch {
		diags, err := s.render.WriteListings(sink, ls)
		return diags, nil, err
	}
	capture := &catalogCapture{Sink: sink, docs: map[string][]search.Prepared{}}
	diags, err := s.render.WriteListings(capture, ls)
	return diags, capture.docs, err
}

// listingDigest sums up what the listings use of a group's output: a live rebuild whose
// groups all keep their digests can keep the listings it wrote before.
func listingDigest(o *groupOut) [sha256.Size]byte {
	h := sha256.New()
	field := func(s string) {
		fmt.Fprintf(h, "%d:%s", len(s), s)
	}
	field(o.key)
	for _, file := range slices.Sorted(maps.Keys(o.headings)) {
		field(file)
		for _, h2 := range o.headings[file] {
			fmt.Fprintf(h, "%d", h2.Line)
			field(h2.ID)
		}
	}
	for _, code := range slices.Sorted(maps.Keys(o.home)) {
		field(code)
		field(string(o.home[code]))
	}
	for _, p := range o.pages {
		field(p.Lang)
		field(p.URL)
		field(p.Title)
		field(p.BodyLang)
		fmt.Fprintf(h, "%d/%t", p.Weight, p.Fallback)
		for _, a := range p.Alts {
			field(a.Hreflang)
			field(a.Href)
		}
		for _, m := range p.mentions {
			field(m.GPU)
			field(m.Ref.Page)
			field(m.Ref.Section)
			field(m.Ref.Path)
		}
	}
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}
