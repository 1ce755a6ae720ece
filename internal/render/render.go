// Package render assembles every page of the site from the theme's templates and writes it:
// the content pages around the bodies the build rendered, and the pages that list the site.
//
// # Templates
//
// The theme's templates (LoadTemplates) are one set per page kind: the base layout
// baseof.html plus the kind's own file ("page", "home", "404", "gpu/gpus", …); "root" stands
// alone. Every template receives a *Page (data.go), whose fields and methods are the
// interface a site's own templates may rely on. The notices the build puts into a body are
// templates too (notices/stale.html, StaleNotice), with localized strings, so a theme can
// change them.
//
// # Content pages
//
// WritePage writes one page of a page group in one language: the language's own version,
// or, where it has none or it could not be built, the source version as a stand-in, with a
// notice, the body's own lang and a canonical link to the source. Every content page gets a
// language switcher to the same page in every language and the hreflang alternates of the
// languages it really exists in (Alternates). What was written is returned as Published,
// for the listings.
//
// # Navigation
//
// With the languages' section trees (UseTrees, package nav), every page in a tree gets its
// Navigation: the sidebar, breadcrumbs, previous/next links, and, for the home and
// section pages, their children in reading order with their descriptions.
//
// # Listings
//
// WriteListings writes what depends on the list of all pages rather than on their bodies:
// each language's home page (its introduction and its top-level sections and pages), the
// generated pages of sections without an _index.md, the root language chooser, 404.html, the catalog pages
// (views the gpu package made), sitemap.xml, an Atom feed for each section with dated
// pages (feed.go) and the theme's static files.
//
// Where each of them goes, and how pages link to each other, is package route's to say.
package render

import (
	"html/template"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/internal/nav"
	"docsite/internal/route"
	"docsite/internal/search"
)

// Sink receives written files, by slash path from the output root; WriteFile may be
// called concurrently.
type Sink interface {
	WriteFile(rel string, data []byte) error
}

// Renderer renders the pages of one site; it is safe for concurrent use.
type Renderer struct {
	cfg    *config.Resolved
	tmpl   *Templates
	assets *Assets
	base   route.Base
	site   *Site                        // what all pages share
	locs   map[string]*locale.Localizer // by language code
	nav    map[string][]NavLink         // by language code; Href is a site path
	trees  map[string]*nav.Tree         // each language's section tree, by code; nil before UseTrees
	dates  map[string]locale.DateFormatter
	// sidebars writes each language's sidebars, keeping those pages share; by code.
	sidebars map[string]*sidebars
	navTrees map[string]navTree // each language's tree file, by code (navtree.go)
	ui       map[string]*UI     // by code
	search   bool               // pages link to the search index (UseSearch)
}

// UseSearch has every page show the search box, which reads the index the build writes
// under _search/<code>/.
func (r *Renderer) UseSearch() { r.search = true }

// UseTrees gives the renderer each language's section tree, by language code: pages then
// get their sidebar, breadcrumbs and previous/next links, home and section pages their
// children, and WriteListings the generated section pages.
func (r *Renderer) UseTrees(trees map[string]*nav.Tree) {
	r.trees = trees
	r.sidebars, r.navTrees = map[string]*sidebars{}, map[string]navTree{}
	for _, l := range r.cfg.Langs {
		loc := r.locs[l.Code]
		r.sidebars[l.Code] = newSidebars(sidebarMarks{standIn: template.HTMLEscapeString(loc.T("NotTranslatedMark")),
			draft: template.HTMLEscapeString(loc.T("DraftMark")), more: template.HTMLEscapeString(loc.T("SidebarMore")), lang: l.BCP47})
		if t := trees[l.Code]; t != nil {
			r.navTrees[l.Code] = makeNavTree(t, l.Code, l.BCP47, loc.T("NotTranslatedMark"), loc.T("DraftMark"))
		}
	}
}

