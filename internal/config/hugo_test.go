package config

import (
	"strings"
	"testing"
	"testing/fstest"
)

func mapFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

// A mistake in a Hugo configuration is an error at its file and line, in each format.
func TestHugoConfigErrorsAtLine(t *testing.T) {
	for _, tc := range []struct{ name, file, src, want string }{
		{"toml syntax", "hugo.toml", "title = \"T\"\nbaseURL = = 1\n", "hugo.toml:2:"},
		{"yaml syntax", "hugo.yaml", "title: T\nlanguages:\n  en: [\n", "hugo.yaml:"},
		{"json syntax", "config.json", "{\n  \"title\": \"T\",\n  \"languages\": {,}\n}\n", "config.json:3:"},
		{"yaml type", "hugo.yaml", "title: T\nlanguages:\n  en:\n    weight: heavy\n", "hugo.yaml:4:"},
		{"toml type", "hugo.toml", "title = \"T\"\n[languages.fr]\nlanguageName = 3\n", "hugo.toml:3:"},
		{"json type", "hugo.json", "{\n  \"title\": \"T\",\n  \"baseURL\": 3\n}\n", "hugo.json:3:"},
		{"dir type", "config/_default/languages.yaml", "en:\n  weight: 1\nfr:\n  contentDir: [a]\n", "config/_default/languages.yaml:4:"},
		{"bad tag", "hugo.yaml", "languages:\n  en: {}\n  fr:\n    languageCode: 'not a tag!'\n", "hugo.yaml:3:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(mapFS(map[string]string{tc.file: tc.src}), nil, "")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error = %v, want one at %s", err, tc.want)
			}
		})
	}
}

