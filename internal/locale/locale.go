// Package locale owns UI strings and language matching: the go-i18n messages loaded from
// the theme's and the site's locales/, the CLDR match from a site language to the strings
// file that serves it, fallback to the default language key by key, and CLDR plural forms.
//
// # Files
//
// A strings file is named "<code>.toml" or "<set>.<code>.toml": <set> names a set of keys
// ("" the site's chrome, "markup" the markdown components, "gpu" the GPU catalog, or any
// name a site gives its own), <code> is a BCP 47 tag ("zh-Hant", "pt-PT", "sr-Latn"). A
// name whose code is no tag is not a strings file and is ignored.
//
// # Which file serves a language
//
// For each set, a site language is served by the file whose code x/text's matcher finds
// closest to the language's tag through CLDR's parent chain (zh-CN, zh-SG → zh, which is
// Simplified; zh-TW, zh-HK → zh-Hant; pt-BR → pt; pt-AO → pt-PT; es-419, es-MX → es), if
// it is the same language in the same script: Traditional Chinese never gets
// Simplified strings (nor the other way round), sr-Latn never Cyrillic ones. A language no
// file serves shows the default language's strings. A site's own locales/ is matched the
// same way, except that a file whose code is the language's folder code (any case) comes
// first; its keys override the theme's one by one, and the keys it lacks are the theme's.
//
// # A Hugo site's strings
//
// A site moving from Hugo has its own strings in i18n/<code>.{toml,yaml,yml,json}
// (go-i18n's format, v1 or v2). They are read too, matched to a language the same way as
// a site's locales/, so that shortcode templates find them through T; docsite's own keys
// keep their wording (theme and site locales/ come after them), and the keys of i18n/
// are never reported missing: docsite's pages do not show them.
//
// # Missing strings
//
// A key the default language has and another language lacks is shown in the default
// language; Gaps lists them, for the build to report those the site shows.
package locale

import (
	"encoding/json"
	"io/fs"
	"iter"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// Catalog holds the UI strings of every site language.
type Catalog struct {
	def   config.Lang
	langs map[string]*strs // by folder code
}

// strs are one language's strings: its own over the default language's.
type strs struct {
	bundle *i18n.Bundle
	ids    map[string]string // message id → file that gives it ("locales/gpu.pt.toml")
	files  map[string]string // set → the file that serves it, "" for none
}

// Files are the folders UI strings are read from.
type Files struct {
	Theme fs.FS // the theme's locales/
	Site  fs.FS // the site's locales/; nil when it has none
	Hugo  fs.FS // the site's Hugo i18n/; nil when it has none
}

// source is one folder of strings files by set.
type source struct {
	fsys  fs.FS
	dir   string                   // "locales" or "i18n", to name its files
	site  bool                     // a site's folder: a file named after a folder code serves that language
	files map[string][]stringsFile // set → its files
	read  map[string][]*i18n.Message
}

var unmarshal = map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal, "yaml": yaml.Unmarshal, "yml": yaml.Unmarshal, "json": json.Unmarshal}

type stringsFile struct {
	name string // file name in the folder: "gpu.pt-PT.toml"
	code string // "pt-PT"
	tag  language.Tag
}

// Load reads the strings of every site language, langs[0] being the default language.
func Load(files Files, langs []config.Lang) (*Catalog, error) {
	var srcs []*source
	for _, f := range []struct {
		fsys fs.FS
		dir  string
		site bool
		exts []string
	}{
		{files.Hugo, "i18n", true, []string{"toml", "yaml", "yml", "json"}}, // under docsite's own keys
		{files.Theme, "locales", false, []string{"toml"}},
		{files.Site, "locales", true, []string{"toml"}},
	} {
		if f.fsys == nil {
			continue
		}
		s, err := list(f.fsys, f.dir, f.site, f.exts)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, s)
	}
	c := &Catalog{def: langs[0], langs: map[string]*strs{}}
	defMsgs, defIDs, defFiles, err := merged(srcs, langs[0])
	if err != nil {
		return nil, err
	}
	for _, l := range langs {
		s := &strs{bundle: i18n.NewBundle(c.def.Tag), ids: defIDs, files: defFiles}
		if err := s.bundle.AddMessages(c.def.Tag, defMsgs...); err != nil {
			return nil, err
		}
		if l.Code != c.def.Code {
			msgs, ids, files, err := merged(srcs, l)
			if err != nil {
				return nil, err
			}
			if len(msgs) > 0 {
				if err := s.bundle.AddMessages(l.Tag, msgs...); err != nil {
					return nil, diag.Errorf("locales", 0, 0, "locale", "language %s (%s): %v", l.Code, l.BCP47, err)
				}
			}
			s.ids, s.files = ids, files
		}
		c.langs[l.Code] = s
	}
	return c, nil
}

