package table

import (
	"bytes"
	"slices"
)

// lineIndex maps source offsets to 1-based lines.
type lineIndex []int // offsets of the newlines

func newLineIndex(src []byte) lineIndex {
	idx := make(lineIndex, 0, bytes.Count(src, []byte{'\n'}))
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return idx
		}
		idx = append(idx, off+i)
		off += i + 1
	}
}

func (l lineIndex) line(offset int) int {
	i, _ := slices.BinarySearch(l, offset)
	return i + 1
}
