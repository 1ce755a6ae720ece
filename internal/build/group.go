package build

import (
	"errors"
	"html/template"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/render"
	"docsite/internal/review"
	"docsite/internal/route"
	"docsite/internal/sanitize"
	"docsite/internal/search"
)

// groupOut is what building one page group leaves for the site-wide files.
type groupOut struct {
	key       string
	reviewKey string             // the page's name in the review
	urls      map[string]string  // language code → site path of the page (source's path for a stand-in)
	digest    [32]byte           // listingDigest, set once the group is built
	review    *review.PageResult // nil when the site is not reviewed
	pages     []pageOut          // one per language it is published in, in site order
	diags     diag.List
	// home holds, by language code, the bodies of content/<lang>/index.md: the home
	// pages' introductions. Such a group has no pages of its own.
	home map[string]template.HTML
	// links are the internal links of the group's versions, to check once the site is
	// written; ids the anchors of each page it wrote, by site path.
	links []linkRef
	ids   map[string]string
	// headings are the top-level headings of its versions, by source file, in order: for
	// the catalog's links to the section a figure comes from.
	headings map[string][]lineAnchor
	// search holds what the search index keeps of each page written, by language code;
	// searchSums their Sums, with the cache.
	search     map[string]search.Entry
	searchSums map[string][32]byte
	// bodies says where its versions' bodies are in the pages it wrote, with the cache
	// (reuse_bodies.go).
	bodies map[string]cachedBody
}

// pageOut is one published page, as the listings see it.
type pageOut struct {
	render.Published
	mentions []mention // sections naming a GPU, for the catalog's GPU pages
}

// built is a page of the group, parsed, then its body rendered: the Version that page
// assembly receives.
type built struct {
	render.Version
	page     *load.Page
	url      string // site path of the page in its own language
	doc      *markdown.Doc
	inTables []tableMention // GPUs named in its tables
	mentions []mention
	lead     string    // the text of the body's first paragraph, a dated page's (group_summary.go)
	assets   []asset   // local images, published beside every page that shows this body
	links    []linkRef // its internal links
	warned   diag.List // what rendering its body found (renderBody): deep nesting
	rawDiags diag.List // what resolving the links of its raw HTML found (missing images)
}

// buildGroup builds one page in every site language, in the steps the package comment
// lists: parse every version, review the translations against the source, render the
// bodies, write the page in every language, write its review page. With spare cores (a live
// rebuild of fewer groups than cores) the versions are parsed, rendered and written in
// parallel; the output is the same either way.
func (s *site) buildGroup(g *load.Group, w *output, spare bool) (*groupOut, error) {
	out := &groupOut{key: g.Key, reviewKey: reviewKey(g), urls: map[string]string{}}
	v, err := s.parseVersions(g, spare, &out.diags)
	if err != nil {
		return nil, err
	}
	out.review = s.reviewGroup(g, v.real)
	if err := s.renderBodies(v, out.review, spare); err != nil {
		return nil, err
	}
	for _, l := range s.cfg.Langs { // what rendering found, in a fixed order
		if b := v.real[l.Code]; b != nil {
			out.diags = append(out.diags, b.warned...)
			out.diags = append(out.diags, b.rawDiags...)
		}
	}
	if v.src.page.Path == "" {
		s.keepIntros(out, v)
	} else if err := s.writePages(out, v, w, spare); err != nil {
		return nil, err
	}
	if err := s.writePageReview(out, w); err != nil {
		return nil, err
	}
	return out, nil
}

// versions are the versions of a page group that were parsed.
type versions struct {
	src    *built
	real   map[string]*built // by language code: the versions that parsed, the source's among them
	failed map[string]bool   // languages whose version exists but could not be parsed
	// orphan: the group has no default-language page (load.Group.Orphan); it is published
	// only in the languages whose version parsed, and src is its first version.
	orphan bool
}