// list finds the strings files of a folder, with one of the extensions exts.
func list(fsys fs.FS, dir string, site bool, exts []string) (*source, error) {
	var names []string
	for _, ext := range exts {
		n, err := fs.Glob(fsys, "*."+ext)
		if err != nil {
			return nil, err
		}
		names = append(names, n...)
	}
	slices.Sort(names)
	s := &source{fsys: fsys, dir: dir, site: site, files: map[string][]stringsFile{}, read: map[string][]*i18n.Message{}}
	for _, name := range names {
		set, code := splitName(name)
		tag, err := language.Parse(code)
		if err != nil {
			continue // not a strings file
		}
		s.files[set] = append(s.files[set], stringsFile{name: name, code: code, tag: tag})
	}
	return s, nil
}

// splitName splits "gpu.pt-PT.toml" into its set "gpu" and its code "pt-PT".
func splitName(name string) (set, code string) {
	base := strings.TrimSuffix(path.Base(name), path.Ext(name))
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return base[:i], base[i+1:]
	}
	return "", base
}

// merged gathers language l's messages: for each set, the theme's file that serves l, then
// the site's over it key by key. ids maps each message to the file it comes from, files
// each set to the file that serves it (the site's when it has one).
func merged(srcs []*source, l config.Lang) (msgs []*i18n.Message, ids, files map[string]string, err error) {
	byID := map[string]*i18n.Message{}
	ids, files = map[string]string{}, map[string]string{}
	for _, s := range srcs {
		for _, set := range slices.Sorted(maps.Keys(s.files)) {
			f, ok := s.serving(set, l)
			if !ok {
				continue
			}
			ms, err := s.messages(f)
			if err != nil {
				return nil, nil, nil, err
			}
			for _, m := range ms {
				byID[m.ID] = m
				ids[m.ID] = path.Join(s.dir, f.name)
			}
			if s.dir == "locales" {
				files[set] = path.Join(s.dir, f.name)
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(byID)) {
		msgs = append(msgs, byID[id])
	}
	return msgs, ids, files, nil
}

// serving returns the file of set that serves language l, if any.
func (s *source) serving(set string, l config.Lang) (stringsFile, bool) {
	files := s.files[set]
	if s.site {
		for _, f := range files {
			if strings.EqualFold(f.code, l.Code) {
				return f, true
			}
		}
	}
	i, ok := Match(l.Tag, func(yield func(language.Tag) bool) {
		for _, f := range files {
			if !yield(f.tag) {
				return
			}
		}
	})
	if !ok {
		return stringsFile{}, false
	}
	return files[i], true
}

// Match returns the index of the tag of have that serves want: the closest by CLDR, if
// it is the same language (x/text's matcher is highly confident of it) in the same script.
func Match(want language.Tag, have iter.Seq[language.Tag]) (int, bool) {
	var tags []language.Tag
	for t := range have {
		tags = append(tags, t)
	}
	if len(tags) == 0 {
		return 0, false
	}
	_, i, conf := language.NewMatcher(tags).Match(want)
	ws, _ := want.Script()
	gs, _ := tags[i].Script()
	wb, _ := want.Base()
	gb, _ := tags[i].Base()
	// Exact: the same language, or another code for it (no is nb, tl is fil). High: a
	// variant of the same language (zh-HK for zh-Hant, pt-AO for pt-PT), not the language
	// the matcher thinks its readers also read (English for Esperanto or Welsh).
	return i, ws == gs && (conf == language.Exact || conf == language.High && wb == gb)
}

// messages parses file f once.
func (s *source) messages(f stringsFile) ([]*i18n.Message, error) {
	if ms, ok := s.read[f.name]; ok {
		return ms, nil
	}
	file := path.Join(s.dir, f.name)
	data, err := fs.ReadFile(s.fsys, f.name)
	if err != nil {
		return nil, diag.Errorf(file, 0, 0, "unreadable", "%v", err)
	}
	ext := strings.TrimPrefix(path.Ext(f.name), ".")
	mf, err := i18n.ParseMessageFileBytes(data, f.tag.String()+"."+ext, unmarshal)
	if err != nil {
		if ext == "toml" {
			if d, ok := notText(file, data); ok {
				return nil, d // go-i18n would say "unsupported file format int64"
			}
			return nil, diag.TOML(file, 1, err, "locale", "locale")[0]
		}
		return nil, diag.Errorf(file, 0, 0, "locale", "%v", err)
	}
	s.read[f.name] = mf.Messages
	return mf.Messages, nil
}

// Gap is a key the default language has and a language lacks: it shows the default's.
type Gap struct {
	Lang string // folder code
	ID   string
	Set  string // the set of the default language's file that has it: "", "markup", "gpu", …
	// File is where the key belongs: the file that serves the language for that set, or
	// locales/[<set>.]<code>.toml when none does.
	File string
}

// Gaps lists, by language in site order and then by key, the keys each language lacks.
func (c *Catalog) Gaps(langs []config.Lang) []Gap {
	def := c.langs[c.def.Code]
	var out []Gap
	for _, l := range langs {
		s := c.langs[l.Code]
		if s == nil || l.Code == c.def.Code {
			continue
		}
		for _, id := range slices.Sorted(maps.Keys(def.ids)) {
			if _, ok := s.ids[id]; ok || strings.HasPrefix(def.ids[id], "i18n/") {
				continue // a Hugo site's strings are its templates', not docsite's pages'
			}
			set, _ := splitName(def.ids[id])
			file := s.files[set]
			if file == "" {
				file = "locales/" + l.Code + ".toml"
				if set != "" {
					file = "locales/" + set + "." + l.Code + ".toml"
				}
			}
			out = append(out, Gap{Lang: l.Code, ID: id, Set: set, File: file})
		}
	}
	return out
}

// Localizer returns the string lookup for one language, falling back to the default.
func (c *Catalog) Localizer(l config.Lang) *Localizer {
	s := c.langs[l.Code]
	if s == nil {
		s = c.langs[c.def.Code]
	}
	return &Localizer{
		Lang: l,
		loc:  i18n.NewLocalizer(s.bundle, l.Tag.String(), c.def.Tag.String()),
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

// T returns the string id, with data filling its template fields. A text field is put
// between Unicode isolates (FSI … PDI), so a name or title in another direction than the
// sentence around it (an English name in an Urdu notice) stays one run and does not
// reorder the sentence. A string defined in no language renders as its id (never empty)
// and is reported by Absent.
func (l *Localizer) T(id string, data ...map[string]any) string {
	if len(data) > 0 {
		return l.localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: isolated(data[0])})
	}
	if s, ok := l.plain.Load(id); ok {
		return s.(string)
	}
	s := l.localize(&i18n.LocalizeConfig{MessageID: id})
	l.plain.Store(id, s)
	return s
}

// Isolate puts s between the Unicode isolates FSI and PDI (its direction is its own).
func Isolate(s string) string { return "\u2068" + s + "\u2069" }

func isolated(data map[string]any) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		if s, ok := v.(string); ok && s != "" {
			v = Isolate(s)
		}
		out[k] = v
	}
	return out
}

// N returns the plural form of id for count n in the language's CLDR plural rules; the
// template gets {{.Count}}.
func (l *Localizer) N(id string, n int) string {
	return l.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"Count": n, "PluralCount": n}})
}

func (l *Localizer) localize(cfg *i18n.LocalizeConfig) string {
	s, err := l.loc.Localize(cfg)
	if err == nil || s != "" {
		// With an error and a string, the language lacks the key and go-i18n fell back to
		// the default language: Gaps lists it.
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
