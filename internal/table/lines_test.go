package table

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark/text"
)

// TestLineCounter asks for lines forwards, backwards and out of range, as the transformer
// may, and compares with counting from the start.
func TestLineCounter(t *testing.T) {
	src := []byte("a\nbc\n\nd\ne\n")
	l := newLineCounter(src)
	for _, off := range []int{0, 1, 2, 9, 3, 5, 6, 6, 0, 10, 11, 4, -1, 7} {
		clamped := max(0, min(off, len(src)))
		want := bytes.Count(src[:clamped], []byte("\n")) + 1
		if got := l.line(off); got != want {
			t.Errorf("line(%d) = %d, want %d", off, got, want)
		}
	}
}

// TestSourceWindow checks that texts inside and outside the window, with and without padding,
// are those of the bytes.
func TestSourceWindow(t *testing.T) {
	b := []byte("0123456789abcdef")
	src := &source{b: b}
	src.setWindow(4, 10)
	for _, seg := range []text.Segment{
		text.NewSegment(4, 10), text.NewSegment(5, 7), text.NewSegment(6, 6), text.NewSegment(0, 5),
		text.NewSegment(9, 12), text.NewSegment(12, 16), text.NewSegmentPadding(5, 7, 2),
	} {
		if got, want := src.text(seg), string(seg.Value(b)); got != want {
			t.Errorf("text(%v) = %q, want %q", seg, got, want)
		}
	}
	if src.s != "456789" {
		t.Errorf("window string %q", src.s)
	}
	src.setWindow(12, 30)
	if got := src.text(text.NewSegment(13, 16)); got != "def" || src.s != "cdef" {
		t.Errorf("second window: %q from %q", got, src.s)
	}
}
