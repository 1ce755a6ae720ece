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
// path, or, where the language has none, a stand-in at the source page's path. A
// translationKey that pairs pages across paths can make two groups publish at one place
// (a page keyed apart from the page at its path in another language, whose stand-in then
// lands on it); so can content/en/a.md beside content/en/a/index.md. Either would leave
// the page there to whichever group was written last. What this cannot see is a
// translation that loads but fails to parse: the build publishes its stand-in at the
// source's path, and the writer, not this check, reports a clash there.

// placeIn is the site path where g publishes in language code (route decides it), and
// g's own version there (nil for a stand-in).
func (g *Group) placeIn(code string) (url string, own *Page) {
	if p := g.Page(code); p != nil && p.Err == nil {
		return route.URL(code, p.Path), p
	}
	return route.StandIn(code, g.Pages[0].Path), nil
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
			pl, own := g.placeIn(l.Code)
			first, ok := taken[pl]
			if !ok {
				taken[pl] = claim{g, own}
				continue
			}
			if pair := [2]*Group{first.g, g}; !reported[pair] {
				reported[pair] = true
				errs = append(errs, conflict(l.Code, pl, first.g, first.own, g, own))
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
// second's.
func conflict(lang, pl string, a *Group, aOwn *Page, b *Group, bOwn *Page) diag.Diagnostic {
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