// New prepares the rendering of the site cfg describes with the theme's templates and
// static files: locs holds a localizer per language code, and nav, which may be nil, gives
// a language's header navigation (site paths).
func New(cfg *config.Resolved, tmpl *Templates, assets *Assets, locs map[string]*locale.Localizer, nav func(config.Lang) []NavLink) *Renderer {
	r := &Renderer{cfg: cfg, tmpl: tmpl, assets: assets, base: route.Base{URL: cfg.BaseURL},
		site: &Site{Title: cfg.Title, Langs: cfg.Langs}, locs: locs, nav: map[string][]NavLink{},
		dates: map[string]locale.DateFormatter{}}
	r.ui = map[string]*UI{}
	for _, l := range cfg.Langs {
		r.dates[l.Code] = locale.NewDateFormatter(l.Tag)
		r.ui[l.Code] = newUI(locs[l.Code])
	}
	if nav != nil {
		for _, l := range cfg.Langs {
			r.nav[l.Code] = nav(l)
		}
	}
	return r
}

// newPage starts a page of kind at site path url in language l: what every page of the
// language shares, and its links to the places every page points to.
func (r *Renderer) newPage(l config.Lang, kind, title, url string) *Page {
	p := &Page{Site: r.site, Lang: l, Kind: kind, Title: title, URL: url,
		loc: r.locs[l.Code], dates: r.dates[l.Code], assets: r.assets, base: r.base}
	p.UI = r.ui[l.Code]
	if t := r.trees[l.Code]; t != nil {
		p.Navigation, p.tree, p.sidebars = t.View(url), t, r.sidebars[l.Code]
		p.SidebarTree = p.Rel(route.NavTree(l.Code)) + r.navTrees[l.Code].version
		p.InTree = p.Navigation.InTree()
		p.Feeds = r.feedLinks(p)
	}
	for _, n := range r.nav[l.Code] {
		p.Nav = append(p.Nav, NavLink{Title: n.Title, Href: p.Rel(n.Href), Description: n.Description})
	}
	p.Links = Links{
		Home:          p.Rel(home(l.Code)),
		Stylesheet:    p.Asset("site.css"),
		Script:        p.Asset("site.js"),
		CatalogScript: p.Asset("catalog.js"),
		Markup:        p.Asset("markup.css"),
		Code:          p.Asset("chroma.css"),
		MarkupScript:  p.Asset("markup.js"),
	}
	icon, file := r.assets.Icon()
	p.Links.Icon = p.Rel(icon) + r.assets.Version(file)
	if r.search {
		p.Search = &SearchLinks{Index: p.Rel(route.SearchIndex(l.Code) + search.MetaFile), Script: p.Asset("search.js"),
			Results: p.Rel(route.SearchIn(l.Code))}
	}
	return p
}

// switcher links the page at url in language cur to the same page in every language;
// urlIn gives that page's site path in a language.
func (r *Renderer) switcher(cur config.Lang, url string, urlIn func(code string) string) []Switch {
	out := make([]Switch, len(r.cfg.Langs))
	for i, l := range r.cfg.Langs {
		out[i] = Switch{Lang: l, Href: route.Rel(url, urlIn(l.Code)), Current: l.Code == cur.Code}
	}
	return out
}

// inEveryLanguage lists the alternates of a page that exists in every language, at site
// path in(code) in each, and whose x-default is the site path xdefault.
func (r *Renderer) inEveryLanguage(in func(code string) string, xdefault string) []Alternate {
	var alts []Alternate
	for _, l := range r.cfg.Langs {
		alts = append(alts, Alternate{Hreflang: l.Tag.String(), Href: r.base.Abs(in(l.Code))})
	}
	return append(alts, Alternate{Hreflang: "x-default", Href: r.base.Abs(xdefault)})
}

// home is the site path of language code's home page.
func home(code string) string { return route.URL(code, "") }

// homeAlternates are the home pages in every language; the root chooser is their x-default.
func (r *Renderer) homeAlternates() []Alternate {
	return r.inEveryLanguage(home, route.Root)
}
