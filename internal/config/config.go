// Package config owns site.toml: the site's title, base URL and languages, decoded strictly;
// where a site has no site.toml, its Hugo configuration (hugo.go) in the same terms; and
// the mounts the site is read through (mount.go).
//
// The languages are data: a folder under content/ (and, when site.toml declares languages,
// its [languages.<code>] table) makes a language, resolved into a Lang, the one type of a
// language every other stage uses.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"docsite/internal/diag"
	"docsite/internal/route"
)

// FileName is the name of the optional site configuration file in a site root.
const FileName = "site.toml"

// Site is the decoded site configuration. Its zero value is a valid, untitled site.
type Site struct {
	Title           string              `toml:"title"`
	BaseURL         string              `toml:"baseURL"`
	DefaultLanguage string              `toml:"defaultLanguage"`
	Languages       map[string]Language `toml:"languages"`
	Review          Review              `toml:"review"`
	// Params are the site's own values, free-form, for shortcode templates
	// (.Site.Params) and the param shortcode, as Hugo's params.
	Params map[string]any `toml:"params"`
	// Mounts show other folders of the site root in the site (config.Mount).
	Mounts []SiteMount `toml:"mounts"`
	// Exchange configures docsite export and import.
	Exchange Exchange `toml:"exchange"`
}

// Exchange configures docsite export and import.
type Exchange struct {
	// FrontMatterKeys are the front matter keys whose text values are translated (default
	// DefaultFrontMatterKeys).
	FrontMatterKeys []string `toml:"frontMatterKeys"`
}

// DefaultFrontMatterKeys is Exchange.FrontMatterKeys when site.toml does not set it.
var DefaultFrontMatterKeys = []string{"title", "linkTitle", "description"}

// Review configures the translation review.
type Review struct {
	// RevisionKey names the front matter key in which a translation records the commit of
	// its source it was made from (OpenTelemetry's sites call it default_lang_commit).
	RevisionKey string `toml:"revisionKey"`
}

// DefaultRevisionKey is Review.RevisionKey when site.toml does not set it.
const DefaultRevisionKey = "sourceCommit"

// Language is one language of the site as site.toml declares it.
type Language struct {
	Tag     string `toml:"tag"`     // BCP 47 tag, e.g. "zh-Hans"; defaults to the folder code
	Name    string `toml:"name"`    // native name, e.g. "中文"; defaults to the CLDR self name
	Order   int    `toml:"order"`   // position in menus; ties break by folder code
	Trusted bool   `toml:"trusted"` // pass raw HTML as is instead of sanitising it
}

// Lang is a language of the site, resolved: the one type every stage describes a language
// with, templates included (.Lang, .Site.Langs). Language is only site.toml's form of it.
type Lang struct {
	Code    string       // folder under content/ and first URL segment
	Tag     language.Tag // BCP 47 tag: number formats, collation, language names
	BCP47   string       // Tag.String(), made once, for lang and hreflang attributes: "zh-Hans"
	Dir     string       // "rtl" for a language written right to left (RTL), else "", made once
	Name    string       // native name
	Trusted bool         // raw HTML passes as is instead of being sanitised
}

// Resolved is the configuration a build uses: languages in site order, the default first.
type Resolved struct {
	Title       string
	RevisionKey string   // front matter key of a translation's source commit (Review.RevisionKey)
	BaseURL     *url.URL // always ends in "/"; may lack a host, then links are root-relative
	Langs       []Lang
	// TextKeys are the front matter keys export and import translate (Exchange.FrontMatterKeys).
	TextKeys []string
	// Params are site.toml's [params], keys lowercased at every depth (Hugo reads
	// them whatever their case); nil when there are none.
	Params map[string]any
	// Mounts are the folders the site is read through (load.Root.Mount), and Own the
	// top folders only mounts fill (all of them for a Hugo site).
	Mounts []Mount
	Own    []string
	// Missing are the mounts whose source is not there (an uninitialised git submodule).
	Missing []Mount
	// Permalinks are a Hugo configuration's URL patterns of the regular pages of a top
	// section (section → "/:section/:year/:slug/"); the tokens are PermalinkTokens.
	Permalinks map[string]string
	// DisableKinds are the kinds of pages a Hugo configuration's disableKinds names,
	// lowercased.
	DisableKinds []string
	// Diags are the configuration's warnings: the settings of a Hugo configuration
	// docsite does not use (one note), the mounts whose source is missing.
	Diags diag.List
	// File is the configuration file read: site.toml, a Hugo one, or "".
	File string
	// langParams and langTitles are a Hugo configuration's languages' own params and
	// titles.
	langParams map[string]map[string]any
	langTitles map[string]string
}

