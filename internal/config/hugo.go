package config

// A Hugo site's configuration, read where there is no site.toml.
//
// Hugo reads the first of hugo.toml, hugo.yaml, hugo.json, config.toml, config.yaml and
// config.json in the site root, and the files of config/_default/, each of which is the
// table its name says (params.yaml is params, languages.toml is languages; hugo.* and
// config.* are the root), params.<lang>.* and menus.<lang>.* a language's. The root file
// wins over the folder where both set a key, as in Hugo. What docsite takes of it:
//
//   - baseURL, title, defaultContentLanguage;
//   - languages.<code>: languageName or label (the name), languageCode or locale (the BCP 47
//     tag), weight (the order), contentDir (its content folder), title, params;
//   - params, merged with a language's params for that language (the language's win);
//   - markup.goldmark.renderer.unsafe: every language trusted (raw HTML as written);
//   - module.mounts, module.imports and theme where they name local folders: the mounts
//     of content (in the languages lang or sites.matrix.languages name, else the default
//     language), static, i18n and data;
//   - disableKinds (Resolved.DisableKinds).
//
// Every other key is listed in one `config` note, with what docsite does instead where it
// does something (a default language always in its folder, markdown extensions always on).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"docsite/internal/diag"
)

// hugoRootNames are the names of a Hugo site's root configuration file, in the order Hugo
// looks for them: the first found is the one read.
var hugoRootNames = []string{
	"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json",
	"config.toml", "config.yaml", "config.yml", "config.json",
}

// Files are the names of the configuration files and folders a site root may have:
// site.toml, and a Hugo site's.
func Files() []string {
	return append(append([]string{FileName}, hugoRootNames...), hugoConfigDir)
}

// hugoConfigDir is the folder of a Hugo site's configuration split in files.
const hugoConfigDir = "config/_default"

// hugoFile is one decoded file of a Hugo configuration.
type hugoFile struct {
	name string
	src  []byte
	top  map[string]any
	node *yaml.Node // a YAML file's tree, for the lines of its keys
}

// hugoConfig is a Hugo site's configuration: its files, and the merged tree.
type hugoConfig struct {
	files []*hugoFile
	tree  map[string]any
	// origin says which file each top-level key (and each language) came from.
	origin map[string]*hugoFile
	// spelled is each top-level key as written (the tree's are lowercased).
	spelled map[string]string
}

// readHugo reads the Hugo configuration of the site at fsys; nil when it has none.
func readHugo(fsys fs.FS) (*hugoConfig, error) {
	h := &hugoConfig{tree: map[string]any{}, origin: map[string]*hugoFile{}, spelled: map[string]string{}}
	for _, name := range hugoRootNames {
		f, err := readHugoFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		h.files = append(h.files, f)
		h.merge(f, nil, f.top)
		break
	}
	entries, err := fs.ReadDir(fsys, hugoConfigDir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, diag.Errorf(hugoConfigDir, 0, 0, "unreadable", "%v", err)
	}
	for _, e := range entries { // by name: deterministic
		ext := path.Ext(e.Name())
		if e.IsDir() || (ext != ".toml" && ext != ".yaml" && ext != ".yml" && ext != ".json") {
			continue
		}
		f, err := readHugoFile(fsys, path.Join(hugoConfigDir, e.Name()))
		if err != nil {
			return nil, err
		}
		h.files = append(h.files, f)
		h.merge(f, hugoFileKeys(strings.TrimSuffix(e.Name(), ext)), f.top)
	}
	if len(h.files) == 0 {
		return nil, nil
	}
	return h, nil
}

// hugoFileKeys is where the file of config/_default/ named base (without extension) goes
// in the tree: nil for the root (hugo, config), [params] for params, [languages fr params]
// for params.fr.
func hugoFileKeys(base string) []string {
	if base == "hugo" || base == "config" {
		return nil
	}
	key, lang, ok := strings.Cut(strings.ToLower(base), ".")
	if !ok {
		return []string{key}
	}
	return []string{"languages", lang, key}
}

// merge puts top under the keys at of the tree; a key set already keeps its value, maps
// merging key by key.
func (h *hugoConfig) merge(f *hugoFile, at []string, top map[string]any) {
	m := h.tree
	for _, k := range at {
		sub, ok := m[k].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[k] = sub
		}
		m = sub
	}
	for k, v := range top {
		lk := strings.ToLower(k)
		if len(at) == 0 && h.spelled[lk] == "" {
			h.spelled[lk] = k
		}
		first := lk
		if len(at) > 0 {
			first = at[0]
		}
		if _, ok := h.origin[first]; !ok {
			h.origin[first] = f
		}
		if len(at) == 0 && lk == "languages" {
			if langs, ok := v.(map[string]any); ok {
				for code := range langs {
					if _, ok := h.origin["languages."+strings.ToLower(code)]; !ok {
						h.origin["languages."+strings.ToLower(code)] = f
					}
				}
			}
		} else if len(at) > 0 && at[0] == "languages" && len(at) == 1 {
			if _, ok := h.origin["languages."+lk]; !ok {
				h.origin["languages."+lk] = f
			}
		}
		m[lk] = mergeValue(m[lk], v)
	}
}

// mergeValue merges b under a: a's values win, maps merge.
func mergeValue(a, b any) any {
	if a == nil {
		return b
	}
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok || !bok {
		return a
	}
	out := maps.Clone(am)
	for k, v := range bm {
		out[k] = mergeValue(out[k], v)
	}
	return out
}

