package table

import "slices"

// lineIndex maps source offsets to 1-based lines.
type lineIndex []int // offsets of the newlines

func newLineIndex(src []byte) lineIndex {
	var idx lineIndex
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i)
		}
	}
	return idx
}

func (l lineIndex) line(offset int) int {
	i, _ := slices.BinarySearch(l, offset)
	return i + 1
}
