package build

import (
	"maps"
	"path"
	"regexp"
	"strings"

	"docsite/internal/load"
	"docsite/internal/route"
)

// cascade gives each page the params its sections' front matter cascades down, as Hugo's
// cascade does: a section page's (an _index.md's, the home page's) cascade map is merged
// into the params of the section and of every page below it in the same language, the
// nearest section's values first and the page's own above all. A cascade may be a list of
// maps, each with a _target ({path: "/docs/**", kind: "page", lang: "en"}) that chooses
// the pages it applies to. Only params cascade (a cascaded draft, date or build option
// is not read). Where a language has no page for a section, the default language's
// (deflt) stands in, as it does for the section's page.
func cascade(pages []*load.Page, deflt string) { cascadeTo(pages, pages, deflt) }

// cascadeTo gives the pages of targets what the sections among pages cascade.
func cascadeTo(pages, targets []*load.Page, deflt string) {
	type section struct{ lang, path string }
	rules := map[section][]cascadeRule{}
	exists := map[section]bool{}
	for _, p := range pages {
		if p == nil || p.Kind != route.Section && p.Kind != route.Home {
			continue
		}
		exists[section{p.Lang, p.Path}] = true
		if rs := cascadeRules(p.Meta.Params["cascade"]); len(rs) > 0 {
			rules[section{p.Lang, p.Path}] = rs
		}
	}
	if len(rules) == 0 {
		return
	}
	for _, p := range targets {
		dir := p.Path
		for {
			at := section{p.Lang, dir}
			if !exists[at] {
				at.lang = deflt
			}
			for _, r := range rules[at] {
				if r.applies(p) {
					p.Meta.Params = under(p.Meta.Params, r.values)
				}
			}
			if dir == "" {
				break
			}
			if dir = path.Dir(dir); dir == "." {
				dir = ""
			}
		}
	}
}

// cascadeRule is one map of a cascade and the pages it is for.
type cascadeRule struct {
	values     map[string]any
	pathRE     *regexp.Regexp // nil: every path
	kind, lang string         // "": every kind, every language
}

func cascadeRules(v any) []cascadeRule {
	var maps []map[string]any
	switch v := v.(type) {
	case map[string]any:
		maps = append(maps, v)
	case []any:
		for _, x := range v {
			if m, ok := x.(map[string]any); ok {
				maps = append(maps, m)
			}
		}
	}
	var out []cascadeRule
	for _, m := range maps {
		r := cascadeRule{values: map[string]any{}}
		for k, v := range m {
			if k != "_target" && k != "target" {
				r.values[k] = v
				continue
			}
			t, _ := v.(map[string]any)
			if g, ok := t["path"].(string); ok && g != "" {
				r.pathRE = globRE(g)
			}
			r.kind, _ = t["kind"].(string)
			r.lang, _ = t["lang"].(string)
		}
		// Nested params maps cascade their entries, as front matter's params do.
		if nested, ok := r.values["params"].(map[string]any); ok {
			delete(r.values, "params")
			for k, v := range nested {
				r.values[k] = v
			}
		}
		out = append(out, r)
	}
	return out
}

func (r cascadeRule) applies(p *load.Page) bool {
	if r.lang != "" && !strings.EqualFold(r.lang, p.Lang) {
		return false
	}
	if r.kind != "" && r.kind != hugoKind(p.Kind) {
		return false
	}
	return r.pathRE == nil || r.pathRE.MatchString("/"+p.FilePath)
}

// hugoKind is Hugo's name of a page's kind, as a _target's kind names it.
func hugoKind(k route.Kind) string {
	switch k {
	case route.Home:
		return "home"
	case route.Section:
		return "section"
	}
	return "page"
}

// globRE is a Hugo path glob as a regular expression: ** is any path, * any name.
func globRE(g string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(g); i++ {
		switch {
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case g[i] == '*':
			b.WriteString("[^/]*")
		case g[i] == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// under returns params with the cascaded values of the keys it does not set itself (as
// in Hugo, a key the page sets keeps the page's value whole); it does not change the
// maps it is given.
func under(params, cascaded map[string]any) map[string]any {
	out := maps.Clone(params)
	if out == nil {
		out = map[string]any{}
	}
	for k, v := range cascaded {
		if _, own := out[k]; !own {
			out[k] = v
		}
	}
	return out
}
