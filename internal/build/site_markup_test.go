package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/diag"
	"docsite/internal/sitecheck"
)

func TestComponentsSite(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/components.txtar"), Options{})
	en, ja := string(files["en/docs/components/index.html"]), string(files["ja/docs/components/index.html"])
	for _, want := range []string{
		`<a href="../install/">the install page</a>`,          // ref, relative to the page
		`<a href="../install/#requirements">requirements</a>`, // relref with a fragment
		`<div class="tabs" data-sync="os">`,                   // a built-in
		`<span class="o">=</span>2.4.1`,                       // the site's own shortcode, in code
		`<code dir="ltr">code 2.4.1</code>`,                   // and in a code span
		`<code dir="ltr">{{&lt; version &gt;}}</code>`,        // an escape prints the tag
		`role="note" aria-label="Docsy alert"`,                // alert drawn as a callout
		`<div class="footnotes" role="doc-endnotes">`,         // goldmark's footnotes
		`<dt>Term</dt>`,     // definition lists
		`<del>struck</del>`, // strikethrough
	} {
		if !strings.Contains(en, want) {
			t.Errorf("en/docs/components lacks %s", want)
		}
	}
	if strings.Contains(en, "unknown-thing") || strings.Contains(en, "{{&lt; ") && !strings.Contains(en, `<code dir="ltr">{{&lt; version`) {
		t.Error("shortcode tags reached the page")
	}
	for _, want := range []string{`aria-label="メモ"`, `aria-label="注意"`, `data-copy="コピー"`, `<summary>詳細を表示</summary>`, `<a href="../install/">インストール</a>`} {
		if !strings.Contains(ja, want) {
			t.Errorf("ja/docs/components lacks %s", want)
		}
	}
	var unknown []diag.Diagnostic
	for _, d := range res.Diags {
		if d.Code == "unknown-shortcode" {
			unknown = append(unknown, d)
		}
	}
	if len(unknown) != 1 || unknown[0].Line == 0 || !strings.Contains(unknown[0].Message, `"unknown-thing"`) || !strings.Contains(unknown[0].Message, "2 uses in 1 files") {
		t.Errorf("unknown shortcodes: want one warning with a count, got %v", unknown)
	}
}

// TestShortcodeErrors: a malformed tag or a missing ref target is an error at
// file:line:col in the source language, and a stand-in with a warning in a translation.
func TestShortcodeErrors(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"unclosed", "x\n\n{{% tabs %}}\ny\n", "content/en/a.md:3:1: error: shortcode-syntax: unclosed shortcode tabs"},
		{"quote", "a {{< figure src=\"x.png >}}\n", "content/en/a.md:1:18: error: shortcode-syntax: unterminated quoted argument"},
		{"ref", "[x]({{< ref \"nowhere.md\" >}})\n", `content/en/a.md:1:5: error: shortcode: ref: ref "nowhere.md": no page "nowhere" in en`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := buildDir(t, siteFromText(t, "-- content/en/a.md --\n"+tt.body), Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %s", err, tt.want)
			}
			site := "-- content/en/a.md --\n# A\n-- content/zh/a.md --\n" + tt.body
			files, res := mustBuild(t, siteFromText(t, site), Options{})
			if res.StandIns["zh"] != 1 || !strings.Contains(string(files["zh/a/index.html"]), `<article lang="en">`) {
				t.Errorf("broken zh translation not replaced by its source: %v", res.StandIns)
			}
			want := strings.Replace(strings.Replace(tt.want, "content/en", "content/zh", 1), "error", "warning", 1)
			want = strings.Replace(want, " in en", " in zh", 1)
			var found bool
			for _, d := range res.Diags {
				found = found || strings.Contains(d.Error(), want)
			}
			if !found {
				t.Errorf("no warning %s in %v", want, res.Diags)
			}
		})
	}
}

// TestLooseShortcodes: what Hugo builds builds here too, with a warning at the tag: a
// pair whose delimiters differ, a closing tag without an opening one, a figure without
// alt text.
func TestLooseShortcodes(t *testing.T) {
	site := "-- content/en/a.md --\n{{< details >}}\nx\n{{% /details %}}\n\n{{< /details >}}\n\n{{< figure src=\"x.png\" >}}\n"
	files, res := mustBuild(t, siteFromText(t, site), Options{})
	page := string(files["en/a/index.html"])
	if !strings.Contains(page, `<details class="details">`) || !strings.Contains(page, `<img src="x.png" alt=""`) {
		t.Errorf("page = %s", page)
	}
	for _, want := range []string{
		"content/en/a.md:3:1: warning: shortcode-syntax: shortcode details opened with {{< is closed with {{%",
		"content/en/a.md:5:1: warning: shortcode-syntax: closing tag of details without an opening one",
		`content/en/a.md:7:1: warning: shortcode: figure: figure "x.png" has no alt=`,
	} {
		var found bool
		for _, d := range res.Diags {
			found = found || strings.Contains(d.Error(), want)
		}
		if !found {
			t.Errorf("no warning %s in %v", want, res.Diags)
		}
	}
}

// TestComponentsPassSiteCheck builds the components site and runs the checks of make
// check on it: the Nu Html Checker, axe-core in chromium (light and dark), links and
// anchors. Outside CI it skips without the tools, as the sitecheck tests do.
func TestComponentsPassSiteCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the validators")
	}
	tools, _ := filepath.Abs("../sitecheck/tools")
	if _, err := os.Stat(filepath.Join(tools, "node_modules")); err != nil && os.Getenv("CI") != "true" {
		t.Skip("no sitecheck tools (bash .ci/install-deps installs them)")
	}
	if _, err := os.Stat("/usr/bin/chromium"); err != nil && os.Getenv("CI") != "true" {
		t.Skip("no chromium")
	}
	files, _ := mustBuild(t, siteDir(t, "testdata/components.txtar"), Options{Review: true})
	out := t.TempDir()
	for name, data := range files {
		if strings.HasPrefix(name, "_review/") {
			continue // the review's pages are the review's to check
		}
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := sitecheck.Run(context.Background(), sitecheck.Config{Dir: out, Base: "https://components.example.org/", Tools: tools})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diags {
		t.Errorf("%s", d.Error())
	}
	t.Log(strings.Join(res.Summary, "\n"))
}
