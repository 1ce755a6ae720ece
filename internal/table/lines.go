package table

import "bytes"

// lineCounter maps source offsets to 1-based lines by counting the newlines between the offset
// asked for and the last one: the transformer asks in nearly increasing order, so that each
// part of the source is counted about once, with nothing to allocate.
type lineCounter struct {
	src []byte
	off int // the last offset asked for
	at  int // its line
}

func newLineCounter(src []byte) *lineCounter {
	return &lineCounter{src: src, at: 1}
}

func (l *lineCounter) line(offset int) int {
	offset = max(0, min(offset, len(l.src)))
	if offset >= l.off {
		l.at += bytes.Count(l.src[l.off:offset], newline)
	} else {
		l.at -= bytes.Count(l.src[offset:l.off], newline)
	}
	l.off = offset
	return l.at
}
