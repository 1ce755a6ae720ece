package build

import (
	"context"
	"strings"
	"testing"
)

// .mdx files are pages: published at their path (not as raw files), linked to as x.mdx
// or x.md, and paired with a translation whose file has the other extension.
func TestMDXPages(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/mdx.txtar"), Options{})
	for _, rel := range []string{"en/docs/install/index.html", "zh/docs/install/index.html",
		"en/docs/guide/index.html", "zh/docs/guide/index.html", "en/docs/intro/index.html"} {
		if _, ok := files[rel]; !ok {
			t.Errorf("no page %s", rel)
		}
	}
	for rel := range files {
		if strings.HasSuffix(rel, ".mdx") {
			t.Errorf("%s published as a file", rel)
		}
	}
	for _, d := range res.Diags {
		if d.Code == "dead-link" || d.Code == "missing-page" {
			t.Errorf("unexpected %s", d.Error())
		}
	}
	wantIn(t, files, "en/index.html", []string{`href="docs/install/#script"`}, nil)
	wantIn(t, files, "en/docs/guide/index.html", []string{`href="../install/"`, `href="../intro/"`}, nil)
	wantIn(t, files, "zh/docs/guide/index.html", []string{`href="../install/"`, "参见"}, []string{"See "})
}

// A live rebuild sees an edited .mdx page as an edited page.
func TestLiveMDXEdit(t *testing.T) {
	dir := siteDir(t, "testdata/mdx.txtar")
	live, first := startLive(t, dir)
	writeSrc(t, dir, "content/zh/docs/install.mdx", "---\ntitle: 安装\n---\nimport Tabs from '@theme/Tabs';\n\n新的说明。\n")
	snap, err := live.Build(context.Background(), []string{"content/zh/docs/install.mdx"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsFull(t, "edit", dir, snap, first.Result.Diags)
	wantIn(t, snap.Files.Map(), "zh/docs/install/index.html", []string{"新的说明。"}, nil)
}

// What of MDX is not markdown is read as Docusaurus authors write it: ESM lines and
// comments are not printed, Tabs/TabItem are tabs whose children are markdown, an
// Admonition a callout, a CodeBlock a code block; an unknown component and a JSX
// expression are warnings at file:line:col (errors under -strict), their text shown.
func TestMDXSyntax(t *testing.T) {
	dir := siteDir(t, "testdata/mdx.txtar")
	files, res := mustBuild(t, dir, Options{})
	wantIn(t, files, "en/docs/install/index.html", []string{
		"<p>Pick your platform.</p>",
		`<div class="tabs" data-default="Brew">`, `<h2 class="tab-title">Script</h2>`, "<p>Run the <strong>script</strong>:</p>",
		`<span class="nb">export</span>`, // a line of code that starts with export is code
		`<h2 class="tab-title">Brew</h2>`, `<code dir="ltr">brew install vela</code>`,
		`<div class="callout callout-warning" role="note" aria-label="Mind the version">`, "<p>Version <strong>1.2</strong> only.</p>",
		`<span class="code-title">main.go</span>`, `<code class="language-go">`,
		"<p>Kept words and the version {version}.</p>",
		`<div class="box">Boxed</div>`,
	}, []string{"import", "@theme", "Keep this page", "TabItem", "Tabs", "Admonition", "CodeBlock", "Highlight", "style=", "color: &#39;red&#39;", "className", "{`"})
	wantIn(t, files, "zh/docs/guide/index.html", []string{"参见"}, []string{"import", "Link"})
	var got []string
	for _, d := range res.Diags {
		if strings.HasPrefix(d.Code, "mdx") {
			got = append(got, d.Error())
		}
	}
	want := []string{
		"content/en/docs/install.mdx:48:1: warning: mdx-component: unknown MDX component <Highlight>: docsite cannot render it; its tags are left out, its children shown",
		"content/en/docs/install.mdx:48:67: warning: mdx-expression: JSX expression {version} is not evaluated (docsite runs no JavaScript): shown as written",
		"content/en/docs/install.mdx:50:22: warning: mdx-expression: attribute style of <div> is a style object (JavaScript), which docsite cannot evaluate: left out",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("MDX warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, _, err := buildDir(t, dir, Options{Strict: true})
	if err == nil || !strings.Contains(err.Error(), "error: mdx-component") || !strings.Contains(err.Error(), "error: mdx-expression") {
		t.Errorf("-strict: want the MDX warnings as errors, got %v", err)
	}
}

// The cache sees an .mdx file as a page: a body edit rebuilds that page alone, and its
// page shows the edit.
func TestCacheMDXBodyEdit(t *testing.T) {
	dir := siteDir(t, "testdata/mdx.txtar")
	_, edit := editors(t, dir)
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"nothing changed", func() {}, all, nil},
		{"mdx body", edit("content/zh/docs/install.mdx", func(s string) string { return s + "\n更多说明。\n" }), allButOne, nil},
	})
	files, _ := mustBuild(t, dir, Options{}) // which the cached build gave, byte for byte
	wantIn(t, files, "zh/docs/install/index.html", []string{"更多说明。"}, nil)
}
