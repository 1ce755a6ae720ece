// Package locale owns UI strings and language matching: the go-i18n bundle loaded from locales/,
// missing-key fallback to the default language, and CLDR plural forms.
package locale

import (
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// Catalog holds the UI strings of every site language.
type Catalog struct {
	bundle *i18n.Bundle
	def    config.Lang
	ids    map[string]map[string]string // language code → message id → file that defines it
}

// Load reads every *.toml file of fsys (the overlaid locales/ folder). A file named
// "<code>.toml" or "<anything>.<code>.toml" holds the strings of the language with folder
// code <code>. Files for languages the site does not have are ignored.
func Load(fsys fs.FS, langs []config.Lang) (*Catalog, diag.List, error) {
	c := &Catalog{
		bundle: i18n.NewBundle(langs[0].Tag),
		def:    langs[0],
		ids:    map[string]map[string]string{},
	}
	c.bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	names, err := fs.Glob(fsys, "*.toml")
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(names)
	for _, name := range names {
		code := langOfFile(name)
		l, ok := find(langs, code)
		if !ok {
			continue
		}
		if err := c.loadFile(fsys, name, l); err != nil {
			return nil, nil, err
		}
	}
	return c, c.missing(langs), nil
}

func langOfFile(name string) string {
	base := strings.TrimSuffix(path.Base(name), ".toml")
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return base[i+1:]
	}
	return base
}

func find(langs []config.Lang, code string) (config.Lang, bool) {
	for _, l := range langs {
		if l.Code == code {
			return l, true
		}
	}
	return config.Lang{}, false
}

func (c *Catalog) loadFile(fsys fs.FS, name string, l config.Lang) error {
	file := path.Join("locales", name)
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return diag.Errorf(file, 0, 0, "unreadable", "%v", err)
	}
	// go-i18n takes the language from the file name; give it the site's BCP 47 tag.
	mf, err := c.bundle.ParseMessageFileBytes(data, l.Tag.String()+".toml")
	if err != nil {
		if d, ok := notText(file, data); ok {
			return d // go-i18n would say "unsupported file format int64"
		}
		return diag.TOML(file, 1, err, "locale", "locale")[0]
	}
	if c.ids[l.Code] == nil {
		c.ids[l.Code] = map[string]string{}
	}
	for _, m := range mf.Messages {
		c.ids[l.Code][m.ID] = file
	}
	return nil
}

// missing warns, once per key and language, about strings the default language defines
// and another language lacks; those render in the default language.
func (c *Catalog) missing(langs []config.Lang) diag.List {
	var ids []string
	for id := range c.ids[c.def.Code] {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out diag.List
	for _, l := range langs[1:] {
		for _, id := range ids {
			if _, ok := c.ids[l.Code][id]; !ok {
				// Name the file that should hold it: the default language's file of
				// that key, for this language (locales/gpu.en.toml → catalog.ja.toml).
				def := c.ids[c.def.Code][id]
				file := strings.TrimSuffix(def, c.def.Code+".toml") + l.Code + ".toml"
				out = append(out, diag.Warnf(file, 0, 0, "missing-string",
					"key %q missing in locale %s; using %s", id, l.Code, c.def.Code))
			}
		}
	}
	return out
}

// Localizer returns the string lookup for one language, falling back to the default.
func (c *Catalog) Localizer(l config.Lang) *Localizer {
	return &Localizer{
		Lang: l,
		loc:  i18n.NewLocalizer(c.bundle, l.Tag.String(), c.def.Tag.String()),
	}
}

// Localizer looks up UI strings in one language. It is safe for concurrent use.
type Localizer struct {
	Lang config.Lang
	loc  *i18n.Localizer

	mu     sync.Mutex
	absent map[string]bool // ids defined in no language, reported once
	plain  sync.Map        // id → string, for T without data: every page asks for the same few
}

// T returns the string id, with data filling its template fields. A string defined in no
// language renders as its id (never empty) and is reported by Absent.
func (l *Localizer) T(id string, data ...map[string]any) string {
	if len(data) > 0 {
		return l.localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data[0]})
	}
	if s, ok := l.plain.Load(id); ok {
		return s.(string)
	}
	s := l.localize(&i18n.LocalizeConfig{MessageID: id})
	l.plain.Store(id, s)
	return s
}

// N returns the plural form of id for count n in the language's CLDR plural rules; the
// template gets {{.Count}}.
func (l *Localizer) N(id string, n int) string {
	return l.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"Count": n, "PluralCount": n}})
}

func (l *Localizer) localize(cfg *i18n.LocalizeConfig) string {
	s, err := l.loc.Localize(cfg)
	if err == nil || s != "" {
		// With an error and a string, go-i18n fell back to the default language: that
		// gap was reported once, at load time, by missing.
		return s
	}
	l.mu.Lock()
	if l.absent == nil {
		l.absent = map[string]bool{}
	}
	l.absent[cfg.MessageID] = true
	l.mu.Unlock()
	return cfg.MessageID
}

// Absent lists, sorted, the ids that were asked for and exist in no language.
func (l *Localizer) Absent() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for id := range l.absent {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// notText finds the first value of a locale file (TOML text that decodes) that is neither
// text nor a table: go-i18n's own error names only its Go type. Its line is the first
// "name =" line in its table.
func notText(file string, data []byte) (diag.Diagnostic, bool) {
	var m map[string]any
	if toml.Unmarshal(data, &m) != nil {
		return diag.Diagnostic{}, false
	}
	var walk func(table []string, m map[string]any) (diag.Diagnostic, bool)
	walk = func(table []string, m map[string]any) (diag.Diagnostic, bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			switch v := m[k].(type) {
			case string:
			case map[string]any:
				if d, ok := walk(append(table, k), v); ok {
					return d, true
				}
			default:
				line := keyLine(data, strings.Join(table, "."), k)
				return diag.Errorf(file, line, 0, "locale", "%s: want text, not %s", strings.Join(append(table, k), "."), kindOf(v)), true
			}
		}
		return diag.Diagnostic{}, false
	}
	return walk(nil, m)
}

// keyLine is the line of "key =" in the table [table] ("" for the top), or 0.
func keyLine(data []byte, table, key string) int {
	cur := ""
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			cur = strings.Trim(strings.TrimSpace(strings.Trim(line, "[]")), `"'`)
			continue
		}
		k, _, ok := strings.Cut(line, "=")
		if ok && cur == table && strings.Trim(strings.TrimSpace(k), `"'`) == key {
			return i + 1
		}
	}
	return 0
}

// kindOf names the TOML type of a decoded value as a user would.
func kindOf(v any) string {
	switch v.(type) {
	case int64:
		return "a whole number"
	case float64:
		return "a number"
	case bool:
		return "true or false"
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return "a date"
}
