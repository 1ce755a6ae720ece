package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree writes files (path → content) under a temporary directory and loads it for base.
func tree(t *testing.T, base string, files ...string) *Tree {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := Load(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestLoadListsPagesAndStyles(t *testing.T) {
	tr := tree(t, "", "index.html", "en/a/index.html", "static/site.css", "static/site.js", "404.html")
	if got := strings.Join(tr.Pages, " "); got != "404.html en/a/index.html index.html" {
		t.Errorf("pages = %s", got)
	}
	if got := strings.Join(tr.Styles, " "); got != "static/site.css" {
		t.Errorf("styles = %s", got)
	}
}

func TestLoadRejects(t *testing.T) {
	if _, err := Load(t.TempDir(), "/"); err == nil || !strings.Contains(err.Error(), "no HTML pages") {
		t.Errorf("empty dir: err = %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing"), "/"); err == nil {
		t.Error("missing dir: no error")
	}
	if _, err := Load(t.TempDir(), "sub/"); err == nil || !strings.Contains(err.Error(), "want a path") {
		t.Errorf("relative base: err = %v", err)
	}
}

func TestURLPath(t *testing.T) {
	tr := tree(t, "https://example.org/sub", "index.html")
	for rel, want := range map[string]string{
		"index.html":      "/sub/",
		"en/index.html":   "/sub/en/",
		"en/a/index.html": "/sub/en/a/",
		"404.html":        "/sub/404.html",
	} {
		if got := tr.URLPath(rel); got != want {
			t.Errorf("URLPath(%q) = %q, want %q", rel, got, want)
		}
	}
}

func TestResolve(t *testing.T) {
	tr := tree(t, "https://example.org/sub/", "index.html", "en/a/index.html", "en/b/index.html", "img/x.png", "日本/index.html")
	for _, c := range []struct {
		page, ref string
		want      Target
	}{
		{"en/a/index.html", "../b/", Target{File: "en/b/index.html", Want: "en/b/index.html"}},
		{"en/a/index.html", "../b#s", Target{File: "en/b/index.html", Want: "en/b/index.html", Fragment: "s"}},
		{"en/a/index.html", "#s", Target{File: "en/a/index.html", Want: "en/a/index.html", Fragment: "s"}},
		{"en/a/index.html", "/sub/img/x.png", Target{File: "img/x.png", Want: "img/x.png"}},
		{"en/a/index.html", "/sub", Target{File: "index.html", Want: "index.html"}},
		{"en/a/index.html", "https://example.org/sub/%E6%97%A5%E6%9C%AC/#%E7%90%86", Target{File: "日本/index.html", Want: "日本/index.html", Fragment: "理"}},
		{"en/a/index.html", "/sub/img/y.png", Target{Want: "img/y.png"}},
		{"en/a/index.html", "/sub/en/c/", Target{Want: "en/c/index.html"}},
		{"en/a/index.html", "/en/b/", Target{Outside: true, Want: "/en/b/"}},
		{"en/a/index.html", "https://other.example/", Target{Remote: true}},
		{"en/a/index.html", "//other.example/x", Target{Remote: true}},
		{"en/a/index.html", "mailto:a@example.org", Target{Inert: true}},
		{"en/a/index.html", "data:image/png;base64,AAAA", Target{Inert: true}},
	} {
		got, ok := tr.Resolve(c.page, c.ref)
		if !ok || got != c.want {
			t.Errorf("Resolve(%q, %q) = %+v, %v; want %+v", c.page, c.ref, got, ok, c.want)
		}
	}
	if _, ok := tr.Resolve("index.html", "http://[::1"); ok {
		t.Error("an unparsable URL resolved")
	}
}
