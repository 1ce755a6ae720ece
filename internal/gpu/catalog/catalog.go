// Package catalog is the GPU catalog as a module of a build: package build loads it when
// the site has GPU data (content/data) and calls it through one seam (build's catalog.go);
// no other part of the build knows about GPUs.
//
// The module links GPU names in the pages' text (a goldmark transformer) and tables,
// notes the sections of each page that name a GPU, and makes what the site shows of the
// data: the GPU, provider and pricing pages (templates/gpu/, strings in the set "gpu",
// locales/gpu.<code>.toml, which only a site with GPU data needs), their links in every
// page's header, and the data's warnings as review findings.
package catalog

import (
	"errors"
	"io/fs"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/gpu"
	"docsite/internal/locale"
	"docsite/internal/markdown"
	"docsite/internal/render"
	"docsite/internal/review"
	"docsite/internal/route"
)

// Dir is the folder of the site root that holds the GPU data.
const Dir = "content/data"

// Strings is the set of UI strings the catalog's pages show (locales/gpu.<code>.toml).
const Strings = "gpu"

// Module is the GPU catalog of one site, loaded once for a build.
type Module struct {
	cat      *gpu.Catalog
	langs    []config.Lang
	locs     map[string]*locale.Localizer // by language code
	matchers map[string]*gpu.Matcher      // find GPU names in table cells, by language code
}

// Types the build keeps of a page between its steps.
type (
	// SectionRef names a section of a page that names a GPU.
	SectionRef = gpu.SectionRef
	// TableMention is a GPU named in a table cell, under its heading.
	TableMention = gpu.TableMention
)

// Mention is a section of a page, in one language, that names a GPU.
type Mention struct {
	GPU string
	Ref SectionRef
}

// Load reads the GPU data of the site at fsys for languages langs (their UI strings
// locs): nil without an error when the site has none. The data's errors are the error;
// warnings are what the pages show in a language the data does not cover, for the build
// to report, and data, the data's inconsistencies, which belong to the review (Findings).
func Load(fsys fs.FS, langs []config.Lang, locs map[string]*locale.Localizer) (m *Module, warnings, data diag.List, err error) {
	if _, err := fs.Stat(fsys, Dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil, nil
	}
	cat, diags := gpu.Load(fsys, Dir)
	if diags.HasErrors() {
		return nil, nil, nil, diag.ErrorList(diags)
	}
	m = &Module{cat: cat, langs: langs, locs: locs, matchers: map[string]*gpu.Matcher{}}
	var codes []string
	for _, l := range langs {
		codes = append(codes, l.Code)
		m.matchers[l.Code] = gpu.NewMatcher(cat, l.Tag)
	}
	return m, cat.CheckLanguages(codes), diags, nil
}

// Transformer links the GPU names of language l's pages' text, and notes where they are.
func (m *Module) Transformer(l config.Lang) util.PrioritizedValue {
	return util.Prioritized(gpu.NewLinker(m.cat, l.Tag, nil), 600)
}

// SetPage readies the parser's context for the page at site path url in language lang;
// url "" where the links' destinations do not matter.
func (m *Module) SetPage(pc parser.Context, lang, url string) {
	gpu.SetLinkURL(pc, m.linkURL(lang, url))
}

// linkURL is where the page at site path url in language lang links a GPU.
func (m *Module) linkURL(lang, url string) func(id string) string {
	if url == "" {
		return func(string) string { return "" }
	}
	return func(id string) string { return route.Rel(url, route.GPU(lang, id)) }
}

// LinkTables links the GPU names in the cells of doc's normalised tables, which goldmark
// does not see, and returns them.
func (m *Module) LinkTables(doc *markdown.Doc, lang, url string) []TableMention {
	return gpu.LinkTables(doc.Root, m.matchers[lang], m.linkURL(lang, url))
}

