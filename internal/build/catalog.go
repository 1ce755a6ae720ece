package build

import (
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/gpu"
	"docsite/internal/markdown"
	"docsite/internal/render"
	"docsite/internal/route"
)

const dataDir = "content/data"

// loadCatalog reads the GPU data of content/data when the site has it.
func (s *site) loadCatalog(fsys fs.FS) error {
	if _, err := fs.Stat(fsys, dataDir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	cat, diags := gpu.Load(fsys, dataDir)
	if diags.HasErrors() {
		return diag.ErrorList(diags)
	}
	var codes []string
	for _, l := range s.cfg.Langs {
		codes = append(codes, l.Code)
	}
	// What the pages show in a language the data does not cover is the build's to say.
	s.diags = append(s.diags, cat.CheckLanguages(codes)...)
	s.cat = cat
	s.dataDiags = diags
	return nil
}

// mention is a section of a page, in one language, that names a GPU.
type mention struct {
	GPU string
	Ref gpu.SectionRef
}

// mentions lists, once per GPU and section, the sections of doc (published at url with
// title) that name a GPU. Section anchors are the headings' ids, so this runs after the
// anchors are final.
func mentions(doc *markdown.Doc, inTables []gpu.TableMention, title, url string) []mention {
	var out []mention
	seen := map[mention]bool{}
	add := func(gpu string, h *ast.Heading) {
		x := mention{GPU: gpu, Ref: sectionRef(doc, h, title, url)}
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	for _, m := range gpu.Mentions(doc.Context()) {
		add(m.GPU, m.Heading)
	}
	for _, m := range inTables {
		add(m.GPU, m.Heading)
	}
	return out
}

// sectionRef names the section under heading h (nil: the top of the page).
func sectionRef(doc *markdown.Doc, h *ast.Heading, title, url string) gpu.SectionRef {
	ref := gpu.SectionRef{Page: title, Path: url}
	if h != nil {
		ref.Section = headingText(h, doc.Src)
		if id, ok := h.AttributeString("id"); ok {
			ref.Path = url + "#" + string(id.([]byte))
		}
	}
	return ref
}

func headingText(h *ast.Heading, src []byte) string {
	var b strings.Builder
	ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// catalogPages are the GPU, provider and pricing pages of every language, with the
// sections of the built pages that name each GPU; none when the site has no GPU data.
func (s *site) catalogPages(outs []*groupOut) []render.CatalogPage {
	if s.cat == nil {
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
	s.cat.Orphan = func(file string) bool { return orphans[file] }
	s.cat.Anchor = func(file string, line int) string {
		id := ""
		for _, h := range headings[file] {
			if h.Line > line {
				break
			}
			id = h.ID
		}
		return id
	}
	var pages []render.CatalogPage
	for _, l := range s.cfg.Langs {
		pages = append(pages, s.catalogPagesIn(l, outs)...)
	}
	return pages
}

func (s *site) catalogPagesIn(l config.Lang, outs []*groupOut) []render.CatalogPage {
	byGPU := map[string][]gpu.SectionRef{}
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
	pages := []render.CatalogPage{
		{Lang: l, Kind: "gpu/gpus", Title: s.locs[l.Code].T("catalog_gpus_title"), URL: route.GPUs, View: s.cat.GPUsView(l)},
		{Lang: l, Kind: "gpu/pricing", Title: s.locs[l.Code].T("catalog_pricing_title"), URL: route.Pricing, View: s.cat.PricingView(l)},
	}
	for _, g := range s.cat.GPUs {
		refs := byGPU[g.ID]
		slices.SortFunc(refs, func(a, b gpu.SectionRef) int { return strings.Compare(a.Path, b.Path) })
		v, _ := s.cat.GPUView(l, g.ID, refs)
		pages = append(pages, render.CatalogPage{Lang: l, Kind: "gpu/gpu", Title: g.Name,
			URL: func(lang string) string { return route.GPU(lang, g.ID) }, View: v})
	}
	for _, p := range s.cat.Providers {
		v, _ := s.cat.ProviderView(l, p.ID)
		pages = append(pages, render.CatalogPage{Lang: l, Kind: "gpu/provider", Title: p.Name(l),
			URL: func(lang string) string { return route.Provider(lang, p.ID) }, View: v})
	}
	return pages
}
