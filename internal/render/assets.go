package render

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/route"
	"docsite/internal/theme"
)

// Assets are the static files of the theme, copied to <dest>/static/, and the site's own
// static files, copied to <dest>/.
type Assets struct {
	files   []string          // paths inside the static tree, sorted
	data    map[string][]byte // by path
	version map[string]string // by path: "?v=" and a short content hash
	root    map[string]bool   // the site's own files, published from the site root
}

// RootFiles are the site's own static files (theme.IsThemeAsset), published at the site
// root: static/images/a.png at /images/a.png.
func (a *Assets) RootFiles() map[string]bool { return a.root }

// LoadAssets reads every static file of the theme.
func LoadAssets(fsys fs.FS) (*Assets, error) {
	files, err := theme.Files(fsys, ".")
	if err != nil {
		return nil, err
	}
	a := &Assets{files: files, data: map[string][]byte{}, version: map[string]string{}, root: map[string]bool{}}
	for _, f := range files {
		if !theme.IsThemeAsset(f) {
			a.root[f] = true
		}
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the diagnostic names the file
			}
			return nil, diag.Errorf("static/"+f, 0, 0, "unreadable", "%v", err)
		}
		sum := sha256.Sum256(b)
		a.data[f] = b
		a.version[f] = "?v=" + hex.EncodeToString(sum[:5])
	}
	return a, nil
}

// Version returns the cache-busting query of static file name, or "" if there is none.
func (a *Assets) Version(name string) string { return a.version[strings.TrimPrefix(name, "/")] }

// siteIcons are the names of a site's own icon in static/, in the order they are looked for.
var siteIcons = []string{"favicon.svg", "favicon.ico", "favicon.png"}

// themeIcon is the theme's icon, linked when the site has none of its own.
const themeIcon = "theme-icon.svg"

// Icon is the icon every page links, as a site path and the name of its file in static/:
// the site's own static/favicon.svg (or .ico, .png), published at the site root, or else
// the theme's.
func (a *Assets) Icon() (url, file string) {
	for _, f := range siteIcons {
		if a.root[f] {
			return route.RootFile(f), f
		}
	}
	return route.Static(themeIcon), themeIcon
}

// Each calls fn with the output path and content of every static file, in order.
func (a *Assets) Each(fn func(rel string, data []byte) error) error {
	for _, f := range a.files {
		out := route.File(route.Static(f))
		if a.root[f] {
			out = f
		}
		if err := fn(out, a.data[f]); err != nil {
			return err
		}
	}
	return nil
}
