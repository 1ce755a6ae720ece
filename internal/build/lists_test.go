package build

import (
	"context"
	"encoding/xml"
	"regexp"
	"strings"
	"testing"
	"time"

	"docsite/internal/diag"
)

// listed is the titles of the links of a page's listing ("In this section"), in order.
func listed(t *testing.T, files map[string][]byte, rel string) string {
	t.Helper()
	page := string(files[rel])
	_, list, ok := strings.Cut(page, `class="page-list"`)
	if !ok {
		t.Fatalf("%s has no listing", rel)
	}
	list, _, _ = strings.Cut(list, "</ul>")
	var out []string
	for _, m := range regexp.MustCompile(`<li><a href="[^"]*"[^>]*>([^<]*)</a>`).FindAllStringSubmatch(list, -1) {
		out = append(out, m[1])
	}
	return strings.Join(out, " | ")
}

// A section lists its pages as Hugo sorts them by default (weight, then date newest first,
// then link title), each with its date in the page's locale.
func TestHugoLists(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/hugo/lists.txtar"), Options{})
	if got, want := listed(t, files, "en/blog/index.html"),
		"2025 | Pinned | A new default bind address | 2024 GC Candidates | Zebra crossings"; got != want {
		t.Errorf("blog listing\ngot  %s\nwant %s", got, want)
	}
	wantIn(t, files, "en/blog/index.html", []string{
		`<a href="bind-address/">A new default bind address</a> <time datetime="2024-05-10">May 10, 2024</time></li>`,
		`<a href="zebra/">Zebra crossings</a> <time datetime="2023-01-01">January 1, 2023</time><p>An old post, with a description.</p></li>`,
	}, nil)
	wantIn(t, files, "de/blog/index.html", []string{
		`<a href="bind-address/">Eine neue Standardadresse</a> <time datetime="2024-05-10">10. Mai 2024</time></li>`,
	}, nil)
	wantIn(t, files, "en/docs/index.html", []string{`<a href="setup/">Setup</a></li>`}, nil)
}

