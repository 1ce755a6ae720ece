package build

import (
	"io/fs"
	"maps"
	"slices"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/gpu/catalog"
	"docsite/internal/markdown"
	"docsite/internal/render"
	"docsite/internal/review"
)

// This file is the build's one seam with the GPU catalog (package gpu/catalog): the build
// loads it when the site has GPU data and calls it through catalogModule; no other file of
// the build knows about GPUs.

// catalogModule is what the build asks of the GPU catalog, in the order of a build.
type catalogModule interface {
	// Transformer links the GPU names of language l's pages' text (a goldmark transformer).
	Transformer(l config.Lang) util.PrioritizedValue
	// SetPage readies the parser's context for the page at site path url in language
	// lang; url "" where the links' destinations do not matter.
	SetPage(pc parser.Context, lang, url string)
	// LinkTables links the GPU names of the cells of doc's tables, and returns them.
	LinkTables(doc *markdown.Doc, lang, url string) []tableMention
	// Mentions are the sections of doc that name a GPU, once its anchors are final.
	Mentions(doc *markdown.Doc, inTables []tableMention, title, url string) []mention
	// Nav is the header's links to the catalog's pages in language l.
	Nav(l config.Lang) []render.NavLink
	// Places are the site paths under which its pages of language code are published.
	Places(code string) []string
	// PageCount is the number of its pages in each language.
	PageCount() int
	// Pages are its pages in every language.
	Pages(catalog.Built) []render.CatalogPage
}

// What the build keeps of a page for the catalog.
type (
	// mention is a section of a page, in one language, that names a GPU.
	mention = catalog.Mention
	// tableMention is a GPU named in one of a page's tables.
	tableMention = catalog.TableMention
)

// catalogStrings is the set of UI strings only the catalog's pages show.
const catalogStrings = catalog.Strings

// loadCatalog loads the GPU catalog when the site has GPU data.
func (s *site) loadCatalog(fsys fs.FS) error {
	m, warnings, data, err := catalog.Load(fsys, s.cfg.Langs, s.locs)
	if err != nil || m == nil {
		return err
	}
	// What the pages show in a language the data does not cover is the build's to say.
	s.diags = append(s.diags, warnings...)
	s.catalog = m
	s.dataDiags = data
	return nil
}

// dataFindings turns the catalog's data warnings into review findings.
func dataFindings(ds diag.List) []review.Finding {
	return catalog.Findings(ds)
}

// catalogPlaces are the site paths under which the catalog's pages of language code are
// published; none when the site has no GPU data.
func (s *site) catalogPlaces(code string) []string {
	if s.catalog == nil {
		return nil
	}
	return s.catalog.Places(code)
}

// catalogPages are the GPU, provider and pricing pages of every language, with the
// sections of the built pages that name each GPU; none when the site has no GPU data.
func (s *site) catalogPages(outs []*groupOut) []render.CatalogPage {
	if s.catalog == nil {
		return nil
	}
	headings := map[string][]lineAnchor{}
	for _, o := range outs {
		maps.Copy(headings, o.headings)
	}
	orphans := map[string]bool{}
	for _, g := range s.groups {
		if g.Orphan(s.cfg.Default().Code) {
			for _, p := range g.Pages {
				orphans[p.File] = true
			}
		}
	}
	b := catalog.Built{Refs: map[string]map[string][]catalog.SectionRef{},
		Orphan: func(file string) bool { return orphans[file] },
		Anchor: func(file string, line int) string {
			id := ""
			for _, h := range headings[file] {
				if h.Line > line {
					break
				}
				id = h.ID
			}
			return id
		}}
	for _, l := range s.cfg.Langs {
		b.Refs[l.Code] = s.mentionsIn(l, outs)
	}
	return s.catalog.Pages(b)
}

// mentionsIn are the sections of language l's pages that name a GPU, by GPU id.
func (s *site) mentionsIn(l config.Lang, outs []*groupOut) map[string][]catalog.SectionRef {
	byGPU := map[string][]catalog.SectionRef{}
	for _, o := range outs {
		if len(o.pages) == 0 {
			continue
		}
		// A page not published in l (an orphan) is cited where it is: in its first language.
		po := o.pages[0]
		if i := slices.IndexFunc(o.pages, func(p pageOut) bool { return p.Lang == l.Code }); i >= 0 {
			po = o.pages[i]
		}
		// Its title and headings are in the language of the body it shows (a stand-in's
		// or an orphan's are another language's): say so where that is not l's.
		textLang := po.BodyLang
		if textLang == "" {
			if pl, ok := s.cfg.Lang(po.Lang); ok {
				textLang = pl.BCP47
			}
		}
		for _, m := range po.mentions {
			ref := m.Ref
			if textLang != l.BCP47 {
				ref.Lang = textLang
			}
			byGPU[m.GPU] = append(byGPU[m.GPU], ref)
		}
	}
	return byGPU
}