// ParamsOf is the params of language code: the site's, with the language's own over
// them (a Hugo configuration's languages.<code>.params).
func (r *Resolved) ParamsOf(code string) map[string]any {
	own := r.langParams[code]
	if own == nil {
		return r.Params
	}
	out := map[string]any{}
	for k, v := range r.Params {
		out[k] = v
	}
	for k, v := range LowerKeys(own) {
		out[k] = mergeValue(v, out[k])
	}
	return out
}

// TitleOf is the title of the site in language code.
func (r *Resolved) TitleOf(code string) string {
	return cmp.Or(r.langTitles[code], r.Title)
}

// Default returns the default language.
func (r *Resolved) Default() Lang { return r.Langs[0] }

// Lang returns the language with folder code c.
func (r *Resolved) Lang(c string) (Lang, bool) {
	i := slices.IndexFunc(r.Langs, func(l Lang) bool { return l.Code == c })
	if i < 0 {
		return Lang{}, false
	}
	return r.Langs[i], true
}

// Load reads site.toml from the site root fsys if it exists and resolves the languages
// against the folders found under content/. baseURL, when not empty, overrides the file's.
func Load(fsys fs.FS, folders []string, baseURL string) (*Resolved, error) {
	var s Site
	declared := false
	data, err := fs.ReadFile(fsys, FileName)
	switch {
	case err == nil:
		if err := decode(data, &s); err != nil {
			return nil, err
		}
		declared = len(s.Languages) > 0
	case errors.Is(err, fs.ErrNotExist):
		h, err := readHugo(fsys)
		if err != nil {
			return nil, err
		}
		if h != nil {
			return loadHugo(fsys, h, baseURL)
		}
	default:
		return nil, diag.Errorf(FileName, 0, 0, "unreadable", "%v", err)
	}
	if baseURL != "" {
		s.BaseURL = baseURL
	}
	// Where a language comes from: its table in site.toml, else its folder.
	at := func(code string) (file string, line int) {
		if declared {
			return FileName, languageLine(data, code)
		}
		return path.Join("content", code), 0
	}
	r, err := resolve(&s, folders, declared, at)
	if err != nil {
		return nil, err
	}
	if data != nil {
		r.File = FileName
	}
	if r.Mounts, err = siteMounts(s.Mounts, r.Default().Code, data); err != nil {
		return nil, err
	}
	for _, m := range r.Mounts {
		if rest, ok := strings.CutPrefix(m.Target, "content/"); ok {
			if code, _, _ := strings.Cut(rest, "/"); !slices.ContainsFunc(r.Langs, func(l Lang) bool { return l.Code == code }) {
				return nil, diag.Errorf(m.File, m.Line, 0, "config", "[[mounts]] source %q: %q is not one of the site's languages", m.Source, code)
			}
		}
	}
	r.Missing, r.Diags = missingMounts(fsys, r.Mounts)
	return r, nil
}

// loadHugo resolves the Hugo configuration h of the site at fsys.
func loadHugo(fsys fs.FS, h *hugoConfig, baseURL string) (*Resolved, error) {
	s, x, err := h.site(fsys)
	if err != nil {
		return nil, err
	}
	if baseURL != "" {
		s.BaseURL = baseURL
	}
	mounts, err := h.mounts(fsys, s, x, &x.unused)
	if err != nil {
		return nil, err
	}
	at := func(code string) (string, int) { return h.at("languages", code) }
	r, err := resolve(s, sortedKeys(s.Languages), true, at)
	if err != nil {
		return nil, err
	}
	r.File = h.files[0].name
	r.Mounts, r.Own = mounts, []string{"content", "static", "i18n", "data"}
	r.DisableKinds, r.Permalinks = x.disableKinds, x.permalinks
	r.langParams, r.langTitles = x.langParams, x.langTitles
	if n := h.note(x.unused); n != nil {
		r.Diags = append(r.Diags, *n)
	}
	var missing diag.List
	r.Missing, missing = missingMounts(fsys, r.Mounts)
	r.Diags = append(r.Diags, missing...)
	return r, nil
}

