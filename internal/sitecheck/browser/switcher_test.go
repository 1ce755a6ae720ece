package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/sitecheck/site"
)

// A switcher link may land on another language's home page only where the page has no
// alternate in that language (a page published only in the languages that have it).
func TestSwitcherLandingOnHome(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"de/only/index.html", "de/both/index.html", "en/both/index.html", "en/index.html"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("<!doctype html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := site.Load(dir, "/")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		page       string
		alternates []string
		landing    string
		ok         bool
	}{
		{"de/only/index.html", []string{"de", "x-default"}, "/en/", true},
		{"de/only/index.html", []string{"de", "en", "x-default"}, "/en/", false}, // it is in English: not its page
		{"de/both/index.html", []string{"de", "en", "x-default"}, "/en/both/", true},
		{"de/only/index.html", []string{"de", "x-default"}, "/en/other/", false},
	} {
		v := &visit{tree: tree, srv: &server{}, page: tc.page, probe: langProbe{Lang: "de", Alternates: tc.alternates}}
		v.compareLanding(tc.landing, "en", landing{Lang: "en", Path: tc.landing})
		if ok := len(v.res.diags) == 0; ok != tc.ok {
			t.Errorf("%s (alternates %s) → %s: findings %v, want ok=%t", tc.page, strings.Join(tc.alternates, " "), tc.landing, v.res.diags, tc.ok)
		}
	}
}
