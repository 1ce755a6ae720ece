package build

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/review"
	"docsite/internal/route"
)

// reviewInput is the site as the review sees it: languages and reviewed states.
func reviewInput(fsys fs.FS, cfg *config.Resolved) (review.Input, error) {
	in := review.Input{Default: cfg.Default().Code, Locales: cfg.Langs}
	states, err := review.ReadStates(fsys, "content", in.Locales)
	if err != nil {
		return in, err
	}
	in.States = states
	if in.Glossary, err = review.ReadGlossaries(fsys, "content", in.Locales); err != nil {
		return in, err
	}
	return in, nil
}

// reviewGroup aligns the translations of a page against its source; as a side effect every
// translated heading gets its source section's anchor (outline.ShareIDs).
// Versions that cannot be built (failed) are reviewed as such, not as missing.
func (s *site) reviewGroup(g *load.Group, real map[string]*built, failed ...review.Doc) *review.PageResult {
	var docs []review.Doc
	for _, p := range g.Pages {
		if b := real[p.Lang]; b != nil {
			docs = append(docs, review.Doc{Locale: p.Lang, Page: reviewKey(g), File: p.File, Root: b.doc.Root, Src: b.doc.Src})
		}
	}
	docs = append(docs, failed...)
	return review.Page(s.review, reviewKey(g), docs)
}

// goneSources is, when the site has orphan pages (load.Group.Orphan), what git remembers
// of the files gone from the default language's folder, for the review's orphan findings
// to name; nil when it has none, or the site root is not in a git work tree.
func (s *site) goneSources() func(want string) (from, to string, ok bool) {
	def := s.cfg.Default().Code
	if !slices.ContainsFunc(s.groups, func(g *load.Group) bool { return g.Orphan(def) }) {
		return nil
	}
	gone := load.GoneFrom(s.opts.Source, "content/"+def)
	if gone == nil {
		return nil
	}
	return gone.Source
}

// reviewKey names a page in the review: its translation key, and "index" for the home
// pages' introductions (content/<lang>/index.md), whose key is empty.
func reviewKey(g *load.Group) string {
	if g.Key == "" {
		return "index"
	}
	return g.Key
}

// pageURLs maps, for each review key, each language to the site path of that page.
type pageURLs map[string]map[string]string

func (u pageURLs) add(o *groupOut) { u[o.reviewKey] = o.urls }

func (u pageURLs) url(locale, page string) string {
	if p, ok := u[page][locale]; ok {
		return p
	}
	return review.DefaultPageURL(locale, page)
}

// addStaleNotices puts a localized notice at the top of every section of translation b
// whose source changed after the translation was accepted, linking to that section of the
// source page.
func (s *site) addStaleNotices(b, src *built, res *review.PageResult) error {
	if res == nil {
		return nil
	}
	stale := res.Review.StaleSections(b.page.Lang)
	if len(stale) == 0 {
		return nil
	}
	lang, _ := s.cfg.Lang(b.page.Lang)
	srcLang, _ := s.cfg.Lang(src.page.Lang)
	for _, id := range stale {
		href := route.Rel(b.url, src.url)
		if id != "" {
			href += "#" + id
		}
		html, err := s.render.StaleNotice(lang, srcLang, href)
		if err != nil {
			return err
		}
		insertAfterHeading(b.doc.Root, id, markdown.NewNotice(html))
	}
	return nil
}

// insertAfterHeading puts n right after the heading with id, or first in the document
// when id is "" (the introduction) or no heading has it.
func insertAfterHeading(root ast.Node, id string, n ast.Node) {
	if id != "" {
		for c := root.FirstChild(); c != nil; c = c.NextSibling() {
			if h, ok := c.(*ast.Heading); ok {
				if v, ok := h.AttributeString("id"); ok && string(v.([]byte)) == id {
					root.InsertAfter(root, c, n)
					return
				}
			}
		}
	}
	if first := root.FirstChild(); first != nil {
		if h, ok := first.(*ast.Heading); ok && h.Level == 1 {
			root.InsertAfter(root, first, n)
			return
		}
		root.InsertBefore(root, first, n)
		return
	}
	root.AppendChild(root, n)
}

// writePageReview writes the group's review page, _review/<key>/index.html, linking to the
// pages just written, then releases the alignment behind it: the report keeps only what the
// index and the summary need, so a build's memory does not grow with the site's text. A home
// page gets no review page (its would be _review/index.html).
func (s *site) writePageReview(out *groupOut, w *output) error {
	res := out.review
	if res == nil {
		return nil
	}
	defer res.Compact()
	if !s.opts.Review {
		return nil
	}
	urls := pageURLs{}
	urls.add(out)
	return review.WritePage(res, urls.url, w.WriteFile)
}

// writeReview writes the review's index under _review/ (a tool page, not in the sitemap);
// the pages' own review pages were written with the pages.
func (s *site) writeReview(outs []*groupOut, w *output) error {
	rep := s.reviewReport(outs)
	urls := pageURLs{}
	for _, o := range outs {
		urls.add(o)
	}
	return review.WriteIndex(rep, urls.url, w.WriteFile)
}

