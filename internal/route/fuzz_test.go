package route

import (
	"net/url"
	"path"
	"strings"
	"testing"
)

// FuzzPageLinks publishes a page from a content file name, a slug and an alias as the
// build would, and checks the links other pages write to it and the files it goes to:
// no link is a URL with a scheme or a host (a file javascript:alert(1).md must not
// make every sidebar run a script), every link between accepted names leads to its page,
// and no output file leaves the output root. Load refuses names that are not safe
// segments (Segment); the links must hold for any name all the same.
func FuzzPageLinks(f *testing.F) {
	for _, s := range [][3]string{
		{"guide/javascript:alert(1)%2F%2F", "", "old"},
		{"a/b", "javascript:alert(1)%2F%2F", "/ja/old/"},
		{"guide/_index", "JaVaScRiPt:x", "../../../../etc/passwd"},
		{"index", "", "/"},
		{"a b/c", "data:text/html,x", "x:y"},
		{"a/b", "..", "//evil.example/"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	isLang := func(code string) bool { return code == "en" || code == "ja" }
	f.Fuzz(func(t *testing.T, name, slug, alias string) {
		src, ok := Parse("content/en/" + name + ".md")
		if !ok {
			return
		}
		p := src.Path
		if src.Kind != Home {
			p = WithSlug(p, slug)
		}
		page := URL("en", p)
		dir := path.Dir(src.Path)
		if dir == "." {
			dir = ""
		}
		al := Alias("en", dir, alias, isLang)
		from := []string{"/", "/index.html", "/404.html", "/en/", "/en/guide/", "/en/a/b/", "/ja/x/", page, al}
		for _, f := range from {
			for _, to := range []string{page, al} {
				noScheme(t, f, to, Rel(f, to))
			}
		}
		noScheme(t, "_review/index.html", "", ReviewLink(name))
		noScheme(t, "index.html", page, FromFile("index.html", page))
		if !inside(File(al)) {
			t.Errorf("alias %q of content/en/%s.md is published at %q, outside the output", alias, name, File(al))
		}
		if !accepted(src.Path, slug) {
			return
		}
		if out := File(page); !inside(out) || !strings.HasPrefix(out, "en/") {
			t.Errorf("content/en/%s.md with slug %q is published at %q, outside its language's folder", name, slug, out)
		}
		for _, f := range from {
			if got := follow(f, Rel(f, page)); got != page {
				t.Errorf("Rel(%q, %q) = %q leads to %q", f, page, Rel(f, page), got)
			}
		}
	})
}

// noScheme fails t when link, written on the page at site path from, is a URL with a
// scheme or a host: a browser would leave the site with it, or run it.
func noScheme(t *testing.T, from, to, link string) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		return // not a URL at all: a browser reads it as a path
	}
	if u.Scheme != "" || u.Host != "" {
		t.Errorf("the link from %q to %q is %q: scheme %q, host %q", from, to, link, u.Scheme, u.Host)
	}
}

// inside reports whether the output file out, a slash path from the output root, stays
// in it: relative, clean, not up and out.
func inside(out string) bool {
	return out != "" && !strings.HasPrefix(out, "/") && path.Clean(out) == out &&
		out != ".." && !strings.HasPrefix(out, "../")
}

// accepted reports whether load takes a page at page path p with slug: every segment safe.
func accepted(p, slug string) bool {
	if slug != "" && Segment(slug) != "" {
		return false
	}
	if p == "" {
		return true
	}
	for seg := range strings.SplitSeq(p, "/") {
		if Segment(seg) != "" {
			return false
		}
	}
	return true
}

// follow is where a browser on the page at site path from goes with the relative link rel.
func follow(from, rel string) string {
	dir := from
	if !strings.HasSuffix(dir, "/") {
		dir = path.Dir(dir) + "/"
	}
	got := path.Join(dir, rel)
	if strings.HasSuffix(rel, "/") && got != "/" {
		got += "/"
	}
	return got
}

// A tag's slug is empty or a safe segment, and its page stays in the language's tags
// folder, whatever the tag.
func FuzzTagSlug(f *testing.F) {
	for _, s := range []string{"Open Source", "..", "a/../../b", "%2e%2e", "\x00", "İstanbul", " . "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		slug := TagSlug(tag)
		if slug == "" {
			return
		}
		if why := Segment(slug); why != "" {
			t.Fatalf("TagSlug(%q) = %q: %s", tag, slug, why)
		}
		if file := File(Tag("en", slug)); path.Clean(file) != file || path.Dir(path.Dir(file)) != "en/tags" {
			t.Fatalf("TagSlug(%q) = %q: its page is written to %q", tag, slug, file)
		}
	})
}
