package build

import (
	"strings"
	"testing"

	"docsite/internal/diag"

	"golang.org/x/tools/txtar"
)

// hugoSite is testdata/sites/hugo-sections.txtar, extracted.
func hugoSite(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/sites/hugo-sections.txtar")
	if err != nil {
		t.Fatal(err)
	}
	return extract(t, ar)
}

func mustContain(t *testing.T, files map[string][]byte, name string, wants ...string) {
	t.Helper()
	page, ok := files[name]
	if !ok {
		t.Errorf("%s was not written", name)
		return
	}
	for _, w := range wants {
		if !strings.Contains(string(page), w) {
			t.Errorf("%s lacks %s", name, w)
		}
	}
}

// A site in Hugo's layout builds as its authors expect: sections at their folders' URLs,
// generated pages for sections without _index.md, a home page listing the top level,
// links resolved in the page's language, an alias, drafts left out.
func TestHugoLayout(t *testing.T) {
	files, res := mustBuild(t, hugoSite(t), Options{})
	mustContain(t, files, "en/docs/index.html", "<title>Documentation · Field guide</title>",
		`<meta name="description" content="How to use it.">`, `<h2 id="children-heading">In this section</h2>`,
		`<li><a href="basics/">The basics</a> <time datetime="2024-05-31">May 31, 2024</time><p>What to know first.</p></li>`)
	mustContain(t, files, "en/docs/concepts/index.html", "<h1>Concepts</h1>", `<a href="one/">One concept</a>`)
	mustContain(t, files, "en/index.html", `<a href="docs/">Docs</a><p>How to use it.</p>`, `<a href="blog/">Blog</a>`)
	if strings.Contains(string(files["en/index.html"]), "The basics</a>") {
		t.Error("the home page lists pages below the top level")
	}
	mustContain(t, files, "en/docs/basics/index.html",
		`<a href="../setup/#before-you-start">setup</a>`, `<a href="../concepts/">concepts</a>`,
		`<img src="../../../images/logo.svg" alt="Logo">`, `<a href="../../../zh/docs/basics/">`,
		`<time datetime="2024-06-02">June 2, 2024</time>`, `<li class="toc-h3"><a href="#details">Details</a></li>`,
		`<a class="next" rel="next" href="../setup/">`)
	mustContain(t, files, "zh/docs/basics/index.html", `<h2 id="first-steps">第一步</h2>`,
		`<a href="../concepts/">概念</a>`, `<time datetime="2024-06-02">2024年6月2日</time>`)
	mustContain(t, files, "ar/docs/basics/index.html", `<html lang="ar" dir="rtl">`, `<h2 id="first-steps">`)
	mustContain(t, files, "zh/blog/hello-world/index.html", `<a href="../hello-world/" aria-current="page" lang="en">Hello <small class="mark" lang="zh-Hans">（未翻译）</small></a>`)
	mustContain(t, files, "en/docs/basics/index.html", `<a href="../../blog/hello-world/">the blog</a>`) // slug
	mustContain(t, files, "images/logo.svg", "<svg")
	mustContain(t, files, "ar/docs/setup/diagram.svg", "<svg")        // the English bundle's image
	mustContain(t, files, "en/docs/setup/install.sh", "echo install") // a download beside the page
	mustContain(t, files, "en/old-basics/index.html", `<meta http-equiv="refresh" content="0; url=../docs/basics/">`,
		`<link rel="canonical" href="https://guide.example.org/en/docs/basics/">`)
	mustContain(t, files, "en/docs/install/index.html", `url=../setup/`)    // relative to the page's folder
	mustContain(t, files, "en/docs/old-name/index.html", `url=../renamed/`) // over the stand-in of the zh page
	if strings.Contains(string(files["sitemap.xml"]), "old-basics") {
		t.Error("the alias is in the sitemap")
	}
	if _, ok := files["en/docs/draft/index.html"]; ok {
		t.Error("a draft was published")
	}
	if _, ok := files["en/_includes/note/index.html"]; ok {
		t.Error("a partial (content/en/_includes/) was published")
	}
	var dead []string
	for _, d := range res.Diags {
		if d.Code == "dead-link" {
			dead = append(dead, d.Error())
		}
	}
	want := []string{
		`content/en/docs/concepts/one.md:4: warning: dead-link: link "../basics.md#nowhere": /en/docs/basics/ has no anchor #nowhere`,
		`content/en/docs/concepts/one.md:4: warning: dead-link: link "missing.md": no such page`,
	}
	if strings.Join(dead, "\n") != strings.Join(want, "\n") {
		t.Errorf("dead links:\ngot  %s\nwant %s", strings.Join(dead, "\n"), strings.Join(want, "\n"))
	}

	drafts, _ := mustBuild(t, hugoSite(t), Options{Drafts: true})
	mustContain(t, drafts, "en/docs/draft/index.html", `class="notice notice-draft"`)

	if _, _, err := buildDir(t, hugoSite(t), Options{Strict: true}); err == nil || !strings.Contains(err.Error(), "content/en/docs/concepts/one.md:4: error: dead-link") {
		t.Errorf("-strict: err = %v, want the dead links as errors", err)
	}
}

