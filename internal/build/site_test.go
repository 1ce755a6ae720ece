package build

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"docsite/internal/diag"
	"docsite/internal/write"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// siteDir extracts a txtar site root into a temporary directory.
func siteDir(t *testing.T, archive string) string {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	return extract(t, a)
}

func extract(t *testing.T, a *txtar.Archive, into ...string) string {
	t.Helper()
	dir := t.TempDir()
	if len(into) > 0 {
		dir = into[0]
	}
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// siteFromText builds a site root from txtar text written inline in a test.
func siteFromText(t *testing.T, text string) string {
	t.Helper()
	return extract(t, txtar.Parse([]byte(text)))
}

func buildDir(t *testing.T, dir string, opts Options) (map[string][]byte, *Result, error) {
	t.Helper()
	opts.Source = dir
	mem := write.NewMemory()
	res, err := Run(context.Background(), opts, mem)
	return mem.Files(), res, err
}

func mustBuild(t *testing.T, dir string, opts Options) (map[string][]byte, *Result) {
	t.Helper()
	files, res, err := buildDir(t, dir, opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return files, res
}

// TestGolden builds each site in testdata/sites and compares every output file with
// testdata/golden/<site>/. Run with -update to rewrite them, then review the diff.
func TestGolden(t *testing.T) {
	archives, _ := filepath.Glob("testdata/sites/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no golden sites")
	}
	for _, archive := range archives {
		name := strings.TrimSuffix(filepath.Base(archive), ".txtar")
		t.Run(name, func(t *testing.T) {
			files, _ := mustBuild(t, siteDir(t, archive), Options{Review: true})
			for _, rel := range slices.Collect(maps.Keys(files)) {
				if strings.HasPrefix(rel, "static/") { // the theme's own files, not output of the site
					delete(files, rel)
				}
				if strings.HasPrefix(rel, "_search/") { // compressed JSON: compared as the JSON
					files[rel+".json"] = gunzip(t, rel, files[rel])
					delete(files, rel)
				}
			}
			golden := filepath.Join("testdata", "golden", name)
			if *update {
				os.RemoveAll(golden)
				for rel, data := range files {
					p := filepath.Join(golden, filepath.FromSlash(rel))
					os.MkdirAll(filepath.Dir(p), 0o755)
					if err := os.WriteFile(p, data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			var want []string
			filepath.WalkDir(golden, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(golden, p)
					want = append(want, filepath.ToSlash(rel))
				}
				return nil
			})
			slices.Sort(want)
			var got []string
			for rel := range files {
				got = append(got, rel)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("output files differ from golden:\n got %q\nwant %q", got, want)
			}
			for _, rel := range want {
				w, _ := os.ReadFile(filepath.Join(golden, filepath.FromSlash(rel)))
				if !bytes.Equal(files[rel], w) {
					t.Errorf("%s differs from golden (run go test -update and review):\n%s", rel, firstDiff(files[rel], w))
				}
			}
		})
	}
}

// gunzip inflates the gzip file name.
func gunzip(t *testing.T, name string, data []byte) []byte {
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return append(out, '\n')
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + a + "\nwant: " + b
		}
	}
	return ""
}

func TestDeterministic(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	a, _ := mustBuild(t, dir, Options{})
	prev := runtime.GOMAXPROCS(1)
	b, _ := mustBuild(t, dir, Options{})
	runtime.GOMAXPROCS(prev)
	if len(a) != len(b) {
		t.Fatalf("file counts differ: %d vs %d", len(a), len(b))
	}
	for rel, data := range a {
		if !bytes.Equal(data, b[rel]) {
			t.Errorf("%s differs between GOMAXPROCS=%d and 1", rel, prev)
		}
	}
}

