package config

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// hugoUsed are the top-level keys of a Hugo configuration docsite reads.
var hugoUsed = map[string]bool{
	"baseurl": true, "title": true, "defaultcontentlanguage": true, "languages": true,
	"params": true, "markup": true, "module": true, "disablekinds": true, "theme": true,
	"defaultcontentlanguageinsubdir": true, "contentdir": true, "themesdir": true,
	"disablelanguages": true, "permalinks": true,
}

// unweighted is the order of a Hugo language without weight: after every weighted one.
const unweighted = 1 << 30

// hugoSite maps the Hugo configuration h onto site.toml's form, and says what else it
// gives: mounts, per-language titles and params, what docsite leaves out.
func (h *hugoConfig) site(fsys fs.FS) (*Site, *hugoExtra, error) {
	s := &Site{Languages: map[string]Language{}}
	x := &hugoExtra{langParams: map[string]map[string]any{}, langTitles: map[string]string{}}
	var unused []string
	var err error
	str := func(key string, into *string) {
		if err != nil || h.tree[key] == nil {
			return
		}
		v, ok := h.tree[key].(string)
		if !ok {
			file, line := h.at(key)
			err = diag.Errorf(file, line, 0, "config", "%s: want text, not %s", key, typeName(h.tree[key]))
			return
		}
		*into = v
	}
	str("baseurl", &s.BaseURL)
	str("title", &s.Title)
	str("defaultcontentlanguage", &s.DefaultLanguage)
	if err != nil {
		return nil, nil, err
	}
	s.DefaultLanguage = strings.ToLower(s.DefaultLanguage)
	if p, ok := h.tree["params"].(map[string]any); ok {
		s.Params = p
	}
	trusted := false
	if m, ok := h.tree["markup"].(map[string]any); ok {
		trusted, unused = h.markup(m)
	}
	if v, ok := h.tree["defaultcontentlanguageinsubdir"]; ok && v != true {
		unused = append(unused, "defaultContentLanguageInSubdir: false (docsite keeps every language in its folder, the default one too: /en/…)")
	}
	langs, _ := h.tree["languages"].(map[string]any)
	disabled := map[string]bool{}
	if ds, ok := h.tree["disablelanguages"].([]any); ok {
		for _, d := range ds {
			disabled[strings.ToLower(fmt.Sprint(d))] = true
		}
	}
	for _, code := range sortedKeys(langs) {
		l, ok := langs[code].(map[string]any)
		if !ok {
			file, line := h.at("languages", code)
			return nil, nil, diag.Errorf(file, line, 0, "config", "languages.%s: want a table, not %s", code, typeName(langs[code]))
		}
		if disabled[strings.ToLower(code)] || get(l, "disabled") == true {
			continue // Hugo builds no page of it, as if it were not there
		}
		lang, err := h.language(strings.ToLower(code), l, x, &unused)
		if err != nil {
			return nil, nil, err
		}
		lang.Trusted = trusted
		s.Languages[strings.ToLower(code)] = lang
	}
	if len(s.Languages) == 0 {
		def := cmp.Or(s.DefaultLanguage, "en")
		s.Languages[def] = Language{Trusted: trusted}
	}
	if s.DefaultLanguage == "" {
		if _, ok := s.Languages["en"]; ok || len(langs) == 0 {
			s.DefaultLanguage = "en"
		}
	}
	if kinds, ok := h.tree["disablekinds"].([]any); ok {
		var made []string
		for _, k := range kinds {
			kind := strings.ToLower(fmt.Sprint(k))
			x.disableKinds = append(x.disableKinds, kind)
			if !noKinds[kind] {
				made = append(made, fmt.Sprint(k))
			}
		}
		if len(made) > 0 {
			unused = append(unused, "disableKinds "+strings.Join(made, ", ")+" (docsite makes them all the same)")
		}
	}
	if pl, ok := h.tree["permalinks"].(map[string]any); ok {
		x.permalinks = permalinks(pl, &unused)
	}
	for _, k := range sortedKeys(h.tree) {
		if !hugoUsed[k] {
			unused = append(unused, cmp.Or(h.spelled[k], k))
		}
	}
	x.unused = unused
	return s, x, nil
}

// hugoExtra is what a Hugo configuration gives beyond site.toml's keys.
type hugoExtra struct {
	langParams   map[string]map[string]any
	langTitles   map[string]string
	contentDirs  map[string]string // language → its contentDir
	disableKinds []string
	permalinks   map[string]string
	unused       []string
}

// permalinks reads Hugo's permalinks: section → pattern (or, as newer Hugo writes it,
// page: {section: pattern}). A pattern with a token docsite does not know is left out.
func permalinks(pl map[string]any, unused *[]string) map[string]string {
	if page, ok := get(pl, "page").(map[string]any); ok {
		pl = page
	}
	out := map[string]string{}
	for _, section := range sortedKeys(pl) {
		pattern, ok := pl[section].(string)
		if !ok {
			*unused = append(*unused, "permalinks."+section)
			continue
		}
		if bad := UnknownPermalinkToken(pattern); bad != "" {
			*unused = append(*unused, fmt.Sprintf("permalinks.%s (%s)", section, bad))
			continue
		}
		out[strings.Trim(section, "/")] = pattern
	}
	return out
}

// PermalinkTokens are the tokens of a Hugo permalink pattern docsite follows.
var PermalinkTokens = []string{
	":year", ":month", ":monthname", ":day", ":section", ":sections", ":title", ":slug",
	":slugorfilename", ":slugorcontentbasename", ":filename", ":contentbasename",
}

