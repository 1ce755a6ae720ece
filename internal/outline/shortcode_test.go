package outline

import (
	"fmt"
	"strings"
	"testing"

	"docsite/internal/markdown"
)

// TestShortcodeBlocks: a tab is one block in the source and in its translation, named
// by its shortcode; the tabs around it are not a block; callouts are quotes; tag syntax
// is never text.
func TestShortcodeBlocks(t *testing.T) {
	src := "## Install\n\n{{< tabs sync=\"os\" >}}\n{{% tab \"Linux\" %}}\nRun **apt**.\n{{% /tab %}} {{% tab macOS %}}\nRun brew {{< version >}}.\n{{% /tab %}}\n{{< /tabs >}}\n\n" +
		"> [!NOTE]\n> A note.\n\n:::tip\nA tip.\n:::\n\n{{% details \"More\" %}}\nHidden.\n{{% /details %}}\n"
	ja := "## インストール\n\n{{< tabs sync=\"os\" >}}\n{{% tab \"Linux\" %}}\n**apt** を実行。\n{{% /tab %}}\n{{% tab macOS %}}\nbrew {{< version >}} を実行。\n{{% /tab %}}\n{{< /tabs >}}\n\n" +
		"> [!NOTE]\n> メモ。\n\n:::tip\nヒント。\n:::\n\n{{% details \"詳細\" %}}\n隠れた文。\n{{% /details %}}\n"
	for s, want := range map[string]string{
		src: "shortcode tab 4 | shortcode tab 6 | quote  11 | quote  14 | shortcode details 18",
		ja:  "shortcode tab 4 | shortcode tab 7 | quote  12 | quote  15 | shortcode details 19",
	} {
		p := markdown.New(markdown.Options{})
		d := p.Parse([]byte(s), nil)
		page := Build(d.Root, d.Src, "a.md")
		var got []string
		for _, b := range page.Sections[0].Blocks {
			got = append(got, fmt.Sprintf("%s %s %d", b.Kind, b.Shortcode, b.Line))
			if strings.Contains(b.Text(), "{") || strings.Contains(b.Text(), "tab") {
				t.Errorf("block text %q holds shortcode syntax", b.Text())
			}
		}
		if g := strings.Join(got, " | "); g != want {
			t.Errorf("blocks:\n got %s\nwant %s", g, want)
		}
	}
}

// What no reader sees is no text: an HTML comment over several lines, and the inner
// content of the comment shortcode.
func TestCommentsAreNoText(t *testing.T) {
	src := "Seen text.\n\n<!-- Back by popular demand! We will be recording\ninterviews at the booth.\n\nA maximum of five people. -->\n\n" +
		"<p>Shown <!-- hidden --> here.</p>\n\n{{< comment >}} Note that we use the alert\nshortcode here. {{< /comment >}}\n\n{{% comment %}}\nA draft paragraph.\n{{% /comment %}}\n"
	d := markdown.New(markdown.Options{}).Parse([]byte(src), nil)
	page := Build(d.Root, d.Src, "a.md")
	var got []string
	for _, b := range page.Sections[0].Blocks {
		got = append(got, fmt.Sprintf("%s %d %q", b.Kind, b.Line, b.Text()))
	}
	if g, want := strings.Join(got, " | "), `paragraph 1 "Seen text." | html 8 "Shown here."`; g != want {
		t.Errorf("blocks:\n got %s\nwant %s", g, want)
	}
}

// TestBuildLeavesTheSourceAlone: outlining a code line that the masking of a shortcode tag
// cut short of its line break does not write one over the tag in the page's source
// (goldmark appends it to the line's bytes).
func TestBuildLeavesTheSourceAlone(t *testing.T) {
	for _, s := range []string{"```go\n{{% box %}}\nx {{% /box %}}\n```\n", "{{% box %}}\n```go\ncode {{% /box %}}\nmore", "```go\nlast line"} {
		p := markdown.New(markdown.Options{})
		src := []byte(s)
		d := p.Parse(src, nil)
		orig := string(d.Src)
		Build(d.Root, d.Src, "a.md")
		if string(d.Src) != orig {
			t.Errorf("the source changed:\n%q\nwas\n%q", d.Src, orig)
		}
	}
}

// TestHeadingsInTabsAreSections: a heading inside a tab opens a section, as it does for a
// reader of the tab.
func TestHeadingsInTabsAreSections(t *testing.T) {
	src := "## Install\n\n{{< tabpane text=true >}}\n{{% tab Make %}}\n\n### Run in minimal mode\n\nRun make.\n\n{{% /tab %}}\n{{% tab Docker %}}\n\n### Run with Docker\n\nRun docker.\n\n{{% /tab %}}\n{{< /tabpane >}}\n"
	d := markdown.New(markdown.Options{}).Parse([]byte(src), nil)
	var got []string
	for _, s := range Build(d.Root, d.Src, "a.md").Sections {
		got = append(got, fmt.Sprintf("%s %d", s.Title, s.Line))
	}
	if g, want := strings.Join(got, " | "), "Install 1 | Run in minimal mode 6 | Run with Docker 13"; g != want {
		t.Errorf("sections:\n got %s\nwant %s", g, want)
	}
}

// A table's rows are on the lines of the page, also below callouts that close on the line
// of their last sentence ("text. {{% /alert %}}"), which the shortcode parse reads as if the
// tag began a line of its own.
func TestTableRowLinesBelowClosingTags(t *testing.T) {
	src := "{{% alert %}} First note, written\nover two lines. {{% /alert %}}\n\n{{% alert %}} Second note. {{% /alert %}}\n\n" +
		"| Name | Kind |\n| --- | --- |\n| `a` | one |\n| `b` | two |\n\n<table><tr><td>c</td></tr>\n<tr><td>d</td></tr></table>\n"
	d := markdown.New(markdown.Options{}).Parse([]byte(src), nil)
	page := Build(d.Root, d.Src, "a.md")
	var got []string
	for _, b := range page.Sections[0].Blocks {
		if b.Table == nil {
			continue
		}
		got = append(got, fmt.Sprintf("table %d", b.Line))
		for _, r := range b.Table.Rows {
			got = append(got, fmt.Sprintf("row %d", r.Line))
		}
	}
	if g, want := strings.Join(got, " | "), "table 6 | row 6 | row 8 | row 9 | table 11 | row 11 | row 12"; g != want {
		t.Errorf("lines:\n got %s\nwant %s", g, want)
	}
}