// TestStandInPage: a page the default language has and Japanese lacks is shown in
// Japanese as a stand-in: the English body, its lang, a localized notice, canonical to
// the English page, and no Japanese alternate.
func TestStandInPage(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/sites/orphans.txtar"), Options{})
	ja := string(files["ja/setup/index.html"])
	for _, want := range []string{
		`<article lang="en">`,
		`<link rel="canonical" href="https://docs.example.org/en/setup/">`,
		`<link rel="alternate" hreflang="en" href="https://docs.example.org/en/setup/">`,
		`<link rel="alternate" hreflang="de" href="https://docs.example.org/de/setup/">`,
		`<link rel="alternate" hreflang="x-default" href="https://docs.example.org/en/setup/">`,
		"このページはまだ日本語に翻訳されていません。\u2068英語\u2069の原文を表示しています。",
		`<html lang="ja">`,
	} {
		if !strings.Contains(ja, want) {
			t.Errorf("ja/setup/index.html lacks %q", want)
		}
	}
	if strings.Contains(ja, `hreflang="ja" href="https://docs.example.org/ja/setup/"`) {
		t.Error("a stand-in claims a Japanese translation in hreflang")
	}
	if res.StandIns["ja"] != 1 || res.StandIns["en"] != 0 || res.StandIns["de"] != 0 {
		t.Errorf("stand-in counts = %v", res.StandIns)
	}
	if sum := res.Summary(); !strings.Contains(sum, " ja 2 incl. 1 stand-in,") && !strings.Contains(sum, " ja 2 incl. 1 stand-in)") {
		t.Errorf("summary %q does not say ja has one stand-in", sum)
	}
}

// TestOrphanPages: a page whose default-language version is missing (content/de/only.md,
// content/de/extra/more.md without content/en/…) is published only in the languages that
// have it, as Hugo does: no stand-in elsewhere, in no other language's sidebar, listing,
// sitemap or search index, and its language switcher sends readers of other languages to
// their home page.
func TestOrphanPages(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/sites/orphans.txtar"), Options{})
	for _, f := range []string{"de/only/index.html", "de/extra/index.html", "de/extra/more/index.html"} {
		if files[f] == nil {
			t.Errorf("%s is not published", f)
		}
	}
	for _, f := range []string{"en/only/index.html", "ja/only/index.html", "en/extra/index.html",
		"ja/extra/index.html", "en/extra/more/index.html", "ja/extra/more/index.html"} {
		if files[f] != nil {
			t.Errorf("%s is published: a stand-in of a page without an English source", f)
		}
	}
	shown := []string{"en/guide/index.html", "ja/guide/index.html", "en/index.html", "ja/index.html", "ja/setup/index.html"}
	for f := range files {
		if strings.HasPrefix(f, "_search/en/") || strings.HasPrefix(f, "_search/ja/") {
			shown = append(shown, f)
		}
	}
	if len(shown) < 7 {
		t.Fatalf("no search index: %v", shown)
	}
	for _, f := range shown {
		text := string(files[f])
		if strings.HasSuffix(f, ".bin") {
			text = string(gunzip(t, f, files[f]))
		}
		for _, orphan := range []string{"Nur auf Deutsch", "Mehr Deutsch", "/only/", "/extra/"} {
			if strings.Contains(text, orphan) {
				t.Errorf("%s shows %q, a page only German publishes", f, orphan)
			}
		}
	}
	sitemap := string(files["sitemap.xml"])
	for _, lang := range []string{"en", "ja"} {
		if strings.Contains(sitemap, "/"+lang+"/only/") || strings.Contains(sitemap, "/"+lang+"/extra/") {
			t.Errorf("sitemap.xml lists a %s page only German publishes", lang)
		}
	}
	if !strings.Contains(sitemap, "<loc>https://docs.example.org/de/only/</loc>") {
		t.Error("sitemap.xml does not list de/only/")
	}
	if de := string(files["de/guide/index.html"]); !strings.Contains(de, "Nur auf Deutsch") || !strings.Contains(de, `href="../only/"`) {
		t.Error("the German guide neither lists nor links to the German-only page")
	}
	only := string(files["de/only/index.html"])
	for _, want := range []string{
		`<article>`,
		`<a href="../../en/" hreflang="en" lang="en">English</a>`,
		`<a href="../../ja/" hreflang="ja" lang="ja">日本語</a>`,
		`<link rel="alternate" hreflang="x-default" href="https://docs.example.org/de/only/">`,
	} {
		if !strings.Contains(only, want) {
			t.Errorf("de/only/index.html lacks %q", want)
		}
	}
	if strings.Contains(only, "notice-fallback") {
		t.Error("de/only/ is marked as a stand-in")
	}
	if extra := string(files["de/extra/index.html"]); !strings.Contains(extra, `<a href="../../en/" hreflang="en" lang="en">English</a>`) {
		t.Error("the German-only section's switcher sends English readers to a page that does not exist")
	}
	if res.Pages["en"] != 2 || res.Pages["de"] != 4 || res.Pages["ja"] != 2 || res.DeadLinks != 0 {
		t.Errorf("pages = %v, dead links %d", res.Pages, res.DeadLinks)
	}
}

