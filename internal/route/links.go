package route

import (
	"net/url"
	"path"
	"strings"
)

// Base is the site's base URL: site.toml's baseURL, or the build's -baseurl. It is where
// absolute URLs are needed (canonical links, hreflang alternates, the sitemap) and on the
// 404 page; every other link is relative (Rel).
type Base struct {
	URL *url.URL // absolute URL or path, ending in "/"
}

// Abs returns the URL of site path p for canonical links, hreflang and the sitemap:
// absolute when the base URL has a host, else rooted at the base path.
func (b Base) Abs(p string) string {
	ref := &url.URL{Path: strings.TrimPrefix(p, "/")}
	return b.URL.ResolveReference(ref).String()
}

// Rooted returns site path p under the base path ("/docs/en/" for "/en/" under "/docs/").
func (b Base) Rooted(p string) string {
	return path.Join(b.URL.Path, p) + trailingSlash(p)
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
	if up > 0 {
		return b.String() // "../" first: no scheme
	}
	return NoScheme(b.String())
}

// NoScheme returns the relative link rel so that no browser reads it as a URL with a
// scheme or a host: a link whose first segment holds a colon ("javascript:alert(1)/",
// from a file or slug of that name) is written "./javascript:alert(1)/", and so is one
// that starts with a slash ("//host/", from a path with empty segments). Names that are
// not safe segments (Segment) are refused when the site is loaded; this holds the line
// for any name that reaches a link all the same.
func NoScheme(rel string) string {
	first, _, _ := strings.Cut(rel, "/")
	if strings.IndexByte(first, ':') >= 0 || strings.HasPrefix(rel, "/") {
		return "./" + rel
	}
	return rel
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
