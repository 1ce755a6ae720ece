package markdown

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark/parser"
)

// plainBlocks is classify as it first was: each tag's line read from its start, and what
// follows the tag up to the line's end.
func plainBlocks(d *scDoc) []bool {
	tags := d.tree.Tags
	block := make([]bool, len(tags))
	lineStart := func(off int) int {
		for {
			k := bytes.LastIndexByte(d.src[:off], '\n')
			if k < 0 {
				return 0
			}
			if j := d.tagCovering(k); j >= 0 {
				off = tags[j].Start
				continue
			}
			return k + 1
		}
	}
	before := func(i int) bool {
		for off := lineStart(tags[i].Start); off < tags[i].Start; {
			if c := d.src[off]; c == ' ' || c == '\t' || c == '>' {
				off++
				continue
			}
			j, ok := d.byOff[off]
			if !ok || !block[j] {
				return false
			}
			off = tags[j].End
		}
		return true
	}
	after := func(i int) bool {
		for off := tags[i].End; off < len(d.src); {
			switch c := d.src[off]; {
			case c == '\n':
				return true
			case c == ' ' || c == '\t' || c == '\r':
				off++
			default:
				j, ok := d.byOff[off]
				if !ok || tags[j].Escaped {
					return false
				}
				off = tags[j].End
			}
		}
		return true
	}
	for i := range tags {
		t := &tags[i]
		c := d.call(t)
		switch {
		case t.Escaped || c == nil:
		case t.Close:
			block[i] = block[d.byOff[c.Open.Start]]
		case c.Paired():
			block[i] = before(i) && (c.Close.Start == 0 || strings.ContainsRune(" \t\n", rune(d.src[c.Close.Start-1])) || lineStart(c.Close.Start) == c.Close.Start)
		default:
			block[i] = before(i) && after(i)
		}
	}
	return block
}

// tagSoup is a page of n random pieces: tags single, paired, escaped and spanning lines,
// blanks, quote markers, text and line breaks.
func tagSoup(r *rand.Rand, n int) []byte {
	pieces := []string{"{{< x >}}", "{{% p %}}", "{{% /p %}}", "{{< q >}}", "{{< /q >}}", "{{</* e */>}}",
		"{{< m a=\"1\nb\" >}}", " ", "\t", ">", "text", "\n", "\n\n", "\r\n"}
	var b strings.Builder
	for range n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return []byte(b.String())
}

// TestClassifyAsPlain: telling block tags from the tag before and after each gives what
// reading each tag's whole line gives; and each offset's column, located in any order,
// is its count of characters from its line's start.
func TestClassifyAsPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 1))
	for range 400 {
		src := tagSoup(r, 1+r.IntN(40))
		d := prepareShortcodes(src, nil, parser.NewContext())
		if d == nil {
			continue
		}
		if want := plainBlocks(d); !slices.Equal(d.block, want) {
			t.Fatalf("%q: blocks %v, want %v", src, d.block, want)
		}
		for range 20 {
			off := r.IntN(len(src) + 1)
			start := bytes.LastIndexByte(src[:off], '\n') + 1
			wantLine, wantCol := bytes.Count(src[:start], []byte{'\n'})+1, utf8.RuneCount(src[start:off])+1
			if line, col := d.lineCol(off); line != wantLine || col != wantCol {
				t.Fatalf("%q: lineCol(%d) = %d:%d, want %d:%d", src, off, line, col, wantLine, wantCol)
			}
		}
	}
}
