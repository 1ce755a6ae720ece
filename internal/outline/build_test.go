package outline

import (
	"fmt"
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
// the caption, table 1 (header + 5 rows × 3), the caption and image paragraph, table 2
// (header + 3 rows × 3). en and zh split table 1 over three HTML blocks (blank lines inside);
// ja has each table on one line and the caption and image swallowed after the first.
func TestSeedOutlines(t *testing.T) {
	want := map[string]string{
		"en": `h0 "" 5-5
  paragraph 5-5
h2 "why-cloud-gpu-service" 7-171
  paragraph 8-8
  table 9-136 6x3 rows@16,29,46,68,90,112,
  paragraph 139-140
  table 142-171 4x3 rows@144,151,156,165,
`,
		"ja": `h0 "" 5-5
  paragraph 5-5
h2 "なぜgpuクラウドサーバを選択" 7-15
  paragraph 9-9
  table 11-11 6x3 rows@11,11,11,11,11,11,
  paragraph 12-13
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
	row := en.Sections[1].Blocks[3].Table.Rows[2]
	if got := row.Cells[1].Text; got != "1. Numerous efficient arithmetic logic units (ALU) support parallel processing\n2. Massively parallel throughput can be achieved using multiple threads\n3. Simple logic control" {
		t.Errorf("cell text %q", got)
	}
	ja := seedPage(t, "ja")
	cap := ja.Sections[1].Blocks[2]
	if cap.Text() != "GPUクラウドサーバとCPUクラウドサーバの対比：" || len(cap.Anchors.Images) != 1 {
		t.Errorf("ja caption %q images %v", cap.Text(), cap.Anchors.Images)
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
