package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// A Mount shows a folder or file of the site root at another place of it, as Hugo's
// module mounts do: the pages of another repository (a git submodule) as a section of a
// language, shared static files, strings or data. The loader reads the site through its
// mounts (load.Root.Mount).
type Mount struct {
	// Source is the folder or file as the site root has it, slash-separated: what
	// diagnostics name.
	Source string
	// Target is where the build sees it: content/<lang>/…, static/…, i18n/… or data/….
	Target string
	// Exclude are patterns of paths below Source left out (Hugo's files: ['! glob'] and
	// excludeFiles); ** matches any number of folders.
	Exclude []string
	// File and Line are where the mount is declared.
	File string
	Line int
}

// SiteMount is a [[mounts]] table of site.toml.
type SiteMount struct {
	Source string `toml:"source"`
	// Target is content/…, static/…, i18n/… or data/…, as in Hugo: a content target is
	// in the language Lang names (Languages, several), else the default language.
	Target    string   `toml:"target"`
	Lang      string   `toml:"lang"`
	Languages []string `toml:"languages"`
	Exclude   []string `toml:"exclude"`
}

// mountTarget maps a Hugo-style target (content/a, static/a) in language lang onto the
// place the build sees: content/<lang>/a, static/a. ok is false for components docsite
// does not read (layouts, assets, archetypes).
func mountTarget(target, lang string) (string, bool) {
	target = strings.Trim(path.Clean("/"+target), "/")
	comp, rest, _ := strings.Cut(target, "/")
	switch comp {
	case "content":
		return path.Join("content", lang, rest), true
	case "static", "i18n", "data":
		return target, true
	}
	return "", false
}

// siteMounts resolves site.toml's [[mounts]].
func siteMounts(ms []SiteMount, def string, src []byte) ([]Mount, error) {
	var out []Mount
	for i, m := range ms {
		line := tableLine(src, "mounts", i)
		if m.Source == "" || m.Target == "" {
			return nil, diag.Errorf(FileName, line, 0, "config", "[[mounts]]: source and target are both needed")
		}
		langs := m.Languages
		if m.Lang != "" {
			langs = append(langs, m.Lang)
		}
		if len(langs) == 0 {
			langs = []string{def}
		}
		for _, l := range langs {
			t, ok := mountTarget(m.Target, l)
			if !ok {
				return nil, diag.Errorf(FileName, line, 0, "config", "[[mounts]] target %q: want content/…, static/…, i18n/… or data/…", m.Target)
			}
			out = append(out, Mount{Source: cleanSource(m.Source), Target: t, Exclude: m.Exclude, File: FileName, Line: line})
		}
	}
	return out, nil
}

func cleanSource(s string) string { return strings.TrimPrefix(path.Clean("/"+s), "/") }

// tableLine is the line of src opening the i-th [[name]] table, or 0.
func tableLine(src []byte, name string, i int) int {
	n := 0
	for j, line := range strings.Split(string(src), "\n") {
		if strings.ReplaceAll(strings.TrimSpace(line), " ", "") == "[["+name+"]]" {
			if n == i {
				return j + 1
			}
			n++
		}
	}
	return 0
}

