package align

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"docsite/internal/outline"
)

// pairs renders an alignment as "source-target" per section and per block.
func pairs(a *Page) string {
	var b strings.Builder
	for _, s := range a.Sections {
		b.WriteString(itoa(s.Source) + "-" + itoa(s.Target))
		if s.Moved {
			b.WriteString("m")
		}
		b.WriteString("[")
		for k, bp := range s.Blocks {
			if k > 0 {
				b.WriteString(" ")
			}
			b.WriteString(itoa(bp.Source) + "-" + itoa(bp.Target))
			if bp.Moved {
				b.WriteString("m")
			}
		}
		b.WriteString("] ")
	}
	return strings.TrimSpace(b.String())
}

func itoa(i int) string {
	if i < 0 {
		return "_"
	}
	return string(rune('0' + i))
}

const src = `Intro.

## One

First paragraph about 100 things.

Second paragraph about https://example.com/a and nothing else.

![x](/a.png)

## Two

Closing words with 42 in them.
`

func TestAlignSeeds(t *testing.T) {
	en := seed(t, "en")
	for _, l := range []string{"zh", "ja"} {
		a := Align(en, seed(t, l))
		if got, want := pairs(a), "0-0[0-0] 1-1[0-0 1-1 2-2]"; got != want {
			t.Errorf("%s: %s, want %s", l, got, want)
		}
		for _, s := range a.Sections {
			for _, b := range s.Blocks {
				if b.Confidence < 0.5 || b.Confidence > 1 {
					t.Errorf("%s: block pair %d-%d confidence %.2f", l, b.Source, b.Target, b.Confidence)
				}
				for _, r := range b.Rows {
					if r.Source != r.Target {
						t.Errorf("%s: row %d paired with %d", l, r.Source, r.Target)
					}
				}
			}
		}
	}
}

func TestAlignInsertedMissingMoved(t *testing.T) {
	tests := []struct{ name, tgt, want string }{
		{"same", src, "0-0[0-0] 1-1[0-0 1-1 2-2] 2-2[0-0]"},
		{"missing block", strings.Replace(src, "Second paragraph about https://example.com/a and nothing else.\n\n", "", 1),
			"0-0[0-0] 1-1[0-0 1-_ 2-1] 2-2[0-0]"},
		{"inserted block", strings.Replace(src, "![x]", "An inserted note.\n\n![x]", 1),
			"0-0[0-0] 1-1[0-0 1-1 _-2 2-3] 2-2[0-0]"},
		{"moved block", strings.Replace(strings.Replace(src, "First paragraph about 100 things.\n\n", "", 1), "![x](/a.png)", "![x](/a.png)\n\nFirst paragraph about 100 things.", 1),
			"0-0[0-0] 1-1[0-2m 1-0 2-1] 2-2[0-0]"},
		{"missing section", strings.Replace(src, "## One", "", 1),
			"0-0[0-0 _-1 _-2 _-3] 1-_[] 2-1[0-0]"},
		{"inserted section", strings.Replace(src, "## Two", "## Extra\n\nMore.\n\n## Two", 1),
			"0-0[0-0] 1-1[0-0 1-1 2-2] _-2[] 2-3[0-0]"},
	}
	for _, tt := range tests {
		a := Align(parse(t, "s.md", []byte(src)), parse(t, "t.md", []byte(tt.tgt)))
		if got := pairs(a); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestShareIDs(t *testing.T) {
	en := seed(t, "en")
	ja := seed(t, "ja")
	a := Align(en, ja)
	outline.ShareIDs(a.Source, a.Target, a.TargetSections())
	h := ja.Sections[1].Heading
	if v, ok := h.AttributeString("id"); !ok || string(v.([]byte)) != "why-cloud-gpu-service" {
		t.Errorf("ja heading id %v", v)
	}
	if v, _ := en.Sections[1].Heading.AttributeString("id"); string(v.([]byte)) != "why-cloud-gpu-service" {
		t.Errorf("en heading id %v", v)
	}
}

func TestShareIDsExtraSectionKeepsOwnSlug(t *testing.T) {
	s := parse(t, "s.md", []byte("## Setup\n\nText.\n"))
	tg := parse(t, "t.md", []byte("## セットアップ\n\nテキスト。\n\n## Setup\n\n追加。\n"))
	a := Align(s, tg)
	outline.ShareIDs(a.Source, a.Target, a.TargetSections())
	var ids []string
	for _, sec := range tg.Sections {
		ids = append(ids, sec.ID)
	}
	if got := strings.Join(ids, ","); got != "setup,setup-2" {
		t.Errorf("target ids %s (%s)", got, pairs(a))
	}
}

func BenchmarkAlignSeedPage(b *testing.B) {
	en, ja := seed(b, "en"), seed(b, "ja")
	b.ReportAllocs()
	for b.Loop() {
		Align(en, ja)
	}
}

// A translation that writes as its heading's id the source's automatic one ("## 方法
// {#how}" for "## How") pairs with that section, whatever the place and the text say.
func TestExplicitIDMatchesAutomaticSlug(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAttribute(), parser.WithAutoHeadingID()))
	page := func(file, src string) *outline.Page {
		return outline.Build(md.Parser().Parse(text.NewReader([]byte(src))), []byte(src), file)
	}
	s := page("s.md", "## Why\n\nText.\n\n## How\n\nText.\n")
	tg := page("t.md", "## 方法 {#how}\n\nテキスト。\n")
	if got, want := pairs(Align(s, tg)), "0-_[] 1-0[0-0]"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}

// Rows pair by their inline code when no other row of either table has it: in order, and
// a row the translation moved elsewhere in the table as well; the rest by similarity.
func TestRowsByCode(t *testing.T) {
	rows := func(t *testing.T, src string) []outline.Row {
		t.Helper()
		return parse(t, "p.md", []byte(src)).Sections[0].Blocks[0].Table.Rows
	}
	en := rows(t, "| Name | Use |\n| --- | --- |\n| `alpha` | first |\n| `beta` | second |\n| `gamma` | third |\n| `delta` | fourth |\n| plain | none |\n")
	es := rows(t, "| Nombre | Uso |\n| --- | --- |\n| `delta` | cuarto |\n| `alpha` | primero |\n| `gamma` | tercero |\n| llano | nada |\n")
	var got []string
	s := Prepare(&outline.Page{})
	for _, p := range s.alignRows(en, es, rowFeatures(en, nil, s.ids)) {
		got = append(got, itoa(p.Source)+"-"+itoa(p.Target))
	}
	if g, want := strings.Join(got, " "), "0-0 1-2 2-_ 3-3 4-1 5-4"; g != want {
		t.Errorf("rows %s, want %s", g, want)
	}
}
