package build

import (
	"iter"
	"time"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/nav"
	"docsite/internal/render"
	"docsite/internal/route"
)

// makeTrees makes each language's section tree from the page groups: a page's own
// version where it has one that loaded, else the source's standing in (unless the group
// is an orphan, which only its own versions show), at the places route gives them. Titles are known from loading (front matter or first heading), so
// the trees exist before any page is rendered, and every page's navigation can be
// written with it.
func (s *site) makeTrees() {
	s.trees = make(map[string]*nav.Tree, len(s.cfg.Langs))
	for _, l := range s.cfg.Langs {
		entries := make([]nav.Entry, 0, len(s.groups)+1)
		hasHome := false
		for _, g := range s.groups {
			src := g.Pages[0]
			p, standIn := g.Page(l.Code), false
			if p == nil || p.Err != nil {
				if g.Orphan(s.cfg.Default().Code) {
					continue // no stand-in of a page without a default-language version
				}
				p, standIn = src, true
			}
			e := navEntry(p)
			if standIn {
				e.URL = route.StandIn(l.Code, src.Path)
				e.StandIn = true
				if sl, ok := s.cfg.Lang(src.Lang); ok {
					e.TitleLang = sl.Tag.String()
				}
			}
			if e.Path == "" {
				e.Title, e.LinkTitle, e.TitleLang, hasHome = s.locs[l.Code].T("Home"), "", "", true
			}
			entries = append(entries, e)
		}
		if !hasHome {
			entries = append(entries, nav.Entry{Path: "", URL: route.URL(l.Code, ""), Title: s.locs[l.Code].T("Home"), Section: true})
		}
		s.trees[l.Code] = nav.Build(l.Code, l.Tag, entries)
	}
	s.render.UseTrees(s.trees)
}

// navEntry is page p as its own language's tree shows it.
func navEntry(p *load.Page) nav.Entry {
	return nav.Entry{Path: p.Path, URL: route.URL(p.Lang, p.Path), Title: p.Title(),
		LinkTitle: p.Meta.LinkTitle, Description: p.Meta.Description, Weight: p.Meta.Weight,
		Date: pageDate(&p.Meta), Section: p.Kind == route.Section || p.Kind == route.Home,
		Draft: p.Meta.Draft, Unlisted: p.Meta.Build.List == "never"}
}

// pageDate is the page's date as Hugo's .Date has it by default: date, else publishDate,
// else lastmod; zero when none is set.
func pageDate(m *load.FrontMatter) time.Time {
	for _, t := range []time.Time{m.Date, m.PublishDate, m.Lastmod} {
		if !t.IsZero() {
			return t
		}
	}
	return time.Time{}
}

// publishable is the pages a build writes, as Hugo decides (drafts, publishDate,
// expiryDate, headless, build.render): not in place, the build keeps every page
// (site.loaded).
func (s *site) publishable(pages []*load.Page) []*load.Page {
	out := make([]*load.Page, 0, len(pages))
	for _, p := range pages {
		if s.published(p) {
			out = append(out, p)
		}
	}
	return out
}

// published reports whether the build writes page p. A draft is left out unless the
// build shows drafts (build -drafts, serve); a page whose publishDate is to come, unless
// build -future; a page whose expiryDate has come, unless build -expired; a headless
// page and one whose build.render is never or link are never written (docsite writes no
// page it cannot link to, so link is never too, and such pages are in no listing).
func (s *site) published(p *load.Page) bool {
	m := &p.Meta
	now := s.opts.Now
	switch {
	case m.Draft && !s.opts.Drafts,
		!m.PublishDate.IsZero() && m.PublishDate.After(now) && !s.opts.Future,
		!m.ExpiryDate.IsZero() && !m.ExpiryDate.After(now) && !s.opts.Expired,
		m.Headless, m.Build.Render == "never", m.Build.Render == "link":
		return false
	}
	return true
}

// topHeadings yields the headings at the top of a rendered page that have an id, with it:
// the page's sections, as its table of contents and the catalog's source links see them
// (headings inside shortcodes, callouts or lists are not the page's sections).
func topHeadings(doc *markdown.Doc) iter.Seq2[*ast.Heading, string] {
	return func(yield func(*ast.Heading, string) bool) {
		for n := doc.Root.FirstChild(); n != nil; n = n.NextSibling() {
			h, ok := n.(*ast.Heading)
			if !ok {
				continue
			}
			v, _ := h.AttributeString("id")
			if id, _ := v.([]byte); len(id) > 0 && !yield(h, string(id)) {
				return
			}
		}
	}
}

// toc lists the h2 and h3 headings of a rendered page with their anchors, for its table
// of contents.
func toc(doc *markdown.Doc) []render.TOCEntry {
	var out []render.TOCEntry
	for h, id := range topHeadings(doc) {
		if h.Level == 2 || h.Level == 3 {
			out = append(out, render.TOCEntry{Level: h.Level, Title: doc.HeadingText(h), ID: id})
		}
	}
	return out
}
