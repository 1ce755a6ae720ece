package markdown

import (
	"bytes"
	"testing"

	"docsite/internal/sanitize"
)

// TestParseLeavesItsInputAlone: parsing and rendering a page neither change its bytes nor
// write past their end, where the caller's array may hold something else. (goldmark ends
// a code line that has no line break by appending one to the source: past the end of a
// page whose last line is code, and over the first byte of a shortcode tag whose line
// the tag masking cut short, which changed the page's bytes for every later reader.)
func TestParseLeavesItsInputAlone(t *testing.T) {
	_, p := heldCodePages(t)
	for _, in := range []string{
		"```go\ninside",
		"{{% box %}}\n```go\ninside \n{% /box %}}",
		"> ```\n> quoted code",
		"- item\n\n      indented code",
		"plain\ntext",
		// The masking of the closing tag cuts the code line short of its line break.
		"0b>>\n{{%box%}}```go\ne {{%/box%}}",
		"{{% box %}}\n```go\ncode {{% /box %}}\nmore",
		"```go\n{{% box %}}\nx {{% /box %}}\n```\n",
	} {
		buf := make([]byte, len(in), len(in)+16)
		copy(buf, in)
		all := buf[:cap(buf)]
		for i := len(in); i < len(all); i++ {
			all[i] = 'x'
		}
		before := bytes.Clone(all)
		d := p.Parse(buf, nil)
		if _, err := p.RenderString(d, sanitize.Body); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(all, before) {
			t.Errorf("%q: the caller's array changed: %q, was %q", in, all, before)
		}
	}
}