// reviewReport assembles the review of the built groups, with the GPU data's warnings.
func (s *site) reviewReport(outs []*groupOut) *review.Report {
	var results []*review.PageResult
	for _, o := range outs {
		if o != nil && o.review != nil {
			results = append(results, o.review)
		}
	}
	rep := review.Assemble(s.review, results)
	rep.Add(dataFindings(s.dataDiags)...)
	return rep
}

// partialGroups are the site's partials (content to include, such as Hugo's _includes:
// files and folders whose name starts with "_", but _index.md), each with its versions in
// every language, paired by their path under content/<lang>/: the review checks their
// translations as it does pages'.
func (s *site) partialGroups() ([]*load.Group, error) {
	byKey := map[string]*load.Group{}
	var groups []*load.Group
	def := s.cfg.Default().Code
	for _, l := range s.cfg.Langs {
		root := path.Join("content", l.Code)
		err := fs.WalkDir(s.fsys, root, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // a folder the build cannot read either: it says so
			}
			if strings.HasPrefix(d.Name(), ".") && name != root {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() || path.Ext(name) != ".md" || !isPartial(strings.TrimPrefix(name, root+"/")) {
				return nil
			}
			key := strings.TrimSuffix(strings.TrimPrefix(name, root+"/"), ".md")
			g := byKey[key]
			if g == nil {
				g = &load.Group{Key: key}
				byKey[key] = g
				groups = append(groups, g)
			}
			p := load.Read(s.fsys, l.Code, name)
			if l.Code == def {
				g.Pages = append([]*load.Page{p}, g.Pages...) // the source first
			} else {
				g.Pages = append(g.Pages, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	// A partial is reviewed against the default language's version; one without any is
	// no translation of anything.
	groups = slices.DeleteFunc(groups, func(g *load.Group) bool { return g.Pages[0].Lang != def })
	slices.SortFunc(groups, func(a, b *load.Group) int { return strings.Compare(a.Key, b.Key) })
	return groups, nil
}

// isPartial reports whether a path under a language folder is a partial's: a segment
// starts with "_", and it is not an _index.md.
func isPartial(rel string) bool {
	segs := strings.Split(rel, "/")
	for i, seg := range segs {
		if strings.HasPrefix(seg, "_") && (i < len(segs)-1 || seg != "_index.md") {
			return true
		}
	}
	return false
}

// Review parses every page of the site at opts.Source and reviews its translations,
// without rendering anything.
func Review(ctx context.Context, opts Options) (*review.Report, error) {
	s, closeRoot, err := open(opts, nil)
	if err != nil {
		return nil, err
	}
	defer closeRoot()
	s.review.AlignOnly = false // the report is the findings
	if s.review.Gone == nil {
		s.review.Gone = s.goneSources()
	}
	partials, err := s.partialGroups()
	if err != nil {
		return nil, err
	}
	revStates, _ := s.revisionStatesOf(partials) // its revision findings are the review's, below
	s.review.States = review.Merge(s.review.States, revStates)
	groups := append(slices.Clip(s.groups), partials...)
	outs := make([]*groupOut, len(groups))
	errs := make([]error, len(groups))
	s.parallel(ctx, len(groups), func(i int) {
		outs[i], errs[i] = s.reviewOnly(groups[i])
		if errs[i] != nil && i >= len(s.groups) {
			// A partial is built only as part of the pages that include it, where a
			// source's error is reported; alone, it may well not build.
			outs[i], errs[i] = nil, nil
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	rep := s.reviewReport(outs)
	rep.Add(s.revisionFindings...)
	rep.Add(s.frontMatterFindings...)
	rep.RevisionKey, rep.RevisionKeyUsed = s.cfg.RevisionKey, s.revisionKeyUsed
	return rep, nil
}

// reviewOnly parses a group's pages and reviews them; a translation that cannot be built is
// one page-error finding, as a build would show its source instead. Only a source that
// cannot be built stops the review.
func (s *site) reviewOnly(g *load.Group) (*groupOut, error) {
	out := &groupOut{key: g.Key, reviewKey: reviewKey(g)}
	if g.Pages[0].Err != nil {
		return nil, *g.Pages[0].Err
	}
	real := map[string]*built{}
	var failed []review.Doc
	for i, p := range g.Pages {
		if p.Err != nil {
			failed = append(failed, review.Doc{Locale: p.Lang, Page: reviewKey(g), File: p.File, Errs: diag.List{*p.Err}})
			continue
		}
		b, err := s.parsePage(p, &out.diags)
		var errs diag.ErrorList
		switch {
		case err == nil:
			real[p.Lang] = b
		case i > 0 && errors.As(err, &errs) && len(errs) > 0:
			// A translation the build would replace by its source: one finding, and the
			// review of the rest goes on.
			failed = append(failed, review.Doc{Locale: p.Lang, Page: reviewKey(g), File: p.File, Errs: diag.List(errs)})
		default:
			return nil, err
		}
	}
	out.review = s.reviewGroup(g, real, failed...)
	if !s.opts.Review {
		out.review.Compact() // no review pages: keep only what the report needs
	}
	return out, nil
}
