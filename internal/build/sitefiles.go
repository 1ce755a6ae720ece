package build

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"sync"

	"golang.org/x/text/collate"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/render"
	"docsite/internal/route"
)

// pageBase is what every page of language l shares; made once per language.
func (s *site) pageBase(l config.Lang) render.Base { return s.bases[l.Code] }

// makeBases prepares what the pages of each language share, once: the site's languages
// as templates see them, the localizer and the header navigation.
func (s *site) makeBases() {
	shared := render.NewSite(s.cfg.Title, s.cfg.Langs)
	s.bases = map[string]render.Base{}
	for i, l := range s.cfg.Langs {
		b := render.Base{
			Site:   shared,
			Lang:   shared.Langs[i],
			Loc:    s.locs[l.Code],
			Assets: s.assets,
			Base:   s.urls,
		}
		if s.cat != nil {
			b.Nav = []render.NavLink{
				{Title: s.locs[l.Code].T("catalog_gpus_title"), Href: route.GPUs(l.Code)},
				{Title: s.locs[l.Code].T("catalog_pricing_title"), Href: route.Pricing(l.Code)},
			}
		}
		s.bases[l.Code] = b
	}
}

// writeListings writes what depends on the list of all pages (not on their bodies): home
// pages, the root language chooser, 404.html, the catalog pages, sitemap.xml and the static
// files. The home pages, which list every page, are written concurrently with the rest.
func (s *site) writeListings(outs []*groupOut, sink Sink) (diag.List, error) {
	homeErrs := make([]error, len(s.cfg.Langs))
	var wg sync.WaitGroup
	for i, l := range s.cfg.Langs {
		wg.Go(func() { homeErrs[i] = s.writeHome(l, i, outs, sink) })
	}
	diags, err := s.writeSiteFiles(outs, sink)
	wg.Wait()
	for _, err := range homeErrs {
		if err != nil {
			return nil, err // the first language's, whatever the goroutines' timing
		}
	}
	return diags, err
}

// writeSiteFiles writes the listings other than the home pages.
func (s *site) writeSiteFiles(outs []*groupOut, sink Sink) (diag.List, error) {
	if err := s.writeRoot(sink); err != nil {
		return nil, err
	}
	if err := s.write404(sink); err != nil {
		return nil, err
	}
	if err := s.writeCatalog(outs, sink); err != nil {
		return nil, err
	}
	diags, err := s.writeSitemap(outs, sink)
	if err != nil {
		return nil, err
	}
	return diags, s.assets.Each(sink.WriteFile)
}

func (s *site) writeHome(l config.Lang, li int, outs []*groupOut, sink Sink) error {
	url := route.URL(l.Code, "")
	p := render.NewPage(s.pageBase(l), "home", s.locs[l.Code].T("Home"), url)
	if s.cfg.Title != "" {
		p.Title = s.cfg.Title
	}
	p.Canonical = s.urls.Abs(url)
	p.Switcher = s.switcher(l, url, func(code string) string { return route.URL(code, "") })
	p.Alternates = s.homeAlternates()
	type entry struct {
		item   render.Item
		weight int
		key    []byte // collation key of the title
	}
	var entries []entry
	col := collate.New(l.Tag)
	var keys collate.Buffer
	for _, o := range outs {
		if o.home != nil {
			p.Body = o.home[l.Code]
			continue
		}
		po := o.pages[li]
		entries = append(entries, entry{render.Item{Title: po.title, Href: route.Rel(url, po.url), Lang: po.bodyLang, Fallback: po.fallback},
			po.weight, col.KeyFromString(&keys, po.title)})
	}
	// Keys once per title, not a collation per comparison: 10,000 titles cost 0.8 s the other way.
	slices.SortFunc(entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.weight, b.weight), bytes.Compare(a.key, b.key),
			cmp.Compare(a.item.Href, b.item.Href))
	})
	for _, e := range entries {
		p.Listing = append(p.Listing, e.item)
	}
	html, err := s.tmpl.Execute("home", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(url), html)
}

func (s *site) writeRoot(sink Sink) error {
	def := s.cfg.Default()
	p := render.NewPage(s.pageBase(def), "root", s.locs[def.Code].T("ChooseLanguage"), route.Root)
	p.Switcher = s.switcher(def, route.Root, func(code string) string { return route.URL(code, "") })
	alts := s.homeAlternates()
	p.Alternates = alts[:len(alts)-1] // the root page is the x-default itself
	html, err := s.tmpl.Execute("root", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(route.Root), html)
}

func (s *site) write404(sink Sink) error {
	def := s.cfg.Default()
	p := render.NewPage(s.pageBase(def), "404", s.locs[def.Code].T("NotFoundTitle"), route.NotFound)
	p.NoIndex = true
	p.Switcher = s.switcher(def, route.NotFound, func(code string) string { return route.URL(code, "") })
	for i := range p.Switcher {
		p.Switcher[i].Href = s.urls.Rooted(route.URL(p.Switcher[i].Lang.Code, ""))
	}
	html, err := s.tmpl.Execute("404", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(route.NotFound), html)
}

// listingDigest sums up what the listings use of a group's output: a live rebuild whose
// groups all keep their digests can keep the listings it wrote before.
func listingDigest(o *groupOut) [sha256.Size]byte {
	h := sha256.New()
	field := func(s string) {
		fmt.Fprintf(h, "%d:%s", len(s), s)
	}
	field(o.key)
	for _, code := range slices.Sorted(maps.Keys(o.home)) {
		field(code)
		field(string(o.home[code]))
	}
	for _, p := range o.pages {
		field(p.lang)
		field(p.url)
		field(p.title)
		field(p.bodyLang)
		fmt.Fprintf(h, "%d/%t", p.weight, p.fallback)
		for _, a := range p.alts {
			field(a.Hreflang)
			field(a.Href)
		}
		for _, m := range p.mentions {
			field(m.gpu)
			field(m.ref.Page)
			field(m.ref.Section)
			field(m.ref.Path)
		}
	}
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// inEveryLanguage lists the alternates of a page that exists in every language, at site
// path in(code) in each, and whose x-default is the site path xdefault.
func (s *site) inEveryLanguage(in func(code string) string, xdefault string) []render.Alternate {
	var alts []render.Alternate
	for _, l := range s.cfg.Langs {
		alts = append(alts, render.Alternate{Hreflang: l.Tag.String(), Href: s.urls.Abs(in(l.Code))})
	}
	return append(alts, render.Alternate{Hreflang: "x-default", Href: s.urls.Abs(xdefault)})
}

// homeAlternates are the home pages in every language; the root chooser is their x-default.
func (s *site) homeAlternates() []render.Alternate {
	return s.inEveryLanguage(func(code string) string { return route.URL(code, "") }, route.Root)
}
