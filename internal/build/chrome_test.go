package build

import (
	"regexp"
	"strings"
	"testing"
)

// Every page links an icon: the site's own static/favicon.* (published at the site root)
// when it has one, the theme's otherwise.
func TestFaviconLinked(t *testing.T) {
	theirs := "-- content/en/a.md --\n# A\n"
	files, _ := mustBuild(t, siteFromText(t, theirs), Options{})
	for _, name := range []string{"en/a/index.html", "en/index.html", "index.html", "en/404.html"} {
		if !strings.Contains(string(files[name]), `<link rel="icon" href="`) || !strings.Contains(string(files[name]), `static/theme-icon.svg?v=`) {
			t.Errorf("%s links no theme icon", name)
		}
	}
	if files["static/theme-icon.svg"] == nil {
		t.Error("the theme's icon is not published")
	}
	own := theirs + "-- static/favicon.svg --\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n-- static/favicon.ico --\nico\n"
	files, _ = mustBuild(t, siteFromText(t, own), Options{})
	if page := string(files["en/a/index.html"]); !strings.Contains(page, `<link rel="icon" href="../../favicon.svg?v=`) {
		t.Errorf("the site's favicon.svg is not linked:\n%s", page[:min(len(page), 1200)])
	}
	if files["favicon.svg"] == nil {
		t.Error("the site's favicon.svg is not published at the site root")
	}
}

var h1 = regexp.MustCompile(`<h1[ >]`)

// A home page whose introduction opens with its own "# Title" (a Hugo site's _index.md)
// has one H1, the introduction's; so has a home page without one, the site's title.
func TestHomeHasOneH1(t *testing.T) {
	site := "-- content/en/_index.md --\n# Welcome\n\nThe intro.\n-- content/en/a.md --\n# A\n" +
		"-- content/de/a.md --\n# A\n"
	files, _ := mustBuild(t, siteFromText(t, site), Options{})
	for _, name := range []string{"en/index.html", "de/index.html"} {
		if n := len(h1.FindAllString(string(files[name]), -1)); n != 1 {
			t.Errorf("%s has %d H1s, want 1", name, n)
		}
	}
}

// The catalog's pages (GPU, provider, pricing) have the sidebar of the docs' top level, so
// that a reader has a way back into the docs from them.
func TestCatalogPagesHaveSidebar(t *testing.T) {
	files, _ := mustBuild(t, "../..", Options{})
	for _, name := range []string{"en/pricing/index.html", "zh/gpus/index.html", "ja/gpus/v100/index.html", "en/providers/aws/index.html"} {
		page := string(files[name])
		if !strings.Contains(page, `<details class="sidebar">`) || !strings.Contains(page, `../gpu-cloud/">`) && !strings.Contains(page, `../../gpu-cloud/">`) {
			t.Errorf("%s has no sidebar leading back into the docs", name)
		}
	}
}

// The bundled home pages are more than a bare list of the docs: they list the catalog's
// pages too, each with what it holds, in the page's language.
func TestHomeListsCatalogPages(t *testing.T) {
	files, _ := mustBuild(t, "../..", Options{})
	for _, lang := range []string{"en", "zh", "ja"} {
		home := string(files[lang+"/index.html"])
		list := home[strings.Index(home, `<ul class="page-list">`)+1:]
		for _, href := range []string{`<a href="gpus/">`, `<a href="pricing/">`} {
			at := strings.Index(list, href)
			if at < 0 || !strings.HasPrefix(list[at+len(href):][strings.Index(list[at+len(href):], "</a>"):], "</a><p>") {
				t.Errorf("%s/index.html does not list %s with what it holds", lang, href)
			}
		}
	}
}

// A page whose body opens with its own "# Title" has its contents after that title, not
// above it.
func TestContentsAfterTitleInBody(t *testing.T) {
	site := "-- content/en/a.md --\n# The title\n\nIntro.\n\n## One\n\nx\n\n## Two\n\ny\n\n## Three\n\nz\n"
	files, _ := mustBuild(t, siteFromText(t, site), Options{})
	page := string(files["en/a/index.html"])
	h, toc, one := strings.Index(page, "<h1"), strings.Index(page, `<nav class="toc"`), strings.Index(page, ">One<")
	if h < 0 || toc < 0 || !(h < toc && toc < strings.Index(page, "Intro.") && toc < one) {
		t.Errorf("H1 at %d, contents at %d, want the contents after the H1 and before the text:\n%s", h, toc, page)
	}
	if n := len(h1.FindAllString(page, -1)); n != 1 {
		t.Errorf("%d H1s, want 1", n)
	}
}
