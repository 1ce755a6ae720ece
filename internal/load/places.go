package load

import (
	"cmp"
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

// checkPlaces reports every two groups (sorted by key) that publish at one place, once
// per pair.
func checkPlaces(groups []*Group, langs []config.Lang) diag.List {
	type claim struct {
		g   *Group
		own *Page
	}
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
	errs.Sort()
	return errs
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
