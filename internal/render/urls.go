package render

import (
	"net/url"
	"path"
	"strings"
)

// URLs turns site paths ("/en/gpu-cloud/") into the links a page writes.
type URLs struct {
	Base *url.URL // from config: absolute URL or path, ending in "/"
}

// Abs returns the URL of site path p for canonical links, hreflang and the sitemap:
// absolute when the base URL has a host, else rooted at the base path.
func (u URLs) Abs(p string) string {
	ref := &url.URL{Path: strings.TrimPrefix(p, "/")}
	return u.Base.ResolveReference(ref).String()
}

// Rooted returns site path p under the base path ("/docs/en/" for "/en/" under "/docs/").
func (u URLs) Rooted(p string) string {
	return path.Join(u.Base.Path, p) + trailingSlash(p)
}

// Rel returns the link from the page at site path from to site path to, relative so the
// output works on any host, under any sub-path and from the file system. from names a
// directory when it ends in "/" (pretty URLs), else a file.
func Rel(from, to string) string {
	fromDir := from
	if !strings.HasSuffix(fromDir, "/") {
		fromDir = path.Dir(fromDir) + "/"
	}
	fromParts := splitPath(fromDir)
	toParts := splitPath(to)
	if !strings.HasSuffix(to, "/") && len(toParts) > 0 {
		toParts = toParts[:len(toParts)-1]
	}
	common := 0
	for common < len(fromParts) && common < len(toParts) && fromParts[common] == toParts[common] {
		common++
	}
	var b strings.Builder
	for range fromParts[common:] {
		b.WriteString("../")
	}
	for _, p := range toParts[common:] {
		b.WriteString(p)
		b.WriteByte('/')
	}
	if !strings.HasSuffix(to, "/") {
		b.WriteString(path.Base(to))
	}
	if b.Len() == 0 {
		return "./"
	}
	return b.String()
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func trailingSlash(p string) string {
	if strings.HasSuffix(p, "/") && p != "/" {
		return "/"
	}
	return ""
}

// PageURL is the site path of page path p in language code lang: pretty URLs.
func PageURL(lang, p string) string {
	if p == "" {
		return "/" + lang + "/"
	}
	return "/" + lang + "/" + p + "/"
}

// FileOf is the output file of site path p: "/en/a/" → "en/a/index.html".
func FileOf(p string) string {
	p = strings.TrimPrefix(p, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + "index.html"
	}
	return p
}
