package load

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/route"
)

// A group publishes a page in every site language: its own version at that version's
// path, or, where the language has none, a stand-in at the source page's path. An
// orphan (a group without a default-language page) publishes only its own versions. A
// translationKey that pairs pages across paths can make two groups publish at one place
// (a page keyed apart from the page at its path in another language, whose stand-in then
// lands on it); so can content/en/a.md beside content/en/a/index.md. Either would leave
// the page there to whichever group was written last. What this cannot see is a
// translation that loads but fails to parse: the build publishes its stand-in at the
// source's path, and the writer, not this check, reports a clash there.

// placeIn is the site path where g publishes in language code (route decides it), and
// g's own version there (nil for a stand-in); ok is false where g publishes nothing in
// code (an orphan without a version there that loaded). def is the default language.
func (g *Group) placeIn(code, def string) (url string, own *Page, ok bool) {
	if p := g.Page(code); p != nil && p.Err == nil {
		return route.URL(code, p.Path), p, true
	}
	if g.Orphan(def) {
		return "", nil, false
	}
	return route.StandIn(code, g.Pages[0].Path), nil, true
}

// A claim is a group publishing at a place, with its own version there (nil for a
// stand-in).
type claim struct {
	g   *Group
	own *Page
}

// checkPlaces reports every two groups (sorted by key) that publish at one place, once
// per pair, and every group that publishes inside the file of a page (indexHolder).
func checkPlaces(groups []*Group, langs []config.Lang) diag.List {
	taken := make(map[string]claim, len(groups)*len(langs))
	reported := map[[2]*Group]bool{}
	var errs diag.List
	for _, g := range groups {
		for _, l := range langs {
			pl, own, ok := g.placeIn(l.Code, langs[0].Code)
			if !ok {
				continue
			}
			first, ok := taken[pl]
			if !ok {
				taken[pl] = claim{g, own}
				continue
			}
			if pair := [2]*Group{first.g, g}; !reported[pair] {
				reported[pair] = true
				errs = append(errs, conflict(langs[0].Code, l.Code, pl, first.g, first.own, g, own))
			}
		}
	}
	for _, g := range groups {
		for _, l := range langs {
			pl, own, ok := g.placeIn(l.Code, langs[0].Code)
			if !ok {
				continue
			}
			if holder, ok := route.IndexInside(pl); ok {
				errs = append(errs, insideFile(l.Code, pl, holder, g, own, taken[holder]))
				break // once a group
			}
		}
	}
	errs.Sort()
	return errs
}

// A page's file is index.html in its URL's folder (route.File): a URL with a segment
// named index.html (slug: index.html, content/en/a/index.html.md) puts its page's folder
// where the page of the URL before that segment has its file, and the site can hold only
// one of them. Every folder of pages has a page (a section's own or a generated one), and
// every language its home page, so such a URL always meets one (route.IndexInside).

// insideFile describes group g publishing at site path pl in language lang (own its
// version there, nil for a stand-in) inside the file of the page at site path holder,
// which the group of c publishes (none: a generated section page).
func insideFile(lang, pl, holder string, g *Group, own *Page, c claim) diag.Diagnostic {
	at := own
	if at == nil {
		at = g.Pages[0]
	}
	line := 1
	if at.Meta.Slug == route.IndexFile {
		line = placeLine(at)
	}
	other := "the page generated for the section " + strings.TrimPrefix(holder, "/")
	switch {
	case c.own != nil:
		other = fmt.Sprintf("%s:%d", c.own.File, placeLine(c.own))
	case c.g != nil:
		other = "the " + lang + " stand-in for " + c.g.Pages[0].File
	}
	what := at.File
	if own == nil {
		what = "the " + lang + " stand-in for " + at.File
	}
	return diag.Errorf(at.File, line, 1, "url-conflict",
		"%s, the page of %s, would be a folder inside %s, the file of the page at %s (%s): "+
			"one would remove the other; give this page another slug or file name",
		strings.TrimPrefix(pl, "/"), what, route.File(holder), strings.TrimPrefix(holder, "/"), other)
}

// placeLine is the line of p's file that decides its URL: its slug's, else 1.
func placeLine(p *Page) int {
	if p.Meta.Slug != "" {
		return max(p.Meta.Line("slug"), 1)
	}
	return 1
}

// conflict describes groups a and b both publishing at site path pl in language lang;
// aOwn and bOwn are their own versions there (nil for a stand-in). It names a page of the
// group that publishes a stand-in there, preferring one that sets its translationKey (the
// key that set the groups apart), at that line; where both publish their own version, the
// second's; but an orphan's own version there that sets its key, before all (def is the
// default language).
func conflict(def, lang, pl string, a *Group, aOwn *Page, b *Group, bOwn *Page) diag.Diagnostic {
	url := strings.TrimPrefix(pl, "/")
	holder := func(g *Group, own *Page) string {
		if own != nil {
			return own.File
		}
		return "the " + lang + " stand-in for " + g.Pages[0].File + " (which has no " + lang + " version)"
	}
	at := bOwn
	switch {
	case aOwn == nil:
		at = blame(a)
	case bOwn == nil:
		at = blame(b)
	}
	// A page keyed apart from its path's group, without a default-language version, is an
	// orphan publishing only itself: its key is the one to blame.
	if aOwn != nil && aOwn.Meta.KeyLine > 0 && a.Orphan(def) {
		at = aOwn
	} else if bOwn != nil && bOwn.Meta.KeyLine > 0 && b.Orphan(def) {
		at = bOwn
	}
	return diag.Errorf(at.File, max(at.Meta.KeyLine, 1), 1, "url-conflict",
		"%s would be published by two pages: %s and %s; give pages that translate each other one translationKey, and other pages other paths",
		url, holder(a, aOwn), holder(b, bOwn))
}

// blame returns the first page of g, by file, that sets its translationKey, else g's source.
func blame(g *Group) *Page {
	var keyed []*Page
	for _, p := range g.Pages {
		if p.Meta.KeyLine > 0 {
			keyed = append(keyed, p)
		}
	}
	if len(keyed) == 0 {
		return g.Pages[0]
	}
	return slices.MinFunc(keyed, func(x, y *Page) int { return cmp.Compare(x.File, y.File) })
}
