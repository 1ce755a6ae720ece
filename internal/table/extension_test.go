package table

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// TestBlocks checks where tables start and end in markdown, and what happens around them.
func TestBlocks(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the HTML, in order
		not       []string // substrings that must not occur
		diags     []string // substrings of the diagnostics, in order
	}{{
		name: "markdown right after the table",
		src:  "<table><tr><td>a</td><td>b</td></tr></table>\nSee *this*:\n![alt](x.png)\n",
		want: []string{`<td>a</td>`, `</table>`, `<p>See <em>this</em>:`, `<img src="x.png" alt="alt">`},
	}, {
		name: "blank lines inside the table",
		src:  "<table>\n<tr><td>\n\n<ul><li>x</li></ul>\n\n</td><td>y</td></tr>\n</table>\n\nafter\n",
		want: []string{`<td><ul><li>x</li></ul></td><td>y</td>`, `<p>after</p>`},
		not:  []string{"raw HTML omitted"},
	}, {
		name:  "upper case and indented three spaces",
		src:   "   <TABLE BORDER=1><TR><TD>a<TD>b</TABLE>\n",
		want:  []string{`<td>a</td><td>b</td>`},
		diags: []string{"unclosed tr, 2 unclosed cells, 5 uppercase tags lowered, unquoted attribute"},
	}, {
		name: "indented four spaces is code",
		src:  "    <table><tr><td>a</td></tr></table>\n",
		want: []string{`<pre><code>&lt;table&gt;`},
		not:  []string{`table-scroll`},
	}, {
		name:  "never closed: ends at the blank line",
		src:   "<table><tr><td>a</td><td>b\n\nmarkdown *again*\n",
		want:  []string{`<td>a</td><td>b</td>`, `<p>markdown <em>again</em></p>`},
		diags: []string{":1: warning: table-repair: no </table>"},
	}, {
		name:  "content after </table> on its line",
		src:   "<table><tr><td>a</td></tr></table><p>x</p>\n",
		want:  []string{`<td>a</td>`, `</div>`, `<!-- raw HTML omitted -->`},
		diags: []string{":1: warning: table-unfit: content after </table>"},
	}, {
		name:  "no cells: passed through",
		src:   "<table class=\"x\"></table>\n",
		want:  []string{`<!-- raw HTML omitted -->`},
		not:   []string{`table-scroll`},
		diags: []string{":1: warning: table-unfit: cannot make a table of this HTML (table has no cells)"},
	}, {
		name: "in a list item",
		src:  "- item\n\n  <table><tr><td>a</td></tr></table>\n- next\n",
		want: []string{`<li>`, `<td>a</td>`, `</li>`, `<li>`, `next`},
	}, {
		name:  "pipe rows without delimiter",
		src:   "| **a** |  | c |\n| 1 | 2 | 3 |\n| 4 | 5 |\n",
		want:  []string{`<thead>`, `<th scope="col">a</th><td></td><th scope="col">c</th>`, `<td>4</td><td>5</td><td></td>`},
		diags: []string{"bold header cell unwrapped", "short row padded"},
	}, {
		name: "one pipe row is a paragraph",
		src:  "| a | b |\n",
		want: []string{`<p>| a | b |</p>`},
	}, {
		name: "GFM table goes through the model",
		src:  "| a | b |\n|:--|--:|\n| x | 1 |\n",
		want: []string{`<th scope="col" class="align-left">a</th><th scope="col" class="align-right">b</th>`, `<td class="align-left">x</td><td class="align-right">1</td>`},
	}, {
		name: "text before pipe rows stays a paragraph and becomes the caption",
		src:  "Prices:\n| a | b |\n| 1 | 2 |\n",
		want: []string{`<caption id="table-1-caption">Prices</caption>`},
		not:  []string{`<p>`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := convert(t, []byte(tt.src))
			checkOrder(t, "HTML", out, tt.want)
			checkOrder(t, "diagnostics", diags, tt.diags)
			for _, s := range tt.not {
				if strings.Contains(out, s) {
					t.Errorf("HTML contains %q:\n%s", s, out)
				}
			}
		})
	}
}

func checkOrder(t *testing.T, what, got string, want []string) {
	t.Helper()
	rest := got
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Errorf("%s lacks %q (in order):\n%s", what, w, got)
			return
		}
		rest = rest[i+len(w):]
	}
}