// What a Hugo site may get wrong is an error naming the files, and the build fails.
func TestHugoLayoutErrors(t *testing.T) {
	for _, tt := range []struct {
		name, add, want string
		strict          bool
	}{
		{"alias at a page", "-- content/en/x.md --\n---\naliases: [/docs/]\n---\n",
			"content/en/x.md:2: error: url-conflict: alias /en/docs/ is the URL of a page (content/en/docs/_index.md); the alias is dropped", true},
		{"alias of itself", "-- content/en/x.md --\n---\naliases: [x]\n---\n",
			"content/en/x.md:2: error: url-conflict: alias /en/x/ is the URL of a page (content/en/x.md)", true},
		{"one alias for two pages", "-- content/en/x.md --\n---\naliases: [/old-basics/]\n---\n",
			"content/en/x.md:2: error: url-conflict: alias /en/old-basics/ is also an alias of /en/docs/basics/ (content/en/docs/basics.md); this one is dropped", true},
		{"two files at one URL", "-- content/en/docs/basics/_index.md --\nx\n",
			"content/en/docs/basics.md:1:1: error: url-conflict: content/en/docs/basics/_index.md and content/en/docs/basics.md are both the page at /en/docs/basics/", false},
		{"slug index.html", "-- content/en/docs/x.md --\n---\ntitle: X\nslug: index.html\n---\n# X\n",
			"content/en/docs/x.md:3:1: error: url-conflict: en/docs/index.html/, the page of content/en/docs/x.md, would be a folder inside " +
				"en/docs/index.html, the file of the page at en/docs/ (content/en/docs/_index.md:1): one would remove the other", false},
		{"file index.html.md", "-- content/en/docs/concepts/index.html.md --\n# X\n",
			"content/en/docs/concepts/index.html.md:1:1: error: url-conflict: en/docs/concepts/index.html/, the page of content/en/docs/concepts/index.html.md, " +
				"would be a folder inside en/docs/concepts/index.html, the file of the page at en/docs/concepts/ (the page generated for the section en/docs/concepts/)", false},
		{"folder index.html", "-- content/en/index.html/y.md --\n# Y\n",
			"content/en/index.html/y.md:1:1: error: url-conflict: en/index.html/y/, the page of content/en/index.html/y.md, would be a folder inside en/index.html", false},
		{"static file in a language folder", "-- static/en/index.html --\nx\n",
			"static/en/index.html: error: url-conflict: published at /en/index.html, inside the folder /en/", false},
		{"front matter type", "-- content/en/y.md --\n\uFEFF---\ntitle: Y\nweight: [1]\n---\n",
			"content/en/y.md:3:1: error: front-matter: front matter: weight: want a whole number, got a list", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := hugoSite(t)
			extract(t, txtar.Parse([]byte(tt.add)), dir)
			_, _, err := buildDir(t, dir, Options{Strict: tt.strict})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v\nwant %s", err, tt.want)
			}
		})
	}
	// Without -strict a clashing alias is dropped with a warning and the site builds.
	dir := hugoSite(t)
	extract(t, txtar.Parse([]byte("-- content/en/x.md --\n---\naliases: [/docs/]\n---\n")), dir)
	files, res := mustBuild(t, dir, Options{})
	found := false
	for _, d := range res.Diags {
		found = found || d.Code == "url-conflict" && d.Severity == diag.Warning
	}
	if !found || !strings.Contains(string(files["en/docs/index.html"]), "<h1>Documentation</h1>") {
		t.Errorf("clashing alias: warning %t, en/docs/ kept its page: %t", found, strings.Contains(string(files["en/docs/index.html"]), "<h1>"))
	}
}

// A site with fifteen language folders and no site.toml: folder codes become BCP 47 tags
// (zh-cn is zh-CN), the switcher is a menu listing every language in its own name with
// the current one marked, and right-to-left languages get dir="rtl".
func TestFifteenLanguages(t *testing.T) {
	codes := []string{"en", "zh-cn", "zh-tw", "pt-br", "ar", "he", "fa", "ur", "ja", "ko", "de", "fr", "es", "ru", "hi"}
	var site strings.Builder
	for _, c := range codes {
		site.WriteString("-- content/" + c + "/a.md --\n# A\n")
	}
	files, _ := mustBuild(t, siteFromText(t, site.String()), Options{})
	en := string(files["en/a/index.html"])
	if strings.Count(en, `hreflang="`) < 2*len(codes) || !strings.Contains(en, `<details class="lang-menu">`) {
		t.Errorf("en/a has no language menu of %d languages", len(codes))
	}
	// Names as a menu writes them: CLDR's, capitalised where the script has case, Chinese
	// by script, Brazilian Portuguese with its region.
	for tag, name := range map[string]string{"zh-CN": "简体中文", "zh-TW": "繁體中文", "pt-BR": "Português (Brasil)",
		"ar": "العربية", "ja": "日本語", "es": "Español", "fr": "Français", "ru": "Русский"} {
		if !strings.Contains(en, `lang="`+tag+`">`+name+"</a>") {
			t.Errorf("the switcher lacks %s written %s", tag, name)
		}
	}
	for _, c := range codes {
		page := string(files[c+"/a/index.html"])
		rtl := strings.Contains(page, ` dir="rtl"`)
		if want := c == "ar" || c == "he" || c == "fa" || c == "ur"; rtl != want {
			t.Errorf("%s: dir=rtl is %t", c, rtl)
		}
		if !strings.Contains(page, `aria-current="page">`) {
			t.Errorf("%s: the switcher does not mark the current language", c)
		}
	}
	if !strings.Contains(string(files["zh-cn/a/index.html"]), `<html lang="zh-CN"`) {
		t.Error("zh-cn is not tagged zh-CN")
	}
}
