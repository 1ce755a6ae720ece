package markdown

import (
	"bytes"
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
		"use\n`go build`":         "<p>use\n<code>go build</code></p>\n",
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
