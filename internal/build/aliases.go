package build

import (
	"cmp"
	"slices"

	"docsite/internal/diag"
	"docsite/internal/render"
	"docsite/internal/route"
)

// aliasOut is a former URL of a page, from its front matter's aliases.
type aliasOut struct {
	render.Alias
	file string // the page's source file and the line of its aliases key
	line int
}

// pageAliases are the aliases of version b, published at site path url in its language.
func (s *site) pageAliases(b *built, url string) []aliasOut {
	p := b.page
	if len(p.Meta.Aliases) == 0 {
		return nil
	}
	l, _ := s.cfg.Lang(p.Lang)
	isLang := func(code string) bool { _, ok := s.cfg.Lang(code); return ok }
	out := make([]aliasOut, 0, len(p.Meta.Aliases))
	for _, a := range p.Meta.Aliases {
		out = append(out, aliasOut{Alias: render.Alias{Lang: l, URL: route.Alias(p.Lang, a, isLang), To: url, Title: b.Title},
			file: p.File, line: max(p.Meta.Line("aliases"), 1)})
	}
	return out
}

// writeAliases writes a redirect page for every alias of the built groups. An alias at
// the URL of a page (its own included: a page cannot redirect to itself, and a chain of
// aliases through pages is a cycle), or two aliases of different pages at one URL, is an
// error naming both files.
func (s *site) writeAliases(outs []*groupOut, sink Sink) error {
	pages := map[string]string{} // site path → source file of what is there
	var all []aliasOut
	for _, o := range outs {
		for _, po := range o.pages {
			pages[po.URL] = o.files[po.Lang]
		}
		for code, url := range o.urls {
			if _, ok := pages[url]; !ok {
				pages[url] = o.files[code]
			}
		}
		all = append(all, o.aliases...)
	}
	for _, t := range s.trees {
		for _, n := range t.Generated() {
			pages[n.URL] = "the generated page of its section"
		}
	}
	slices.SortFunc(all, func(a, b aliasOut) int {
		return cmp.Or(cmp.Compare(a.URL, b.URL), cmp.Compare(a.file, b.file))
	})
	var errs diag.List
	for i, a := range all {
		if f, ok := pages[a.URL]; ok {
			errs = append(errs, diag.Errorf(a.file, a.line, 0, "url-conflict",
				"alias %s is the URL of a page (%s); an alias must be a URL no page has", a.URL, f))
			continue
		}
		if i > 0 && all[i-1].URL == a.URL {
			if all[i-1].To != a.To {
				errs = append(errs, diag.Errorf(a.file, a.line, 0, "url-conflict",
					"alias %s is also an alias of %s (%s)", a.URL, all[i-1].To, all[i-1].file))
			}
			continue
		}
		if err := s.render.WriteAlias(sink, a.Alias); err != nil {
			return err
		}
	}
	if len(errs) > 0 {
		return diag.ErrorList(errs)
	}
	return nil
}