func TestHreflangAndSwitcher(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/sites/three-languages.txtar"), Options{})
	ja := string(files["ja/guide/index.html"])
	for _, want := range []string{
		`<html lang="ja">`,
		`<link rel="canonical" href="https://docs.example.org/ja/guide/">`,
		`<link rel="alternate" hreflang="en" href="https://docs.example.org/en/guide/">`,
		`<link rel="alternate" hreflang="zh-Hans" href="https://docs.example.org/zh/guide/">`,
		`<link rel="alternate" hreflang="ja" href="https://docs.example.org/ja/guide/">`,
		`<link rel="alternate" hreflang="x-default" href="https://docs.example.org/en/guide/">`,
		`<a href="../../en/guide/" hreflang="en" lang="en">English</a>`,
		`<a href="../../zh/guide/" hreflang="zh-Hans" lang="zh-Hans">中文</a>`,
		`aria-current="page">日本語</a>`,
	} {
		if !strings.Contains(ja, want) {
			t.Errorf("ja/guide/index.html lacks %q", want)
		}
	}
}

func TestSitemap(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/sites/three-languages.txtar"), Options{})
	sm := string(files["sitemap.xml"])
	if strings.Contains(sm, "<loc>https://docs.example.org/en/survey/</loc>") {
		t.Error("sitemap lists a stand-in")
	}
	for _, want := range []string{
		"<loc>https://docs.example.org/zh/survey/</loc>",
		`<xhtml:link rel="alternate" hreflang="ja" href="https://docs.example.org/ja/guide/"></xhtml:link>`,
	} {
		if !strings.Contains(sm, want) {
			t.Errorf("sitemap lacks %q", want)
		}
	}
}

func TestSubPathBaseURL(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/sites/three-languages.txtar"), Options{BaseURL: "https://example.com/docs/"})
	if !strings.Contains(string(files["sitemap.xml"]), "<loc>https://example.com/docs/en/guide/</loc>") {
		t.Error("sitemap ignores the sub-path base URL")
	}
	nf := string(files["404.html"])
	if !strings.Contains(nf, `href="/docs/static/site.css`) || !strings.Contains(nf, `href="/docs/zh/"`) {
		t.Errorf("404.html must link from the base path, served at any depth:\n%s", nf)
	}
}

// Each language has its own 404 page in its folder, in its language with its home and its
// search; the root one, which static hosts serve for every missing path, lists every
// home and has the script that sends a reader in a language's folder to that one.
func TestNotFoundPerLanguage(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/sites/three-languages.txtar"), Options{BaseURL: "https://example.com/docs/"})
	ja := string(files["ja/404.html"])
	for _, want := range []string{`<html lang="ja">`, "<h1>ページが見つかりません</h1>", `<a class="site-title" href="/docs/ja/">`,
		`data-index="/docs/_search/ja/index.bin"`, `placeholder="ドキュメントを検索"`, `<meta name="robots" content="noindex">`} {
		if !strings.Contains(ja, want) {
			t.Errorf("ja/404.html lacks %q", want)
		}
	}
	if strings.Contains(ja, "notfound.js") {
		t.Error("ja/404.html has the root page's script")
	}
	root := string(files["404.html"])
	for _, want := range []string{`<html lang="en">`, `<ul class="page-list" data-not-found>`, `<script src="/docs/static/notfound.js?v=`,
		`<a href="/docs/ja/" hreflang="ja" lang="ja">日本語</a>`} {
		if !strings.Contains(root, want) {
			t.Errorf("404.html lacks %q", want)
		}
	}
}

