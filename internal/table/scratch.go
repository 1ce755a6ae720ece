package table

import (
	"bytes"
	"sync"
)

// scratch holds the buffers of one FromHTML call, reused through scratchPool: the tokens and
// the repaired HTML the HTML parser reads. Nothing of it outlives the call: the parser
// copies what it keeps.
type scratch struct {
	toks []token
	out  bytes.Buffer
	in   bytes.Reader // reads out to the HTML parser
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release clears what the buffers point to and returns them to the pool.
func (sc *scratch) release() {
	clear(sc.toks)
	sc.in.Reset(nil)
	scratchPool.Put(sc)
}
