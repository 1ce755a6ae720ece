package route

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		file string
		want Source
		ok   bool
	}{
		{"content/en/a/b.md", Source{"en", "a/b", Regular}, true},
		{"content/en/gpu-cloud.md", Source{"en", "gpu-cloud", Regular}, true},
		{"content/zh/index.md", Source{"zh", "", Home}, true},
		{"content/ja/guide/index.md", Source{"ja", "guide", Bundle}, true},
		{"content/en/guide/_index.md", Source{"en", "guide", Section}, true},
		{"content/en/_index.md", Source{"en", "", Home}, true},
		{"content/en/a/b/_index.md", Source{"en", "a/b", Section}, true},
		{"content/en/guide/indexes.md", Source{"en", "guide/indexes", Regular}, true},
		{"content/en/docs/install.mdx", Source{"en", "docs/install", Regular}, true},
		{"content/zh/guide/_index.mdx", Source{"zh", "guide", Section}, true},
		{"content/en/a/b.mdxx", Source{}, false},
		{"content/en/a/b.txt", Source{}, false},
		{"content/en.md", Source{}, false},
		{"static/en/a.md", Source{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.file)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.file, got, ok, tt.want, tt.ok)
		}
	}
}

// Every kind of content file, and a stand-in, lands where the package comment says.
func TestPlaces(t *testing.T) {
	tests := []struct{ file, lang, url, out string }{
		{"content/en/a/b.md", "en", "/en/a/b/", "en/a/b/index.html"},
		{"content/en/index.md", "en", "/en/", "en/index.html"},
		{"content/en/a/index.md", "en", "/en/a/", "en/a/index.html"},
		{"content/en/a/_index.md", "en", "/en/a/", "en/a/index.html"},
		{"content/en/a/b.md", "ja", "/ja/a/b/", "ja/a/b/index.html"}, // the stand-in in ja
	}
	for _, tt := range tests {
		src, _ := Parse(tt.file)
		url := URL(src.Lang, src.Path)
		if tt.lang != src.Lang {
			url = StandIn(tt.lang, src.Path)
		}
		if url != tt.url || File(url) != tt.out {
			t.Errorf("%s in %s: %s, %s; want %s, %s", tt.file, tt.lang, url, File(url), tt.url, tt.out)
		}
	}
}

