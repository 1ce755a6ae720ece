package markdown

import (
	"bytes"
	"testing"
)

// TestLineIndex: every offset's line is one more than the line breaks before it, and a
// line starts after the last of them.
func TestLineIndex(t *testing.T) {
	for _, src := range []string{"", "\n", "a", "a\n", "a\nb", "\n\nab\n\ncd\n", "一\n二三\r\n四"} {
		x := NewLineIndex([]byte(src))
		for off := 0; off <= len(src)+1; off++ {
			in := min(off, len(src))
			want := bytes.Count([]byte(src[:in]), []byte{'\n'}) + 1
			if got := x.Line(off); got != want {
				t.Errorf("%q: Line(%d) = %d, want %d", src, off, got, want)
			}
			if start, want := x.Start(x.Line(off)), bytes.LastIndexByte([]byte(src[:in]), '\n')+1; start != want {
				t.Errorf("%q: line of %d starts at %d, want %d", src, off, start, want)
			}
		}
	}
}
