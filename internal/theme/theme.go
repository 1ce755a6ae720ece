// Package theme owns the site's look and UI strings: embedded default templates and static
// files, overlaid file by file by those in a site root, and the embedded locales beside the
// site's own (package locale merges them key by key).
package theme

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"docsite/locales"
	"docsite/static"
	"docsite/templates"
)

// Theme is the trees a build reads: templates and static files overlaid file by file,
// and the UI strings of the theme and of the site, which locale merges key by key.
type Theme struct {
	Templates fs.FS
	Static    fs.FS
	Locales   fs.FS // the theme's strings files
	// SiteLocales is the site root's locales/ folder; nil when it has none.
	SiteLocales fs.FS
	// HugoI18n is the site root's i18n/ folder, a Hugo site's strings; nil when it has none.
	HugoI18n fs.FS
}

// Load overlays the folders templates/ and static/ of the site root over the embedded
// defaults, and finds its locales/ and i18n/ folders.
func Load(site fs.FS) (*Theme, error) {
	t := &Theme{}
	var err error
	if t.Templates, err = overlay(site, "templates", templates.FS); err != nil {
		return nil, err
	}
	if t.Static, err = overlay(site, "static", static.FS); err != nil {
		return nil, err
	}
	t.Locales = locales.FS
	if t.SiteLocales, err = folder(site, "locales"); err != nil {
		return nil, err
	}
	if t.HugoI18n, err = folder(site, "i18n"); err != nil {
		return nil, err
	}
	return t, nil
}

// folder is the folder dir of site, or nil when site has none.
func folder(site fs.FS, dir string) (fs.FS, error) {
	if st, err := fs.Stat(site, dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	return fs.Sub(site, dir)
}

func overlay(site fs.FS, dir string, base fs.FS) (fs.FS, error) {
	top, err := fs.Sub(site, dir)
	if err != nil {
		return nil, err
	}
	if _, err := fs.Stat(site, dir); errors.Is(err, fs.ErrNotExist) {
		return base, nil
	}
	return &layered{top: top, base: base}, nil
}

// layered is a read-only file system where top's files shadow base's files of the same
// path; directories list the union. Go source files are never theme files.
type layered struct{ top, base fs.FS }

func (l *layered) Open(name string) (fs.File, error) {
	f, err := l.top.Open(name)
	if err == nil {
		if st, err := f.Stat(); err == nil && !st.IsDir() {
			return f, nil
		}
		if b, err := l.base.Open(name); err == nil {
			f.Close()
			return b, nil
		}
		return f, nil // a folder only the site has (templates/partials/)
	} else if !errors.Is(err, fs.ErrNotExist) {
		// The site has the file but it cannot be read: say why, rather than
		// fall back to a default of that name, or say it does not exist.
		if l.isLink(name) {
			err = &fs.PathError{Op: "open", Path: name, Err: ErrLinkOut}
		}
		return nil, err
	}
	return l.base.Open(name)
}

// ErrLinkOut is the error of a file of the site's templates/, static/ or locales/ that
// is a symbolic link leading out of the site root, which a build does not follow.
var ErrLinkOut = errors.New("a symbolic link leading out of the site root (a build reads only files inside it)")

// isLink reports whether name is a symbolic link in top.
func (l *layered) isLink(name string) bool { return IsLink(l.top, name) }

// IsLink reports whether name is a symbolic link in fsys, read from its folder's listing:
// a file of the site root that fs.Stat does not find may be a link leading out of the
// root (which a build does not follow) or to nothing, and says so.
func IsLink(fsys fs.FS, name string) bool {
	entries, err := fs.ReadDir(fsys, path.Dir(name))
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() == path.Base(name) {
			return e.Type()&fs.ModeSymlink != 0
		}
	}
	return false
}

func (l *layered) ReadDir(name string) ([]fs.DirEntry, error) {
	a, errA := fs.ReadDir(l.top, name)
	b, errB := fs.ReadDir(l.base, name)
	if errA != nil && errB != nil {
		return nil, errB
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, e := range append(a, b...) {
		if seen[e.Name()] || path.Ext(e.Name()) == ".go" || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		seen[e.Name()] = true
		out = append(out, e)
	}
	slices.SortFunc(out, func(x, y fs.DirEntry) int { return strings.Compare(x.Name(), y.Name()) })
	return out, nil
}

// Files lists every regular file under root in fsys, sorted, without Go sources.
func Files(fsys fs.FS, root string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && path.Ext(name) != ".go" {
			out = append(out, name)
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}

// IsThemeAsset reports whether name (a path inside static/) is one of the built-in
// theme's static files. A site's static/ file of the same name replaces it and is
// published with the theme's assets (under /static/); any other file of the site's
// static/ is the site's own, published from the site root as Hugo does
// (static/images/a.png at /images/a.png).
func IsThemeAsset(name string) bool {
	_, err := fs.Stat(static.FS, name)
	return err == nil
}