// publishIn lists the languages the group is published in, in site order: every one, its
// source standing in where it has no version, unless it is an orphan.
func (s *site) publishIn(v *versions) []config.Lang {
	if !v.orphan {
		return s.cfg.Langs
	}
	var out []config.Lang
	for _, l := range s.cfg.Langs {
		if v.real[l.Code] != nil {
			out = append(out, l)
		}
	}
	return out
}

// parseVersions parses every version of g. A source that fails is the group's error; a
// translation that fails is replaced by its source, with a warning, or is an error in
// strict builds. What parsing reported is added to diags.
func (s *site) parseVersions(g *load.Group, spare bool, diags *diag.List) (*versions, error) {
	src := g.Pages[0]
	if src.Err != nil {
		return nil, *src.Err
	}
	parsed := s.parseGroup(g, spare)
	if parsed[0].err != nil {
		return nil, parsed[0].err
	}
	v := &versions{src: parsed[0].b, real: map[string]*built{src.Lang: parsed[0].b}, failed: map[string]bool{},
		orphan: g.Orphan(s.cfg.Default().Code)}
	*diags = append(*diags, parsed[0].diags...)
	for i, p := range g.Pages[1:] {
		r := parsed[i+1]
		*diags = append(*diags, r.diags...)
		if r.err != nil {
			d := asDiags(r.err)[0]
			if s.opts.Strict {
				return nil, d
			}
			d.Severity = diag.Warning
			if v.orphan { // stand-ins come from the default language only
				d.Message += "; the page has no " + s.cfg.Default().Code + " version to stand in: it is not published in " + p.Lang
			} else {
				d.Message += "; publishing the " + src.Lang + " page in its place"
			}
			*diags = append(*diags, d)
			v.failed[p.Lang] = true
			continue
		}
		v.real[p.Lang] = r.b
	}
	return v, nil
}

// renderBodies renders the body of every version that parsed, a translation's with a
// notice on each section whose source changed since it was accepted (res says which).
func (s *site) renderBodies(v *versions, res *review.PageResult, spare bool) error {
	var bodies []*built // in site order
	for _, l := range s.cfg.Langs {
		if b := v.real[l.Code]; b != nil {
			bodies = append(bodies, b)
		}
	}
	shareCode(bodies)
	return each(spare, len(bodies), func(i int) error {
		if bodies[i] != v.src {
			if err := s.addStaleNotices(bodies[i], v.src, res); err != nil {
				return err
			}
		}
		return s.renderBody(bodies[i])
	})
}

// keepIntros keeps the bodies of the home pages' introductions (content/<lang>/index.md,
// route.Home) for the listings, which write the home pages.
func (s *site) keepIntros(out *groupOut, v *versions) {
	out.home = map[string]template.HTML{}
	for code, b := range v.real {
		out.home[code] = b.Body
	}
	for _, l := range s.cfg.Langs {
		out.urls[l.Code] = route.URL(l.Code, "")
	}
}

// writePages writes the page in every site language, its own version or the source
// standing in, and notes what the site-wide files need of it: its anchors, its pages for
// the search index, its links, its headings.
func (s *site) writePages(out *groupOut, v *versions, w *output, spare bool) error {
	if err := s.writeVersions(out, v, w, spare); err != nil {
		return err
	}
	out.ids = map[string]string{}
	bodyIDs := map[*built]string{} // the source's body stands in for several languages: scan it once
	for _, po := range out.pages {
		b := v.real[po.Lang]
		if b == nil {
			b = v.src
		}
		ids, ok := bodyIDs[b]
		if !ok {
			ids = idsOf(string(b.Body))
			bodyIDs[b] = ids
		}
		out.ids[po.URL] = ids
	}
	s.searchDocs(out, v)
	for _, l := range s.cfg.Langs {
		if b := v.real[l.Code]; b != nil {
			out.links = append(out.links, b.links...)
			if s.catalog != nil {
				if out.headings == nil {
					out.headings = map[string][]lineAnchor{}
				}
				out.headings[b.page.File] = headingAnchors(b.doc)
			}
		}
	}
	if len(v.failed) == 0 {
		out.bodies = bodiesOf(out, v)
	}
	return nil
}

