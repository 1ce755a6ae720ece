package gpu

import (
	"cmp"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// Load reads every *.toml file in dir (in name order), decodes it strictly, validates the whole
// and checks each figure against the seed line it cites; cited files are read from fsys too, so
// fsys is the site root and dir is usually "content/data". The catalog is returned even when the
// list holds errors, holding what could be read; callers stop on diag.List.HasErrors. When a
// file cannot be decoded, its errors are all the list holds: nothing across files is checked.
func Load(fsys fs.FS, dir string) (*Catalog, diag.List) {
	var c Catalog
	var diags diag.List
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return &c, diag.List{diag.Errorf(dir, 0, 0, "data-read", "%v", err)}
	}
	rates := 0
	undecoded := false // a file could not be decoded: the checks across files would only repeat it
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
			continue
		}
		name := path.Join(dir, e.Name())
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			diags = append(diags, diag.Errorf(name, 0, 0, "data-read", "%v", err))
			continue
		}
		f, pos, ds := decodeFile(name, b)
		diags = append(diags, ds...)
		if ds.HasErrors() {
			undecoded = true
			continue
		}
		cv := converter{file: name, pos: pos}
		cv.addTo(&c, f)
		if f.Rate != nil {
			rates++
		}
		diags = append(diags, cv.diags...)
	}
	if undecoded {
		// Every record of that file is missing, so every offer of its GPUs would be an
		// unknown-id error and every figure a trace error: one mistake, 170 messages.
		diags.Sort()
		return &c, diags
	}
	if rates != 1 {
		diags = append(diags, diag.Errorf(dir, 0, 0, "data-rate", "want exactly one [rate] table in the data, found %d", rates))
	}
	diags = append(diags, c.validate()...)
	diags = append(diags, c.trace(fsys)...)
	c.sort()
	diags.Sort()
	return &c, diags
}

// sort orders GPUs by vendor, name and id, and providers by id; offers keep data order (views sort).
func (c *Catalog) sort() {
	slices.SortStableFunc(c.GPUs, func(a, b GPU) int {
		return cmp.Or(cmp.Compare(a.Vendor, b.Vendor), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	slices.SortStableFunc(c.Providers, func(a, b Provider) int { return cmp.Compare(a.ID, b.ID) })
}

// GPU returns the model with the given id.
func (c *Catalog) GPU(id string) (GPU, bool) {
	i := slices.IndexFunc(c.GPUs, func(g GPU) bool { return g.ID == id })
	if i < 0 {
		return GPU{}, false
	}
	return c.GPUs[i], true
}

// Provider returns the provider with the given id.
func (c *Catalog) Provider(id string) (Provider, bool) {
	i := slices.IndexFunc(c.Providers, func(p Provider) bool { return p.ID == id })
	if i < 0 {
		return Provider{}, false
	}
	return c.Providers[i], true
}

// CheckLanguages checks the data's per-language entries against the site's language
// codes: a provider with no name in a site language is shown there by its English name (a
// data-missing warning says so); a language code that is not the site's, in a name,
// brands, symbols or unverified, is a data-invalid warning (a typo, or a language the site
// dropped).
func (c *Catalog) CheckLanguages(codes []string) diag.List {
	site := map[string]bool{}
	for _, code := range codes {
		site[code] = true
	}
	var out diag.List
	for _, p := range c.Providers {
		for _, code := range codes {
			if _, ok := p.Names[code]; !ok {
				out = append(out, diag.Warnf(p.Pos.File, p.Pos.Line, 0, "data-missing",
					"provider %q has no name in %s (name.%s); its %s name is shown", p.ID, code, code, p.Names[p.nameCode(Lang{Code: code})]))
			}
		}
		for _, code := range slices.Sorted(maps.Keys(p.Names)) {
			if !site[code] {
				out = append(out, diag.Warnf(p.Pos.File, p.Pos.Line, 0, "data-invalid",
					"provider %q: name.%s: %q is not a language of the site", p.ID, code, code))
			}
		}
	}
	for _, m := range []map[string][]string{c.Brands} {
		for _, code := range slices.Sorted(maps.Keys(m)) {
			if code != "all" && !site[code] {
				out = append(out, diag.Warnf("content/data", 0, 0, "data-invalid", "brands.%s: %q is not a language of the site", code, code))
			}
		}
	}
	for _, code := range slices.Sorted(maps.Keys(c.Symbols)) {
		if !site[code] {
			out = append(out, diag.Warnf("content/data", 0, 0, "data-invalid", "symbols.%s: %q is not a language of the site", code, code))
		}
	}
	return out
}
