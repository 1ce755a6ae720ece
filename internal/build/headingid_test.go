package build

import (
	"strings"
	"testing"
)

// A translated heading carries its source's id (the switcher and #fragment links across
// languages need it) and answers to its own id as Hugo gives it too, on the heading's
// wrapper, also on a page whose raw HTML sends it through the sanitiser.
func TestTranslatedHeadingAnswersToItsOwnID(t *testing.T) {
	dir := siteFromText(t, `-- content/en/a.md --
# A

## The `+"`apiVersion`"+` Field

Set it to 2.

## Install

Run 1 command.
-- content/de/a.md --
# A

## Das Feld `+"`apiVersion`"+`

Auf 2 setzen.

## Install

1 Befehl ausführen.
-- content/zh/a.md --
# A

<span>原始 HTML</span>

## `+"`apiVersion`"+` 字段

设为 2。

## 安装

运行 1 个命令。
`)
	files, _ := mustBuild(t, dir, Options{})
	for page, wants := range map[string][]string{
		"en/a/index.html": {`<div class="heading"><h2 id="the-apiversion-field">`, `<div class="heading"><h2 id="install">`},
		"de/a/index.html": {`<div class="heading" id="das-feld-apiversion"><h2 id="the-apiversion-field">`, `<div class="heading"><h2 id="install">`},
		"zh/a/index.html": {`<div class="heading" id="apiversion-字段"><h2 id="the-apiversion-field">`, `<div class="heading" id="安装"><h2 id="install">`},
	} {
		html := string(files[page])
		for _, want := range wants {
			if !strings.Contains(html, want) {
				t.Errorf("%s lacks %s", page, want)
			}
		}
	}
}

// On a right-to-left site an English stand-in is laid out left to right: its article says
// dir="ltr" with its lang, the notices in the page's language inside it say dir="rtl",
// and code, in a block or inline, is always left to right.
func TestDirectionFollowsTheText(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/sites/hugo-sections.txtar"), Options{})
	for page, wants := range map[string][]string{
		"ar/docs/setup/index.html": {`<article lang="en" dir="ltr">`, `<p class="notice notice-fallback" lang="ar" dir="rtl" role="note">`,
			`<pre class="chroma" tabindex="0" dir="ltr">`, `<code dir="ltr">`},
		"ar/docs/basics/index.html": {`<article>`, `<code dir="ltr">`},
		"en/docs/setup/index.html":  {`<article>`, `<pre class="chroma" tabindex="0" dir="ltr">`},
	} {
		html := string(files[page])
		for _, want := range wants {
			if !strings.Contains(html, want) {
				t.Errorf("%s lacks %s", page, want)
			}
		}
	}
}
