package build

import (
	"crypto/sha256"
	"fmt"
	"os"
	"sync"

	"docsite/internal/search"
)

// The pages' search entries wait for the index outside the heap. Nothing reads them until
// every page is built, and at 10,000 pages a language they are some 220 MB of terms and
// excerpt text: more than all else a build keeps of its pages. A build into a tree (run)
// appends each entry to its language's spill file, a temporary file, and the index reads
// each entry back when it needs it (twice: its terms, then its text; search.Pages), so
// that making the index does not hold a language's entries either: reading the files
// back whole had the index phase hold 174 MB more at 10,000 pages a language. A live
// build keeps them in memory: it reuses them from one rebuild to the next. An entry that
// cannot be spilled (no temporary folder, a full disk) stays in memory; the output is
// the same.

// searchEntry is a page's search entry: in memory, or at an offset of its language's
// spill file.
type searchEntry struct {
	p     search.Prepared
	at, n int64 // n is 0 when the entry is in memory
}

// spill holds the spill files of one build, by language code.
type spill struct {
	dir   string // where they are made; "" for os.TempDir
	mu    sync.Mutex
	files map[string]*spillFile
}

// spillFile is one language's spill file: written by the groups, then read entry by entry.
// The entries are written spillFlush bytes at a time (30,000 writes of a few KB had been
// a tenth of a second of system time): the file holds the first written bytes of the
// entries, pending the rest.
type spillFile struct {
	mu      sync.Mutex
	f       *os.File
	size    int64 // of all entries spilled: written and pending
	written int64
	pending []byte
	err     error // the first failure; entries then stay in memory, pending ones too
}

// spillFlush is how many bytes of entries a spill file gathers before it writes them.
const spillFlush = 1 << 20

// flush writes the pending entries; what a failed write leaves stays pending, readable.
func (f *spillFile) flush() {
	if len(f.pending) == 0 || f.err != nil {
		return
	}
	n, err := f.f.Write(f.pending)
	f.written += int64(n)
	f.pending = f.pending[:copy(f.pending, f.pending[n:])]
	f.err = err
}

var spillBuffers = sync.Pool{New: func() any { return new([]byte) }}

// put keeps p for language code, in its spill file if it can.
func (sp *spill) put(code string, p search.Prepared) searchEntry {
	if sp == nil {
		return searchEntry{p: p}
	}
	f := sp.file(code)
	bp := spillBuffers.Get().(*[]byte)
	defer spillBuffers.Put(bp)
	*bp, _ = p.AppendBinary((*bp)[:0])
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil && f.f == nil {
		f.f, f.err = os.CreateTemp(sp.dir, "docsite-search-"+code+"-")
		if f.err == nil {
			os.Remove(f.f.Name()) // gone with the process, whatever ends it (not on Windows: close removes it)
		}
	}
	if f.err != nil {
		return searchEntry{p: p}
	}
	e := searchEntry{at: f.size, n: int64(len(*bp))}
	f.size += e.n
	f.pending = append(f.pending, *bp...)
	if len(f.pending) >= spillFlush {
		f.flush() // a failure keeps this entry and the pending ones in memory, later ones too
	}
	return e
}

// file is language code's spill file, made on first use.
func (sp *spill) file(code string) *spillFile {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.files == nil {
		sp.files = map[string]*spillFile{}
	}
	f := sp.files[code]
	if f == nil {
		f = &spillFile{}
		sp.files[code] = f
	}
	return f
}

// get is the page e holds for language code.
func (sp *spill) get(code string, e searchEntry) (search.Prepared, error) {
	if e.n == 0 {
		return e.p, nil
	}
	b, err := sp.raw(code, e)
	if err != nil {
		return search.Prepared{}, err
	}
	p, err := search.Decode(b)
	if err != nil {
		return search.Prepared{}, readBackErr(err)
	}
	return p, nil
}

// raw is the encoding of the page e holds (search.Prepared.AppendBinary), read from the
// spill file into bytes of its own.
func (sp *spill) raw(code string, e searchEntry) ([]byte, error) {
	if e.n == 0 {
		return e.p.AppendBinary(nil)
	}
	f := sp.file(code)
	b := make([]byte, e.n)
	f.mu.Lock()
	if e.at+e.n > f.written {
		f.flush()
	}
	file, written := f.f, f.written
	if end := e.at + e.n; end > written { // what is still pending
		from := max(e.at, written)
		copy(b[from-e.at:], f.pending[from-written:end-written])
	}
	f.mu.Unlock()
	if e.at < written {
		if _, err := file.ReadAt(b[:min(e.n, written-e.at)], e.at); err != nil {
			return nil, readBackErr(err)
		}
	}
	return b, nil
}

// sum is the Sum of the page e holds (search.Prepared.Sum), from its encoding.
func (sp *spill) sum(code string, e searchEntry) ([32]byte, error) {
	if e.n == 0 {
		return e.p.Sum(), nil
	}
	b, err := sp.raw(code, e)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(b), nil
}

// readBackErr is err from reading the spill back, as the build reports it.
func readBackErr(err error) error {
	return fmt.Errorf("search index: reading back the pages' entries: %w", err)
}

// size is how many bytes of language code's entries the spill file holds: what making its
// index will read.
func (sp *spill) size(code string) int64 {
	if sp == nil {
		return 0
	}
	f := sp.file(code)
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.size
}

// close closes and removes the spill files.
func (sp *spill) close() {
	if sp == nil {
		return
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for _, f := range sp.files {
		if f.f != nil {
			f.f.Close()
			os.Remove(f.f.Name())
		}
	}
	sp.files = nil
}
