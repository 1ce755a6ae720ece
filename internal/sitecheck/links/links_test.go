package links

import (
	"strings"
	"testing"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

func check(t *testing.T, dir, base string) diag.List {
	t.Helper()
	tree, err := site.Load(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Check(tree)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// lines renders l the way the command prints it, one diagnostic a line.
func lines(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

func TestCleanSitePasses(t *testing.T) {
	if l := check(t, "../testdata/clean", "/"); len(l) > 0 {
		t.Errorf("clean fixture has findings:\n%s", lines(l))
	}
}

func TestBrokenSite(t *testing.T) {
	got := lines(check(t, "testdata/broken", "/"))
	want := `testdata/broken/index.html:9:4: error: broken-link: a href /missing/: no file missing/index.html
testdata/broken/index.html:9:33: error: missing-anchor: a href /en/page/#nope: no id "nope" in en/page/index.html
testdata/broken/index.html:10:1: warning: remote-url: a href https://example.org/x (not fetched)
testdata/broken/index.html:10:44: error: broken-link: img src missing.png: no file missing.png
testdata/broken/index.html:12:1: error: broken-link: img srcset /en/page/pic@2x.png: no file en/page/pic@2x.png
testdata/broken/site.css:2:18: error: broken-link: url() nothere.svg: no file nothere.svg
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestSubPathBase(t *testing.T) {
	got := lines(check(t, "testdata/subpath", "https://example.org/sub/"))
	want := `testdata/subpath/index.html:6:63: error: outside-base: a href /en/: outside the base path /sub/
testdata/subpath/index.html:7:57: error: broken-link: a href https://example.org/sub/zz/: no file zz/index.html
testdata/subpath/sitemap.xml:6:5: error: broken-link: xhtml:link href https://example.org/sub/ja/: no file ja/index.html
testdata/subpath/sitemap.xml:9:10: error: broken-link: loc https://example.org/sub/gone/: no file gone/index.html
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestPathOnlyBaseTreatsOtherHostsAsRemote(t *testing.T) {
	got := lines(check(t, "testdata/subpath", "/sub/"))
	for _, w := range []string{
		"outside-base: a href /en/",
		"warning: remote-url: link href https://example.org/sub/en/",
		"warning: remote-url: a href https://example.org/sub/zz/",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

func BenchmarkCheckClean(b *testing.B) {
	tree, err := site.Load("../testdata/clean", "/")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Check(tree); err != nil {
			b.Fatal(err)
		}
	}
}