func TestFile(t *testing.T) {
	for p, want := range map[string]string{"/en/a/": "en/a/index.html", Root: "index.html", NotFound: "404.html",
		Sitemap: "sitemap.xml", Feed("/en/blog/"): "en/blog/atom.xml", Static("site.css"): "static/site.css", ReviewIndex: "_review/index.html"} {
		if got := File(p); got != want {
			t.Errorf("File(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestWithSlug(t *testing.T) {
	for _, tt := range [][3]string{{"a/b", "", "a/b"}, {"a/b", "c", "a/c"}, {"b", "c", "c"},
		// Docusaurus: from the top-level folder (a docs plugin's root)
		{"docs/a/b", "/intro", "docs/intro"}, {"docs/a/b", "/x/y/", "docs/x/y"}, {"docs/a/b", "/", "docs"},
		{"b", "/", "b"}, {"b", "/c", "c"}} {
		if got := WithSlug(tt[0], tt[1]); got != tt[2] {
			t.Errorf("WithSlug(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

// A slug is one safe segment, or Docusaurus's rooted path of safe segments.
func TestSlugProblem(t *testing.T) {
	for slug, ok := range map[string]bool{"c": true, "/": true, "/a/b": true, "/a/b/": true,
		"a/b": false, "/a/../b": false, "/a:b": false, "..": false, "/a//b": false} {
		if why := SlugProblem(slug); (why == "") != ok {
			t.Errorf("SlugProblem(%q) = %q, want ok %v", slug, why, ok)
		}
	}
}

func TestCatalog(t *testing.T) {
	for got, want := range map[string]string{GPUs("zh"): "/zh/gpus/", GPU("zh", "h100"): "/zh/gpus/h100/",
		Provider("ja", "aws"): "/ja/providers/aws/", Pricing("en"): "/en/pricing/"} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestReview(t *testing.T) {
	file := ReviewFile("guide/install")
	if file != "_review/guide/install/index.html" {
		t.Errorf("ReviewFile = %q", file)
	}
	tests := []struct{ from, to, want string }{
		{file, URL("ja", "guide/install"), "../../../ja/guide/install/"},
		{file, ReviewStyle, "../../../_review/review.css"},
		{File(ReviewIndex), URL("en", "a"), "../en/a/"},
		{"index.html", URL("en", ""), "en/"},
	}
	for _, tt := range tests {
		if got := FromFile(tt.from, tt.to); got != tt.want {
			t.Errorf("FromFile(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
	if got := ReviewLink("guide/install"); got != "guide/install/" {
		t.Errorf("ReviewLink = %q", got)
	}
}

func TestBeside(t *testing.T) {
	for _, tt := range [][3]string{{"/en/a/", "img/x.png", "en/a/img/x.png"}, {"/en/", "x.png", "en/x.png"},
		{"/zh/a/b/", "./img/../y.png", "zh/a/b/y.png"}} {
		if got := Beside(tt[0], tt[1]); got != tt[2] {
			t.Errorf("Beside(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

func TestAlias(t *testing.T) {
	for _, tt := range [][3]string{{"en", "old", "/en/docs/old/"}, {"ja", "a/old/", "/ja/docs/a/old/"},
		{"en", "/legacy/page", "/en/legacy/page/"}, {"en", "/legacy/page.html", "/en/legacy/page.html"},
		{"en", "/ja/old", "/ja/old/"}, {"en", "../../x", "/x/"}} {
		isLang := func(code string) bool { return code == "en" || code == "ja" }
		if got := Alias(tt[0], "docs", tt[1], isLang); got != tt[2] {
			t.Errorf("Alias(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

// A tag's slug is Hugo's urlize of it, and always a safe segment.
func TestTagSlug(t *testing.T) {
	for tag, want := range map[string]string{"Open Source": "open-source", "Security": "security", "C++": "c++",
		"日本語": "日本語", "a/b?c#d%e": "abcde", " Kubernetes ": "kubernetes", "..": "", "?!": "", "v1.2": "v1.2"} {
		if got := TagSlug(tag); got != want {
			t.Errorf("TagSlug(%q) = %q, want %q", tag, got, want)
		}
		if got := TagSlug(tag); got != "" && Segment(got) != "" {
			t.Errorf("TagSlug(%q) = %q, not a safe segment", tag, got)
		}
	}
	if got := Tag("en", "open-source"); got != "/en/tags/open-source/" || Tags("ja") != "/ja/tags/" {
		t.Errorf("Tag = %q", got)
	}
}

func TestFolderPageIsFileReversed(t *testing.T) {
	for _, p := range []string{"/en/", "/en/gpus/h100/", "/_review/a/"} {
		if got, ok := FolderPage(File(p)); got != p || !ok {
			t.Errorf("FolderPage(File(%q)) = %q, %v", p, got, ok)
		}
	}
	for _, f := range []string{"index.html", "404.html", "en/404.html", "en/a/img.png", "en/aindex.html"} {
		if got, ok := FolderPage(f); ok {
			t.Errorf("FolderPage(%q) = %q, true; want no folder's page", f, got)
		}
	}
}

func TestIndexInside(t *testing.T) {
	tests := []struct{ p, holder string }{
		{"/en/a/index.html/", "/en/a/"},
		{"/en/a/index.html/b/", "/en/a/"},
		{"/en/index.html/", "/en/"},
		{"/en/a/b/", ""},
		{"/index.html/", ""}, // the language folder itself: no page of a language holds it
	}
	for _, tt := range tests {
		got, ok := IndexInside(tt.p)
		if got != tt.holder || ok != (tt.holder != "") {
			t.Errorf("IndexInside(%q) = %q, %v; want %q", tt.p, got, ok, tt.holder)
		}
	}
}

func TestRootRelative(t *testing.T) {
	isLang := func(code string) bool { return code == "en" || code == "ja" }
	atRoot := map[string]bool{"favicon.svg": true, "img/logo.png": true}
	tests := []struct{ p, want string }{
		{"/docs/x/", "/ja/docs/x/"},
		{"/en/docs/", "/en/docs/"},
		{"/favicon.svg", "/favicon.svg"},
		{"/img/logo.png", "/img/logo.png"},
		{"/img/other.png", "/ja/img/other.png"},
		{"/static/site.css", "/static/site.css"},
		{"/_search/ja/index.bin", "/_search/ja/index.bin"},
		{"/_review/", "/_review/"},
		{"/statics/a/", "/ja/statics/a/"},
	}
	for _, tt := range tests {
		if got := RootRelative("ja", tt.p, isLang, atRoot); got != tt.want {
			t.Errorf("RootRelative(ja, %q) = %q; want %q", tt.p, got, tt.want)
		}
	}
}

func TestOwnFolders(t *testing.T) {
	for _, p := range []string{Static("site.css"), ReviewStyle, SearchIndex("en") + "index.bin", NavTree("en")} {
		first, _, _ := strings.Cut(File(p), "/")
		if !OwnFolder(first) {
			t.Errorf("%s is in %s, which OwnFolder does not name", p, first)
		}
	}
	if got := SearchFile("zh", "index.bin"); got != File(SearchIndex("zh")+"index.bin") {
		t.Errorf("SearchFile = %q, not the file of SearchIndex's", got)
	}
	if !InReview(ReviewFile("a/b")) || !InReview(File(ReviewStyle)) || InReview("_reviewed/a/index.html") || InReview("en/_review/index.html") {
		t.Error("InReview takes another folder for the review's, or the review's for another")
	}
	if got := ContentFile("en", "docs/img/a.png"); FileURL(got) != "/en/docs/img/a.png" {
		t.Errorf("ContentFile and FileURL give %q", FileURL(got))
	}
	if Publishable(IndexFile) || !Publishable("a.png") {
		t.Error("Publishable: a content file named index.html would overwrite a page")
	}
}