// writeVersions writes the page in every language it is published in and notes each one's
// path.
func (s *site) writeVersions(out *groupOut, v *versions, w *output, spare bool) error {
	own := map[string]*render.Version{}
	for code, b := range v.real {
		own[code] = &b.Version
	}
	tr := s.render.Translations(&v.src.Version, own)
	tr.Orphan = v.orphan
	langs := s.publishIn(v)
	out.pages = make([]pageOut, len(langs))
	var assets assetFiles
	err := each(spare, len(langs), func(i int) error {
		l := langs[i]
		var err error
		out.pages[i], err = s.writePage(tr, l, v.real[l.Code], v.src, v.failed[l.Code], &assets, w)
		return err
	})
	if err != nil {
		return err
	}
	for _, po := range out.pages {
		out.urls[po.Lang] = po.URL
	}
	return nil
}

// parsedPage is one version of a page group, parsed, with what parsing it reported.
type parsedPage struct {
	b     *built
	diags diag.List
	err   error
}

// parseGroup parses every version of group g, in parallel when spare; the i-th result is
// g.Pages[i]'s.
func (s *site) parseGroup(g *load.Group, spare bool) []parsedPage {
	out := make([]parsedPage, len(g.Pages))
	each(spare, len(g.Pages), func(i int) error {
		r := &out[i]
		r.b, r.err = s.parseVersion(g.Pages[i], &r.diags)
		return nil // a version that fails is the caller's to judge, by r.err
	})
	return out
}

