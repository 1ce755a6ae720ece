package table

import (
	"strconv"
	"sync"
)

// scratch holds the buffers of one FromHTML call, reused through scratchPool: the tokens and
// their attributes. Nothing of it outlives the call.
type scratch struct {
	toks  []token
	attrs []attrSpan
	lines []string // lines[i] is strconv.Itoa(i), made once per pooled scratch
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release clears what the buffers point to and returns them to the pool.
func (sc *scratch) release() {
	clear(sc.toks)
	clear(sc.attrs)
	scratchPool.Put(sc)
}

// lineString returns strconv.Itoa(line), from a cache for the lines of ordinary pages.
func (sc *scratch) lineString(line int) string {
	if line < 0 || line >= 1<<14 {
		return strconv.Itoa(line)
	}
	for len(sc.lines) <= line {
		sc.lines = append(sc.lines, strconv.Itoa(len(sc.lines)))
	}
	return sc.lines[line]
}
