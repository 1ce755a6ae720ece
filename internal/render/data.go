package render

import (
	"html/template"
	"strings"
	"time"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/internal/nav"
	"docsite/internal/route"
)

// Page is what every page template receives. Each template action costs a reflective
// call or two, so what every page prints is prepared here as plain string fields: Links
// holds what .Rel and .Asset give for the shell's fixed places, and a language's tag is a
// string rather than a language.Tag formatted through fmt on each use.
type Page struct {
	Site  *Site
	Lang  config.Lang
	Kind  string // "page", "home", "404", or a catalog kind
	Title string
	// URL is the page's site path ("/en/gpu-cloud/"); links are made relative to it.
	URL        string
	Canonical  string      // absolute (or base-rooted) URL of the page search engines should index
	Alternates []Alternate // hreflang links, x-default last; empty for pages without translations
	Switcher   []Switch    // one entry per site language
	Nav        []NavLink   // the site's sections, in the header
	Links      Links       // links to the places every page points to
	NoIndex    bool

	Description string // front matter's description: <meta name="description">, og:description
	// Params are a content page's front matter params (Version.Params), as shortcodes'
	// .Page.Params: {{.Params.author}}. A stand-in has its source's; other pages none.
	Params map[string]any
	// Navigation is the page's place in its language's section tree: sidebar,
	// breadcrumbs, previous/next, and a section's (or the home page's) children.
	Navigation nav.View
	// InTree is .Navigation.InTree, read once: whether the page has a sidebar.
	InTree bool
	// Feeds are the Atom feeds of the sections the page is in, nearest first: the
	// layout links to them in its head. None without a host in baseURL.
	Feeds    []FeedLink
	TOC      []TOCEntry // the body's h2 and h3 headings, when it has more than two
	Updated  *Date      // "Last updated": lastmod, else date; nil when the page has neither
	Draft    bool       // front matter's draft: true, shown by build -drafts and serve
	Section  bool       // a section's page (its _index.md, or generated): lists its children
	Redirect string     // alias pages: the link to the page they stand for
	// Tags are the page's tags (front matter), linked to their pages (tags.go).
	Tags []TagLink
	// Terms are the tags of the page's language, on its list of tags (kind "tags");
	// Tagged are the pages of one tag, on that tag's page (kind "tags" too), and
	// TagsHref the link from there to the list of tags.
	Terms    []Term
	Tagged   []nav.Link
	TagsHref string
	// AnyLanguage is set on the root 404 page, served for a missing path in any
	// language's folder: its script (notfound.js) sends the reader to that language's.
	AnyLanguage bool

	Body template.HTML // rendered, sanitised markdown body
	// TitleInBody is set when the body opens with its own level-one heading, which then
	// stands for the page title instead of a second <h1>.
	TitleInBody bool
	BodyLang    string // BCP 47 tag of the body when it differs from the page language
	// BodyDir is the body's direction ("ltr" or "rtl") when it is not the page language's,
	// and PageDir then the page language's, for what inside the body is in the page's
	// language (the notices): an English stand-in on an Arabic site reads left to right.
	BodyDir, PageDir string
	StandIn          *StandIn // set when the body is the source language's, shown in this one's place
	// Catalog is the view model of a catalog page (one of the catalog package's *Page
	// types, by Kind); templates/gpu/ documents what each kind receives.
	Catalog any

	// UI holds the user-interface strings the default layout prints on every page, in the
	// page's language: {{.UI.Menu}} is {{.T "Menu"}} without a call through reflection.
	UI *UI
	// Search links to the search index and script; nil when the site has no index.
	Search *SearchLinks
	// SidebarTree links to the language's tree file (route.NavTree), from which site.js
	// unfolds the sidebar's folded sections; "" outside a tree.
	SidebarTree string

	loc      *locale.Localizer
	dates    locale.DateFormatter
	assets   *Assets
	base     route.Base
	tree     *nav.Tree
	sidebars *sidebars
	sidebar  *template.HTML // Sidebar, once made
}

// UI are the strings of the default layout's navigation in one language, looked up once.
type UI struct {
	Menu, SectionMenu, Breadcrumbs, PageNavigation, Previous, Next  string
	LastUpdated, NotTranslatedMark, OnThisPage, InThisSection, Tags string
	// The search box's label and placeholder, and what search.js says: no result, n
	// results ({n} in the text; One where the language's plural rules say one), and the
	// mark of a stand-in.
	Search, SearchPlaceholder, SearchNone, SearchOne, SearchMany, SearchFailed string
}

// SearchLinks are a page's links to its language's search index and to the script.
type SearchLinks struct {
	Index   string // _search/<code>/index.bin
	Script  string // .Asset "search.js"
	Results string // the language's search results page (route.SearchIn)
}