func readHugoFile(fsys fs.FS, name string) (*hugoFile, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, diag.Errorf(name, 0, 0, "unreadable", "%v", err)
	}
	f := &hugoFile{name: name, src: src}
	switch path.Ext(name) {
	case ".toml":
		err = f.decodeTOML()
	case ".json":
		err = f.decodeJSON()
	default:
		err = f.decodeYAML()
	}
	if err != nil {
		return nil, err
	}
	if f.top == nil {
		f.top = map[string]any{}
	}
	return f, nil
}

func (f *hugoFile) decodeTOML() error {
	if err := toml.Unmarshal(f.src, &f.top); err != nil {
		return diag.TOML(f.name, 1, err, "config", "config")[0]
	}
	return nil
}

// yamlLine is the line yaml.v3 names in its messages: it has no typed position.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+):`)

func (f *hugoFile) decodeYAML() error {
	var doc yaml.Node
	if err := yaml.Unmarshal(f.src, &doc); err != nil {
		line := 0
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		return diag.Errorf(f.name, line, 0, "config", "%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return diag.Errorf(f.name, top.Line, top.Column, "config", "want key: value pairs at the top")
	}
	f.node = top
	if err := top.Decode(&f.top); err != nil {
		return diag.Errorf(f.name, top.Line, top.Column, "config", "%v", err)
	}
	f.top = stringKeys(f.top).(map[string]any)
	return nil
}

// stringKeys makes the maps yaml.v3 decodes with non-string keys (a: {1: x}) string-keyed.
func stringKeys(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = stringKeys(x)
		}
		return v
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = stringKeys(x)
		}
		return out
	case []any:
		for i, x := range v {
			v[i] = stringKeys(x)
		}
	}
	return v
}

func (f *hugoFile) decodeJSON() error {
	dec := json.NewDecoder(bytes.NewReader(f.src))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		line, col := 1, 1
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col = offsetLine(f.src, int(se.Offset))
		case errors.As(err, &te):
			line, col = offsetLine(f.src, int(te.Offset))
		}
		return diag.Errorf(f.name, line, col, "config", "%v", err)
	}
	m, ok := top.(map[string]any)
	if !ok {
		return diag.Errorf(f.name, 1, 1, "config", "want a JSON object at the top")
	}
	f.top = JSONNumbers(m).(map[string]any)
	return nil
}

// JSONNumbers turns the json.Numbers in v (decoded with UseNumber) into int64 where they
// are whole, float64 otherwise, as TOML and YAML decode them: a Hugo configuration's
// numbers and JSON front matter's are typed alike.
func JSONNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case map[string]any:
		for k, x := range v {
			v[k] = JSONNumbers(x)
		}
	case []any:
		for i, x := range v {
			v[i] = JSONNumbers(x)
		}
	}
	return v
}

// offsetLine is the 1-based line and column of byte offset off in src.
func offsetLine(src []byte, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	return 1 + bytes.Count(src[:off], []byte("\n")), off - bytes.LastIndexByte(src[:off], '\n')
}

// line is the line of the key at keys (lowercased path from the file's top) in f, or 0:
// from the YAML tree, else the first line naming each key in turn after the previous one's.
func (f *hugoFile) line(keys ...string) int {
	if f == nil {
		return 0
	}
	if f.node != nil {
		n, line := f.node, 0
		for _, k := range keys {
			next := (*yaml.Node)(nil)
			for i := 0; n != nil && n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
				if strings.EqualFold(n.Content[i].Value, k) {
					line, next = n.Content[i].Line, n.Content[i+1]
					break
				}
			}
			if next == nil {
				return line
			}
			n = next
		}
		return line
	}
	lines := strings.Split(string(f.src), "\n")
	at, found := 0, 0
	for _, k := range keys {
		for i := at; i < len(lines); i++ {
			if keyOnLine(lines[i], strings.ToLower(k)) {
				at, found = i, i+1 // the next key may be on this line: [a.b]
				break
			}
		}
	}
	return found
}

// keyOnLine reports whether line (TOML or JSON) sets or opens key k.
func keyOnLine(line, k string) bool {
	t := strings.ToLower(strings.TrimSpace(line))
	t = strings.TrimLeft(t, "[")
	for _, q := range []string{k, `"` + k + `"`, "'" + k + "'"} {
		if rest, ok := strings.CutPrefix(t, q); ok {
			rest = strings.TrimSpace(rest)
			if rest == "" || strings.ContainsAny(rest[:1], "=:].") {
				return true
			}
		}
		if i := strings.Index(t, "."+q); i > 0 {
			rest := t[i+1+len(q):]
			if rest == "" || strings.ContainsAny(rest[:1], "=:]. ") {
				return true
			}
		}
	}
	return false
}

// at is the file and line of the key at keys of the merged tree, for diagnostics.
func (h *hugoConfig) at(keys ...string) (string, int) {
	f := h.origin[keys[0]]
	if keys[0] == "languages" && len(keys) > 1 {
		if g := h.origin["languages."+keys[1]]; g != nil {
			f = g
		}
	}
	if f == nil {
		return h.files[0].name, 0
	}
	rel := keys
	if strings.HasPrefix(f.name, hugoConfigDir+"/") {
		base := path.Base(f.name)
		fk := hugoFileKeys(strings.TrimSuffix(base, path.Ext(base)))
		if len(fk) > 0 && len(keys) >= len(fk) && slices.Equal(keys[:len(fk)], fk) {
			rel = keys[len(fk):]
		} else if len(fk) == 1 && fk[0] == keys[0] {
			rel = keys[1:]
		}
	}
	if len(rel) == 0 {
		return f.name, 1
	}
	return f.name, f.line(rel...)
}
