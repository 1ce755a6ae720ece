package markdown

import (
	"bytes"

	"docsite/internal/diag"
)

// maxIndent is the deepest indentation, in columns, a line keeps. goldmark asks every
// open block (each level of a nested list or quote) whether it continues, on every line,
// so a page's cost grows with lines times depth: a 9 MB page holding a list nested 3,000
// levels deep took 77 s and 650 MB to build. No reader follows a list 64 levels deep;
// deeper lines are brought back to this column, which keeps every word and bounds the
// cost at lines times 128 levels at most (2 columns a level).
const maxIndent = 256

// boundIndent returns src with the indentation of every line deeper than maxIndent
// columns (a tab to the next multiple of 4) cut to maxIndent spaces, and a warning at
// the first such line; src itself, and no warning, when no line is that deep.
func boundIndent(src []byte) ([]byte, *diag.Diagnostic) {
	first := 0
	for line, off := 1, 0; off < len(src); line++ {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		if w, _ := indent(src[off : off+end]); w > maxIndent {
			first = line
			break
		}
		off += end + 1
	}
	if first == 0 {
		return src, nil
	}
	out := make([]byte, 0, len(src))
	pad := bytes.Repeat([]byte{' '}, maxIndent)
	for rest := src; len(rest) > 0; {
		end := bytes.IndexByte(rest, '\n')
		line := rest
		if end >= 0 {
			line, rest = rest[:end+1], rest[end+1:]
		} else {
			rest = nil
		}
		if w, n := indent(line); w > maxIndent {
			out = append(out, pad...)
			line = line[n:]
		}
		out = append(out, line...)
	}
	d := diag.Warnf("", first, 0, "deep-nesting",
		"indented more than %d columns, here and below; such lines are brought back to that column (nesting flattened, text kept)", maxIndent)
	return out, &d
}

// indent is the width in columns of line's leading blanks and their length in bytes. A
// line of blanks only (front matter is blanked to spaces, line for line) is not indented.
func indent(line []byte) (width, n int) {
	for n < len(line) {
		switch line[n] {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		case '\n', '\r':
			return 0, n
		default:
			return width, n
		}
		n++
	}
	return 0, n
}
