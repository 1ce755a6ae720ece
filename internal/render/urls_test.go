package render

import (
	"net/url"
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
	}
	for _, tt := range tests {
		if got := Rel(tt.from, tt.to); got != tt.want {
			t.Errorf("Rel(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
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
		u := URLs{Base: tt.base}
		if got := u.Abs(tt.p); got != tt.abs {
			t.Errorf("Abs(%q) = %q, want %q", tt.p, got, tt.abs)
		}
		if got := u.Rooted(tt.p); got != tt.rt {
			t.Errorf("Rooted(%q) = %q, want %q", tt.p, got, tt.rt)
		}
	}
}

func TestFileOf(t *testing.T) {
	for p, want := range map[string]string{"/en/a/": "en/a/index.html", "/": "index.html", "/404.html": "404.html"} {
		if got := FileOf(p); got != want {
			t.Errorf("FileOf(%q) = %q, want %q", p, got, want)
		}
	}
}
