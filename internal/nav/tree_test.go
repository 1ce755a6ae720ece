package nav

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/text/language"
)

func entries() []Entry {
	return []Entry{
		{Path: "", URL: "/en/", Title: "Home", Section: true},
		{Path: "docs", URL: "/en/docs/", Title: "Documentation", LinkTitle: "Docs", Section: true, Weight: 10},
		{Path: "docs/b", URL: "/en/docs/b/", Title: "Beta", Weight: 2},
		{Path: "docs/a", URL: "/en/docs/a/", Title: "Alpha", Weight: 2},
		{Path: "docs/z", URL: "/en/docs/z/", Title: "Zed", Weight: 1},
		{Path: "docs/u", URL: "/en/docs/u/", Title: "Unweighted"},
		{Path: "docs/deep/x", URL: "/en/docs/deep/x/", Title: "X", StandIn: true, TitleLang: "zh-Hans"},
		{Path: "blog", URL: "/en/blog/", Title: "Blog", Section: true, Weight: 20},
		{Path: "blog/p", URL: "/en/blog/p/", Title: "Post"},
		{Path: "about", URL: "/en/about/", Title: "About", Weight: 30},
	}
}

func titles(ls []Link) string {
	var b []string
	for _, l := range ls {
		s := l.Title
		if l.Current {
			s += "*"
		}
		if len(l.Children) > 0 {
			s += "(" + titles(l.Children) + ")"
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

// Siblings are in reading order: weight, unweighted last, then title; a folder without
// _index.md gets a generated section; reading order is depth first.
func TestTreeOrder(t *testing.T) {
	tr := Build("en", language.English, entries())
	var got []string
	for _, n := range tr.order {
		got = append(got, n.NavTitle())
	}
	want := "Home Docs Zed Alpha Beta Deep X Unweighted Blog Post About"
	if strings.Join(got, " ") != want {
		t.Errorf("reading order\ngot  %s\nwant %s", strings.Join(got, " "), want)
	}
	gen := tr.Generated()
	if len(gen) != 1 || gen[0].URL != "/en/docs/deep/" || gen[0].Title != "Deep" {
		t.Errorf("generated = %+v", gen)
	}
}

// The sidebar holds the top level and the way to the page, not the whole tree.
func TestView(t *testing.T) {
	tr := Build("en", language.English, entries())
	v := tr.View("/en/docs/deep/x/")
	if got, want := titles(v.Sidebar()), "Docs(Zed Alpha Beta Deep(X*) Unweighted) Blog About"; got != want {
		t.Errorf("sidebar\ngot  %s\nwant %s", got, want)
	}
	if got := titles(v.Breadcrumbs()); got != "Home Docs Deep" {
		t.Errorf("breadcrumbs = %s", got)
	}
	if v.Breadcrumbs()[1].Href != "../../" || v.Prev().Title != "Deep" || v.Next().Title != "Unweighted" {
		t.Errorf("breadcrumb href %q, prev %+v, next %+v", v.Breadcrumbs()[1].Href, v.Prev(), v.Next())
	}
	x := v.Sidebar()[0].Children[3].Children[0]
	if !x.StandIn || x.Lang != "zh-Hans" || !x.Current {
		t.Errorf("stand-in link = %+v", x)
	}
	home := tr.View("/en/")
	if home.Prev() != nil || titles(home.Children()) != "Docs Blog About" || titles(home.Sidebar()) != "Docs Blog About" {
		t.Errorf("home: prev %v, children %s, sidebar %s", home.Prev(), titles(home.Children()), titles(home.Sidebar()))
	}
	if last := tr.View("/en/about/"); last.Next() != nil || last.Children() != nil {
		t.Errorf("last page: next %v children %v", last.Next(), last.Children())
	}
	if v := tr.View("/en/nowhere/"); v.Sidebar() != nil || v.Prev() != nil || v.Next() != nil || v.InTree() {
		t.Error("a page not in the tree has navigation")
	}
}

// Titles sort in the language's collation, not by bytes.
func TestCollation(t *testing.T) {
	tr := Build("de", language.German, []Entry{
		{Path: "b", URL: "/de/b/", Title: "Zebra"},
		{Path: "a", URL: "/de/a/", Title: "Äpfel"},
		{Path: "c", URL: "/de/c/", Title: "Birne"},
	})
	if got := titles(tr.View("/de/").Children()); got != "Äpfel Birne Zebra" {
		t.Errorf("order = %s", got)
	}
}

// Siblings sort as Hugo's default: weight, then date newest first (undated last), then
// link title, then path.
func TestHugoDefaultOrder(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 5, d, 0, 0, 0, 0, time.UTC) }
	tr := Build("en", language.English, []Entry{
		{Path: "blog", URL: "/en/blog/", Title: "Blog", Section: true},
		{Path: "blog/a", URL: "/en/blog/a/", Title: "A new default", Date: day(1)},
		{Path: "blog/b", URL: "/en/blog/b/", Title: "2024 candidates", Date: day(20)},
		{Path: "blog/c", URL: "/en/blog/c/", Title: "Pinned", Weight: 1, Date: day(2)},
		{Path: "blog/d", URL: "/en/blog/d/", Title: "Undated"},
		{Path: "blog/e", URL: "/en/blog/e/", Title: "Same day", Date: day(20)},
		{Path: "blog/f", URL: "/en/blog/f/", Title: "Same", LinkTitle: "Same day", Date: day(20)},
	})
	if got, want := titles(tr.View("/en/blog/").Children()), "Pinned 2024 candidates Same day Same day A new default Undated"; got != want {
		t.Errorf("order\ngot  %s\nwant %s", got, want)
	}
	if kids := tr.View("/en/blog/").Children(); kids[2].Href != "e/" || kids[3].Href != "f/" || !kids[1].Date.Equal(day(20)) {
		t.Errorf("same link title and date: by path; got %+v", kids)
	}
}

// A section has a feed when a listed page of the language's own below it has a date; the
// feed lists them newest first, capped; a page links to the feeds of its sections.
func TestFeeds(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 5, d, 0, 0, 0, 0, time.UTC) }
	tr := Build("en", language.English, []Entry{
		{Path: "blog", URL: "/en/blog/", Title: "Blog", Section: true},
		{Path: "blog/2024/a", URL: "/en/blog/2024/a/", Title: "A", Date: day(1)},
		{Path: "blog/2024/b", URL: "/en/blog/2024/b/", Title: "B", Date: day(3), Weight: 1},
		{Path: "blog/c", URL: "/en/blog/c/", Title: "C", Date: day(2)},
		{Path: "blog/u", URL: "/en/blog/u/", Title: "U", Date: day(9), Unlisted: true},
		{Path: "news/x", URL: "/en/news/x/", Title: "X", Date: day(9), StandIn: true},
		{Path: "docs/y", URL: "/en/docs/y/", Title: "Y"},
		{Path: "", URL: "/en/", Title: "Home", Date: day(9)},
	})
	var feeds []string
	for _, n := range tr.Feeds() {
		feeds = append(feeds, n.URL)
	}
	if got := strings.Join(feeds, " "); got != "/en/blog/ /en/blog/2024/" {
		t.Errorf("feeds = %s", got)
	}
	blog := tr.Node("/en/blog/")
	if got := nodeTitles(tr.FeedEntries(blog, 20)); got != "B C A" {
		t.Errorf("blog feed = %s", got)
	}
	if got := nodeTitles(tr.FeedEntries(blog, 2)); got != "B C" {
		t.Errorf("capped feed = %s", got)
	}
	if got := nodeTitles(tr.View("/en/blog/2024/a/").Feeds()); got != "2024 Blog" {
		t.Errorf("feeds of a post = %s", got)
	}
	if got := tr.View("/en/docs/y/").Feeds(); got != nil {
		t.Errorf("an undated section links to %s", nodeTitles(got))
	}
}

func nodeTitles(ns []*Node) string {
	var b []string
	for _, n := range ns {
		b = append(b, n.NavTitle())
	}
	return strings.Join(b, " ")
}

// Pages of several sections (a tag's) sort as siblings do.
func TestSort(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 5, d, 0, 0, 0, 0, time.UTC) }
	tr := Build("en", language.English, []Entry{
		{Path: "a/x", URL: "/en/a/x/", Title: "X", Date: day(1)},
		{Path: "b/y", URL: "/en/b/y/", Title: "Y", Date: day(2)},
		{Path: "c/z", URL: "/en/c/z/", Title: "Z"},
		{Path: "c/w", URL: "/en/c/w/", Title: "W", Weight: 5},
	})
	nodes := []*Node{tr.Node("/en/c/z/"), tr.Node("/en/a/x/"), tr.Node("/en/c/w/"), tr.Node("/en/b/y/")}
	Sort(language.English, nodes)
	if got := nodeTitles(nodes); got != "W Y X Z" {
		t.Errorf("sorted = %s", got)
	}
}