// missingMounts lists the mounts whose source is not in the site root, with one warning
// per folder missing: a submodule not checked out, or a folder a script makes, is often
// the source of many mounts (a file each), which say one thing.
func missingMounts(fsys fs.FS, ms []Mount) ([]Mount, diag.List) {
	var out []Mount
	var gone []string             // the missing folders, in the order of their first mount
	from := map[string][]*Mount{} // the mounts from each
	for i, m := range ms {
		if _, err := fs.Stat(fsys, m.Source); err == nil {
			continue
		}
		if m.Source == m.Target && m.Line == 0 {
			continue // a default mount (static → static) of a folder the site does not have
		}
		out = append(out, m)
		g := firstMissing(fsys, m.Source)
		if from[g] == nil {
			gone = append(gone, g)
		}
		from[g] = append(from[g], &ms[i])
	}
	var warns diag.List
	for _, g := range gone {
		m := from[g]
		if len(m) == 1 {
			warns = append(warns, diag.Warnf(m[0].File, m[0].Line, 0, "mount",
				"mount source %s is missing (a git submodule not checked out?): nothing is shown at %s", m[0].Source, m[0].Target))
			continue
		}
		var targets []string
		for _, x := range m[:min(len(m), 3)] {
			targets = append(targets, x.Target)
		}
		more := ""
		if len(m) > 3 {
			more = fmt.Sprintf(" and %d more", len(m)-3)
		}
		warns = append(warns, diag.Warnf(m[0].File, m[0].Line, 0, "mount",
			"%s is missing (a git submodule not checked out?): the %d mounts from it show nothing at %s%s",
			g, len(m), strings.Join(targets, ", "), more))
	}
	return out, warns
}

// firstMissing is the first folder (or the file) of slash path name that is not in fsys.
func firstMissing(fsys fs.FS, name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] != '/' {
			continue
		}
		if _, err := fs.Stat(fsys, name[:i]); err != nil {
			return name[:i]
		}
	}
	return name
}

func decode(data []byte, s *Site) error {
	dec := toml.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return diag.TOML(FileName, 1, err, "config", "config")[0]
	}
	return nil
}

