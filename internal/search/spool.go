package search

import (
	"crypto/sha256"
	"fmt"
	"os"
	"sync"
)

// The pages' index entries wait for the index outside the heap, in a Spool. Nothing reads
// them until every page is built, and at 10,000 pages a language they are some 220 MB of
// terms and excerpt text: more than all else a build keeps of its pages. A build into a
// tree appends each entry to its language's spool file, a temporary file, and the index
// reads each entry back when it needs it (twice: its terms, then its text; Pages), so
// that making the index does not hold a language's entries either: reading the files
// back whole had the index phase hold 174 MB more at 10,000 pages a language. A live
// build keeps them in memory (a nil Spool): it reuses them from one rebuild to the next.
// An entry that cannot be spooled (no temporary folder, a full disk) stays in memory; the
// index is the same.

// Entry is a page's index entry: in memory, or at an offset of its language's spool
// file.
type Entry struct {
	p     Prepared
	at, n int64 // n is 0 when the entry is in memory
}

// Held is an entry of p kept in memory, as a nil Spool keeps every one.
func Held(p Prepared) Entry { return Entry{p: p} }

// Spool holds the spool files of one build, by language code. Its zero value makes them
// in os.TempDir; a nil Spool keeps every entry in memory.
type Spool struct {
	Dir   string // where they are made; "" for os.TempDir
	mu    sync.Mutex
	files map[string]*spoolFile
}

// spoolFile is one language's spool file: written by the groups, then read entry by entry.
// The entries are written spoolFlush bytes at a time (30,000 writes of a few KB had been
// a tenth of a second of system time): the file holds the first written bytes of the
// entries, pending the rest.
type spoolFile struct {
	mu      sync.Mutex
	f       *os.File
	size    int64 // of all entries spooled: written and pending
	written int64
	pending []byte
	err     error // the first failure; entries then stay in memory, pending ones too
}

// spoolFlush is how many bytes of entries a spool file gathers before it writes them.
const spoolFlush = 1 << 20

// flush writes the pending entries; what a failed write leaves stays pending, readable.
func (f *spoolFile) flush() {
	if len(f.pending) == 0 || f.err != nil {
		return
	}
	n, err := f.f.Write(f.pending)
	f.written += int64(n)
	f.pending = f.pending[:copy(f.pending, f.pending[n:])]
	f.err = err
}

var spoolBuffers = sync.Pool{New: func() any { return new([]byte) }}

// Put keeps p for language code, in its spool file if it can.
func (sp *Spool) Put(code string, p Prepared) Entry {
	if sp == nil {
		return Held(p)
	}
	f := sp.file(code)
	bp := spoolBuffers.Get().(*[]byte)
	defer spoolBuffers.Put(bp)
	*bp, _ = p.AppendBinary((*bp)[:0])
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil && f.f == nil {
		f.f, f.err = os.CreateTemp(sp.Dir, "docsite-search-"+code+"-")
		if f.err == nil {
			os.Remove(f.f.Name()) // gone with the process, whatever ends it (not on Windows: close removes it)
		}
	}
	if f.err != nil {
		return Held(p)
	}
	e := Entry{at: f.size, n: int64(len(*bp))}
	f.size += e.n
	f.pending = append(f.pending, *bp...)
	if len(f.pending) >= spoolFlush {
		f.flush() // a failure keeps this entry and the pending ones in memory, later ones too
	}
	return e
}

// file is language code's spool file, made on first use.
func (sp *Spool) file(code string) *spoolFile {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.files == nil {
		sp.files = map[string]*spoolFile{}
	}
	f := sp.files[code]
	if f == nil {
		f = &spoolFile{}
		sp.files[code] = f
	}
	return f
}

// Get is the page e holds for language code.
func (sp *Spool) Get(code string, e Entry) (Prepared, error) {
	if e.n == 0 {
		return e.p, nil
	}
	b, err := sp.raw(code, e)
	if err != nil {
		return Prepared{}, err
	}
	p, err := Decode(b)
	if err != nil {
		return Prepared{}, readBackErr(err)
	}
	return p, nil
}

// AppendEncoded appends to buf the encoding of the page e holds (Prepared.AppendBinary),
// for language code: a spooled entry's is read from the spool file into bytes of its own,
// buf left as it is.
func (sp *Spool) AppendEncoded(buf []byte, code string, e Entry) ([]byte, error) {
	if e.n == 0 {
		return e.p.AppendBinary(buf)
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

// raw is the encoding of the page e holds, in bytes of its own.
func (sp *Spool) raw(code string, e Entry) ([]byte, error) { return sp.AppendEncoded(nil, code, e) }

// Sum is the Sum of the page e holds (Prepared.Sum), from its encoding.
func (sp *Spool) Sum(code string, e Entry) ([32]byte, error) {
	if e.n == 0 {
		return e.p.Sum(), nil
	}
	b, err := sp.raw(code, e)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(b), nil
}

// readBackErr is err from reading the spool back, as the build reports it.
func readBackErr(err error) error {
	return fmt.Errorf("search index: reading back the pages' entries: %w", err)
}

// Size is how many bytes of language code's entries the spool file holds: what making its
// index will read.
func (sp *Spool) Size(code string) int64 {
	if sp == nil {
		return 0
	}
	f := sp.file(code)
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.size
}

// Close closes and removes the spool files.
func (sp *Spool) Close() {
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
