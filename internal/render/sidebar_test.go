package render

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"docsite/internal/nav"
)

// A section of 120 pages does not put 120 links on each of them: a page's sidebar shows
// the chunk of 25 holding it and a link to the section's page, and the current entry is
// marked in it.
func TestSidebarChunks(t *testing.T) {
	entries := []nav.Entry{{Path: "", URL: "/en/", Title: "Home", Section: true},
		{Path: "big", URL: "/en/big/", Title: "Big", Section: true}}
	for i := range 120 {
		entries = append(entries, nav.Entry{Path: fmt.Sprintf("big/p%03d", i), URL: fmt.Sprintf("/en/big/p%03d/", i),
			Title: fmt.Sprintf("P%03d", i), Weight: i + 1})
	}
	tree := nav.Build("en", language.English, entries)
	sb := newSidebars(sidebarMarks{more: "More", lang: "en"})
	page := func(url string) string {
		p := &Page{Navigation: tree.View(url), tree: tree, sidebars: sb, URL: url}
		return string(p.Sidebar())
	}
	html := page("/en/big/p070/")
	if n := strings.Count(html, "<li"); n != 1+25+1 {
		t.Errorf("%d entries, want the section, 25 pages and a link to the rest:\n%s", n, html)
	}
	if !strings.Contains(html, `<a href="../p070/" aria-current="page">P070</a>`) || strings.Contains(html, "P049") || !strings.Contains(html, "P050") {
		t.Errorf("the chunk of P070 is not shown or not marked:\n%s", html)
	}
	if !strings.Contains(html, `<li class="more"><a href="../">More</a></li>`) {
		t.Errorf("no link to the section's page:\n%s", html)
	}
	if other := page("/en/big/p071/"); strings.Contains(other, `P070</a>`) && strings.Contains(other, `"../p070/" aria-current`) {
		t.Error("the shared chunk kept another page's mark")
	}
}