// atom is what TestHugoFeeds reads of a feed: the elements Atom 1.0 requires (RFC 4287:
// a feed's id, title, updated and, without one in each entry, author; an entry's id,
// title, updated) and the ones docsite writes.
type atom struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Lang    string   `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	ID      string   `xml:"http://www.w3.org/2005/Atom id"`
	Title   string   `xml:"http://www.w3.org/2005/Atom title"`
	Updated string   `xml:"http://www.w3.org/2005/Atom updated"`
	Author  string   `xml:"http://www.w3.org/2005/Atom author>name"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"http://www.w3.org/2005/Atom link"`
	Entries []struct {
		ID        string `xml:"http://www.w3.org/2005/Atom id"`
		Title     string `xml:"http://www.w3.org/2005/Atom title"`
		Updated   string `xml:"http://www.w3.org/2005/Atom updated"`
		Published string `xml:"http://www.w3.org/2005/Atom published"`
		Summary   string `xml:"http://www.w3.org/2005/Atom summary"`
		Link      struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		} `xml:"http://www.w3.org/2005/Atom link"`
	} `xml:"http://www.w3.org/2005/Atom entry"`
}

func parseFeed(t *testing.T, files map[string][]byte, rel string) atom {
	t.Helper()
	data, ok := files[rel]
	if !ok {
		t.Fatalf("%s was not written", rel)
	}
	var f atom
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	for _, s := range []string{f.ID, f.Title, f.Updated, f.Author} {
		if s == "" {
			t.Errorf("%s lacks a required element: %+v", rel, f)
		}
	}
	if _, err := time.Parse(time.RFC3339, f.Updated); err != nil {
		t.Errorf("%s: updated: %v", rel, err)
	}
	for _, e := range f.Entries {
		if e.ID == "" || e.Title == "" || e.Updated == "" || e.Link.Href == "" {
			t.Errorf("%s: an entry lacks a required element: %+v", rel, e)
		}
		if _, err := time.Parse(time.RFC3339, e.Updated); err != nil {
			t.Errorf("%s: entry updated: %v", rel, err)
		}
	}
	return f
}

// Each section with dated pages has an Atom feed per language, its entries newest first
// with absolute URLs, title, dates and summary; the section's pages link to it. Without
// a host there is no feed, and one warning.
func TestHugoFeeds(t *testing.T) {
	dir := siteDir(t, "testdata/hugo/lists.txtar")
	files, res := mustBuild(t, dir, Options{})
	f := parseFeed(t, files, "en/blog/atom.xml")
	var got []string
	for _, e := range f.Entries {
		got = append(got, e.Title+" "+e.Published[:10]+" "+e.Summary)
	}
	want := []string{
		"New year 2025-01-02 A new year.",
		"A new default bind address 2024-05-10 The collector now listens on localhost & nothing else.",
		"2024 GC Candidates 2024-03-01 Meet the candidates for the governance committee.",
		"Zebra crossings 2023-01-01 An old post, with a description.",
		"Pinned 2022-01-01 Read this first.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blog feed entries\ngot  %q\nwant %q", got, want)
	}
	if f.Lang != "en" || f.ID != "https://notes.example.org/en/blog/atom.xml" || f.Title != "Blog · Field notes" ||
		f.Updated != "2025-01-02T00:00:00Z" || f.Entries[1].Updated != "2024-06-01T00:00:00Z" ||
		f.Entries[1].Link.Href != "https://notes.example.org/en/blog/bind-address/" {
		t.Errorf("blog feed = %+v", f)
	}
	if de := parseFeed(t, files, "de/blog/atom.xml"); de.Lang != "de" || len(de.Entries) != 1 {
		t.Errorf("German feed = %+v", de) // its own post, not the English stand-ins
	}
	if y := parseFeed(t, files, "en/blog/2025/atom.xml"); len(y.Entries) != 1 {
		t.Errorf("2025 feed = %+v", y)
	}
	for _, rel := range []string{"en/docs/atom.xml", "en/atom.xml"} {
		if files[rel] != nil {
			t.Errorf("%s written: a section without dated pages, or the home page", rel)
		}
	}
	wantIn(t, files, "en/blog/2025/new-year/index.html", []string{
		`<link rel="alternate" type="application/atom+xml" title="2025 · Field notes" href="../atom.xml">`,
		`<link rel="alternate" type="application/atom+xml" title="Blog · Field notes" href="../../atom.xml">`}, nil)
	wantIn(t, files, "en/blog/index.html", []string{`<link rel="alternate" type="application/atom+xml" title="Blog · Field notes" href="atom.xml">`}, nil)
	wantIn(t, files, "en/docs/setup/index.html", nil, []string{"application/atom+xml"})
	wantIn(t, files, "en/news/atom.xml", []string{"the author's own"}, nil)
	if !hasDiag(res.Diags, "content/en/news/atom.xml", "feed") {
		t.Errorf("no feed warning for the content file at the feed's place: %v", res.Diags)
	}

	files, res = mustBuild(t, dir, Options{BaseURL: "/notes/"})
	if files["en/blog/atom.xml"] != nil || strings.Contains(string(files["en/blog/index.html"]), "atom+xml") {
		t.Error("a feed without a host")
	}
	n := 0
	for _, d := range res.Diags {
		if d.Code == "feed" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d feed warnings without a host, want 1: %v", n, res.Diags)
	}
}

func hasDiag(ds diag.List, file, code string) bool {
	for _, d := range ds {
		if d.File == file && d.Code == code {
			return true
		}
	}
	return false
}

// The dates, the listings and the feeds (summaries from the bodies' first paragraphs) of a
// cached build are a clean build's after each edit: a post's lead, its description, its
// date, a title edit that writes every other page around its cached body, tags.
func TestCacheFeeds(t *testing.T) {
	dir := siteDir(t, "testdata/hugo/lists.txtar")
	_, edit := editors(t, dir)
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"nothing changed", func() {}, all, nil},
		{"lead", edit("content/en/blog/gc-candidates.md", func(s string) string {
			return strings.Replace(s, "Meet the", "Meet all the", 1)
		}), allButOne, nil},
		{"title", edit("content/en/blog/pinned.md", func(s string) string {
			return strings.Replace(s, "title: Pinned", "title: Pinned post", 1)
		}), none, allButOne},
		{"description dropped", edit("content/en/blog/zebra.md", func(s string) string {
			return strings.Replace(s, "description: An old post, with a description.\n", "", 1)
		}), none, allButOne},
		{"date", edit("content/en/docs/setup.md", func(s string) string {
			return strings.Replace(s, "title: Setup\n", "title: Setup\ndate: 2026-01-01\n", 1)
		}), none, allButOne},
		{"tags", edit("content/en/blog/zebra.md", func(s string) string {
			return strings.Replace(s, "title: Zebra crossings\n", "title: Zebra crossings\ntags: [Zebras, Security]\n", 1)
		}), none, allButOne}, // front matter: every other page is put through the templates again
	})
}

// A live rebuild after an edit of a post gives what a full build gives: the listing's
// order and dates, the feed's entries and summaries, the tag pages.
func TestLiveFeeds(t *testing.T) {
	dir := siteDir(t, "testdata/hugo/lists.txtar")
	live, first := startLive(t, dir)
	_, edit := editors(t, dir)
	before := first.Result.Diags
	for _, step := range []struct {
		name, file string
		fn         func(string) string
	}{
		{"lead", "content/en/blog/gc-candidates.md", func(s string) string { return strings.Replace(s, "Meet the", "Meet all the", 1) }},
		{"date", "content/en/blog/zebra.md", func(s string) string { return strings.Replace(s, "2023-01-01", "2026-01-01", 1) }},
		{"title", "content/en/blog/pinned.md", func(s string) string { return strings.Replace(s, "title: Pinned", "title: Pinned post", 1) }},
		{"tags", "content/en/blog/zebra.md", func(s string) string { return strings.Replace(s, "date:", "tags: [Zebras]\ndate:", 1) }},
		{"tag renamed", "content/en/blog/zebra.md", func(s string) string { return strings.Replace(s, "[Zebras]", "[Security]", 1) }},
	} {
		edit(step.file, step.fn)()
		snap, err := live.Build(context.Background(), []string{step.file})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		before = sameAsFull(t, step.name, dir, snap, before)
	}
}

// Tags give each language a list of its tags with their counts and a page per tag
// listing its pages (sorted as a section's, from every section); a page shows its tags,
// linked. Tags of one slug are one tag; a tag without a URL is a warning.
func TestHugoTags(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/hugo/lists.txtar"), Options{})
	wantIn(t, files, "en/tags/index.html", []string{
		`<title>Tags · Field notes</title>`,
		`<li><a href="community/">community</a> <span class="count">(3)</span></li>
