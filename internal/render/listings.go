package render

import (
	"html/template"
	"strings"
	"sync"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/nav"
	"docsite/internal/route"
)

// Listings is what the pages that list the site are made of.
type Listings struct {
	// Intros are the home pages' introductions (content/<lang>/index.md), by language code.
	Intros  map[string]template.HTML
	Pages   []Published   // every content page written, in every language
	Catalog []CatalogPage // in the order they are written
	// Taken are the output files the content tree publishes, by path: their source
	// files. A feed is not written over one.
	Taken map[string]string
}

// CatalogPage is a page of the GPU catalog in one language; it exists in every language.
type CatalogPage struct {
	Lang  config.Lang
	Kind  string // its template: "gpu/gpus", "gpu/gpu", …
	Title string
	URL   func(lang string) string // its site path in language code lang
	View  any                      // the gpu package's view model of that kind
}

// WriteListings writes what depends on the list of all pages (not on their bodies): home
// pages, the root language chooser, 404.html, the catalog pages, sitemap.xml, the
// sections' feeds and the static files. The home pages, which list every page, are written concurrently with the rest.
// The diagnostics are warnings (a sitemap or a feed that cannot be written).
func (r *Renderer) WriteListings(sink Sink, ls Listings) (diag.List, error) {
	homeErrs := make([]error, len(r.cfg.Langs))
	var wg sync.WaitGroup
	for i, l := range r.cfg.Langs {
		wg.Go(func() {
			if homeErrs[i] = r.writeHome(sink, l, ls); homeErrs[i] == nil {
				homeErrs[i] = r.writeGenerated(sink, l)
			}
		})
	}
	diags, err := r.writeSiteFiles(sink, ls)
	wg.Wait()
	for _, err := range homeErrs {
		if err != nil {
			return nil, err // the first language's, whatever the goroutines' timing
		}
	}
	return diags, err
}

// writeSiteFiles writes the listings other than the home pages.
func (r *Renderer) writeSiteFiles(sink Sink, ls Listings) (diag.List, error) {
	if err := r.writeRoot(sink); err != nil {
		return nil, err
	}
	if err := r.write404(sink); err != nil {
		return nil, err
	}
	if err := r.writeSearchPages(sink, ls.Pages); err != nil {
		return nil, err
	}
	if err := r.writeNavTrees(sink); err != nil {
		return nil, err
	}
	for _, cp := range ls.Catalog {
		if err := r.writeCatalogPage(sink, cp); err != nil {
			return nil, err
		}
	}
	tagURLs, err := r.writeTags(sink, ls.Pages)
	if err != nil {
		return nil, err
	}
	diags, err := r.writeSitemap(sink, ls.Pages, ls.Catalog, tagURLs)
	if err != nil {
		return nil, err
	}
	feedDiags, err := r.writeFeeds(sink, ls.Pages, ls.Taken)
	if err != nil {
		return nil, err
	}
	return append(diags, feedDiags...), r.assets.Each(sink.WriteFile)
}

// writeHome writes the home page of language l: its introduction, then its top-level
// sections and pages (from the tree, in reading order).
func (r *Renderer) writeHome(sink Sink, l config.Lang, ls Listings) error {
	url := home(l.Code)
	p := r.newPage(l, "home", r.locs[l.Code].T("Home"), url)
	if r.cfg.Title != "" {
		p.Title = r.cfg.Title
	}
	p.Canonical = r.base.Abs(url)
	p.Switcher = r.switcher(l, url, home)
	p.Alternates = r.homeAlternates()
	p.Body = ls.Intros[l.Code]
	p.TitleInBody = opensWithH1(p.Body)
	p.Section = true
	html, err := r.tmpl.Execute("home", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(url), html)
}

// opensWithH1 reports whether a rendered body opens with a level-one heading: a home
// page's introduction that starts with "# Title" is then the page's one H1.
func opensWithH1(body template.HTML) bool { return titleEnd(string(body)) > 0 }

// titleEnd is where the level-one heading a rendered body opens with ends, bare or in the
// wrapper markdown gives headings with an anchor (<div class="heading">…</div>); -1 when
// the body does not open with one.
func titleEnd(body string) int {
	s := strings.TrimLeft(body, " \t\n")
	skipped := len(body) - len(s)
	wrapped := strings.HasPrefix(s, `<div class="heading"`)
	if wrapped {
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return -1
		}
		inner := strings.TrimLeft(s[end+1:], " \t\n")
		skipped += len(s) - len(inner)
		s = inner
	}
	if !strings.HasPrefix(s, "<h1>") && !strings.HasPrefix(s, "<h1 ") {
		return -1
	}
	end := strings.Index(s, "</h1>")
	if end < 0 {
		return -1
	}
	end += len("</h1>")
	if wrapped {
		close := strings.Index(s[end:], "</div>")
		if close < 0 {
			return -1
		}
		end += close + len("</div>")
	}
	return skipped + end
}

// BodyTitle is the level-one heading the body opens with (TitleInBody), and BodyAfterTitle
// the rest of the body: the layout puts the table of contents between them, after the
// page's title. Where the two parts are apart in the page, a rebuild after another page's
// title edit renders this one again rather than reuse its published body (BodyAt is -1).
func (p *Page) BodyTitle() template.HTML {
	if end := titleEnd(string(p.Body)); end > 0 {
		return p.Body[:end]
	}
	return ""
}