// Mentions lists, once per GPU and section, the sections of doc (published at url with
// title) that name a GPU, in its text or its tables (inTables). Section anchors are the
// headings' ids, so this runs after the anchors are final.
func (m *Module) Mentions(doc *markdown.Doc, inTables []TableMention, title, url string) []Mention {
	var out []Mention
	seen := map[Mention]bool{}
	add := func(gpu string, h *ast.Heading) {
		x := Mention{GPU: gpu, Ref: sectionRef(doc, h, title, url)}
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	for _, x := range gpu.Mentions(doc.Context()) {
		add(x.GPU, x.Heading)
	}
	for _, x := range inTables {
		add(x.GPU, x.Heading)
	}
	return out
}

// sectionRef names the section under heading h (nil: the top of the page).
func sectionRef(doc *markdown.Doc, h *ast.Heading, title, url string) SectionRef {
	ref := SectionRef{Page: title, Path: url}
	if h != nil {
		ref.Section = doc.HeadingText(h)
		if id, ok := h.AttributeString("id"); ok {
			ref.Path = url + "#" + string(id.([]byte))
		}
	}
	return ref
}

// Nav is the header navigation of language l's pages: the catalog's pages with what
// they hold (the home page lists them with the docs' pages).
func (m *Module) Nav(l config.Lang) []render.NavLink {
	t := m.locs[l.Code].T
	return []render.NavLink{
		{Title: t("catalog_gpus_title"), Href: route.GPUs(l.Code), Description: t("catalog_gpus_intro")},
		{Title: t("catalog_pricing_title"), Href: route.Pricing(l.Code), Description: t("catalog_pricing_intro")},
	}
}

// Places are the site paths under which the catalog's pages of language code are
// published (the search index reads their text from the written pages).
func (m *Module) Places(code string) []string {
	return []string{route.GPUs(code), route.Pricing(code), strings.TrimSuffix(route.Provider(code, ""), "/")}
}

// PageCount is the number of the catalog's pages in each language.
func (m *Module) PageCount() int {
	return 2 + len(m.cat.GPUs) + len(m.cat.Providers)
}

// Built is what the catalog's pages need of the built site.
type Built struct {
	// Refs are, by language code and GPU id, the sections of the language's pages that
	// name the GPU.
	Refs map[string]map[string][]SectionRef
	// Orphan says whether the page file has no default-language version.
	Orphan func(file string) bool
	// Anchor is the id of the section of the page file that holds a line, "" for none.
	Anchor func(file string, line int) string
}

// Pages are the GPU, provider and pricing pages of every language.
func (m *Module) Pages(b Built) []render.CatalogPage {
	m.cat.Orphan, m.cat.Anchor = b.Orphan, b.Anchor
	var pages []render.CatalogPage
	for _, l := range m.langs {
		pages = append(pages, m.pagesIn(l, b.Refs[l.Code])...)
	}
	return pages
}

func (m *Module) pagesIn(l config.Lang, byGPU map[string][]SectionRef) []render.CatalogPage {
	t := m.locs[l.Code].T
	pages := []render.CatalogPage{
		{Lang: l, Kind: "gpu/gpus", Title: t("catalog_gpus_title"), URL: route.GPUs, View: m.cat.GPUsView(l)},
		{Lang: l, Kind: "gpu/pricing", Title: t("catalog_pricing_title"), URL: route.Pricing, View: m.cat.PricingView(l)},
	}
	for _, g := range m.cat.GPUs {
		refs := byGPU[g.ID]
		slices.SortFunc(refs, func(a, b SectionRef) int { return strings.Compare(a.Path, b.Path) })
		v, _ := m.cat.GPUView(l, g.ID, refs)
		pages = append(pages, render.CatalogPage{Lang: l, Kind: "gpu/gpu", Title: g.Name,
			URL: func(lang string) string { return route.GPU(lang, g.ID) }, View: v})
	}
	for _, p := range m.cat.Providers {
		v, _ := m.cat.ProviderView(l, p.ID)
		pages = append(pages, render.CatalogPage{Lang: l, Kind: "gpu/provider", Title: p.Name(l),
			URL: func(lang string) string { return route.Provider(lang, p.ID) }, View: v})
	}
	return pages
}

// Findings are the data's warnings (Load's data) as review findings, located in the data
// file (source) and the seed line it cites (target is left empty: data has no
// translation).
func Findings(data diag.List) []review.Finding {
	var out []review.Finding
	for _, d := range data {
		out = append(out, review.Finding{Check: gpu.CheckInconsistent, Severity: d.Severity, Page: "data",
			Source: review.Pos{File: d.File, Line: d.Line}, Message: d.Message})
	}
	return out
}
