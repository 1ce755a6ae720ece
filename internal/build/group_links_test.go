package build

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// everywhere is a site whose links and images stand everywhere a page can hold them:
// pipe and HTML tables, a callout, a footnote, raw HTML, a shortcode's output.
const everywhere = `-- site.toml --
title = "T"
[languages.en]
name = "English"
[languages.ja]
name = "日本語"
-- content/en/docs/x.md --
# X
-- content/en/docs/other.md --
# Other
-- content/en/docs/t/index.md --
# Tables

| page | path | image |
| --- | --- | --- |
| [other](../other.md) | [x](/docs/x/) | ![pipe pic](img/p.png) |
| [gone](/docs/gone/) | b | ![lost](img/lost.png) |

<table>
<tr><td><a href="../other.md">o</a></td><td><a href="/docs/x/">x</a></td><td><img src="img/p.png" alt="html pic"></td></tr>
</table>
-- content/en/docs/t/img/p.png --
PNG
-- content/en/docs/sub/page.md --
# Page

![diagram](../img/d.svg)

> [!NOTE]
> ![in a callout](../img/d.svg)

A note.[^1]

[^1]: ![in a footnote](../img/d.svg)

![nowhere](../img/none.svg)

<div class="raw"><a href="/docs/x/">raw link</a>
<img src="../img/d.svg" alt="raw pic"> <a href="../other.md">raw md</a> <a href="/docs/gone/">raw dead</a></div>

{{< figure src="../img/d.svg" alt="figure pic" >}}

{{< figure src="../img/nofig.svg" alt="figure lost" >}}
-- content/en/docs/sub/img/d.svg --
<svg/>
-- content/ja/docs/sub/page.md --
# ページ

![図](../img/d.svg)
`

// linkDiags lists the dead-link and missing-image diagnostics of diags as
// "file:line: code".
func linkDiags(res *Result) []string {
	var out []string
	for _, d := range res.Diags {
		if d.Code == "dead-link" || d.Code == "missing-image" {
			out = append(out, fmt.Sprintf("%s:%d: %s", d.File, d.Line, d.Code))
		}
	}
	return out
}

// Links and images in tables are resolved as a paragraph's are, and checked.
func TestTableLinksResolved(t *testing.T) {
	files, res := mustBuild(t, siteFromText(t, everywhere), Options{})
	page := string(files["en/docs/t/index.html"])
	for _, want := range []string{
		`<a href="../other/">other</a>`, `<a href="../x/">x</a>`, `<img src="img/p.png" alt="pipe pic">`,
		`<a href="../other/">o</a>`, `<img src="img/p.png" alt="html pic">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("en/docs/t/ has no %s", want)
		}
	}
	if strings.Contains(page, `lost.png`) || !strings.Contains(page, `>lost<`) {
		t.Errorf("a missing image in a table should leave its alt text alone")
	}
	got := linkDiags(res)
	for _, want := range []string{"content/en/docs/t/index.md:6: dead-link", "content/en/docs/t/index.md:6: missing-image"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s among %q", want, got)
		}
	}
}

// A page-relative image into a folder of the section is published where the page's URL
// leads (Hugo publishes a section's non-page files), in every language, from a callout and
// a footnote too; one found nowhere is a missing-image warning at its line.
func TestContentFilesPublished(t *testing.T) {
	files, res := mustBuild(t, siteFromText(t, everywhere), Options{})
	for _, f := range []string{"en/docs/sub/img/d.svg", "ja/docs/sub/img/d.svg", "en/docs/t/img/p.png", "ja/docs/t/img/p.png"} {
		if files[f] == nil {
			t.Errorf("%s not published", f)
		}
	}
	page := string(files["en/docs/sub/page/index.html"])
	for _, alt := range []string{"diagram", "in a callout", "in a footnote"} {
		if want := `src="../img/d.svg" alt="` + alt + `"`; !strings.Contains(page, want) {
			t.Errorf("en/docs/sub/page/ has no %s", want)
		}
	}
	if ja := string(files["ja/docs/sub/page/index.html"]); !strings.Contains(ja, `src="../img/d.svg" alt="図"`) {
		t.Errorf("the translation lost its image")
	}
	got := linkDiags(res)
	if want := "content/en/docs/sub/page.md:12: missing-image"; !slices.Contains(got, want) {
		t.Errorf("no %s among %q", want, got)
	}
	if !strings.Contains(res.Summary(), "3 images not found") {
		t.Errorf("summary %q does not count the missing images", res.Summary())
	}
}

// Links and images in raw HTML and in a shortcode's output are resolved and checked as a
// paragraph's are, at their own lines.
func TestRawHTMLLinksResolved(t *testing.T) {
	files, res := mustBuild(t, siteFromText(t, everywhere), Options{})
	page := string(files["en/docs/sub/page/index.html"])
	for _, want := range []string{
		`<a href="../../x/">raw link</a>`, `<img src="../img/d.svg" alt="raw pic"`, `<a href="../../other/">raw md</a>`,
		`<img src="../img/d.svg" alt="figure pic"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("en/docs/sub/page/ has no %s", want)
		}
	}
	got := linkDiags(res)
	for _, want := range []string{"content/en/docs/sub/page.md:15: dead-link", "content/en/docs/sub/page.md:19: missing-image"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s among %q", want, got)
		}
	}
}

// Under -strict a missing image is an error.
func TestMissingImageStrict(t *testing.T) {
	_, _, err := buildDir(t, siteFromText(t, everywhere), Options{Strict: true})
	if err == nil || !strings.Contains(err.Error(), "content/en/docs/sub/page.md:12: error: missing-image") {
		t.Errorf("got %v, want a missing-image error", err)
	}
}

// A Docusaurus site's relative links and images are read from the page's source file: at
// docs/a/b (no trailing slash) ../c/d is the page docs/c/d and ../img/x.png the file
// docs/img/x.png. docsite's page is at docs/a/b/, so where the URL's reading finds
// nothing the source's is taken; where it finds a page (Hugo's reading), it is kept.
func TestSourceRelativeLinks(t *testing.T) {
	site := `-- content/en/docs/a/b.md --
# B

See [the guide](../c/d), [a sibling](sibling), [the URL's reading](../z) and [lost](../nowhere).

![arch](../img/x.png)
-- content/en/docs/a/sibling.md --
# Sibling
-- content/en/docs/c/d.md --
# D
-- content/en/docs/img/x.png --
PNG
-- content/en/docs/a/z.md --
# Z beside b: the URL's reading of ../z from docs/a/b/
-- content/en/docs/z.md --
# Z above: the source's reading of ../z from docs/a/b.md
`
	files, res := mustBuild(t, siteFromText(t, site), Options{})
	page := string(files["en/docs/a/b/index.html"])
	for _, want := range []string{`href="../../c/d/"`, `href="../sibling/"`, `href="../z"`, `src="../../img/x.png" alt="arch"`} {
		if !strings.Contains(page, want) {
			t.Errorf("en/docs/a/b/ lacks %s", want)
		}
	}
	got := linkDiags(res)
	if want := "content/en/docs/a/b.md:3: dead-link"; !slices.Contains(got, want) || len(got) != 1 {
		t.Errorf("diagnostics %q, want only %s (../nowhere)", got, want)
	}
}
