package gpu

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/text/language"
)

func TestFind(t *testing.T) {
	c := loadReal(t)
	tests := []struct {
		lang, text string
		want       string // "id=matched text" joined by "; "
	}{
		{"zh", "包括前一代M40，当前主流的P4/P40，以及最新一代的V100.", "m40=M40; p4=P4; p40=P40; v100=V100"},
		{"ja", "デュアルカードM 40ガンダム", "m40=M 40"},
		{"zh", "特斯拉 V100、特斯拉 T40 和英特尔 SG1", "v100=特斯拉 V100"},
		{"en", "Tesla P100 and NVIDIA Tesla V100s", "p100=Tesla P100; v100=Tesla V100"},
		{"zh", "P40、P4、K40M等", "p40=P40; p4=P4; k40=K40M"},
		{"en", "the K40m board", "k40=K40m"},
		{"en", "AM40X, P4500 and GN4 are not GPUs here", "rtx-none"},
		{"en", "a V100S is another model", ""},
		{"zh", "实例被称为 P3、P4、G3、G4", ""},
		{"zh", "特斯拉 M60、T4 和 A10 G 型号", "m60=特斯拉 M60; t4=T4; a10=A10"},
		{"zh", "特斯拉 V100T3 | 13 | 32 GB", "v100=特斯拉 V100"},
		{"zh", "RTX a 6000T2 与 当 RTX 6000 方块时", "rtx-a6000=RTX a 6000; quadro-rtx-6000=RTX 6000"},
		{"en", "a 4000 W supply, an A100 and an A10", "a100=A100; a10=A10"},
		{"zh", "夸德罗 RTX 6000 和 Tesla A4000", "quadro-rtx-6000=夸德罗 RTX 6000; rtx-a4000=Tesla A4000"},
		{"en", "AMD S7150 GPU", "s7150=S7150"},
	}
	for _, tt := range tests {
		m := NewMatcher(c, language.Make(tt.lang))
		var got []string
		for _, x := range m.Find(tt.text) {
			got = append(got, x.GPU+"="+tt.text[x.Start:x.End])
		}
		want := tt.want
		if want == "rtx-none" {
			want = ""
		}
		if g := strings.Join(got, "; "); g != want {
			t.Errorf("%s %q:\n got %q\nwant %q", tt.lang, tt.text, g, want)
		}
	}
}

// blankFrontMatter replaces a +++ front matter block with empty lines, keeping line numbers.
func blankFrontMatter(b []byte) []byte {
	lines := bytes.Split(b, []byte("\n"))
	if len(lines) == 0 || string(lines[0]) != "+++" {
		return b
	}
	for i := 1; i < len(lines); i++ {
		if string(lines[i]) == "+++" {
			for j := 0; j <= i; j++ {
				lines[j] = nil
			}
			break
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

type parsedPage struct {
	src      []byte
	doc      ast.Node
	html     string
	mentions []Mention
}

func parseWithLinker(t *testing.T, c *Catalog, lang, file string) parsedPage {
	t.Helper()
	b, err := os.ReadFile("../../" + file)
	if err != nil {
		t.Fatal(err)
	}
	return parseSource(t, c, lang, blankFrontMatter(b))
}

func parseSource(t *testing.T, c *Catalog, lang string, src []byte) parsedPage {
	t.Helper()
	linker := NewLinker(c, language.Make(lang), func(id string) string { return GPUPath(lang, id) })
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linker, 500))))
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, src, doc); err != nil {
		t.Fatal(err)
	}
	return parsedPage{src: src, doc: doc, html: out.String(), mentions: Mentions(pc)}
}

func lineOfSegment(src []byte, offset int) int { return bytes.Count(src[:offset], []byte("\n")) + 1 }

// summary lists mentions as "line:id=text" ("line:id=text(h)" when not linked).
func (p parsedPage) summary() []string {
	var out []string
	for _, m := range p.mentions {
		s := fmt.Sprintf("%d:%s=%s", lineOfSegment(p.src, m.Text.Segment.Start), m.GPU, m.Text.Segment.Value(p.src))
		if m.Link == nil {
			s += "(h)"
		}
		out = append(out, s)
	}
	return out
}

func TestLinkerSurveyPage(t *testing.T) {
	c := loadReal(t)
	p := parseWithLinker(t, c, "zh", "content/zh/gpu-survey.md")
	got := strings.Join(p.summary(), " ")
	for _, want := range []string{
		"10:m40=M40", "10:p4=P4", "10:p40=P40", "10:v100=V100",
		"25:s7150=S7150", "29:m40=M40", "33:p100=Tesla P100", "37:p4=Tesla P4", "41:v100=Tesla V100",
		"58:v100=Tesla V100", "58:k40=K40M",
		"83:k40=K40(h)", "87:m40=M40(h)", "99:v100=V100(h)",
		"107:m40=M40", "116:k40=K40", "125:p40=P40",
	} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("missing mention %s", want)
		}
	}
	// The mention on line 107 lies in the section of the nearest heading before it, 需求分析.
	for _, m := range p.mentions {
		if lineOfSegment(p.src, m.Text.Segment.Start) == 107 {
			if m.Heading == nil || string(m.Heading.Lines().Value(p.src)) != "需求分析" {
				t.Errorf("mention on line 107: heading %v", m.Heading)
			}
		}
	}
	checkLinkHTML(t, p, "zh")
}

