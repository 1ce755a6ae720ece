package gpu

import (
	"cmp"
	"io/fs"
	"path"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// Load reads every *.toml file in dir (in name order), decodes it strictly, validates the whole
// and checks each figure against the seed line it cites; cited files are read from fsys too, so
// fsys is the site root and dir is usually "content/data". The catalog is returned even when the
// list holds errors, holding what could be read; callers stop on diag.List.HasErrors.
func Load(fsys fs.FS, dir string) (*Catalog, diag.List) {
	var c Catalog
	var diags diag.List
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return &c, diag.List{diag.Errorf(dir, 0, 0, "data-read", "%v", err)}
	}
	rates := 0
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
			continue
		}
		cv := converter{file: name, pos: pos}
		cv.addTo(&c, f)
		if f.Rate != nil {
			rates++
		}
		diags = append(diags, cv.diags...)
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