// hugoMounts makes the mounts of a Hugo configuration: the project's module.mounts (or
// the default content folder of each language), then those of local module imports and
// themes. A content mount a language gets from the default language's content (Hugo
// sites mount their English pages into other languages as fallbacks) is left out:
// docsite publishes a page a language lacks as a stand-in of the default language's.
func (h *hugoConfig) mounts(fsys fs.FS, s *Site, x *hugoExtra, unused *[]string) ([]Mount, error) {
	def := s.DefaultLanguage
	codes := sortedKeys(s.Languages)
	module, _ := h.tree["module"].(map[string]any)
	for _, k := range sortedKeys(module) {
		if lk := strings.ToLower(k); lk != "mounts" && lk != "imports" {
			*unused = append(*unused, "module."+k)
		}
	}
	var out []Mount
	file, _ := h.at("module")
	list, _ := get(module, "mounts").([]any)
	if len(list) > 0 {
		ms, err := h.mountList(list, "", file, []string{"module", "mounts"}, def, codes, unused)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	if !slices.ContainsFunc(out, func(m Mount) bool { return strings.HasPrefix(m.Target+"/", "content/") }) {
		// Hugo's default: each language's contentDir, else content/ for all of them
		// (docsite: for the default language; others are told apart by file name).
		dir, _ := h.tree["contentdir"].(string)
		dir = cleanSource(cmpOr(dir, "content"))
		for _, c := range codes {
			d, ok := x.contentDirs[c]
			if !ok && c != def {
				continue
			}
			src := dir
			if ok {
				src = cleanSource(d)
			}
			f, line := h.at("languages", c, "contentdir")
			out = append(out, Mount{Source: src, Target: path.Join("content", c), File: f, Line: line})
		}
	}
	for _, st := range []string{"static", "i18n", "data"} {
		if !slices.ContainsFunc(out, func(m Mount) bool { return m.Target == st || strings.HasPrefix(m.Target, st+"/") }) {
			out = append(out, Mount{Source: st, Target: st, File: file})
		}
	}
	imports, err := h.imports(fsys, module, def, codes, unused)
	if err != nil {
		return nil, err
	}
	out = append(out, imports...)
	return dropFallbacks(out, def, unused), nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// mountList maps a list of Hugo mounts; base is the folder their sources are relative to
// (a module's), keys where the list is in the configuration.
func (h *hugoConfig) mountList(list []any, base, file string, keys []string, def string, codes []string, unused *[]string) ([]Mount, error) {
	_, line0 := h.at(keys...)
	var out []Mount
	for i, item := range list {
		m, ok := item.(map[string]any)
		line := line0
		if !ok {
			return nil, diag.Errorf(file, line, 0, "config", "%s: each mount is a table with source and target", strings.Join(keys, "."))
		}
		source, _ := get(m, "source").(string)
		target, _ := get(m, "target").(string)
		if source == "" || target == "" {
			return nil, diag.Errorf(file, line, 0, "config", "%s[%d]: source and target are both needed", strings.Join(keys, "."), i)
		}
		var langs []string
		if l, ok := get(m, "lang").(string); ok && l != "" {
			langs = append(langs, strings.ToLower(l))
		}
		if sites, ok := get(m, "sites").(map[string]any); ok {
			if mx, ok := get(sites, "matrix").(map[string]any); ok {
				ls, _ := get(mx, "languages").([]any)
				for _, l := range ls {
					langs = append(langs, strings.ToLower(fmt.Sprint(l)))
				}
			}
		}
		if len(langs) == 0 {
			langs = []string{def}
		}
		exclude := excludes(m)
		for _, k := range sortedKeys(m) {
			switch strings.ToLower(k) {
			case "source", "target", "lang", "sites", "files", "excludefiles":
			default:
				*unused = append(*unused, strings.Join(keys, ".")+"."+k)
			}
		}
		for _, l := range langs {
			if !slices.Contains(codes, l) {
				continue // a language the site does not have
			}
			t, ok := mountTarget(target, l)
			if !ok {
				*unused = append(*unused, fmt.Sprintf("%s (target %s)", strings.Join(keys, "."), target))
				break
			}
			out = append(out, Mount{Source: cleanSource(path.Join(base, source)), Target: t, Exclude: exclude, File: file, Line: mountLine(h, file, source, line)})
		}
	}
	return out, nil
}

// mountLine is the line of file declaring source (its "source:" key), else def.
func mountLine(h *hugoConfig, file, source string, def int) int {
	for _, f := range h.files {
		if f.name != file {
			continue
		}
		for i, line := range strings.Split(string(f.src), "\n") {
			t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "-"))
			if v, ok := strings.CutPrefix(t, "source"); ok && strings.Trim(strings.TrimLeft(strings.TrimSpace(v), ":="), ` "',`) == source {
				return i + 1
			}
		}
	}
	return def
}