// each calls fn(0..n-1), all at once when parallel, else in order; it returns the error
// of the lowest i that failed, so that the result does not depend on timing. In order, it
// stops at the first error.
func each(parallel bool, n int, fn func(i int) error) error {
	if !parallel || n < 2 {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = fn(i) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// parseVersion parses one version of a page group, source or translation; a page that could
// not be loaded is its load error.
func (s *site) parseVersion(p *load.Page, diags *diag.List) (*built, error) {
	if p.Err != nil {
		return nil, *p.Err
	}
	return s.parsePage(p, diags)
}

// parsePage parses one page and links the GPU names in its tables; diagnostics about its
// content (table repairs, missing images) are added to diags.
func (s *site) parsePage(p *load.Page, diags *diag.List) (*built, error) {
	url := route.URL(p.Lang, p.Path)
	src, err := p.Source(s.fsys)
	if err != nil {
		return nil, err
	}
	doc := s.md[p.Lang].Parse(src, func(pc parser.Context) {
		if s.catalog != nil {
			s.catalog.SetPage(pc, p.Lang, url)
		}
		markdown.SetPage(pc, s.shortcodePage(p, url), &s.pages)
		setMDX(pc, p.File)
	})
	if err := markupDiagnostics(p, doc, diags); err != nil {
		return nil, err
	}
	b := &built{page: p, doc: doc, url: url, Version: versionOf(p)}
	b.lead = lead(p, doc)
	*diags = append(*diags, tagDiags(p)...)
	b.Summary = summary(p, b.lead)
	if s.catalog != nil {
		b.inTables = s.catalog.LinkTables(doc, p.Lang, url)
	}
	*diags = append(*diags, doc.TableDiagnostics(p.File, s.opts.Verbose)...)
	var linkDiags diag.List
	b.links, b.assets, linkDiags = s.resolveLinks(p, url, doc)
	*diags = append(*diags, linkDiags...)
	h, ok := doc.Root.FirstChild().(*ast.Heading)
	b.TitleInBody = ok && h.Level == 1
	return b, nil
}

// versionOf is what page assembly needs of p besides its body: what its front matter says.
func versionOf(p *load.Page) render.Version {
	v := render.Version{Lang: p.Lang, Path: p.Path, Title: p.Title(), Weight: p.Meta.Weight,
		Description: p.Meta.Description, Draft: p.Meta.Draft, Section: p.Kind == route.Section, Updated: p.Meta.Lastmod,
		Tags: p.Meta.Tags, Params: p.Meta.Params}
	if v.Updated.IsZero() {
		v.Updated = p.Meta.Date
	}
	return v
}

// renderBody renders a parsed page's body, sanitised unless its language is trusted, and
// records the sections that name a GPU (their anchors are final by now).
func (s *site) renderBody(b *built) error {
	p := b.page
	var filter func([]byte) []byte
	flattened := false
	if lang, _ := s.cfg.Lang(p.Lang); !lang.Trusted && markdown.HasRawHTML(b.doc.Root) {
		filter = func(body []byte) []byte {
			out, flat := sanitize.BodyFlat(body)
			flattened = flattened || flat
			return out
		}
	}
	b.doc.SetURLs(func(dest string, image bool, line int) string {
		r := s.resolveDest(p, b.url, dest, line, image)
		s.useResolved(p, r, line, &b.links, &b.assets, &b.rawDiags, false)
		return r.dest
	})
	html, err := s.md[p.Lang].RenderString(b.doc, filter)
	var located diag.Diagnostic
	if errors.As(err, &located) { // a shortcode's template failed: its tag's position
		located.File = p.File
		return located
	}
	if err != nil {
		return diag.Errorf(p.File, 0, 0, "render", "%v", err)
	}
	b.warned = nil
	if flattened {
		b.warned = diag.List{diag.Warnf(p.File, b.doc.NestingLine(sanitize.FlatDepth), 0, "deep-nesting",
			"HTML elements nested more than %d deep, here or below: the HTML parser refuses them, so the deeper elements are left out (nesting flattened, text kept)", sanitize.FlatDepth)}
	}
	b.Body = template.HTML(html)
	b.TOC = toc(b.doc)
	if s.catalog != nil {
		b.mentions = s.catalog.Mentions(b.doc, b.inTables, b.Title, b.url)
	}
	return nil
}

// writePage writes the page of tr in language l, own being its version there (nil where
// the source stands in), and publishes the images of the body it shows beside it.
func (s *site) writePage(tr *render.Translations, l config.Lang, own, src *built, broken bool, assets *assetFiles, w *output) (pageOut, error) {
	if _, ok := s.aliases[route.StandIn(l.Code, src.Path)]; own == nil && ok {
		w = nowhere // an alias of a moved page is published here instead
	}
	b := own
	if b == nil {
		b = src
	}
	pub, err := s.render.WritePage(w, l, tr, broken)
	if err != nil {
		return pageOut{}, locateWrite(err, b.page.File, b.page.Meta.Line("slug"), "its page")
	}
	if err := s.writeAssets(pub.URL, b.assets, assets, w); err != nil {
		return pageOut{}, locateWrite(err, b.page.File, 0, "an image of the page")
	}
	po := pageOut{Published: pub}
	if own != nil {
		po.mentions = own.mentions
	} else {
		// A stand-in names the same GPUs as its source, at its own URL in this language:
		// a reader of the catalog in l is sent to the page of l's tree.
		po.mentions = retarget(src.mentions, src.url, pub.URL)
	}
	return po, nil
}

// retarget is ms with every reference to the page at site path from moved to site path to.
func retarget(ms []mention, from, to string) []mention {
	out := make([]mention, len(ms))
	for i, m := range ms {
		if rest, ok := strings.CutPrefix(m.Ref.Path, from); ok {
			m.Ref.Path = to + rest
		}
		out[i] = m
	}
	return out
}

// lineAnchor is a heading: its line and id.
type lineAnchor struct {
	Line int
	ID   string
}

// headingAnchors lists the sections of a rendered page: line and id of each heading.
func headingAnchors(doc *markdown.Doc) []lineAnchor {
	var out []lineAnchor
	for h, id := range topHeadings(doc) {
		out = append(out, lineAnchor{doc.NodeLine(h), id})
	}
	return out
}