func TestLinkerPlatformsPage(t *testing.T) {
	c := loadReal(t)
	p := parseWithLinker(t, c, "zh", "content/zh/gpu-platforms.md")
	got := " " + strings.Join(p.summary(), " ") + " "
	for _, want := range []string{
		"75:a10=A10", "75:t4=特斯拉 T4", "75:p4=特斯拉 P4", "75:v100=特斯拉 V100",
		"111:quadro-rtx-6000=夸德罗 RTX 6000", "111:v100=特斯拉 V100",
		"150:a100=A100", "172:p40=特斯拉 P40", "172:m60=Tesla M60",
		"207:k80=特斯拉 K80", "217:t4=T4", "217:a10=A10", "268:rtx-a4000=Tesla A4000",
	} {
		if !strings.Contains(got, " "+want+" ") {
			t.Errorf("missing mention %s", want)
		}
	}
	for _, notWant := range []string{"217:p4=", "75:t4=特斯拉 T40"} {
		if strings.Contains(got, " "+notWant) {
			t.Errorf("unwanted mention %s", notWant)
		}
	}
	checkLinkHTML(t, p, "zh")
}

// The Japanese product page names the M40 as "M 40" inside a raw HTML table. The transformer does
// not touch raw HTML (the table normaliser owns it); the Matcher finds the mangled form there.
func TestJapaneseM40(t *testing.T) {
	c := loadReal(t)
	p := parseWithLinker(t, c, "ja", "content/ja/gpu-cloud.md")
	if len(p.mentions) != 0 {
		t.Errorf("mentions in raw HTML: %v", p.summary())
	}
	b, _ := os.ReadFile("../../content/ja/gpu-cloud.md")
	ms := NewMatcher(c, language.Japanese).Find(string(b))
	if len(ms) != 1 || ms[0].GPU != "m40" || string(b[ms[0].Start:ms[0].End]) != "M 40" {
		t.Errorf("Find on the Japanese page: %v", ms)
	}
	q := parseSource(t, c, "ja", []byte("# 比較\n\nデュアルカードM 40ガンダム6144クアッドコア\n"))
	if got := strings.Join(q.summary(), " "); got != "3:m40=M 40" {
		t.Errorf("Japanese paragraph: %q", got)
	}
}

func TestLinkerSkipsCodeAndLinks(t *testing.T) {
	c := loadReal(t)
	src := "# V100 notes\n\nUse `V100` here, or [the V100](https://example.com) <https://x.test/V100>.\n\n" +
		"```\nV100 in a block\n```\n\n    V100 indented\n\n<p>V100 raw</p>\n\nA plain P40, then ![P100](x.png).\n"
	p := parseSource(t, c, "en", []byte(src))
	if got := strings.Join(p.summary(), " "); got != "1:v100=V100 notes(h) 13:p40=P40" {
		t.Errorf("mentions: %q", got)
	}
	checkLinkHTML(t, p, "en")
	if !strings.Contains(p.html, `A plain <a href="/en/gpus/p40/" class="gpu-mention">P40</a>, then`) {
		t.Errorf("rendered: %s", p.html)
	}
}

// checkLinkHTML checks the rendering: every mention link is outside code and other links, and
// every linked mention of the AST became one.
func checkLinkHTML(t *testing.T, p parsedPage, lang string) {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(p.html))
	if err != nil {
		t.Fatal(err)
	}
	if n := doc.Find("a a, code a, pre a, h1 a.gpu-mention, h2 a.gpu-mention, h3 a.gpu-mention, h4 a.gpu-mention, h5 a.gpu-mention, h6 a.gpu-mention").Length(); n != 0 {
		t.Errorf("%d links nested in links, code or headings", n)
	}
	linked := 0
	for _, m := range p.mentions {
		if m.Link != nil {
			linked++
		}
	}
	if n := doc.Find("a.gpu-mention").Length(); n != linked {
		t.Errorf("rendered %d mention links, recorded %d", n, linked)
	}
	doc.Find("a.gpu-mention").Each(func(_ int, s *goquery.Selection) {
		if h, _ := s.Attr("href"); !strings.HasPrefix(h, "/"+lang+"/gpus/") {
			t.Errorf("mention link to %q", h)
		}
	})
}

func TestSetLinkURL(t *testing.T) {
	c := loadReal(t)
	linker := NewLinker(c, language.English, func(id string) string { return GPUPath("en", id) })
	md := goldmark.New(goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linker, 500))))
	src := []byte("A V100.")
	pc := parser.NewContext()
	SetLinkURL(pc, func(id string) string { return "../gpus/" + id + "/" })
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, src, md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))); err != nil {
		t.Fatal(err)
	}
	if want := `<p>A <a href="../gpus/v100/" class="gpu-mention">V100</a>.</p>`; strings.TrimSpace(out.String()) != want {
		t.Errorf("got %s, want %s", out.String(), want)
	}
}
