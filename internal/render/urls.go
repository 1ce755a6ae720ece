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
// directory when it ends in "/" (pretty URLs), else a file. Every page asks for a dozen
// of these, so the paths are walked in place rather than split into slices.
func Rel(from, to string) string {
	fromDir := from
	if !strings.HasSuffix(fromDir, "/") {
		fromDir = path.Dir(fromDir) + "/"
	}
	f := strings.Trim(fromDir, "/")
	t := strings.Trim(to, "/")
	toDir := t // the folders of to, without its file name
	if !strings.HasSuffix(to, "/") {
		toDir = ""
		if i := strings.LastIndexByte(t, '/'); i >= 0 {
			toDir = t[:i]
		}
	}
	// Skip the folders both paths share.
	fs, ts := segments(f), segments(toDir)
	for !fs.done && !ts.done && fs.peek() == ts.peek() {
		fs.next()
		ts.next()
	}
	up := 0
	if !fs.done {
		up = strings.Count(fs.rest, "/") + 1
	}
	var b strings.Builder
	b.Grow(3*up + len(ts.rest) + 1 + len(to))
	for range up {
		b.WriteString("../")
	}
	if !ts.done {
		b.WriteString(ts.rest)
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

// segmentCursor walks the slash-separated segments of a path as strings.Split would cut
// them ("" has none), without making the slice.
type segmentCursor struct {
	rest string // the segments not yet walked, joined by "/"
	done bool   // no segment left
}

func segments(p string) segmentCursor { return segmentCursor{rest: p, done: p == ""} }

func (c *segmentCursor) peek() string {
	seg, _, _ := strings.Cut(c.rest, "/")
	return seg
}

func (c *segmentCursor) next() {
	var found bool
	_, c.rest, found = strings.Cut(c.rest, "/")
	c.done = !found
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
