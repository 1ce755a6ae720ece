package build

import (
	"crypto/sha256"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"strings"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/render"
	"docsite/internal/route"
	"docsite/internal/search"
)

// nav is the header navigation of language l's pages: the catalog's pages, when the site
// has GPU data, with what they hold (the home page lists them with the docs' pages).
func (s *site) nav(l config.Lang) []render.NavLink {
	if s.catalog == nil {
		return nil
	}
	return s.catalog.Nav(l)
}

// writeListings writes what depends on the list of all pages, not on their bodies (home
// pages, catalog pages, sitemap, …), from the built groups.
// It returns the text of the catalog's pages for the search index, by language code.
func (s *site) writeListings(outs []*groupOut, w *output) (diag.List, map[string][]search.Prepared, error) {
	ls := render.Listings{Intros: map[string]template.HTML{}, Catalog: s.catalogPages(outs), Taken: s.content}
	for _, o := range outs {
		for code, intro := range o.home {
			ls.Intros[code] = intro
		}
		for _, p := range o.pages {
			ls.Pages = append(ls.Pages, p.Published)
		}
	}
	if err := s.writeAliases(w); err != nil {
		return nil, nil, err
	}
	if err := s.writeContentFiles(w); err != nil {
		return nil, nil, err
	}
	if s.opts.NoSearch {
		diags, err := s.render.WriteListings(w, ls)
		return append(diags, s.tagPlaceDiags()...), nil, err
	}
	capture := &catalogCapture{Sink: w, docs: map[string][]search.Prepared{}, places: s.catalogPlaces}
	diags, err := s.render.WriteListings(capture, ls)
	return append(diags, s.tagPlaceDiags()...), capture.docs, err
}

// tagDiags warns about the tags of page p that make no URL (route.TagSlug): they are
// in no tag page.
func tagDiags(p *load.Page) diag.List {
	var out diag.List
	for _, tag := range p.Meta.Tags {
		if route.TagSlug(tag) == "" {
			out = append(out, diag.Warnf(p.File, p.Meta.Line("tags"), 0, "tags",
				"tag %q has no letter or digit to make its page's URL of; it has no tag page and the page does not show it", tag))
		}
	}
	return out
}

// tagPlaceDiags warns, once per language, where the language has tagged pages but a
// page of its own at tags/, where its tag pages would be: they are not written.
func (s *site) tagPlaceDiags() diag.List {
	var out diag.List
	for _, l := range s.cfg.Langs {
		tagged, at := false, ""
		for _, g := range s.groups {
			p := g.Page(l.Code)
			if p == nil || p.Err != nil {
				continue
			}
			tagged = tagged || len(p.Meta.Tags) > 0
			if (p.Path == "tags" || strings.HasPrefix(p.Path, "tags/")) && (at == "" || p.File < at) {
				at = p.File
			}
		}
		if tagged && at != "" {
			out = append(out, diag.Warnf(at, 0, 0, "tags",
				"the tag pages of %s are not written: this page is published where they would be, %s", l.Code, route.Tags(l.Code)))
		}
	}
	return out
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
		field(p.Summary) // the feeds'
		for _, tag := range p.Tags {
			field(tag)
		}
		field("") // the end of the tags
		fmt.Fprintf(h, "%d/%t/%d", p.Weight, p.StandIn, p.Updated.UnixNano())
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