// resolve makes the languages of s, declared in site.toml or made of folders; at says
// where a language comes from, for diagnostics.
func resolve(s *Site, folders []string, declared bool, at func(code string) (string, int)) (*Resolved, error) {
	base, err := parseBaseURL(s.BaseURL)
	if err != nil {
		return nil, err
	}
	r := &Resolved{Title: s.Title, BaseURL: base, RevisionKey: cmp.Or(s.Review.RevisionKey, DefaultRevisionKey),
		TextKeys: s.Exchange.FrontMatterKeys}
	if r.TextKeys == nil {
		r.TextKeys = DefaultFrontMatterKeys
	}
	if s.Params != nil {
		r.Params = LowerKeys(s.Params)
	}
	if declared {
		for _, f := range folders {
			if _, ok := s.Languages[f]; !ok {
				return nil, diag.Errorf(path.Join("content", f), 0, 0, "unknown-language",
					"language folder %q is not declared in %s (declared: %s)", f, FileName, strings.Join(sortedKeys(s.Languages), ", "))
			}
		}
	} else {
		s.Languages = map[string]Language{}
		for _, f := range folders {
			s.Languages[f] = Language{}
		}
	}
	for _, code := range sortedKeys(s.Languages) {
		file, line := at(code)
		if why := badCode(code); why != "" && declared {
			return nil, diag.Errorf(file, line, 0, "config", "language code %q %s", code, why)
		} else if why != "" {
			return nil, diag.Errorf(file, line, 0, "bad-name", "language code %q %s", code, why)
		}
		rl, err := resolveLang(code, s.Languages[code])
		if err != nil {
			err.File, err.Line = file, line
			return nil, *err
		}
		r.Langs = append(r.Langs, rl)
	}
	if len(r.Langs) == 0 {
		return nil, diag.Errorf("content", 0, 0, "no-content", "no language folders under content/")
	}
	if err := oneTagEach(r.Langs, at); err != nil {
		return nil, err
	}
	order := func(code string) int { return s.Languages[code].Order }
	slices.SortFunc(r.Langs, func(a, b Lang) int {
		return cmp.Or(cmp.Compare(order(a.Code), order(b.Code)), cmp.Compare(a.Code, b.Code))
	})
	def := s.DefaultLanguage
	if def == "" && !declared {
		def = "en"
	}
	if i := slices.IndexFunc(r.Langs, func(l Lang) bool { return strings.EqualFold(l.Code, def) }); i > 0 {
		d := r.Langs[i]
		r.Langs = slices.Delete(r.Langs, i, i+1)
		r.Langs = slices.Insert(r.Langs, 0, d)
	} else if i < 0 && s.DefaultLanguage != "" {
		return nil, diag.Errorf(FileName, 0, 0, "config", "defaultLanguage %q is not one of the languages", def)
	}
	return r, nil
}

// A language's code is its folder under content/, the first segment of its URLs and part
// of its locale files' names (locales/<code>.toml, gpu.<code>.toml): letters, digits, -
// and _, starting with a letter or digit (".." would make the site root a language, and a
// dot would end a locale file's code). data/ holds the GPU data and static/ the theme's
// files. Codes are BCP 47 tags or stand for one (tag in site.toml), and tags ignore case:
// two languages whose tags are one (folders EN/ and en/) are an error, and a folder JA/
// gets the strings of locales/ja.toml.

// badCode says why code cannot be a language code, or returns "".
func badCode(code string) string {
	if code == "" {
		return "is empty"
	}
	for i, r := range code {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case (r == '-' || r == '_') && i > 0:
		default:
			return "is not a folder name a URL can hold: use letters, digits, - and _ (a BCP 47 tag such as en or zh-cn)"
		}
	}
	if code == "data" || route.OwnFolder(code) { // content/data; the output's static/
		return "is reserved: content/data holds the GPU data and static/ the theme's files"
	}
	return ""
}

// oneTagEach refuses two languages with one BCP 47 tag (as their canonical forms, so in
// any case: en and EN): their pages would claim one hreflang.
func oneTagEach(langs []Lang, at func(code string) (string, int)) error {
	byTag := map[string]string{}
	for _, l := range langs { // in code order
		if other, ok := byTag[l.BCP47]; ok {
			file, line := at(l.Code)
			return diag.Errorf(file, line, 0, "duplicate-language",
				"languages %q and %q are one language, %s (tags ignore case): keep one, or give each its own tag", other, l.Code, l.BCP47)
		}
		byTag[l.BCP47] = l.Code
	}
	return nil
}

// languageLine is the line of site.toml src that opens the table of language code
// ([languages.<code>], or a key languages.<code>.… ), or 0.
func languageLine(src []byte, code string) int {
	names := []string{code, `"` + code + `"`, "'" + code + "'"}
	for i, line := range strings.Split(string(src), "\n") {
		t := strings.Join(strings.Fields(line), "")
		t = strings.TrimPrefix(strings.TrimPrefix(t, "["), "[")
		rest, ok := strings.CutPrefix(t, "languages.")
		if !ok {
			continue
		}
		for _, n := range names {
			if after, ok := strings.CutPrefix(rest, n); ok && (after == "" || strings.ContainsAny(after[:1], "].=")) {
				return i + 1
			}
		}
	}
	return 0
}

