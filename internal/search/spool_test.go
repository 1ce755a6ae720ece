package search

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

func spoolPage(i int) Prepared {
	n := strconv.Itoa(i)
	return Prepare(Doc{URL: "/en/p" + n + "/", Title: "Page " + n, Sections: []Section{
		{Text: "GPU 显存 " + n}, {Heading: "Price " + n, Anchor: "price", Text: "料金 per hour " + n},
	}})
}

func encoded(t *testing.T, p Prepared) []byte {
	t.Helper()
	b, err := p.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSpoolGivesBackWhatWasPut(t *testing.T) {
	dir := t.TempDir()
	sp := &Spool{Dir: dir}
	var en, ja []Entry
	for i := range 50 {
		en = append(en, sp.Put("en", spoolPage(i)))
		ja = append(ja, sp.Put("ja", spoolPage(100+i)))
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("spool files are visible in %s: %v", dir, left)
	}
	sp.file("en").flush() // en's entries are read from the file, ja's while still pending
	if f := sp.file("en"); f.written != f.size || f.err != nil {
		t.Fatalf("en: %d of %d bytes written, %v", f.written, f.size, f.err)
	}
	check := func(code string, e Entry, want Prepared) {
		t.Helper()
		if e.n == 0 {
			t.Fatalf("%s entry kept in memory, not spooled", code)
		}
		got, err := sp.Get(code, e)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encoded(t, got), encoded(t, want)) {
			t.Errorf("%s %s: got back another page", code, want.URL)
		}
		if raw, err := sp.raw(code, e); err != nil || !bytes.Equal(raw, encoded(t, want)) {
			t.Errorf("%s %s: raw bytes %q, %v", code, want.URL, raw, err)
		}
		if sum, err := sp.Sum(code, e); err != nil || sum != want.Sum() {
			t.Errorf("%s %s: sum %x, %v; want %x", code, want.URL, sum, err, want.Sum())
		}
	}
	for i, e := range en {
		check("en", e, spoolPage(i))
	}
	late := sp.Put("en", spoolPage(999)) // after entries were read back
	check("en", late, spoolPage(999))
	for i, e := range ja {
		check("ja", e, spoolPage(100+i))
	}
	check("en", en[7], spoolPage(7)) // again
	sp.Close()
}

func TestSpoolThatCannotBeMadeKeepsPagesInMemory(t *testing.T) {
	sp := &Spool{Dir: filepath.Join(t.TempDir(), "missing")}
	p := spoolPage(3)
	e := sp.Put("zh", p)
	if e.n != 0 {
		t.Fatalf("entry spooled to a folder that does not exist: %+v", e)
	}
	got, err := sp.Get("zh", e)
	if err != nil || !bytes.Equal(encoded(t, got), encoded(t, p)) {
		t.Errorf("got %v, %v; want the page put", got.URL, err)
	}
	sp.Close()
	var none *Spool // a live build's: everything in memory
	if e := none.Put("zh", p); e.n != 0 || e.p.URL != p.URL {
		t.Errorf("nil Spool: %+v", e)
	}
}

// A write that fails (a full disk) keeps the entries it was to write, and the later ones,
// in memory; the entries written before it stay readable.
func TestSpoolThatFailsToWriteKeepsLaterPagesInMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reopens the unlinked file through /proc/self/fd")
	}
	sp := &Spool{Dir: t.TempDir()}
	defer sp.Close()
	var entries []Entry
	f := sp.file("en")
	for f.written == 0 { // up to the first write
		entries = append(entries, sp.Put("en", spoolPage(len(entries))))
	}
	// The same file, read-only: writes fail, reads work.
	ro, err := os.Open(fmt.Sprintf("/proc/self/fd/%d", f.f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	f.f.Close()
	f.f = ro
	pending := len(entries)
	for f.err == nil { // up to the write that fails
		entries = append(entries, sp.Put("en", spoolPage(len(entries))))
	}
	if f.written == 0 || f.written >= f.size || len(f.pending) == 0 {
		t.Fatalf("written %d of %d bytes, %d pending: the test wants some of each", f.written, f.size, len(f.pending))
	}
	later := sp.Put("en", spoolPage(len(entries)))
	if later.n != 0 {
		t.Errorf("an entry after the failed write was spooled: %+v", later)
	}
	entries = append(entries, later)
	for i, e := range entries {
		if i < pending && e.n == 0 {
			t.Errorf("entry %d, before the failure, kept in memory", i)
		}
		got, err := sp.Get("en", e)
		if err != nil || !bytes.Equal(encoded(t, got), encoded(t, spoolPage(i))) {
			t.Errorf("entry %d: got %q, %v", i, got.URL, err)
		}
	}
}

// An entry whose first bytes are in the file and the rest still pending (a short write)
// reads back whole.
func TestSpoolReadsAnEntryPartlyWritten(t *testing.T) {
	sp := &Spool{Dir: t.TempDir()}
	defer sp.Close()
	var entries []Entry
	for i := range 3 {
		entries = append(entries, sp.Put("ja", spoolPage(i)))
	}
	f := sp.file("ja")
	cut := entries[1].at + entries[1].n/2
	if _, err := f.f.Write(f.pending[:cut]); err != nil {
		t.Fatal(err)
	}
	f.written, f.pending = cut, f.pending[cut:]
	f.err = errors.New("disk full") // no more writes: the rest stays pending
	for i, e := range entries {
		got, err := sp.Get("ja", e)
		if err != nil || !bytes.Equal(encoded(t, got), encoded(t, spoolPage(i))) {
			t.Errorf("entry %d: got %q, %v", i, got.URL, err)
		}
	}
}

// A spool file that cannot be read back is an error, not an empty page.
func TestSpoolThatCannotBeReadIsAnError(t *testing.T) {
	sp := &Spool{Dir: t.TempDir()}
	e := sp.Put("ja", spoolPage(1))
	sp.file("ja").flush()
	sp.file("ja").f.Close()
	if _, err := sp.Get("ja", e); err == nil {
		t.Error("get from a closed spool file: no error")
	}
	if _, err := sp.Sum("ja", e); err == nil {
		t.Error("sum from a closed spool file: no error")
	}
}