// UnknownPermalinkToken is the first token of pattern docsite does not follow, or "".
func UnknownPermalinkToken(pattern string) string {
	for _, seg := range strings.Split(pattern, "/") {
		for rest := seg; ; {
			i := strings.IndexByte(rest, ':')
			if i < 0 {
				break
			}
			rest = rest[i:]
			tok := rest
			for j := 1; j < len(rest); j++ {
				c := rest[j]
				if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
					tok = rest[:j]
					break
				}
			}
			if !slices.Contains(PermalinkTokens, strings.ToLower(tok)) {
				return tok
			}
			rest = rest[len(tok):]
		}
	}
	return ""
}

// language maps languages.<code> of a Hugo configuration.
func (h *hugoConfig) language(code string, l map[string]any, x *hugoExtra, unused *[]string) (Language, error) {
	lang := Language{Order: unweighted}
	fail := func(key, want string, v any) error {
		file, line := h.at("languages", code, key)
		return diag.Errorf(file, line, 0, "config", "languages.%s.%s: want %s, not %s", code, key, want, typeName(v))
	}
	for _, k := range sortedKeys(l) {
		v := l[k]
		switch strings.ToLower(k) {
		case "languagename", "label":
			s, ok := v.(string)
			if !ok {
				return lang, fail(k, "text", v)
			}
			lang.Name = cmp.Or(lang.Name, s)
		case "languagecode", "locale":
			s, ok := v.(string)
			if !ok {
				return lang, fail(k, "text", v)
			}
			lang.Tag = cmp.Or(lang.Tag, s)
		case "weight":
			n, ok := wholeNumber(v)
			if !ok {
				return lang, fail(k, "a whole number", v)
			}
			lang.Order = n
			if n <= 0 {
				lang.Order = unweighted // Hugo sorts a language without weight last
			}
		case "contentdir":
			s, ok := v.(string)
			if !ok {
				return lang, fail(k, "text", v)
			}
			if x.contentDirs == nil {
				x.contentDirs = map[string]string{}
			}
			x.contentDirs[code] = path.Clean(s)
		case "disabled":
		case "title":
			s, ok := v.(string)
			if !ok {
				return lang, fail(k, "text", v)
			}
			x.langTitles[code] = s
		case "params":
			p, ok := v.(map[string]any)
			if !ok {
				return lang, fail(k, "a table", v)
			}
			x.langParams[code] = p
		default:
			*unused = append(*unused, "languages."+code+"."+k)
		}
	}
	return lang, nil
}

// markup reads markup.goldmark: whether raw HTML passes (renderer.unsafe), and the keys
// docsite does not follow.
func (h *hugoConfig) markup(m map[string]any) (trusted bool, unused []string) {
	for _, k := range sortedKeys(m) {
		if !strings.EqualFold(k, "goldmark") {
			unused = append(unused, "markup."+k)
		}
	}
	g, _ := get(m, "goldmark").(map[string]any)
	for _, k := range sortedKeys(g) {
		sub, _ := g[k].(map[string]any)
		switch strings.ToLower(k) {
		case "renderer":
			trusted = get(sub, "unsafe") == true
			for _, kk := range sortedKeys(sub) {
				if !strings.EqualFold(kk, "unsafe") {
					unused = append(unused, "markup.goldmark.renderer."+kk)
				}
			}
		case "parser":
			// docsite always reads {#id} and {.class} attributes of headings and blocks
			// and makes headings' ids: the settings that say so need nothing.
			for _, kk := range sortedKeys(sub) {
				if v, lk := sub[kk], strings.ToLower(kk); lk == "attribute" || lk == "autoheadingid" && v == true {
					continue
				}
				unused = append(unused, "markup.goldmark.parser."+kk)
			}
		case "extensions":
			// GFM (tables, strikethrough, task lists, autolinks), footnotes and
			// definition lists are always on; turning one off is not followed.
			for _, kk := range sortedKeys(sub) {
				if v, ok := sub[kk].(bool); ok && v && alwaysOn[strings.ToLower(kk)] {
					continue
				}
				unused = append(unused, "markup.goldmark.extensions."+kk)
			}
		default:
			unused = append(unused, "markup.goldmark."+k)
		}
	}
	return trusted, unused
}

// noKinds are the kinds of pages of disableKinds that docsite has none of, or leaves
// to the stages that make them to read (Resolved.DisableKinds): disabling them is
// followed.
var noKinds = map[string]bool{"taxonomy": true, "term": true, "taxonomyterm": true, "rss": true}

// alwaysOn are the goldmark extensions docsite's markdown always has.
var alwaysOn = map[string]bool{
	"table": true, "strikethrough": true, "tasklist": true, "linkify": true,
	"footnote": true, "definitionlist": true,
}

// get is the value of key in m, whatever the case of m's keys (Hugo's are read so).
func get(m map[string]any, key string) any {
	if v, ok := m[key]; ok {
		return v
	}
	for k, v := range m {
		if strings.EqualFold(k, key) {
			return v
		}
	}
	return nil
}

func wholeNumber(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	}
	return 0, false
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case bool:
		return "true/false"
	case int, int64, uint64, float64:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("%T", v)
}

// note is the one `config` diagnostic listing the keys docsite does not use, or nil.
func (h *hugoConfig) note(unused []string) *diag.Diagnostic {
	if len(unused) == 0 {
		return nil
	}
	slices.Sort(unused)
	unused = slices.Compact(unused)
	d := diag.Warnf(h.files[0].name, 0, 0, "config",
		"docsite read this Hugo configuration and does not use %d of its settings: %s",
		len(unused), strings.Join(unused, ", "))
	return &d
}
