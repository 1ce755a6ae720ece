// Package site models a built site on disk for the checkers: its pages, style sheets and URL space.
package site

import (
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Tree is a built site: the directory it was written to and the base URL it was built for.
type Tree struct {
	Dir    string   // the directory holding the built site, as given
	Base   *url.URL // the base URL; its Path always ends in "/"; Host is empty for a path-only base
	Pages  []string // HTML files, slash-separated and relative to Dir, sorted
	Styles []string // CSS files, likewise
	Maps   []string // sitemap XML files (sitemap*.xml), likewise
	files  map[string]bool
}

// Load walks dir and returns the tree built for base, which is a path ("/", "/sub/")
// or an absolute URL ("https://example.org/sub/").
func Load(dir, base string) (*Tree, error) {
	b, err := parseBase(base)
	if err != nil {
		return nil, err
	}
	t := &Tree{Dir: dir, Base: b, files: map[string]bool{}}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		t.add(filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading built site: %w", err)
	}
	slices.Sort(t.Pages)
	slices.Sort(t.Styles)
	slices.Sort(t.Maps)
	if len(t.Pages) == 0 {
		return nil, fmt.Errorf("%s: no HTML pages: build the site first", dir)
	}
	return t, nil
}

func parseBase(base string) (*url.URL, error) {
	if base == "" {
		base = "/"
	}
	b, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("base URL %q: %w", base, err)
	}
	if b.Host == "" && !strings.HasPrefix(b.Path, "/") {
		return nil, fmt.Errorf("base URL %q: want a path starting with / or an absolute URL", base)
	}
	if !strings.HasSuffix(b.Path, "/") {
		b.Path += "/"
	}
	b.RawQuery, b.Fragment = "", ""
	return b, nil
}

func (t *Tree) add(rel string) {
	t.files[rel] = true
	switch strings.ToLower(path.Ext(rel)) {
	case ".html", ".htm":
		t.Pages = append(t.Pages, rel)
	case ".css":
		t.Styles = append(t.Styles, rel)
	case ".xml":
		if strings.HasPrefix(path.Base(rel), "sitemap") {
			t.Maps = append(t.Maps, rel)
		}
	}
}

// Has reports whether the file rel (slash-separated, relative to Dir) exists.
func (t *Tree) Has(rel string) bool { return t.files[rel] }

// Path returns the file system path of rel.
func (t *Tree) Path(rel string) string { return filepath.Join(t.Dir, filepath.FromSlash(rel)) }

// URLPath returns the URL path a visitor uses for the file rel: "en/a/index.html" → "/base/en/a/".
func (t *Tree) URLPath(rel string) string {
	if rel == "index.html" {
		rel = ""
	} else if strings.HasSuffix(rel, "/index.html") {
		rel = strings.TrimSuffix(rel, "index.html")
	}
	return t.Base.Path + rel
}
