package table

import (
	"strconv"
	"sync"

	"golang.org/x/net/html"
)

// scratch holds the buffers of one FromHTML call, reused through scratchPool: the tokens, their
// attributes, the tree's nodes and the builder's stacks. Nothing of it outlives the call: the
// model holds strings, not nodes.
type scratch struct {
	toks     []token
	attrs    []attrSpan
	slab     []html.Node
	attrSlab []html.Attribute // the nodes' attributes
	oe       []*html.Node
	afe      []*html.Node
	lines    []string // lines[i] is strconv.Itoa(i), made once per pooled scratch
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release clears what the buffers point to and returns them to the pool.
func (sc *scratch) release() {
	clear(sc.slab)
	sc.slab = sc.slab[:0]
	clear(sc.attrSlab)
	sc.attrSlab = sc.attrSlab[:0]
	clear(sc.oe[:cap(sc.oe)])
	clear(sc.afe[:cap(sc.afe)])
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
