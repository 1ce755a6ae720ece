package config

import (
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/text/language"
)

func TestWithoutSiteTOMLEnglishFirst(t *testing.T) {
	r, err := Load(fstest.MapFS{}, []string{"ja", "en", "zh"}, "")
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, l := range r.Langs {
		codes = append(codes, l.Code)
	}
	if got := strings.Join(codes, ","); got != "en,ja,zh" {
		t.Errorf("languages = %s, want en,ja,zh", got)
	}
	if r.Langs[1].Name != "日本語" {
		t.Errorf("ja native name = %q", r.Langs[1].Name)
	}
	if r.BaseURL.String() != "/" {
		t.Errorf("base URL = %q", r.BaseURL)
	}
}

func TestSiteTOML(t *testing.T) {
	fsys := fstest.MapFS{"site.toml": {Data: []byte(`
title = "T"
baseURL = "https://example.org/docs"
defaultLanguage = "zh"
[languages.en]
order = 2
[languages.zh]
tag = "zh-Hans"
name = "中文"
order = 1
trusted = true
`)}}
	r, err := Load(fsys, []string{"en", "zh"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Default().Code != "zh" || r.Default().Tag.String() != "zh-Hans" || !r.Default().Trusted {
		t.Errorf("default = %+v", r.Default())
	}
	if r.BaseURL.String() != "https://example.org/docs/" {
		t.Errorf("base URL = %s", r.BaseURL)
	}
	if r2, _ := Load(fsys, []string{"en", "zh"}, "/sub"); r2.BaseURL.String() != "/sub/" {
		t.Errorf("-baseurl override = %s", r2.BaseURL)
	}
}

// Language folders, without site.toml: their names are the codes, compared as BCP 47 tags.
func TestFolderErrors(t *testing.T) {
	tests := []struct {
		folders []string
		want    string
	}{
		{[]string{"EN", "en"}, `content/en: error: duplicate-language: languages "EN" and "en" are one language, en`},
		{[]string{"en", "zh-cn", "zh-CN"}, `content/zh-cn: error: duplicate-language: languages "zh-CN" and "zh-cn" are one language, zh-CN`},
		{[]string{"en", "a.b"}, `content/a.b: error: bad-name: language code "a.b" is not a folder name`},
		{[]string{"en", "xx-!"}, `content/xx-!: error: bad-name`},
		{[]string{"en", "zzzzzzzzz"}, `content/zzzzzzzzz: error: config: language "zzzzzzzzz": invalid BCP 47 tag`},
	}
	for _, tt := range tests {
		_, err := Load(fstest.MapFS{}, tt.folders, "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want it to contain %q", tt.folders, err, tt.want)
		}
	}
	r, err := Load(fstest.MapFS{}, []string{"DE", "EN"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Default().Code != "EN" {
		t.Errorf("default language %s, want EN: English first, in any case", r.Default())
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []struct{ toml, want string }{
		{"title = 1\n", "site.toml:1:"},
		{"[languages.en]\ntag = \"not a tag!\"\n", `invalid BCP 47 tag "not a tag!"`},
		{"baseURL = \"https:///x\"\n", "baseURL"},
		{"defaultLanguage = \"fr\"\n[languages.en]\n", `defaultLanguage "fr" is not one of the languages`},
		{"[languages.en]\nweight = 1\n", `site.toml:2:1: error: config: unknown key "languages.en.weight"`},
		// A code is a folder and a URL segment: ".." would load the site root as a language.
		{"[languages.en]\n\n[languages.\"..\"]\ntag = \"ja\"\n", `site.toml:3: error: config: language code ".." is not a folder name`},
		{"[languages.en]\n[ languages . 'a/b' ]\ntag = \"ja\"\n", `site.toml:2: error: config: language code "a/b" is not a folder name`},
		{"languages.en.order = 1\nlanguages.data.tag = \"ja\"\n", `site.toml:2: error: config: language code "data" is reserved`},
		{"languages.en.order = 1\nlanguages.static.tag = \"ja\"\n", `site.toml:2: error: config: language code "static" is reserved`},
		{"[languages.en]\ntag = \"not a tag!\"\n", `site.toml:1: error: config: language "en": invalid BCP 47 tag "not a tag!"`},
		// Two languages, one tag: their pages would claim one hreflang.
		{"[languages.en]\n[languages.english]\ntag = \"EN\"\n", `site.toml:2: error: duplicate-language: languages "en" and "english" are one language, en`},
	}
	for _, tt := range tests {
		_, err := Load(fstest.MapFS{"site.toml": {Data: []byte(tt.toml)}}, []string{"en"}, "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want it to contain %q", tt.toml, err, tt.want)
		}
	}
}

// A language's own name in the switcher: CLDR's, by script where CLDR names the language
// so, with the region CLDR composes, capitalised for a menu where the script has case.
func TestAutonym(t *testing.T) {
	for tag, want := range map[string]string{
		"es": "Español", "fr": "Français", "ru": "Русский", "de": "Deutsch", "pt-BR": "Português (Brasil)",
		"pt-PT": "Português europeu", "es-MX": "Español de México", "es-419": "Español latinoamericano",
		"zh": "中文", "zh-CN": "简体中文", "zh-Hans": "简体中文", "zh-SG": "简体中文", "zh-TW": "繁體中文",
		"zh-HK": "繁體中文", "zh-Hant": "繁體中文", "sr": "Српски", "sr-Latn": "Srpski (latinica)",
		"ja": "日本語", "ar": "العربية", "ur": "اردو", "nb": "Norsk bokmål", "tr": "Türkçe", "uk": "Українська",
		"en": "English", "en-GB": "British English", "hi": "हिन्दी", "ko": "한국어",
		"io": "", "la": "", "haw": "ʻŌlelo Hawaiʻi",
	} {
		if got := Autonym(language.MustParse(tag)); got != want {
			t.Errorf("%s: %q, want %q", tag, got, want)
		}
	}
}