func TestCJKSoftBreak(t *testing.T) {
	files, _ := mustBuild(t, siteFromText(t, `
-- content/zh/a.md --
第一行文字
第二行文字

English line
next line
`), Options{})
	got := string(files["zh/a/index.html"])
	if !strings.Contains(got, "第一行文字第二行文字") {
		t.Errorf("soft break between Chinese lines rendered as a break or space:\n%s", got)
	}
	if !strings.Contains(got, "English line\nnext line") {
		t.Errorf("soft break between Latin words lost:\n%s", got)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, site string
		want       string // the error text must contain this
	}{
		{"front matter", "-- content/en/a.md --\n+++\ntitle = \"x\n+++\nbody\n", "content/en/a.md:2:11: error: front-matter"},
		{"front matter key of the wrong type", "-- content/en/a.md --\n+++\ntitel = \"x\"\nweight = \"heavy\"\n+++\n", `content/en/a.md:3:1: error: front-matter: front matter: weight: want a whole number, got text "heavy"`},
		{"yaml front matter", "-- content/en/a.md --\n---\ntitle: [x\n---\n", "content/en/a.md:"},
		{"yaml key set twice", "-- content/en/a.md --\n---\ntitle: A\ntitle: B\n---\n", `content/en/a.md:3:1: error: front-matter: front matter: key "title" is set twice: first at line 2`},
		{"json key set twice", "-- content/en/a.md --\n{\"title\": \"A\",\n \"title\": \"B\"}\n", `content/en/a.md:2:2: error: front-matter: front matter: key "title" is set twice: first at line 1`},
		{"unknown language", "-- site.toml --\n[languages.en]\n-- content/en/a.md --\nx\n-- content/fr/a.md --\nx\n", `content/fr: error: unknown-language`},
		{"invalid utf-8", "-- content/en/a.md --\nok\nab\xffc\n", "content/en/a.md:2:3: error: invalid-utf8"},
		{"template", "-- content/en/a.md --\nx\n-- templates/page.html --\n{{define \"main\"}}\n{{.Nope}}\n{{end}}\n", "templates/page.html:2:"},
		{"template parse", "-- content/en/a.md --\nx\n-- templates/home.html --\n{{define \"main\"}}\n{{if}}\n{{end}}\n", "templates/home.html:2:"},
		{"language code ..", "-- site.toml --\n[languages.en]\n[languages.\"..\"]\ntag = \"ja\"\n-- content/en/a.md --\nx\n",
			`site.toml:2: error: config: language code ".." is not a folder name`},
		{"folders EN and en", "-- content/EN/a.md --\nx\n-- content/en/a.md --\nx\n", `content/en: error: duplicate-language: languages "EN" and "en" are one language, en`},
		{"two languages, one tag", "-- site.toml --\n[languages.en]\n[languages.us]\ntag = \"en\"\n-- content/en/a.md --\nx\n-- content/us/a.md --\nx\n",
			`site.toml:2: error: duplicate-language: languages "en" and "us" are one language, en`},
		{"config key", "-- site.toml --\ntitel = 1\n-- content/en/a.md --\nx\n", `site.toml:1:1: error: config: unknown key "titel"`},
		// A name that is not a safe URL segment: a colon made the sidebar's link a script.
		{"file name with a scheme", "-- content/en/index.md --\nx\n-- content/en/guide/javascript:alert(1)%2F%2F.md --\nx\n",
			`content/en/guide/javascript:alert(1)%2F%2F.md:1: error: bad-name: the name "javascript:alert(1)%2F%2F" holds ':'`},
		{"folder name with a scheme", "-- content/en/javascript:x/a.md --\nx\n", `content/en/javascript:x/a.md:1: error: bad-name: the name "javascript:x" holds ':'`},
		{"file name with a control character", "-- content/en/a\tb.md --\nx\n", "content/en/a\tb.md:1: error: bad-name: the name \"a\\tb\" holds the control character '\\t'"},
		{"slug with a scheme", "-- content/en/a.md --\n---\ntitle: A\nslug: \"javascript:alert(1)%2F%2F\"\n---\n",
			`content/en/a.md:3:1: error: front-matter: front matter: slug: "javascript:alert(1)%2F%2F" holds ':'`},
		{"slug ..", "-- content/en/a.md --\n+++\nslug = \"..\"\n+++\n", `content/en/a.md:2:1: error: front-matter: front matter: slug: ".." is ".."`},
		{"alias with a scheme", "-- content/en/a.md --\n---\naliases: [/old/, \"javascript:alert(1)\"]\n---\n",
			`content/en/a.md:2:1: error: front-matter: front matter: aliases: alias "javascript:alert(1)": "javascript:alert(1)" holds ':'`},
		{"alias with a query", "-- content/en/a.md --\n---\naliases: [\"/old.php?id=3\"]\n---\n",
			`content/en/a.md:2:1: error: front-matter: front matter: aliases: alias "/old.php?id=3": "old.php?id=3" holds '?'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := buildDir(t, siteFromText(t, tt.site), Options{})
			if err == nil {
				t.Fatal("build succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestBrokenTranslationFallsBack(t *testing.T) {
	site := "-- content/en/a.md --\n# A\n-- content/zh/a.md --\n+++\ndraft = 1\n+++\n"
	files, res := mustBuild(t, siteFromText(t, site), Options{})
	if res.StandIns["zh"] != 1 {
		t.Errorf("broken translation not replaced by the source: %v", res.StandIns)
	}
	if !strings.Contains(string(files["zh/a/index.html"]), `<article lang="en">`) {
		t.Error("zh/a shows no English stand-in body")
	}
	if !strings.Contains(string(files["zh/a/index.html"]), "本页译文暂时无法生成") {
		t.Error("zh/a does not say that its translation could not be built")
	}
	var found bool
	for _, d := range res.Diags {
		if d.File == "content/zh/a.md" && d.Line == 2 && d.Severity == diag.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning naming content/zh/a.md:2: %v", res.Diags)
	}
	if _, _, err := buildDir(t, siteFromText(t, site), Options{Strict: true}); err == nil || !strings.Contains(err.Error(), "content/zh/a.md:2") {
		t.Errorf("-strict: err = %v, want an error naming content/zh/a.md:2", err)
	}
}

// A language folder's code is a BCP 47 tag, which ignores case: JA/ is Japanese and gets
// the theme's Japanese strings.
func TestLanguageFolderInCapitals(t *testing.T) {
	site := "-- content/en/a.md --\nx\n-- content/JA/a.md --\ny\n"
	files, res := mustBuild(t, siteFromText(t, site), Options{})
	for _, d := range res.Diags {
		if d.Code == "missing-string" {
			t.Errorf("%s", d.Error())
		}
	}
	page := string(files["JA/a/index.html"])
	if !strings.Contains(page, `lang="ja"`) || !strings.Contains(page, "検索") {
		t.Errorf("JA/a/ is not a Japanese page with Japanese strings:\n%.600s", page)
	}
}

// A language no shipped strings file serves shows the default language's strings, and
// the build lists each key it lacks once, with the pages that show it; the GPU catalog's
// strings only on a site with GPU data. A site's own strings file overrides the theme's
// key by key.
func TestMissingLocaleKeyWarns(t *testing.T) {
	site := "-- content/en/a.md --\nx\n-- content/eo/a.md --\ny\n-- content/ja/a.md --\nz\n" +
		"-- locales/eo.toml --\nHome = \"Hejmo\"\n-- locales/ja.toml --\nHome = \"トップ\"\n"
	files, res := mustBuild(t, siteFromText(t, site), Options{})
	var msgs []string
	for _, d := range res.Diags {
		msgs = append(msgs, d.Error())
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, `locales/eo.toml: warning: missing-string: key "SkipToContent" missing in locale eo; using en on its 2 pages`) {
		t.Errorf("no warning for a key missing in eo:\n%s", all)
	}
	if strings.Contains(all, "catalog_") || strings.Contains(all, "locale ja") {
		t.Errorf("warnings for strings the site does not show or has:\n%s", all)
	}
	if n := strings.Count(all, `"SkipToContent"`); n != 1 {
		t.Errorf("SkipToContent reported %d times, want once", n)
	}
	if !strings.Contains(string(files["eo/a/index.html"]), ">Skip to content</a>") {
		t.Error("missing eo string did not fall back to English")
	}
	ja := string(files["ja/a/index.html"])
	if !strings.Contains(ja, ">トップ</a>") || strings.Contains(ja, ">Skip to content</a>") {
		t.Error("the site's ja.toml did not override the theme's key by key")
	}
}

func TestUnreadablePage(t *testing.T) {
	dir := siteFromText(t, "-- content/en/b.md --\nx\n")
	if err := os.Symlink("nowhere", filepath.Join(dir, "content", "en", "a.md")); err != nil {
		t.Fatal(err)
	}
	_, _, err := buildDir(t, dir, Options{})
	if err == nil || !strings.Contains(err.Error(), "content/en/a.md: error: unreadable") {
		t.Errorf("err = %v, want content/en/a.md: error: unreadable", err)
	}
}

// A site root's own templates/, static/ and locales/ override the embedded theme file by
// file; what they do not override stays the built-in one.
func TestThemeOverridesFileByFile(t *testing.T) {
	site := "-- content/en/a.md --\n# A\n" +
		"-- templates/home.html --\n{{define \"main\"}}<p>custom home</p>{{end}}\n" +
		"-- static/site.css --\nbody { color: red; }\n" +
		"-- locales/en.toml --\nSkipToContent = \"Jump to the text\"\n"
	files, _ := mustBuild(t, siteFromText(t, site), Options{})
	if !strings.Contains(string(files["en/index.html"]), "<p>custom home</p>") {
		t.Error("site's home.html not used")
	}
	if !strings.Contains(string(files["en/a/index.html"]), "<article>") {
		t.Error("built-in page.html not used for pages")
	}
	if string(files["static/site.css"]) != "body { color: red; }\n" {
		t.Error("site's site.css not used")
	}
	if files["static/site.js"] == nil {
		t.Error("built-in site.js missing")
	}
	if !strings.Contains(string(files["en/a/index.html"]), ">Jump to the text</a>") {
		t.Error("site's locale string not used")
	}
}

// The built-in layout reads prepared fields (.Links, .Lang.BCP47) where a layout may as well
// call the page's methods; a site's own layout written with .Asset, .Rel, printf and the
// language.Tag of .Lang.Tag (with its methods), as the built-in one was, must give the same
// pages byte for byte.
func TestLayoutWithMethodsMatchesBuiltIn(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "content"), os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	builtIn, _ := mustBuild(t, dir, Options{})
	layout, err := os.ReadFile("testdata/layouts/baseof-methods.html")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "templates", "baseof.html"), layout, 0o644); err != nil {
		t.Fatal(err)
	}
	own, _ := mustBuild(t, dir, Options{})
	if len(own) != len(builtIn) {
		t.Errorf("%d files with the site's layout, %d with the built-in one", len(own), len(builtIn))
	}
	catalogPages := 0
	for name, want := range builtIn {
		if !bytes.Equal(own[name], want) {
			t.Errorf("%s differs with a layout that calls .Asset and .Rel", name)
		}
		if bytes.Contains(want, []byte("catalog.js")) {
			catalogPages++
		}
	}
	if catalogPages == 0 {
		t.Error("no catalog page was compared: the content has no GPU data any more?")
	}
}
