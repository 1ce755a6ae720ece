package build

import (
	"sync"

	"docsite/internal/write"
)

// output is where every step of a build writes its files: the Sink the build was given,
// with what the build must know of each file it writes there. It is the one writer of the
// package; a step that must know more of what it wrote is given an output that notes it
// (noting), not a sink of its own.
//
// Its WriteFile is the render and review packages' sink: it may be called concurrently.
type output struct {
	sink Sink   // nil: the files go nowhere (a group built again only for its search pages)
	keep keeper // sink, where it can keep and read back files an earlier build wrote (write.Tree); else nil
	// pub records every file written, for the link check; nil where the check asks the
	// files themselves (a live build's memory).
	pub *published
	// notes, when set, lists every file written or kept: the build cache's entry of a
	// group or of the listings.
	notes *notes
}

// notes are the files an output wrote, as the build cache keeps them.
type notes struct {
	mu    sync.Mutex
	files []cachedFile
}

// newOutput writes to sink; pub, when set, records the files for the link check.
func newOutput(sink Sink, pub *published) *output {
	k, _ := sink.(keeper)
	return &output{sink: sink, keep: k, pub: pub}
}

// nowhere is an output that keeps nothing.
var nowhere = &output{}

// noting is an output to the same place that also notes every file written through it.
func (o *output) noting() *output {
	n := *o
	n.notes = &notes{}
	return &n
}

// files are the files noted (noting); nil when o notes none.
func (o *output) files() []cachedFile {
	if o.notes == nil {
		return nil
	}
	return o.notes.files
}

func (o *output) note(f cachedFile) {
	if o.notes == nil {
		return
	}
	o.notes.mu.Lock()
	o.notes.files = append(o.notes.files, f)
	o.notes.mu.Unlock()
}

// WriteFile writes data at the output's path rel.
func (o *output) WriteFile(rel string, data []byte) error {
	if o.notes != nil {
		return o.writeSummed(rel, data, write.SumOf(data))
	}
	if o.sink == nil {
		return nil
	}
	o.pub.add(rel)
	return o.sink.WriteFile(rel, data)
}

// writeSummed is WriteFile of data whose content sum the caller has, so that a write.Tree
// does not hash it again.
func (o *output) writeSummed(rel string, data []byte, sum write.Sum) error {
	if o.sink == nil {
		return nil
	}
	o.note(cachedFile{Rel: rel, Sum: sum, Size: int64(len(data))})
	o.pub.add(rel)
	if o.keep == nil {
		return o.sink.WriteFile(rel, data)
	}
	return o.keep.WriteSummed(rel, data, sum)
}

// keepFile publishes, unwritten, a file an earlier build wrote (keeper.Keep): only the
// build cache does, which is used only with a sink that keeps files.
func (o *output) keepFile(f cachedFile) error {
	o.note(f)
	o.pub.add(f.Rel)
	return o.keep.Keep(f.Rel, f.Sum, f.Size)
}