// excludes are the patterns a Hugo mount leaves out: files: ['! glob'] and excludeFiles.
func excludes(m map[string]any) []string {
	var out []string
	add := func(v any, negated bool) {
		var list []any
		switch v := v.(type) {
		case string:
			list = []any{v}
		case []any:
			list = v
		}
		for _, p := range list {
			s := strings.TrimSpace(fmt.Sprint(p))
			if negated {
				rest, ok := strings.CutPrefix(s, "!")
				if !ok {
					continue
				}
				s = strings.TrimSpace(rest)
			}
			out = append(out, strings.TrimPrefix(s, "/"))
		}
	}
	add(get(m, "files"), true)
	add(get(m, "excludeFiles"), false)
	return out
}

// imports are the mounts of local module imports and themes: their own mounts, else
// their content, static, i18n and data folders.
func (h *hugoConfig) imports(fsys fs.FS, module map[string]any, def string, codes []string, unused *[]string) ([]Mount, error) {
	type imp struct {
		path string
		m    map[string]any
	}
	var list []imp
	switch t := h.tree["theme"].(type) {
	case string:
		list = append(list, imp{path: t})
	case []any:
		for _, x := range t {
			list = append(list, imp{path: fmt.Sprint(x)})
		}
	}
	is, _ := get(module, "imports").([]any)
	for _, x := range is {
		if m, ok := x.(map[string]any); ok {
			p, _ := get(m, "path").(string)
			list = append(list, imp{path: p, m: m})
		}
	}
	themesDir, _ := h.tree["themesdir"].(string)
	themesDir = cmpOr(themesDir, "themes")
	file, line := h.at("module", "imports")
	var out []Mount
	for _, im := range list {
		dir := ""
		for _, d := range []string{path.Join(themesDir, im.path), im.path} {
			if st, err := fs.Stat(fsys, cleanSource(d)); err == nil && st.IsDir() {
				dir = cleanSource(d)
				break
			}
		}
		if dir == "" {
			*unused = append(*unused, fmt.Sprintf("module import %s (not a local folder)", im.path))
			continue
		}
		if ms, ok := get(im.m, "mounts").([]any); ok && len(ms) > 0 {
			got, err := h.mountList(ms, dir, file, []string{"module", "imports"}, def, codes, unused)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
			continue
		}
		for _, c := range []string{"content", "static", "i18n", "data"} {
			src := path.Join(dir, c)
			if _, err := fs.Stat(fsys, src); errors.Is(err, fs.ErrNotExist) {
				continue
			}
			t, _ := mountTarget(c, def)
			out = append(out, Mount{Source: src, Target: t, File: file, Line: line})
		}
	}
	return out, nil
}

// dropFallbacks leaves out the content mounts that bring the default language's pages
// into another language (docsite's stand-ins do that), naming them in unused.
func dropFallbacks(ms []Mount, def string, unused *[]string) []Mount {
	var defRoots []string
	for _, m := range ms {
		if m.Target == path.Join("content", def) {
			defRoots = append(defRoots, m.Source)
		}
	}
	fallbacks := 0
	out := ms[:0:0]
	for _, m := range ms {
		lang, _, _ := strings.Cut(strings.TrimPrefix(m.Target, "content/"), "/")
		if strings.HasPrefix(m.Target, "content/") && lang != def && slices.ContainsFunc(defRoots, func(r string) bool {
			return m.Source == r || strings.HasPrefix(m.Source, r+"/")
		}) {
			fallbacks++
			continue
		}
		out = append(out, m)
	}
	if fallbacks > 0 {
		*unused = append(*unused, fmt.Sprintf("%d mounts of %s content into other languages (docsite shows a page a language lacks as its %s stand-in)", fallbacks, def, def))
	}
	return out
}