// resolveLang makes the language of code as l declares it; a diagnostic's place is the
// caller's to set.
func resolveLang(code string, l Language) (Lang, *diag.Diagnostic) {
	tagText := cmp.Or(l.Tag, code)
	tag, err := language.Parse(tagText)
	if err != nil {
		d := diag.Errorf(FileName, 0, 0, "config", "language %q: invalid BCP 47 tag %q: %v", code, tagText, err)
		return Lang{}, &d
	}
	name := l.Name
	if name == "" {
		name = Autonym(tag)
	}
	if name == "" {
		name = code
	}
	lang := Lang{Code: code, Tag: tag, BCP47: tag.String(), Name: name, Trusted: l.Trusted}
	if lang.RTL() {
		lang.Dir = "rtl"
	}
	return lang, nil
}

// Autonym is the name of the language of tag in itself, as a menu of languages shows it,
// from CLDR (x/text/language/display); "" when CLDR has none.
//
//   - A language CLDR names by script is named with its script, which is what its
//     readers choose by: zh-CN and zh-SG "简体中文", zh-TW and zh-HK "繁體中文", sr-Latn
//     "Srpski (latinica)". A bare code keeps the language's name: zh is "中文".
//   - Any other language is named with its region or variant where the tag has one, as
//     CLDR composes it: pt-BR "Português (Brasil)", es-MX "Español de México".
//   - The first letter is capitalised where the script has case: CLDR's context
//     transforms ask for it in a menu (uiListOrMenu: titlecase-firstword) for the
//     languages whose names it writes in lower case ("español", "français", "русский").
//
// site.toml's name replaces it as written.
func Autonym(tag language.Tag) string {
	name := display.Self.Name(tag)
	if n := display.Tags(tag); n != nil && name != "" {
		name = cmp.Or(n.Name(tag), name) // with its region: "português (Brasil)"
	}
	base, _ := tag.Base()
	script, _ := tag.Script()
	bare := language.Make(base.String())
	if scripted, err := language.Compose(base, script); err == nil && tag != bare {
		whole, lang := display.Self.Name(scripted), display.Languages(scripted).Name(bare)
		bareScript, _ := bare.Script()
		switch {
		case whole != display.Self.Name(bare) && strings.Contains(whole, lang):
			name = whole // 简体中文, 繁體中文
		case script != bareScript && lang != "":
			// A script CLDR has no name of the language in: the language, then the script
			// (x/text names sr-Latn after Serbo-Croatian).
			name = lang + " (" + display.Scripts(scripted).Name(script) + ")"
		}
	}
	if name == "" {
		name = display.Self.Name(tag)
	}
	first, size := utf8.DecodeRuneInString(name)
	if unicode.IsLower(first) {
		name = string(unicode.ToTitle(first)) + name[size:]
	}
	return name
}

func parseBaseURL(s string) (*url.URL, error) {
	if s == "" {
		s = "/"
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "" && u.Host == "") || u.RawQuery != "" || u.Fragment != "" {
		return nil, diag.Errorf(FileName, 0, 0, "config", "baseURL %q must be an absolute http(s) URL or a path", s)
	}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// String describes a language for logs.
// RTL reports whether the language is written right to left: its script (given in the
// tag, or the likeliest for the language) is Arabic, Hebrew, Syriac, Thaana, N'Ko, Adlam,
// Hanifi Rohingya, Mandaic or Samaritan.
func (l Lang) RTL() bool {
	s, _ := l.Tag.Script()
	switch s.String() {
	case "Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg", "Mand", "Samr":
		return true
	}
	return false
}

func (l Lang) String() string { return fmt.Sprintf("%s (%s)", l.Code, l.Tag) }

// ReadFolders lists the language folders under content/ in dir, leaving out data/.
func ReadFolders(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, "content")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, diag.Errorf("content", 0, 0, "no-content", "no content/ folder in the site root")
		}
		return nil, diag.Errorf("content", 0, 0, "unreadable", "%v", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "data" && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// LowerKeys returns m with its keys lowercased at every depth, lists' maps included.
func LowerKeys(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[strings.ToLower(k)] = lowerValue(v)
	}
	return out
}

func lowerValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return LowerKeys(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = lowerValue(x)
		}
		return out
	}
	return v
}
