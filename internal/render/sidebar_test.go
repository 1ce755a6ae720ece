package render

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"docsite/internal/nav"
)

// bigSection is a tree with one section of n pages.
func bigSection(n int) *nav.Tree {
	entries := []nav.Entry{{Path: "", URL: "/en/", Title: "Home", Section: true},
		{Path: "big", URL: "/en/big/", Title: "Big", Section: true}}
	for i := range n {
		entries = append(entries, nav.Entry{Path: fmt.Sprintf("big/p%04d", i), URL: fmt.Sprintf("/en/big/p%04d/", i),
			Title: fmt.Sprintf("P%04d", i), Weight: i + 1})
	}
	return nav.Build("en", language.English, entries)
}

func sidebarOf(tree *nav.Tree, sb *sidebars, url string) string {
	p := &Page{Navigation: tree.View(url), tree: tree, sidebars: sb, URL: url}
	return string(p.Sidebar())
}

// A section of 120 pages (a glossary's alphabet) is shown whole on each of its pages,
// the current entry marked.
func TestSidebarWholeSection(t *testing.T) {
	tree := bigSection(120)
	sb := newSidebars(sidebarMarks{more: "More", lang: "en"})
	html := sidebarOf(tree, sb, "/en/big/p0070/")
	if n := strings.Count(html, "<li"); n != 1+120 {
		t.Errorf("%d entries, want the section and its 120 pages:\n%s", n, html)
	}
	if !strings.Contains(html, `<a href="../p0070/" aria-current="page">P0070</a>`) || !strings.Contains(html, "P0000") || !strings.Contains(html, "P0119") {
		t.Errorf("P0070 not marked, or the section not whole:\n%s", html)
	}
	if strings.Contains(html, `class="more"`) {
		t.Errorf("a link to the rest, with nothing left out:\n%s", html)
	}
	if other := sidebarOf(tree, sb, "/en/big/p0003/"); strings.Contains(other, `"../p0070/" aria-current`) || !strings.Contains(other, `"../p0003/" aria-current`) {
		t.Errorf("the shared list kept another page's mark, or lost its own:\n%s", other)
	}
}

// A section of more than 300 pages does not put them all on each of them: a page's
// sidebar shows the 100 holding it and a link to the section's page.
func TestSidebarChunks(t *testing.T) {
	tree := bigSection(650)
	sb := newSidebars(sidebarMarks{more: "More", lang: "en"})
	html := sidebarOf(tree, sb, "/en/big/p0370/")
	if n := strings.Count(html, "<li"); n != 1+100+1 {
		t.Errorf("%d entries, want the section, 100 pages and a link to the rest:\n%s", n, html)
	}
	if !strings.Contains(html, `<a href="../p0370/" aria-current="page">P0370</a>`) || strings.Contains(html, "P0299") || !strings.Contains(html, "P0300") || strings.Contains(html, "P0400") {
		t.Errorf("the hundred of P0370 is not shown or not marked:\n%s", html)
	}
	if !strings.Contains(html, `<li class="more"><a href="../">More</a></li>`) {
		t.Errorf("no link to the section's page:\n%s", html)
	}
}

// foldTree has two top-level sections, each with a subsection of its own.
func foldTree() *nav.Tree {
	return nav.Build("en", language.English, []nav.Entry{
		{Path: "", URL: "/en/", Title: "Home", Section: true},
		{Path: "a", URL: "/en/a/", Title: "A", Section: true, Weight: 1},
		{Path: "a/x", URL: "/en/a/x/", Title: "X"},
		{Path: "a/sub", URL: "/en/a/sub/", Title: "Sub", Section: true},
		{Path: "a/sub/y", URL: "/en/a/sub/y/", Title: "Y", Draft: true},
		{Path: "b", URL: "/en/b/", Title: "B", Section: true, Weight: 2},
		{Path: "b/z", URL: "/en/b/z/", Title: "Z", StandIn: true, TitleLang: "de"},
		{Path: "b/perma", URL: "/en/elsewhere/perma/", Title: "Perma <1>"},
		{Path: "c", URL: "/en/c/", Title: "C", Weight: 3},
	})
}

// Sections off the way to the page are folded: a link to their page, their entries not
// in the page; sections on the way are open with every entry; every section with entries
// has its path (site.js gives it its button), pages without entries have none.
func TestSidebarFoldsOtherSections(t *testing.T) {
	tree := foldTree()
	sb := newSidebars(sidebarMarks{more: "More", lang: "en", standIn: "untranslated"})
	html := sidebarOf(tree, sb, "/en/a/x/")
	for _, want := range []string{
		`<li class="open" data-path="/en/a/"><a href="../">A</a><ul>`,
		`<li data-path="/en/a/sub/"><a href="../sub/">Sub</a></li>`,
		`<li data-path="/en/b/"><a href="../../b/">B</a></li>`,
		`<li><a href="../../c/">C</a></li>`,
		`<a href="../x/" aria-current="page">X</a>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s in\n%s", want, html)
		}
	}
	for _, hidden := range []string{"Y", "Z", "Perma"} {
		if strings.Contains(html, ">"+hidden) {
			t.Errorf("%s, in a folded section, is in the page:\n%s", hidden, html)
		}
	}
}

// The tree file holds every node, each below its parent's path, a permalink whole, with
// the marks; links to it carry a hash of its bytes, the same for the same tree.
func TestNavTreeFile(t *testing.T) {
	got := makeNavTree(foldTree(), "en", "en", "untranslated", "draft")
	want := `{"base":"../","home":"/en/","lang":"en","standIn":"untranslated","draft":"draft","nodes":[` +
		`{"t":"A","u":"a/","c":[{"t":"Sub","u":"sub/","c":[{"t":"Y","u":"y/","d":1}]},{"t":"X","u":"x/"}]},` +
		`{"t":"B","u":"b/","c":[{"t":"Perma \u003c1\u003e","u":"/en/elsewhere/perma/"},{"t":"Z","u":"z/","l":"de","f":1}]},` +
		`{"t":"C","u":"c/"}]}`
	if string(got.data) != want {
		t.Errorf("tree file\n%s\nwant\n%s", got.data, want)
	}
	if !json.Valid(got.data) {
		t.Error("not JSON")
	}
	if again := makeNavTree(foldTree(), "en", "en", "untranslated", "draft"); again.version != got.version || len(got.version) != len("?v=")+10 {
		t.Errorf("versions %q and %q of one tree", got.version, again.version)
	}
}