<li><a href="elections/">Elections</a> <span class="count">(1)</span></li>
<li><a href="security/">Security</a> <span class="count">(1)</span></li>`,
		`<a href="../../de/tags/" hreflang="de" lang="de">`}, nil)
	if got, want := listed(t, files, "en/tags/community/index.html"),
		"A new default bind address | 2024 GC Candidates | Tagged doc"; got != want {
		t.Errorf("community\ngot  %s\nwant %s", got, want)
	}
	wantIn(t, files, "en/tags/community/index.html", []string{
		`<h1>community</h1>`, `<a href="../../blog/bind-address/">A new default bind address</a> <time datetime="2024-05-10">`,
		`<p class="tags-up"><a href="../">Tags</a></p>`}, nil)
	wantIn(t, files, "en/blog/gc-candidates/index.html", []string{`<nav class="page-tags" aria-label="Tags">Tags: <ul>
<li><a href="../../tags/community/" rel="tag">Community</a></li>
<li><a href="../../tags/elections/" rel="tag">Elections</a></li>
</ul></nav>`}, nil)
	wantIn(t, files, "de/tags/index.html", []string{`<h1>Schlagwörter</h1>`, `<a href="sicherheit/">Sicherheit</a> <span class="count">(1)</span>`}, []string{"community"})
	wantIn(t, files, "de/blog/gc-candidates/index.html", nil, []string{"page-tags"}) // a stand-in: the English tags are not the German ones
	wantIn(t, files, "de/blog/bind-address/index.html", []string{`<a href="../../tags/sicherheit/" rel="tag">Sicherheit</a>`}, nil)
	wantIn(t, files, "en/docs/tagged/index.html", []string{`rel="tag">community</a>`}, []string{"???"})
	wantIn(t, files, "sitemap.xml", []string{"<loc>https://notes.example.org/en/tags/community/</loc>", "<loc>https://notes.example.org/de/tags/</loc>"}, nil)
	if !hasDiag(res.Diags, "content/en/docs/tagged.md", "tags") {
		t.Errorf("no warning for the tag without a URL: %v", res.Diags)
	}
}

// A language with a page of its own at tags/ gets no tag pages, with a warning.
func TestTagsPlaceTaken(t *testing.T) {
	dir := siteDir(t, "testdata/hugo/lists.txtar")
	writeSrc(t, dir, "content/en/tags/_index.md", "---\ntitle: Our tags\n---\nHand-written.\n")
	files, res := mustBuild(t, dir, Options{})
	wantIn(t, files, "en/tags/index.html", []string{"Hand-written."}, nil)
	wantIn(t, files, "en/blog/gc-candidates/index.html", nil, []string{"page-tags"})
	if files["en/tags/community/index.html"] != nil || files["de/tags/index.html"] == nil {
		t.Error("tag pages written over the section, or not in German")
	}
	if !hasDiag(res.Diags, "content/en/tags/_index.md", "tags") {
		t.Errorf("no warning: %v", res.Diags)
	}
}