// The files of config/_default/ are merged as Hugo merges them: each the table its name
// says, a language's params over the site's; the root file wins over the folder.
func TestHugoConfigDirMerged(t *testing.T) {
	fsys := mapFS(map[string]string{
		"hugo.toml":                         "title = \"Root wins\"\n",
		"config/_default/hugo.yaml":         "title: Folder\nbaseURL: https://example.org/docs/\ndefaultContentLanguage: fr\n",
		"config/_default/languages.yaml":    "en:\n  label: English\n  weight: 2\nfr:\n  languageName: Français\n  locale: fr-CA\n  weight: 1\n  title: Titre\n",
		"config/_default/params.yaml":       "version: 1.2.3\nnested:\n  Key: site\n",
		"config/_default/params.fr.toml":    "version = \"fr-only\"\n",
		"config/_default/markup.json":       `{"goldmark": {"renderer": {"unsafe": true}, "extensions": {"typographer": false, "table": true}}}`,
		"config/_default/module.yaml":       "mounts:\n  - source: docs-fr\n    target: content\n    lang: fr\n  - source: docs-en\n    target: content\n    sites: {matrix: {languages: [en]}}\n  - source: docs-fr/shared\n    target: content/shared\n    lang: en\n",
		"config/_default/outputs.yaml":      "home: [HTML]\n",
		"config/_default/module-extra.yaml": "x: 1\n",
		"docs-fr/_index.md":                 "",
		"docs-en/_index.md":                 "",
	})
	r, err := Load(fsys, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Title != "Root wins" || r.BaseURL.String() != "https://example.org/docs/" || r.TitleOf("fr") != "Titre" || r.TitleOf("en") != "Root wins" {
		t.Errorf("title %q, fr %q, base %s", r.Title, r.TitleOf("fr"), r.BaseURL)
	}
	if len(r.Langs) != 2 || r.Langs[0].Code != "fr" || r.Langs[0].BCP47 != "fr-CA" || r.Langs[1].Name != "English" || !r.Langs[0].Trusted || !r.Langs[1].Trusted {
		t.Errorf("languages = %+v", r.Langs)
	}
	if r.ParamsOf("fr")["version"] != "fr-only" || r.ParamsOf("en")["version"] != "1.2.3" || r.ParamsOf("fr")["nested"].(map[string]any)["key"] != "site" {
		t.Errorf("params fr %v, en %v", r.ParamsOf("fr"), r.ParamsOf("en"))
	}
	var mounts []string
	for _, m := range r.Mounts {
		mounts = append(mounts, m.Source+">"+m.Target)
	}
	// docs-fr/shared brings pages of the default language (fr) into en: docsite's
	// stand-ins do that, so the mount is left out.
	if got := strings.Join(mounts, " "); got != "docs-fr>content/fr docs-en>content/en static>static i18n>i18n data>data" {
		t.Errorf("mounts = %s", got)
	}
	if len(r.Diags) != 1 || r.Diags[0].Code != "config" {
		t.Fatalf("diags = %v", r.Diags)
	}
	for _, want := range []string{"outputs", "module-extra", "markup.goldmark.extensions.typographer", "1 mounts of fr content into other languages"} {
		if !strings.Contains(r.Diags[0].Message, want) {
			t.Errorf("the note lacks %q: %s", want, r.Diags[0].Message)
		}
	}
	if strings.Contains(r.Diags[0].Message, "extensions.table") {
		t.Errorf("the note names an extension docsite has: %s", r.Diags[0].Message)
	}
}

// site.toml is docsite's own format: where a site has it, a Hugo configuration beside it
// is not read at all.
func TestSiteTOMLWinsOverHugo(t *testing.T) {
	r, err := Load(mapFS(map[string]string{
		"site.toml": "title = \"Native\"\n",
		"hugo.yaml": "title: Hugo\nlanguages: {fr: {}}\n",
	}), []string{"en"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Title != "Native" || len(r.Langs) != 1 || r.File != FileName || len(r.Diags) != 0 {
		t.Errorf("title %q, langs %v, file %s, diags %v", r.Title, r.Langs, r.File, r.Diags)
	}
}

// A folder missing from the site root (a submodule not checked out, a folder a script
// makes) is one warning, at its first mount, however many mounts it is the source of.
func TestMissingMountOneWarning(t *testing.T) {
	r, err := Load(mapFS(map[string]string{
		"hugo.yaml": `module:
  mounts:
    - source: content
      target: content
    - source: sub/spec
      target: content/spec
    - source: tmp/spec/README.md
      target: content/spec/_index.md
    - source: sub/spec
      target: content/spec2
    - source: tmp/spec
      target: content/spec3
`,
		"content/_index.md": "",
		"sub/other.md":      "",
	}), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range r.Diags {
		got = append(got, d.Error())
	}
	want := []string{
		"hugo.yaml:5: warning: mount: sub/spec is missing (a git submodule not checked out?): the 2 mounts from it show nothing at content/en/spec, content/en/spec2",
		"hugo.yaml:7: warning: mount: tmp is missing (a git submodule not checked out?): the 2 mounts from it show nothing at content/en/spec/_index.md, content/en/spec3",
	}
	if len(r.Missing) != 4 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("missing %v, diags\n%s\nwant\n%s", r.Missing, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A language Hugo does not build (disabled, or in disableLanguages) is not one of the
// site's, nor are the mounts into it.
func TestHugoDisabledLanguages(t *testing.T) {
	r, err := Load(mapFS(map[string]string{
		"hugo.toml": "disableLanguages = [\"de\"]\n[languages.en]\n[languages.fr]\ndisabled = true\n[languages.de]\n" +
			"[[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n[[module.mounts]]\nsource = \"fr\"\ntarget = \"content\"\nlang = \"fr\"\n",
		"content/_index.md": "",
	}), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Langs) != 1 || r.Langs[0].Code != "en" || len(r.Diags) != 0 {
		t.Errorf("languages %v, diags %v", r.Langs, r.Diags)
	}
	for _, m := range r.Mounts {
		if m.Source == "fr" {
			t.Errorf("the mount into the disabled language is kept: %v", m)
		}
	}
}

// permalinks are read per top section, in Hugo's flat form and its page: form; a pattern
// with a token docsite does not follow is named in the note instead.
func TestHugoPermalinks(t *testing.T) {
	for _, src := range []string{
		"permalinks:\n  blog: /:section/:year/:slug/\n  news: /:weekdayname/:slug/\n",
		"permalinks:\n  page:\n    blog: /:section/:year/:slug/\n    news: /:weekdayname/:slug/\n",
	} {
		r, err := Load(mapFS(map[string]string{"hugo.yaml": src, "content/_index.md": ""}), nil, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Permalinks) != 1 || r.Permalinks["blog"] != "/:section/:year/:slug/" {
			t.Errorf("permalinks = %v", r.Permalinks)
		}
		if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Message, "permalinks.news (:weekdayname)") {
			t.Errorf("diags = %v", r.Diags)
		}
	}
}

// A mount of site.toml into a language the site does not have is an error at its line.
func TestSiteMountUnknownLanguage(t *testing.T) {
	_, err := Load(mapFS(map[string]string{
		"site.toml": "[[mounts]]\nsource = \"a\"\ntarget = \"content/x\"\n\n[[mounts]]\nsource = \"b\"\ntarget = \"content/y\"\nlang = \"de\"\n",
	}), []string{"en"}, "")
	if err == nil || !strings.HasPrefix(err.Error(), `site.toml:5: error: config: [[mounts]] source "b": "de" is not one of the site's languages`) {
		t.Errorf("error = %v", err)
	}
}

// A theme or module import that is a local folder adds its content, static, i18n and
// data folders (or its own mounts) after the site's; one that is not is named in the note.
func TestHugoLocalImports(t *testing.T) {
	r, err := Load(mapFS(map[string]string{
		"hugo.yaml":                    "theme: [local]\nmodule:\n  imports:\n    - path: vendor/mod\n      mounts:\n        - source: docs\n          target: content/mod\n    - path: github.com/google/docsy\n",
		"content/_index.md":            "",
		"themes/local/i18n/en.yaml":    "",
		"themes/local/static/x.css":    "",
		"themes/local/layouts/a.html":  "",
		"vendor/mod/docs/_index.md":    "",
		"vendor/mod/static/ignored.js": "",
	}), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	var mounts []string
	for _, m := range r.Mounts {
		mounts = append(mounts, m.Source+">"+m.Target)
	}
	want := "content>content/en static>static i18n>i18n data>data themes/local/static>static themes/local/i18n>i18n vendor/mod/docs>content/en/mod"
	if got := strings.Join(mounts, " "); got != want {
		t.Errorf("mounts\n got %s\nwant %s", got, want)
	}
	if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Message, "module import github.com/google/docsy (not a local folder)") {
		t.Errorf("diags = %v", r.Diags)
	}
}
