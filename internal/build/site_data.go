package build

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"docsite/internal/diag"
	"docsite/internal/shortcode"
)

// DataDir is the folder of the site root whose files shortcode templates read as
// .Site.Data, as Hugo's data/ (the GPU data is content/data/, another thing).
const DataDir = "data"

// readSiteData reads every TOML, YAML and JSON file under data/ of the site root:
// data/a/b.yaml is the entry "a" → "b" of the map. A file that does not decode is an
// error at its name; other files are skipped.
func readSiteData(fsys fs.FS) (map[string]any, error) {
	out := map[string]any{}
	err := fs.WalkDir(fsys, DataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == DataDir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return diag.Errorf(p, 0, 0, "unreadable", "%v", err)
		}
		ext := path.Ext(p)
		if d.IsDir() || (ext != ".toml" && ext != ".yaml" && ext != ".yml" && ext != ".json") {
			return nil
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return diag.Errorf(p, 0, 0, "unreadable", "%v", err)
		}
		var v any
		switch ext {
		case ".toml":
			var m map[string]any
			err = toml.Unmarshal(src, &m)
			v = m
		case ".json":
			err = json.Unmarshal(src, &v)
		default:
			err = yaml.Unmarshal(src, &v)
		}
		if err != nil {
			return diag.Errorf(p, 0, 0, "site-data", "%v", err)
		}
		m := out
		parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(p, DataDir+"/"), ext), "/")
		for _, dir := range parts[:len(parts)-1] {
			sub, ok := m[dir].(map[string]any)
			if !ok {
				sub = map[string]any{}
				m[dir] = sub
			}
			m = sub
		}
		m[parts[len(parts)-1]] = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// shortcodeSites makes the site as the shortcode templates of each language see it.
func (s *site) shortcodeSites(fsys fs.FS) error {
	data, err := readSiteData(fsys)
	if err != nil {
		return err
	}
	s.scSites = map[string]*shortcode.Site{}
	for _, l := range s.cfg.Langs {
		s.scSites[l.Code] = shortcode.NewSite(s.cfg.TitleOf(l.Code), s.cfg.ParamsOf(l.Code), data,
			shortcode.Lang{Code: l.Code, Tag: l.BCP47, Name: l.Name}, fsys, s.cfg.Default().Code)
	}
	return nil
}
