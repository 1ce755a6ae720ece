package build

import (
	"fmt"
	"path"
	"strings"
	"sync/atomic"

	"github.com/yuin/goldmark/parser"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/route"
	"docsite/internal/shortcode"
	"docsite/internal/theme"
)

// This file wires the markdown components into the build: each language's parser gets
// the site's shortcode templates and UI strings, each parse the page it reads and the
// pages ref can link to, and a build's warnings about unknown shortcodes are folded into
// one line per name.

// markupOptions sets the shortcode templates (bound to language l's UI strings) and the
// UI strings of l's parser.
func (s *site) markupOptions(set *shortcode.Set, l config.Lang, mo *markdown.Options) error {
	loc := s.locs[l.Code]
	ls, err := set.Lang(loc.T)
	if err != nil {
		return err
	}
	mo.Shortcodes, mo.T = ls, loc.T
	return nil
}

// loadShortcodes reads the shortcode templates of the theme (the site's over the built-in ones).
func loadShortcodes(th *theme.Theme) (*shortcode.Set, error) { return shortcode.Load(th.Templates) }

// pageIndex finds the site path of a page by language and content path, for ref and
// relref: a page missing in a language has its stand-in there, at its source's path.
type pageIndex map[string]map[string]string

func newPageIndex(groups []*load.Group, langs []config.Lang) pageIndex {
	x := pageIndex{}
	for _, l := range langs {
		x[l.Code] = map[string]string{}
	}
	for _, g := range groups {
		src := g.Pages[0]
		for _, p := range g.Pages {
			if m := x[p.Lang]; m != nil {
				m[shortcode.ContentPath("", p.FilePath)] = route.URL(p.Lang, p.Path)
			}
		}
		if g.Orphan(langs[0].Code) {
			continue // published only where it has a version
		}
		key := shortcode.ContentPath("", src.FilePath) // a/_index is written a/_index.md or a/
		for _, l := range langs {
			if _, ok := x[l.Code][key]; !ok {
				x[l.Code][key] = route.StandIn(l.Code, src.Path)
			}
		}
	}
	return x
}

func (x pageIndex) PagePath(lang, p string) (string, bool) {
	u, ok := x[lang][p]
	return u, ok
}

// pages is the index of the site's pages, replaced when a live rebuild regroups them.
type pages struct {
	idx  atomic.Pointer[pageIndex]
	urls atomic.Pointer[map[string]bool] // the site paths pages are published at
}

func (ps *pages) set(groups []*load.Group, langs []config.Lang) {
	x := newPageIndex(groups, langs)
	urls := map[string]bool{}
	for _, byPath := range x {
		for _, u := range byPath {
			// and its folders': every folder of pages has a page, its own or a generated one
			for ; u != "/" && !urls[u]; u = path.Dir(strings.TrimSuffix(u, "/")) + "/" {
				urls[u] = true
			}
		}
	}
	ps.idx.Store(&x)
	ps.urls.Store(&urls)
}

// Published reports whether a page is published at site path u (a section's generated
// page too).
func (ps *pages) Published(u string) bool {
	if m := ps.urls.Load(); m != nil {
		return (*m)[u]
	}
	return false
}

func (ps *pages) PagePath(lang, p string) (string, bool) {
	if x := ps.idx.Load(); x != nil {
		return x.PagePath(lang, p)
	}
	return "", false
}

// shortcodePage is page p, at site path url, as shortcode templates see it.
func (s *site) shortcodePage(p *load.Page, url string) *shortcode.Page {
	l, _ := s.cfg.Lang(p.Lang)
	return &shortcode.Page{Title: p.Title(), Description: p.Meta.Description, URL: url, Path: p.Path, File: p.File, Params: p.Meta.Params,
		Site: s.scSites[l.Code], Lang: shortcode.Lang{Code: l.Code, Tag: l.Tag.String(), Name: l.Name}}
}

// setMDX tells the parse of a .mdx file that it is MDX (package markdown reads its JSX).
func setMDX(pc parser.Context, file string) {
	if strings.HasSuffix(file, ".mdx") {
		markdown.SetMDX(pc)
	}
}

// markupDiagnostics adds what parsing a page's shortcodes, callouts and code found to
// diags: warnings, with one for each use of an unknown shortcode; errors are returned.
func markupDiagnostics(p *load.Page, doc *markdown.Doc, diags *diag.List) error {
	ds := doc.MarkupDiagnostics(p.File)
	for _, u := range doc.UnknownShortcodes() {
		ds = append(ds, diag.Warnf(p.File, u.Line, u.Col, "unknown-shortcode",
			"unknown shortcode %q: its tags are dropped, its inner content is rendered", u.Name))
	}
	var errs diag.List
	for _, d := range ds {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		} else {
			*diags = append(*diags, d)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return diag.ErrorList(errs)
	}
	return nil
}

// counted are the codes of warnings a build reports once per name, at the first use,
// with the number of uses, and that -strict makes errors: a shortcode or an MDX
// component the build cannot run drops what the author meant the page to show.
var counted = map[string]bool{"unknown-shortcode": true, "mdx-component": true}

// foldUnknownShortcodes keeps, of the sorted warnings about one unknown shortcode (or
// MDX component), the first, counting the others in it.
func foldUnknownShortcodes(diags diag.List) diag.List {
	type fold struct {
		at    int
		uses  int
		files map[string]bool
	}
	folds := map[string]*fold{}
	out := diags[:0:0]
	for _, d := range diags {
		if !counted[d.Code] {
			out = append(out, d)
			continue
		}
		if f := folds[d.Message]; f != nil {
			f.uses++
			f.files[d.File] = true
			continue
		}
		folds[d.Message] = &fold{at: len(out), uses: 1, files: map[string]bool{d.File: true}}
		out = append(out, d)
	}
	for _, f := range folds {
		if f.uses > 1 {
			out[f.at].Message += fmt.Sprintf(" (%d uses in %d files, the first here)", f.uses, len(f.files))
		}
	}
	return out
}

// strictUnknownShortcodes are the unknown-shortcode warnings of a build as errors, for
// -strict, with the MDX ones: a component the build cannot run (mdx-component), an
// expression it cannot evaluate (mdx-expression).
func strictUnknownShortcodes(diags diag.List) diag.List {
	var errs diag.List
	for _, d := range diags {
		if counted[d.Code] || d.Code == "mdx-expression" {
			d.Severity = diag.Error
			errs = append(errs, d)
		}
	}
	return errs
}

// shareCode lets the versions of a page highlight each code block they share once.
func shareCode(bodies []*built) {
	c := markdown.NewCodeCache()
	for _, b := range bodies {
		markdown.ShareCode(c, b.doc)
	}
}
