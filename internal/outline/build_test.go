package outline

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// shape renders an outline compactly: per section its level, id and lines, per block its
// kind and lines, per table its shape and row lines.
func shape(p *Page) string {
	var b strings.Builder
	for _, s := range p.Sections {
		fmt.Fprintf(&b, "h%d %q %d-%d\n", s.Level, s.ID, s.Line, s.EndLine)
		for _, blk := range s.Blocks {
			fmt.Fprintf(&b, "  %s %d-%d", blk.Kind, blk.Line, blk.EndLine)
			if blk.Table != nil {
				r, c := blk.Table.Shape()
				fmt.Fprintf(&b, " %dx%d rows@", r, c)
				for _, row := range blk.Table.Rows {
					fmt.Fprintf(&b, "%d,", row.Line)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// The product page's three versions outline alike: an intro paragraph, then one section with
// table 1 (header + 5 rows × 3, its introducing sentence as caption), the image, table 2
// (header + 3 rows × 3, the sentence before the image as caption). en and zh split table 1
// over three HTML blocks (blank lines inside); ja has each table on one line and the caption
// and image swallowed after the first.
func TestSeedOutlines(t *testing.T) {
	want := map[string]string{
		"en": `h0 "" 5-5
  paragraph 5-5
h2 "why-cloud-gpu-service" 7-171
  table 9-136 6x3 rows@16,29,46,68,90,112,
  image 139-140
  table 142-171 4x3 rows@144,151,156,165,
`,
		"ja": `h0 "" 5-5
  paragraph 5-5
h2 "なぜgpuクラウドサーバを選択" 7-15
  table 11-11 6x3 rows@11,11,11,11,11,11,
  image 12-13
  table 15-15 4x3 rows@15,15,15,15,
`,
	}
	want["zh"] = strings.Replace(want["en"], "why-cloud-gpu-service", "为什么选择-gpu-云服务器", 1)
	for _, lang := range []string{"en", "zh", "ja"} {
		if got := shape(seedPage(t, lang)); got != want[lang] {
			t.Errorf("%s outline:\n%s\nwant:\n%s", lang, got, want[lang])
		}
	}
}

func TestSeedCellText(t *testing.T) {
	en := seedPage(t, "en")
	if c := en.Sections[1].Blocks[0].Segments[0]; c != (Segment{8, "Comparison between Cloud GPU Service and Self-built GPU Computing"}) {
		t.Errorf("en caption %+v", c)
	}
	row := en.Sections[1].Blocks[2].Table.Rows[2]
	if got := row.Cells[1].Text; got != "1. Numerous efficient arithmetic logic units (ALU) support parallel processing\n2. Massively parallel throughput can be achieved using multiple threads\n3. Simple logic control" {
		t.Errorf("cell text %q", got)
	}
	ja := seedPage(t, "ja")
	if c := ja.Sections[1].Blocks[2].Segments[0]; c != (Segment{12, "GPUクラウドサーバとCPUクラウドサーバの対比"}) {
		t.Errorf("ja caption %+v", c)
	}
	if img := ja.Sections[1].Blocks[1]; img.Text() != "" || len(img.Anchors.Images) != 1 {
		t.Errorf("ja image %q images %v", img.Text(), img.Anchors.Images)
	}
}

func TestBlocks(t *testing.T) {
	src := "# Title\n\nText with [a link](https://x.test/a) and 3.5%.\n\n![only](/i.png)\n\n- one\n- two 20\n\n> quoted\n\n```go\ncode 99\n```\n\n<div>raw 7 <a href=\"/r\">r</a></div>\n\n</div>\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	p := parse(t, "p.md", []byte(src))
	got := shape(p)
	want := `h1 "title" 1-24
  paragraph 3-3
  image 5-5
  list 7-8
  quote 10-10
  code 12-14
  html 16-16
  table 22-24 2x2 rows@22,24,
`
	if got != want {
		t.Errorf("outline:\n%s\nwant:\n%s", got, want)
	}
	b := p.Sections[0].Blocks
	if b[0].Anchors.Links[0] != "https://x.test/a" || b[1].Anchors.Images[0] != "/i.png" || b[5].Anchors.Links[0] != "/r" {
		t.Errorf("anchors %+v %+v %+v", b[0].Anchors, b[1].Anchors, b[5].Anchors)
	}
	if b[2].Items != 2 {
		t.Errorf("list items %d", b[2].Items)
	}
}

func TestSectionHashIgnoresTrailingSpaceOnly(t *testing.T) {
	a := parse(t, "p.md", []byte("Intro.\n\n## A\n\ntext\n\n## B\n\nmore\n"))
	b := parse(t, "p.md", []byte("Intro.  \n\n## A\n\ntext\n\n\n## B\n\nmore changed\n"))
	if a.Sections[0].Hash != b.Sections[0].Hash || a.Sections[1].Hash != b.Sections[1].Hash {
		t.Error("trailing white space or blank lines changed a hash")
	}
	if a.Sections[2].Hash == b.Sections[2].Hash {
		t.Error("an edit did not change the hash")
	}
}

func TestUnclosedTable(t *testing.T) {
	p := parse(t, "p.md", []byte("<table><tr><td>a<td>b\n<tr><td>c\n\nafter\n"))
	if got := shape(p); got != "h0 \"\" 1-4\n  table 1-2 2x2 rows@1,2,\n  paragraph 4-4\n" {
		t.Errorf("outline:\n%s", got)
	}
}

func TestCaptions(t *testing.T) {
	table := "| a | b |\n|---|---|\n| 1 | 2 |\n"
	tests := []struct{ name, md, want string }{
		{"colon", "Prices per hour:\n\n" + table, "3:Prices per hour"},
		{"full-width colon", "价格对比：\n" + table, "2:价格对比"},
		{"colon and image", "Prices:\n![](/a.png)\n\n" + table, "4:Prices image"},
		{"bold", "**Instance prices**\n\n" + table, "3:Instance prices"},
		{"no colon", "Prices per hour.\n\n" + table, "3: paragraph"},
		{"text after colon line", "Prices:\nmore text\n\n" + table, "4: paragraph"},
		{"something between", "Prices:\n\n---\n\n" + table, "5: paragraph"},
	}
	for _, tt := range tests {
		s := parse(t, "p.md", []byte(tt.md)).Sections[0]
		tbl := s.Blocks[len(s.Blocks)-1]
		got := fmt.Sprintf("%d:", tbl.Line)
		if tbl.Segments[0].Line < tbl.Line {
			got += tbl.Segments[0].Text
		}
		for _, b := range s.Blocks[:len(s.Blocks)-1] {
			got += " " + b.Kind.String()
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestBuildForSections compares BuildForSections with Build on the seed pages, whose
// tables are malformed in every language, and on tables whose text folds in pieces.
func TestBuildForSections(t *testing.T) {
	for _, lang := range []string{"en", "zh", "ja"} {
		src, err := os.ReadFile("testdata/seeds/" + lang + "/gpu-cloud.md")
		if err != nil {
			t.Fatal(err)
		}
		checkForSections(t, src)
	}
	for _, src := range []string{
		"| Ｖ１００ | ３２ＧＢ |\n|---|---|\n| ｶﾀｶﾅ 1.5 | x\u0301 2 |\n",
		"Table: prices 12\n\n| GPU | $/h |\n|---|---|\n| A100-80G | 1,234.5 |\n| H100 | 2.5<br>3.5 |\n",
		"<table><caption>Ⅻ 12</caption><tr><th>ﬁ 1</th><td>ǅ 2</td></tr></table>\n",
	} {
		checkForSections(t, []byte(src))
	}
}

// Raw HTML nested deeper than the HTML parser accepts keeps its text in the outline.
func TestDeepHTMLText(t *testing.T) {
	src := "<div>" + strings.Repeat("<div>", 600) + "deep text" + strings.Repeat("</div>", 600) + "</div>\n"
	p := parse(t, "p.md", []byte(src))
	if len(p.Sections) != 1 || len(p.Sections[0].Blocks) != 1 || p.Sections[0].Blocks[0].Text() != "deep text" {
		t.Errorf("outline:\n%s", shape(p))
	}
}

// A cell that lists inline code, separated by commas or line breaks, is code: an
// identifier or a value, the same in every language. Words between codes are text.
func TestCodeListCells(t *testing.T) {
	src := "| a | b | c | d |\n| --- | --- | --- | --- |\n| `wifi`, `cell`, `unavailable` | `instrumentations`<br>`OTEL_EBPF_X` | `x` or `y` | plain |\n"
	p := parse(t, "p.md", []byte(src))
	row := p.Sections[0].Blocks[0].Table.Rows[1]
	var got []bool
	for _, c := range row.Cells {
		got = append(got, c.Code)
	}
	if fmt.Sprint(got) != "[true true false false]" {
		t.Errorf("code cells %v, want [true true false false]", got)
	}
}
