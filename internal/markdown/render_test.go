package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestRenderString checks that RenderString gives Render's HTML, through the filter when
// there is one, and that its reused buffer leaks nothing from one page into the next.
func TestRenderString(t *testing.T) {
	p := New(Options{})
	pages := []string{
		"# Title\n\nSome *text* and a long paragraph that fills the buffer.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
		"short\n",
		"<table><tr><th>x</td></tr><tr><td>1</td></tr></table>\n",
	}
	for _, src := range pages {
		d := p.Parse([]byte(src), nil)
		want, err := p.Render(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.RenderString(d, nil)
		if err != nil || got != string(want) {
			t.Fatalf("%q: RenderString = %q, %v; want %q", src, got, err, want)
		}
		upper, err := p.RenderString(d, bytes.ToUpper)
		if err != nil || upper != string(bytes.ToUpper(want)) {
			t.Fatalf("%q: filtered RenderString = %q, %v", src, upper, err)
		}
	}
}

// A line break before a link, emphasis or code stays a break (a space to the reader)
// between words, and goes between Chinese characters.
func TestSoftBreakBeforeInline(t *testing.T) {
	p := New(Options{})
	for src, want := range map[string]string{
		"see the\n[guide](g) now": "<p>see the\n<a href=\"g\">guide</a> now</p>\n",
		"use\n`go build`":         "<p>use\n<code dir=\"ltr\">go build</code></p>\n",
		"阅读\n[指南](g)。":            "<p>阅读<a href=\"g\">指南</a>。</p>\n",
		"end.\n*emphasis*":        "<p>end.\n<em>emphasis</em></p>\n",
		"日本語の文。\n**強調**":          "<p>日本語の文。<strong>強調</strong></p>\n",
	} {
		doc := p.Parse([]byte(src), nil)
		got, err := p.RenderString(doc, nil)
		if err != nil || got != want {
			t.Errorf("%q:\ngot  %q\nwant %q (err %v)", src, got, want, err)
		}
	}
}

// An escaped space (the CJK extension's "\ ") lets emphasis close after CJK punctuation
// before a letter, and renders as nothing: what an imported translation writes where
// CommonMark could not flank its emphasis.
func TestEscapedSpaceRendersNothing(t *testing.T) {
	p := New(Options{})
	for src, want := range map[string]string{
		`この節は**変わります。**\ です`: "<p>この節は<strong>変わります。</strong>です</p>\n",
		`これは\ **「引用」**\ です`:  "<p>これは<strong>「引用」</strong>です</p>\n",
		`a\ b`:               "<p>ab</p>\n",
	} {
		doc := p.Parse([]byte(src), nil)
		got, err := p.RenderString(doc, nil)
		if err != nil || got != want {
			t.Errorf("%q:\ngot  %q\nwant %q (err %v)", src, got, want, err)
		}
	}
}

// nestedList is a list nested depth levels, two columns a level.
func nestedList(depth int) []byte {
	var b bytes.Buffer
	b.WriteString("# Deep\n\n")
	for i := range depth {
		fmt.Fprintf(&b, "%s- item %d\n", strings.Repeat("  ", i), i)
	}
	return b.Bytes()
}

// A list nested thousands of levels deep keeps every item's text, and the page warns at
// the first line indented past the bound.
func TestDeepNesting(t *testing.T) {
	p := New(Options{})
	doc := p.Parse(nestedList(3000), nil)
	html, err := p.RenderString(doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 127, 128, 1500, 2999} {
		if !strings.Contains(html, fmt.Sprintf("item %d<", i)) && !strings.Contains(html, fmt.Sprintf("item %d\n", i)) {
			t.Errorf("item %d is lost", i)
		}
	}
	ds := doc.MarkupDiagnostics("content/en/deep.md")
	if len(ds) != 1 || ds[0].Code != "deep-nesting" || ds[0].Line != 3+129 {
		t.Errorf("diagnostics = %v, want one deep-nesting warning at line %d", ds, 3+129)
	}
	if shallow := p.Parse(nestedList(100), nil); len(shallow.MarkupDiagnostics("x.md")) != 0 {
		t.Error("a list 100 levels deep is flagged")
	}
	// Front matter is blanked to spaces: a long line of it is no indentation.
	blank := append([]byte(strings.Repeat(" ", 600)+"\n"), nestedList(3)...)
	if d := p.Parse(blank, nil); len(d.MarkupDiagnostics("x.md")) != 0 || !bytes.Equal(d.Src, blank) {
		t.Error("a long blank line is taken for indentation")
	}
}

// BenchmarkDeepNesting parses lists nested ever deeper: with indentation bounded, the
// time per line stays flat instead of growing with the depth.
func BenchmarkDeepNesting(b *testing.B) {
	p := New(Options{})
	for _, depth := range []int{250, 500, 1000, 3000} {
		src := nestedList(depth)
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				p.Parse(src, nil)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(depth), "ns/line")
		})
	}
}
