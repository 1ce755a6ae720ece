package route

import (
	"net/url"
	"path"
	"strings"
	"testing"
)

func TestRel(t *testing.T) {
	tests := []struct{ from, to, want string }{
		{"/en/gpu-cloud/", "/zh/gpu-cloud/", "../../zh/gpu-cloud/"},
		{"/en/", "/en/gpu-cloud/", "gpu-cloud/"},
		{"/en/gpu-cloud/", "/en/", "../"},
		{"/en/a/b/", "/static/site.css", "../../../static/site.css"},
		{"/index.html", "/en/", "en/"},
		{"/index.html", "/static/root.js", "static/root.js"},
		{"/en/", "/en/", "./"},
		{"/en/gpus/v100/", "/en/gpus/", "../"},
		// A first segment with a colon would be a scheme: javascript:alert(1)/ runs script.
		{"/en/guide/", "/en/guide/javascript:alert(1)%2F%2F/", "./javascript:alert(1)%2F%2F/"},
		{"/en/guide/", "/en/guide/javascript:x/y/", "./javascript:x/y/"},
		{"/index.html", "/a:b.html", "./a:b.html"},
		{"/en/a/", "/en/b:c/", "../b:c/"},
		{"/en/", "/en/a/b:c/", "a/b:c/"},
		{"/en/", "/en///host/", ".///host/"}, // not a clean path, but never a link to another host
	}
	for _, tt := range tests {
		if got := Rel(tt.from, tt.to); got != tt.want {
			t.Errorf("Rel(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestReviewLinks(t *testing.T) {
	if got, want := ReviewLink("javascript:alert(1)"), "./javascript:alert(1)/"; got != want {
		t.Errorf("ReviewLink = %q, want %q", got, want)
	}
	if got, want := FromFile("index.html", "/x:y/"), "./x:y/"; got != want {
		t.Errorf("FromFile = %q, want %q", got, want)
	}
	if got, want := FromFile("_review/a/index.html", "/en/a/"), "../../en/a/"; got != want {
		t.Errorf("FromFile = %q, want %q", got, want)
	}
}

func TestSegment(t *testing.T) {
	for _, ok := range []string{"gpu-cloud", "v100.html", "日本語", "a b", "...", "a.b", "index"} {
		if why := Segment(ok); why != "" {
			t.Errorf("Segment(%q) = %q, want it accepted", ok, why)
		}
	}
	for _, bad := range []string{"", ".", "..", "a/b", `a\b`, "javascript:alert(1)", "a?b", "a#b", "a%2Fb",
		"a\x00b", "a\nb", "a\x7fb", "a\u0085b"} {
		if Segment(bad) == "" {
			t.Errorf("Segment(%q) accepted it", bad)
		}
	}
}

func TestAbsAndRooted(t *testing.T) {
	abs, _ := url.Parse("https://docs.example.org/sub/")
	rooted, _ := url.Parse("/sub/")
	tests := []struct {
		base       *url.URL
		p, abs, rt string
	}{
		{abs, "/en/gpu-cloud/", "https://docs.example.org/sub/en/gpu-cloud/", "/sub/en/gpu-cloud/"},
		{rooted, "/en/", "/sub/en/", "/sub/en/"},
		{rooted, "/static/site.css", "/sub/static/site.css", "/sub/static/site.css"},
	}
	for _, tt := range tests {
		u := Base{URL: tt.base}
		if got := u.Abs(tt.p); got != tt.abs {
			t.Errorf("Abs(%q) = %q, want %q", tt.p, got, tt.abs)
		}
		if got := u.Rooted(tt.p); got != tt.rt {
			t.Errorf("Rooted(%q) = %q, want %q", tt.p, got, tt.rt)
		}
	}
}

// FuzzRel follows the link Rel makes from the page at from, as a browser would, and
// checks that it arrives at to, for every pair of clean site paths.
func FuzzRel(f *testing.F) {
	for _, p := range [][2]string{{"/en/gpu-cloud/", "/zh/gpu-cloud/"}, {"/index.html", "/static/root.js"},
		{"/en/", "/en/"}, {"/en/a/b/", "/"}, {"/404.html", "/en/a/img/x.png"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, from, to string) {
		if !sitePath(from) || !sitePath(to) {
			return
		}
		rel := Rel(from, to)
		dir := from
		if !strings.HasSuffix(dir, "/") {
			dir = path.Dir(dir) + "/"
		}
		got := path.Join(dir, rel)
		if strings.HasSuffix(rel, "/") && got != "/" {
			got += "/"
		}
		if got != to {
			t.Errorf("Rel(%q, %q) = %q, which leads to %q", from, to, rel, got)
		}
		if u, err := url.Parse(rel); err == nil && u.Scheme != "" {
			t.Errorf("Rel(%q, %q) = %q, a URL of scheme %q", from, to, rel, u.Scheme)
		}
	})
}

// sitePath reports whether p is a clean site path: rooted, without empty, "." or ".."
// segments, a folder when it ends in "/".
func sitePath(p string) bool {
	c := path.Clean(p)
	return strings.HasPrefix(p, "/") && (c == p || c != "/" && c+"/" == p)
}
