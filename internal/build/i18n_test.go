package build

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"docsite/internal/config"
	"docsite/internal/locale"
	"docsite/locales"
)

// shippedFor lists the strings files of the sets set ("", "markup", …) that docsite ships
// for tag, and the files it would need and lacks.
func shippedFor(t *testing.T, tag language.Tag, sets ...string) (have, lack []string) {
	t.Helper()
	names, err := fs.Glob(locales.FS, "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		var files []string
		var tags []language.Tag
		for _, n := range names {
			base := strings.TrimSuffix(n, ".toml")
			s, code := "", base
			if i := strings.LastIndexByte(base, '.'); i >= 0 {
				s, code = base[:i], base[i+1:]
			}
			if tg, err := language.Parse(code); err == nil && s == set {
				files, tags = append(files, n), append(tags, tg)
			}
		}
		if i, ok := locale.Match(tag, slices.Values(tags)); ok {
			have = append(have, "locales/"+files[i])
		} else {
			lack = append(lack, "locales/"+strings.TrimPrefix(set+"."+tag.String()+".toml", "."))
		}
	}
	return have, lack
}

// englishChrome are phrases of the English strings the default layout, the notices and
// the callouts print, by key: none of them is on a page of another language once its
// strings ship, unless that language writes the phrase the same way (French "Note").
var englishChrome = map[string]string{"SkipToContent": "Skip to content", "OnThisPage": "On this page",
	"SearchPlaceholder": "Search the docs", "NotTranslated": "not yet translated", "BuiltWith": "Built with docsite",
	"PageNavigation": "Previous and next page", "LastUpdated": "Last updated", "HeadingAnchor": "Link to section",
	"CalloutNote": "</span>Note</p>", "CalloutTip": "</span>Tip</p>"}

// A site of sixteen languages (Hugo's layout, as a site moving from Hugo has it) builds
// without a missing-string warning, and no page of a language other than English shows
// English chrome. It waits for each language's strings: a language docsite does not ship
// strings for yet skips the test, naming the files; TestShippedLocalesComplete (package
// locale) fails for a shipped file that lacks a key.
func TestSixteenLanguagesSpeakTheirOwn(t *testing.T) {
	dir := siteDir(t, "testdata/i18n/sixteen-languages.txtar")
	var lacking []string
	for _, code := range []string{"bn", "de", "es", "fr", "hi", "it", "ja", "ko", "pt-br", "ru", "tr", "ur", "vi", "zh-cn", "zh-tw"} {
		_, lack := shippedFor(t, language.MustParse(code), "", "markup")
		lacking = append(lacking, lack...)
	}
	if len(lacking) > 0 {
		t.Skipf("docsite does not ship these strings files yet: %s", strings.Join(lacking, ", "))
	}
	files, res := mustBuild(t, dir, Options{})
	for _, d := range res.Diags {
		if d.Code == "missing-string" {
			t.Error(d.Error())
		}
	}
	ui, err := locale.Load(locale.Files{Theme: locales.FS}, res.Langs)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		code, _, _ := strings.Cut(name, "/")
		i := slices.IndexFunc(res.Langs, func(l config.Lang) bool { return l.Code == code })
		if path.Ext(name) != ".html" || i < 0 || code == "en" {
			continue
		}
		for key, phrase := range englishChrome {
			own := ui.Localizer(res.Langs[i]).T(key)
			if strings.Contains(string(data), phrase) && (own == "" || !strings.Contains(phrase, own)) {
				t.Errorf("%s shows %q in English", name, phrase)
			}
		}
	}
}

// Simplified Chinese folders (zh-cn, zh-sg, zh-hans) get the Simplified strings (zh);
// Traditional ones (zh-tw, zh-hk, zh-hant) the Traditional strings (zh-Hant) when docsite
// ships them, else English: never Simplified.
func TestChineseFoldersFindTheirScript(t *testing.T) {
	var site strings.Builder
	codes := []string{"en", "zh-cn", "zh-sg", "zh-hans", "zh-tw", "zh-hk", "zh-hant"}
	for _, c := range codes {
		site.WriteString("-- content/" + c + "/a.md --\n+++\ntitle = \"A\"\n+++\n## One\n\nx\n\n## Two\n\ny\n\n## Three\n\nz\n")
	}
	files, _ := mustBuild(t, siteFromText(t, site.String()), Options{})
	simplified := `<a class="skip" href="#main">跳到正文</a>`
	traditional := `<a class="skip" href="#main">Skip to content</a>`
	if have, _ := shippedFor(t, language.MustParse("zh-Hant"), ""); len(have) > 0 {
		data, _ := fs.ReadFile(locales.FS, strings.TrimPrefix(have[0], "locales/"))
		_, v, _ := strings.Cut(string(data), "\nSkipToContent = \"")
		v, _, _ = strings.Cut(v, "\"")
		traditional = `<a class="skip" href="#main">` + v + `</a>`
	}
	for _, c := range codes[1:] {
		page := string(files[c+"/a/index.html"])
		want := simplified
		if c == "zh-tw" || c == "zh-hk" || c == "zh-hant" {
			want = traditional
			if strings.Contains(page, "本页") || strings.Contains(page, simplified) {
				t.Errorf("%s shows Simplified chrome", c)
			}
		}
		if !strings.Contains(page, want) {
			t.Errorf("%s lacks %s", c, want)
		}
	}
}

// A Hugo site's own strings (i18n/<lang>.{toml,yaml,json}, go-i18n's formats) reach
// shortcode templates through T, in each language, matched to the language folders as a
// site's locales/ are; docsite's own keys keep their wording, and the Hugo strings are
// never reported missing.
func TestHugoI18nStrings(t *testing.T) {
	dir := siteFromText(t, `
-- templates/shortcodes/hello.html --
<span class="hello">{{T "greeting"}} / {{T "only_en"}} / {{T "Next"}}</span>
-- i18n/en.yaml --
greeting: Hello
only_en: English only
Next: Onward
-- i18n/ja.toml --
[greeting]
other = "こんにちは"
-- i18n/zh-Hans.json --
[{"id": "greeting", "translation": "你好"}]
-- content/en/a.md --
Say {{< hello >}}.
-- content/ja/a.md --
{{< hello >}}と言う。
-- content/zh-cn/a.md --
说{{< hello >}}。
`)
	files, res := mustBuild(t, dir, Options{})
	for page, want := range map[string]string{
		"en/a/index.html":    `<span class="hello">Hello / English only / Next</span>`,
		"ja/a/index.html":    `<span class="hello">こんにちは / English only / 次へ</span>`,
		"zh-cn/a/index.html": `<span class="hello">你好 / English only / 下一页</span>`,
	} {
		if !strings.Contains(string(files[page]), want) {
			t.Errorf("%s lacks %s", page, want)
		}
	}
	for _, d := range res.Diags {
		if d.Code == "missing-string" {
			t.Errorf("warned about a Hugo string: %s", d.Error())
		}
	}
}