// TestCaptions checks which paragraph before a table becomes its caption.
func TestCaptions(t *testing.T) {
	const table = "<table><tr><td>a</td><td>b</td></tr></table>\n"
	tests := []struct {
		name, before, caption, kept string
	}{
		{"colon", "Compare these:\n", "Compare these", ""},
		{"full-width colon, blank line", "比较如下：\n\n", "比较如下", ""},
		{"introduction then image", "Compare these:\n![d](d.png)\n\n", "Compare these", `<p><img src="d.png" alt="d"></p>`},
		{"no colon", "Compare these.\n\n", "", "<p>Compare these.</p>"},
		{"colon alone", ":\n", "", "<p>:</p>"},
		{"bold colon alone", "**：**\n", "", "<p><strong>：</strong></p>"},
		{"two lines of text", "First line\nCompare these:\n\n", "", "Compare these:</p>"},
		{"bold title", "**Prices of <u>GPU</u> instances**\n\n", "Prices of GPU instances", ""},
		{"bold but two lines", "**Prices**\n**more**\n\n", "", "<strong>more</strong>"},
		{"heading is not a caption", "## Compare these:\n\n", "", "<h2>"},
		{"inline markup kept", "Compare [these](https://x.example) *now*:\n", `Compare <a href="https://x.example">these</a> <em>now</em>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := convert(t, []byte(tt.before+table))
			if tt.caption == "" {
				if strings.Contains(out, "<caption") || strings.Contains(diags, "caption taken") {
					t.Errorf("unexpected caption:\n%s\n%s", out, diags)
				}
			} else if !strings.Contains(out, `-caption">`+tt.caption+`</caption>`) || !strings.Contains(diags, "caption taken from line 1") {
				t.Errorf("want caption %q:\n%s\n%s", tt.caption, out, diags)
			}
			if tt.kept != "" && !strings.Contains(out, tt.kept) {
				t.Errorf("want %q kept:\n%s", tt.kept, out)
			}
			if tt.caption != "" && strings.Count(out, strings.Split(tt.caption, " ")[0]) != 1 {
				t.Errorf("caption text duplicated:\n%s", out)
			}
		})
	}
	out, _ := convert(t, []byte("Intro:\n<table><caption>Own</caption><tr><td>a</td></tr></table>\n"))
	if !strings.Contains(out, "<p>Intro:</p>") || !strings.Contains(out, ">Own</caption>") {
		t.Errorf("a table with a caption must keep it and the paragraph:\n%s", out)
	}
}

// TestIDs checks that ids are unique and follow document order, with a configurable prefix.
func TestIDs(t *testing.T) {
	src := []byte("A:\n\n| a | b |\n| 1 | 2 |\n\n<table><tr><td>x</td></tr></table>\n\nB:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, NewExtension(WithIDPrefix("t"))))
	var out strings.Builder
	if err := md.Convert(src, &out); err != nil {
		t.Fatal(err)
	}
	checkOrder(t, "HTML", out.String(), []string{`aria-labelledby="t-1-caption"`, `id="t-1"`, `id="t-1-caption">A<`, `<table id="t-2">`, `aria-labelledby="t-3-caption"`, `id="t-3-caption">B<`})
	var again strings.Builder
	_ = md.Convert(src, &again)
	if again.String() != out.String() {
		t.Error("output differs between two runs")
	}
}

// TestDiagnosticsAPI checks that diagnostics come back from the parser context with lines and no
// file.
func TestDiagnosticsAPI(t *testing.T) {
	src := []byte("x\n\n<table><tr><th>a</td><td>b</th></tr></table>\n")
	md := newMarkdown()
	pc := parser.NewContext()
	md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	ds := Diagnostics(pc, true)
	if len(ds) != 1 || ds[0].File != "" || ds[0].Line != 3 || ds[0].Code != "table-repair" ||
		ds[0].Message != "th closed by td, td closed by th" {
		t.Errorf("diagnostics %+v", ds)
	}
	if got := Diagnostics(parser.NewContext(), true); got != nil {
		t.Errorf("fresh context: %v", got)
	}
}

// TestDiagnosticsLeavesOutRepairs checks that Diagnostics keeps the order and the
// table-unfit warnings when it leaves out the repairs.
func TestDiagnosticsLeavesOutRepairs(t *testing.T) {
	src := []byte("<table><tr><th>a</td></tr></table>\n\n<table>x</table>\n\n<table><tr><td>b</td></tr></table> tail\n")
	md := newMarkdown()
	pc := parser.NewContext()
	md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var all, some []string
	for _, d := range Diagnostics(pc, true) {
		all = append(all, d.Error())
	}
	for _, d := range Diagnostics(pc, false) {
		some = append(some, d.Error())
	}
	want := []string{
		":1: warning: table-repair: th closed by td",
		":3: warning: table-unfit: cannot make a table of this HTML (text outside the table: \"x\"); passed through unchanged",
		":5: warning: table-unfit: content after </table> on the same line passed through as raw HTML",
	}
	if strings.Join(all, "\n") != strings.Join(want, "\n") {
		t.Errorf("all:\n%s\nwant:\n%s", strings.Join(all, "\n"), strings.Join(want, "\n"))
	}
	if strings.Join(some, "\n") != strings.Join(want[1:], "\n") {
		t.Errorf("without repairs:\n%s", strings.Join(some, "\n"))
	}
}
