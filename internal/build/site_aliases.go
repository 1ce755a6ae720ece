package build

import (
	"cmp"
	"maps"
	"path"
	"slices"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/render"
	"docsite/internal/route"
)

// aliasOut is a former URL of a page, from its front matter's aliases.
type aliasOut struct {
	render.Alias
	file string // the page's source file and the line of its aliases key
	line int
}

// collectAliases reads the aliases of every page once the pages are grouped, so that the
// build knows them before it writes anything. An alias at the URL of a page (its own
// included: a page cannot redirect to itself, and a chain of aliases through pages is a
// cycle) is dropped, and so is the second of two aliases of different pages at one URL
// (by file name): each is a url-conflict warning naming both files, an error under
// -strict. Real sites have such leftovers (the OpenTelemetry site has 10) and Hugo builds
// them, one of the two silently winning.
// An alias at the place of a stand-in wins over it: a page moved in the source language
// keeps its old URL in a language whose translation has not moved yet (Hugo writes the
// alias there too).
func (s *site) collectAliases() error {
	s.aliases = map[string]aliasOut{}
	pages := map[string]string{} // site path of every page's own version → its file
	var all []aliasOut
	for _, g := range s.groups {
		for _, p := range g.Pages {
			if p.Err != nil {
				continue
			}
			pages[route.URL(p.Lang, p.Path)] = p.File
			all = append(all, pageAliases(p, s.cfg.Lang, s.isLang)...)
		}
	}
	slices.SortFunc(all, func(a, b aliasOut) int {
		return cmp.Or(cmp.Compare(a.URL, b.URL), cmp.Compare(a.file, b.file))
	})
	var errs diag.List
	report := func(a aliasOut, format string, args ...any) {
		errs = append(errs, s.strictWarnf(a.file, a.line, "url-conflict", format, args...))
	}
	for i, a := range all {
		if f, ok := pages[a.URL]; ok {
			report(a, "alias %s is the URL of a page (%s); the alias is dropped", a.URL, f)
			continue
		}
		if i > 0 && all[i-1].URL == a.URL {
			if first := s.aliases[a.URL]; first.To != a.To {
				report(a, "alias %s is also an alias of %s (%s); this one is dropped", a.URL, first.To, first.file)
			}
			continue
		}
		s.aliases[a.URL] = a
	}
	if s.opts.Strict && len(errs) > 0 {
		return diag.ErrorList(errs)
	}
	s.diags = append(s.diags, errs...)
	return nil
}

// pageAliases are the aliases of page p, whose language lang gives.
func pageAliases(p *load.Page, lang func(string) (config.Lang, bool), isLang func(string) bool) []aliasOut {
	if len(p.Meta.Aliases) == 0 {
		return nil
	}
	l, _ := lang(p.Lang)
	dir := path.Dir(p.Path)
	if dir == "." {
		dir = ""
	}
	out := make([]aliasOut, 0, len(p.Meta.Aliases))
	for _, a := range p.Meta.Aliases {
		out = append(out, aliasOut{Alias: render.Alias{Lang: l, URL: route.Alias(p.Lang, dir, a, isLang),
			To: route.URL(p.Lang, p.Path), Title: p.Title()}, file: p.File, line: max(p.Meta.Line("aliases"), 1)})
	}
	return out
}

// writeAliases writes the redirect page of every alias, in the order of their URLs.
func (s *site) writeAliases(w *output) error {
	for _, url := range slices.Sorted(maps.Keys(s.aliases)) {
		a := s.aliases[url]
		if err := s.render.WriteAlias(w, a.Alias); err != nil {
			return locateWrite(err, a.file, a.line, "the redirect page of alias "+url)
		}
	}
	return nil
}