// BodyAfterTitle is the body after BodyTitle.
func (p *Page) BodyAfterTitle() template.HTML {
	return p.Body[len(p.BodyTitle()):]
}

// writeGenerated writes the page of each section of language l that has no _index.md:
// its title (the folder's name) and its children.
func (r *Renderer) writeGenerated(sink Sink, l config.Lang) error {
	t := r.trees[l.Code]
	if t == nil {
		return nil
	}
	for _, n := range t.Generated() {
		p := r.newPage(l, "page", n.Title, n.URL)
		p.Section = true
		p.Canonical = r.base.Abs(n.URL)
		p.Switcher = r.switcher(l, n.URL, func(code string) string {
			if t := r.trees[code]; t != nil && t.Node(route.StandIn(code, n.Path)) == nil {
				return home(code) // a folder of orphans only: not in that language
			}
			return route.StandIn(code, n.Path)
		})
		html, err := r.tmpl.Execute("page", p)
		if err != nil {
			return err
		}
		if err := sink.WriteFile(route.File(n.URL), html); err != nil {
			return err
		}
	}
	return nil
}

// writeRoot writes the language chooser at the site's root.
func (r *Renderer) writeRoot(sink Sink) error {
	def := r.cfg.Default()
	p := r.newPage(def, "root", r.locs[def.Code].T("ChooseLanguage"), route.Root)
	p.Switcher = r.switcher(def, route.Root, home)
	alts := r.homeAlternates()
	p.Alternates = alts[:len(alts)-1] // the root page is the x-default itself
	html, err := r.tmpl.Execute("root", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(route.Root), html)
}

// write404 writes the pages a server shows for a missing path: one in each language,
// in its folder (/<lang>/404.html), with that language's home, search and strings, and
// the root one (/404.html) in the default language, which lists every language's home
// and sends a reader whose path is in another language's folder to that language's page
// (notfound.js; static hosts such as GitHub Pages serve the root one for every path).
// Their links are rooted at the base path, since they are served at any depth.
func (r *Renderer) write404(sink Sink) error {
	if err := r.write404In(sink, r.cfg.Default(), route.NotFound); err != nil {
		return err
	}
	for _, l := range r.cfg.Langs {
		if err := r.write404In(sink, l, route.NotFoundIn(l.Code)); err != nil {
			return err
		}
	}
	return nil
}

func (r *Renderer) write404In(sink Sink, l config.Lang, url string) error {
	p := r.newPage(l, "404", r.locs[l.Code].T("NotFoundTitle"), url)
	p.NoIndex = true
	p.AnyLanguage = url == route.NotFound
	p.Switcher = r.switcher(l, url, home)
	for i := range p.Switcher {
		p.Switcher[i].Href = r.base.Rooted(home(p.Switcher[i].Lang.Code))
	}
	html, err := r.tmpl.Execute("404", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(url), html)
}

// writeSearchPages writes each language's search results page (route.SearchIn), which
// search.js fills with what the query in its ?q= finds, where the site has an index and
// no page of its own at that path (a content page there gets the results the same way).
func (r *Renderer) writeSearchPages(sink Sink, pages []Published) error {
	if !r.search || !r.tmpl.Has("search") {
		return nil
	}
	taken := map[string]bool{}
	for _, p := range pages {
		taken[p.URL] = true
	}
	for _, l := range r.cfg.Langs {
		url := route.SearchIn(l.Code)
		if taken[url] {
			continue
		}
		p := r.newPage(l, "search", r.ui[l.Code].Search, url)
		p.outsideSidebar() // the docs' top level beside the results, as on the catalog's pages
		p.NoIndex = true
		p.Switcher = r.switcher(l, url, route.SearchIn)
		html, err := r.tmpl.Execute("search", p)
		if err != nil {
			return err
		}
		if err := sink.WriteFile(route.File(url), html); err != nil {
			return err
		}
	}
	return nil
}

// writeCatalogPage writes one catalog page; catalog pages exist in every language.
func (r *Renderer) writeCatalogPage(sink Sink, cp CatalogPage) error {
	url := cp.URL(cp.Lang.Code)
	p := r.newPage(cp.Lang, cp.Kind, cp.Title, url)
	p.Catalog = cp.View
	p.outsideSidebar()
	p.Canonical = r.base.Abs(url)
	p.Switcher = r.switcher(cp.Lang, url, cp.URL)
	p.Alternates = r.inEveryLanguage(cp.URL, cp.URL(r.cfg.Default().Code))
	html, err := r.tmpl.Execute(cp.Kind, p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(url), html)
}

// Alias is a former URL of a page (front matter's aliases), to redirect to it.
type Alias struct {
	Lang  config.Lang
	URL   string // the alias's site path
	To    string // the page's site path
	Title string // the page's title
}

// WriteAlias writes the redirect page of an alias: a meta refresh and a visible link to
// the page, and a canonical link to it, so search engines index the page and not the
// alias. Alias pages are in neither the sitemap nor the navigation.
func (r *Renderer) WriteAlias(sink Sink, a Alias) error {
	p := r.newPage(a.Lang, "alias", a.Title, a.URL)
	p.Navigation, p.InTree = nav.View{}, false
	p.Canonical = r.base.Abs(a.To)
	p.Redirect = route.Rel(a.URL, a.To)
	html, err := r.tmpl.Execute("alias", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(a.URL), html)
}
