package build

import (
	"strings"
	"testing"
	"time"
)

// wantIn checks that the output file rel holds every want and none of the notWant.
func wantIn(t *testing.T, files map[string][]byte, rel string, want, notWant []string) {
	t.Helper()
	got, ok := files[rel]
	if !ok {
		t.Fatalf("no %s in the output", rel)
	}
	for _, w := range want {
		if !strings.Contains(string(got), w) {
			t.Errorf("%s lacks %q", rel, w)
		}
	}
	for _, w := range notWant {
		if strings.Contains(string(got), w) {
			t.Errorf("%s holds %q", rel, w)
		}
	}
}

// Hugo's built-in shortcodes work as Hugo sites use them, and shortcode templates read
// the site's params, its data/ folder, its language and partials.
func TestHugoShortcodes(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/hugo/shortcodes.txtar"), Options{})
	wantIn(t, files, "en/a/index.html", []string{
		"Java 1.2.3, Go 1.22, page 9.9.",
		"Shared <strong>adopter</strong> note with 1.2.3.",
		`<pre class="chroma"`, `class="language-go"`, `<span class="line hl">`,
		`<a href="https://www.youtube.com/watch?v=w7Ft2ymGmfc">`,
		`<a href="https://vimeo.com/55073825">A talk</a>`,
		`<details class="details" open="" name="g">`, "<summary>More <em>here</em></summary>", `<code dir="ltr">X=1</code>`,
		"2|Ada|1.2.3|en|English|Hello A\n|My page|dflt|a, b and c|3|X+Y|",
		"English only-file.",
	}, []string{"Secret", "{{", "not a page"})
	// Raw HTML of an included file or of a markdown argument is sanitised as the page's
	// own (the languages are not trusted).
	wantIn(t, files, "en/b/index.html", []string{`Raw <img src="x"/> in an include.`}, []string{"onerror"})
	wantIn(t, files, "en/c/index.html", []string{`<summary><img src="x"/></summary>`}, []string{"onerror"})
	wantIn(t, files, "ja/a/index.html", []string{
		"Shared <strong>ja</strong> note with 1.2.3.", // the default language's file stands in
		"日本語の only-file。",                             // the page's language's file comes first
		"|ja|",
	}, []string{"English only-file."})
	var warned []string
	for _, d := range res.Diags {
		if d.Code == "unknown-shortcode" || d.Code == "shortcode" {
			warned = append(warned, d.Error())
		}
	}
	if len(warned) != 2 || !strings.Contains(warned[0], "careful: here") {
		t.Errorf("want the two warnf warnings of sitedata and nothing about the comment, got %q", warned)
	}
}

// A standalone unknown shortcode is one warning per name, with its count, and -strict
// fails the build on it.
func TestUnknownShortcodeStrict(t *testing.T) {
	site := `-- content/en/a.md --
# A

{{< nosuch >}}

{{< nosuch >}}
-- content/en/b.md --
# B

{{< nosuch >}}
`
	_, res := mustBuild(t, siteFromText(t, site), Options{})
	var unknown []string
	for _, d := range res.Diags {
		if d.Code == "unknown-shortcode" {
			unknown = append(unknown, d.Message)
		}
	}
	if len(unknown) != 1 || !strings.Contains(unknown[0], "3 uses in 2 files") {
		t.Errorf("want one warning counting 3 uses in 2 files, got %q", unknown)
	}
	_, _, err := buildDir(t, siteFromText(t, site), Options{Strict: true})
	if err == nil || !strings.Contains(err.Error(), "unknown-shortcode") {
		t.Errorf("-strict: want an unknown-shortcode error, got %v", err)
	}
}

// publishDate, expiryDate, headless and build.render decide which pages a build
// writes, against the build's Now; -future and -expired keep the dated ones.
func TestHugoPublishing(t *testing.T) {
	now := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	dir := siteDir(t, "testdata/hugo/publishing.txtar")
	files, _ := mustBuild(t, dir, Options{Now: now})
	for _, rel := range []string{"en/docs/current/index.html", "en/docs/unlisted/index.html"} {
		if files[rel] == nil {
			t.Errorf("%s is not published", rel)
		}
	}
	for _, rel := range []string{"en/docs/future/index.html", "en/docs/expired/index.html",
		"en/docs/never/index.html", "en/docs/linked/index.html", "en/docs/bundle/index.html"} {
		if files[rel] != nil {
			t.Errorf("%s is published", rel)
		}
	}
	wantIn(t, files, "en/docs/index.html", []string{"Current"}, []string{"Future", "Expired", "Never", "Headless", "Unlisted"})
	files, _ = mustBuild(t, dir, Options{Now: now, Future: true, Expired: true})
	for _, rel := range []string{"en/docs/future/index.html", "en/docs/expired/index.html"} {
		if files[rel] == nil {
			t.Errorf("-future -expired: %s is not published", rel)
		}
	}
}

// A section's cascade reaches the params of the pages below it: the nearest section's
// value first, the page's own above all, a _target choosing pages by path; a language
// without the section's page takes the default language's cascade.
func TestHugoCascade(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/hugo/cascade.txtar"), Options{})
	wantIn(t, files, "en/docs/index.html", []string{"Docs 1.64.0."}, nil)
	wantIn(t, files, "en/docs/java/intro/index.html", []string{"Intro otel 1.65.0 instr 2.30.0 flavour docs."}, nil)
	wantIn(t, files, "en/docs/java/special/index.html", []string{"Special flavour special."}, nil)
	wantIn(t, files, "en/docs/go/index.html", []string{"Go otel 1.64.0 flavour own, Go things in Go."}, nil)
	// ja has no page for docs/ nor docs/java/: the default language's stand in.
	wantIn(t, files, "ja/docs/java/intro/index.html", []string{"ja otel 1.65.0 instr 2.30.0."}, nil)
	for _, d := range res.Diags {
		if d.Code == "shortcode" {
			t.Errorf("unexpected warning: %v", d)
		}
	}
}
