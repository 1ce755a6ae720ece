package serve

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestRootRedirectsToBestLanguage(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	tests := []struct{ accept, want string }{
		{"", "/en/"},
		{"en-US,en;q=0.9", "/en/"},
		{"zh-TW", "/zh/"},
		{"zh-CN", "/zh/"},
		{"zh-HK,zh;q=0.9", "/zh/"},
		{"zh-Hant", "/zh/"},
		{"zh", "/zh/"},
		{"ja-JP", "/ja/"},
		{"ja-JP,ja;q=0.9,en;q=0.8", "/ja/"},
		{"fr-FR,fr;q=0.9", "/en/"},
		{"yue", "/en/"},
		// q-values order the wishes, whatever their order in the header.
		{"en;q=0.1, ja;q=0.9", "/ja/"},
		{"en-US,en;q=0.9,zh-TW;q=0.8", "/en/"},
		{"fr;q=0.9, zh-TW;q=0.1", "/zh/"},
		{"ja;q=0, zh-CN", "/zh/"},
		// Wildcards ask for nothing in particular.
		{"*", "/en/"},
		{"de, *;q=0.5", "/en/"},
		{"*;q=0.1, ja;q=0.5", "/ja/"},
		// x/text reads an out-of-range weight leniently: the visitor still asked for Japanese.
		{"ja;q=2", "/ja/"},
		// Malformed headers get the default, never an error.
		{"ja;q=abc", "/en/"},
		{"x;;;", "/en/"},
		{";;;,,,", "/en/"},
		{"ja;q=-1", "/en/"},
		{"-", "/en/"},
		{"en-", "/en/"},
		{"\xff\xfe", "/en/"},
		{"ja-JP-" + strings.Repeat("x", 300), "/en/"},
		{strings.Repeat("ja,", 400), "/en/"},
	}
	for _, tt := range tests {
		resp, _ := get(t, base, "/", map[string]string{"Accept-Language": tt.accept})
		if resp.StatusCode != http.StatusFound {
			t.Errorf("Accept-Language %q: status %d, want 302", tt.accept, resp.StatusCode)
			continue
		}
		if got := resp.Header.Get("Location"); got != tt.want {
			t.Errorf("Accept-Language %q: Location %q, want %q", tt.accept, got, tt.want)
		}
		if !slices.Contains(resp.Header.Values("Vary"), "Accept-Language") {
			t.Errorf("Accept-Language %q: Vary %q, want Accept-Language", tt.accept, resp.Header.Values("Vary"))
		}
	}
}

func TestBasePathRedirects(t *testing.T) {
	site := testSite()
	site.BasePath = "/docs"
	base := startServer(t, Options{}, staticBuilder{site})
	for _, path := range []string{"/", "/docs", "/docs/", "/docs/?x=1"} {
		resp, _ := get(t, base, path, map[string]string{"Accept-Language": "ja-JP"})
		want := "/docs/ja/"
		if strings.Contains(path, "?") {
			want += "?x=1"
		}
		if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || got != want {
			t.Errorf("%s: %d %q, want 302 %q", path, resp.StatusCode, got, want)
		}
	}
	if resp, body := get(t, base, "/docs/ja/", nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, "日本語ホーム") {
		t.Errorf("/docs/ja/: %d %q", resp.StatusCode, body)
	}
	if resp, body := get(t, base, "/ja/", nil); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "Not here") {
		t.Errorf("/ja/ outside the base path: %d %q, want the site's 404", resp.StatusCode, body)
	}
}

// FuzzNegotiate checks that no header makes the negotiator fail or answer a
// language the site does not have.
func FuzzNegotiate(f *testing.F) {
	for _, s := range []string{"", "zh-TW", "ja-JP,ja;q=0.9", "*;q=0.5", "x;;;", "ja;q=abc", "en-u-rg-uszzzz", "sr-Latn-RS-x-private"} {
		f.Add(s)
	}
	n := newNegotiator(testLanguages)
	f.Fuzz(func(t *testing.T, header string) {
		code := n.code(header)
		if !slices.Contains(n.codes, code) {
			t.Fatalf("code(%q) = %q, not a site language", header, code)
		}
	})
}
