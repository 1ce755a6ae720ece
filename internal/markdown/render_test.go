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