func newUI(loc *locale.Localizer) *UI {
	return &UI{Menu: loc.T("Menu"), SectionMenu: loc.T("SectionMenu"), Breadcrumbs: loc.T("Breadcrumbs"),
		PageNavigation: loc.T("PageNavigation"), Previous: loc.T("Previous"), Next: loc.T("Next"),
		LastUpdated: loc.T("LastUpdated"), NotTranslatedMark: loc.T("NotTranslatedMark"),
		OnThisPage: loc.T("OnThisPage"), InThisSection: loc.T("InThisSection"), Tags: loc.T("Tags"),
		Search: loc.T("Search"), SearchPlaceholder: loc.T("SearchPlaceholder"), SearchNone: loc.T("SearchNone"),
		SearchOne: loc.T("SearchOne"), SearchMany: loc.T("SearchMany"), SearchFailed: loc.T("SearchFailed")}
}

// T returns the UI string id in the page's language; data fills template fields.
func (p *Page) T(id string, kv ...any) string { return translate(p.loc, id, kv) }

// translate returns UI string id of loc, its fields filled from the name-value pairs kv.
func translate(loc *locale.Localizer, id string, kv []any) string {
	if len(kv) == 0 {
		return loc.T(id)
	}
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			data[k] = kv[i+1]
		}
	}
	return loc.T(id, data)
}

// N returns the plural form of UI string id for count n.
func (p *Page) N(id string, n int) string { return p.loc.N(id, n) }

// Rel returns the link from this page to site path to. The 404 page is served at any
// depth, so it links from the base path instead.
func (p *Page) Rel(to string) string {
	if p.Kind == "404" {
		return p.base.Rooted(to)
	}
	return route.Rel(p.URL, to)
}

// Asset returns the link to static file name with a content hash for cache busting.
func (p *Page) Asset(name string) string {
	return p.Rel(route.Static(name)) + p.assets.Version(name)
}

// Links are the page's links to the places the default layout points to from every page,
// made once in Go: {{.Links.Stylesheet}} is {{.Asset "site.css"}} without a method call
// through reflection. A layout may use either.
type Links struct {
	Home          string // the language's home page: .Rel "/<code>/"
	Stylesheet    string // .Asset "site.css"
	Script        string // .Asset "site.js"
	CatalogScript string // .Asset "catalog.js"
	// The markdown components (callouts, code, tabs): their styles, the code palettes
	// and the script that adds copy buttons and tab lists.
	Markup       string // .Asset "markup.css"
	Code         string // .Asset "chroma.css"
	MarkupScript string // .Asset "markup.js"
	// Icon is the site's favicon (static/favicon.svg, .ico or .png) or else the theme's.
	Icon string
}

// Site is what all pages share. A language is a config.Lang: the bundled layout prints
// .Lang.BCP47, its tag as a string made once; a site's own layout may still use .Tag and
// its methods.
type Site struct {
	Title string
	Langs []config.Lang
}

// Alternate is a <link rel="alternate" hreflang> target.
type Alternate struct {
	Hreflang string
	Href     string
}

// Switch is one language in the language switcher.
type Switch struct {
	Lang    config.Lang
	Href    string // relative link to the same page in that language
	Current bool
}

// NavLink is an entry of the header navigation.
type NavLink struct {
	Title string
	Href  string // relative to the page
	// Description says what the page holds; the home page lists it under the title.
	Description string
}

// StandIn describes a stand-in: a page shown in its source language where this language
// has no version of it, or where its version is Broken.
type StandIn struct {
	SourceName string // localized name of the source language: "Chinese"
	SourceHref string // relative link to the source page
	Broken     bool   // why: the translation exists but could not be built (else it is missing)
}

// TOCEntry is a heading of the page's table of contents.
type TOCEntry struct {
	Level int    // 2 or 3
	Title string // the heading's text
	ID    string // its anchor
}

// Date is a date as a page prints it: Text for readers, ISO for <time datetime>.
type Date struct {
	Text string // in the page's locale: "May 31, 2024", "2024年5月31日"
	ISO  string // "2024-05-31"
}

// Dated is date t as the page prints it, in its language; nil for the zero time (an
// undated page in a listing: {{with .Dated .Date}}).
func (p *Page) Dated(t time.Time) *Date {
	if t.IsZero() {
		return nil
	}
	return &Date{Text: p.dates.Long(t), ISO: t.Format(time.DateOnly)}
}

// OGLocale is the page language as og:locale writes it: "en", "zh_Hans", "pt_BR".
func (p *Page) OGLocale() string { return ogLocale(p.Lang.BCP47) }

// OGAlternates are the og:locale:alternate values: the other languages the page really
// exists in.
func (p *Page) OGAlternates() []string {
	var out []string
	for _, a := range p.Alternates {
		if a.Hreflang != "x-default" && a.Hreflang != p.Lang.BCP47 {
			out = append(out, ogLocale(a.Hreflang))
		}
	}
	return out
}

func ogLocale(tag string) string { return strings.ReplaceAll(tag, "-", "_") }
