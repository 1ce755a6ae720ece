package build

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"docsite/internal/search"
)

func spillPage(i int) search.Prepared {
	n := strconv.Itoa(i)
	return search.Prepare(search.Doc{URL: "/en/p" + n + "/", Title: "Page " + n, Sections: []search.Section{
		{Text: "GPU 显存 " + n}, {Heading: "Price " + n, Anchor: "price", Text: "料金 per hour " + n},
	}})
}

func encoded(t *testing.T, p search.Prepared) []byte {
	t.Helper()
	b, err := p.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSpillGivesBackWhatWasPut(t *testing.T) {
	dir := t.TempDir()
	sp := &spill{dir: dir}
	var en, ja []searchEntry
	for i := range 50 {
		en = append(en, sp.put("en", spillPage(i)))
		ja = append(ja, sp.put("ja", spillPage(100+i)))
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("spill files are visible in %s: %v", dir, left)
	}
	sp.file("en").flush() // en's entries are read from the file, ja's while still pending
	if f := sp.file("en"); f.written != f.size || f.err != nil {
		t.Fatalf("en: %d of %d bytes written, %v", f.written, f.size, f.err)
	}
	check := func(code string, e searchEntry, want search.Prepared) {
		t.Helper()
		if e.n == 0 {
			t.Fatalf("%s entry kept in memory, not spilled", code)
		}
		got, err := sp.get(code, e)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encoded(t, got), encoded(t, want)) {
			t.Errorf("%s %s: got back another page", code, want.URL)
		}
		if raw, err := sp.raw(code, e); err != nil || !bytes.Equal(raw, encoded(t, want)) {
			t.Errorf("%s %s: raw bytes %q, %v", code, want.URL, raw, err)
		}
		if sum, err := sp.sum(code, e); err != nil || sum != want.Sum() {
			t.Errorf("%s %s: sum %x, %v; want %x", code, want.URL, sum, err, want.Sum())
		}
	}
	for i, e := range en {
		check("en", e, spillPage(i))
	}
	late := sp.put("en", spillPage(999)) // after entries were read back
	check("en", late, spillPage(999))
	for i, e := range ja {
		check("ja", e, spillPage(100+i))
	}
	check("en", en[7], spillPage(7)) // again
	sp.close()
}

func TestSpillThatCannotBeMadeKeepsPagesInMemory(t *testing.T) {
	sp := &spill{dir: filepath.Join(t.TempDir(), "missing")}
	p := spillPage(3)
	e := sp.put("zh", p)
	if e.n != 0 {
		t.Fatalf("entry spilled to a folder that does not exist: %+v", e)
	}
	got, err := sp.get("zh", e)
	if err != nil || !bytes.Equal(encoded(t, got), encoded(t, p)) {
		t.Errorf("got %v, %v; want the page put", got.URL, err)
	}
	sp.close()
	var none *spill // a live build's: everything in memory
	if e := none.put("zh", p); e.n != 0 || e.p.URL != p.URL {
		t.Errorf("nil spill: %+v", e)
	}
}

// A write that fails (a full disk) keeps the entries it was to write, and the later ones,
// in memory; the entries written before it stay readable.
func TestSpillThatFailsToWriteKeepsLaterPagesInMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reopens the unlinked file through /proc/self/fd")
	}
	sp := &spill{dir: t.TempDir()}
	defer sp.close()
	var entries []searchEntry
	f := sp.file("en")
	for f.written == 0 { // up to the first write
		entries = append(entries, sp.put("en", spillPage(len(entries))))
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
		entries = append(entries, sp.put("en", spillPage(len(entries))))
	}
	if f.written == 0 || f.written >= f.size || len(f.pending) == 0 {
		t.Fatalf("written %d of %d bytes, %d pending: the test wants some of each", f.written, f.size, len(f.pending))
	}
	later := sp.put("en", spillPage(len(entries)))
	if later.n != 0 {
		t.Errorf("an entry after the failed write was spilled: %+v", later)
	}
	entries = append(entries, later)
	for i, e := range entries {
		if i < pending && e.n == 0 {
			t.Errorf("entry %d, before the failure, kept in memory", i)
		}
		got, err := sp.get("en", e)
		if err != nil || !bytes.Equal(encoded(t, got), encoded(t, spillPage(i))) {
			t.Errorf("entry %d: got %q, %v", i, got.URL, err)
		}
	}
}

// An entry whose first bytes are in the file and the rest still pending (a short write)
// reads back whole.
func TestSpillReadsAnEntryPartlyWritten(t *testing.T) {
	sp := &spill{dir: t.TempDir()}
	defer sp.close()
	var entries []searchEntry
	for i := range 3 {
		entries = append(entries, sp.put("ja", spillPage(i)))
	}
	f := sp.file("ja")
	cut := entries[1].at + entries[1].n/2
	if _, err := f.f.Write(f.pending[:cut]); err != nil {
		t.Fatal(err)
	}
	f.written, f.pending = cut, f.pending[cut:]
	f.err = errors.New("disk full") // no more writes: the rest stays pending
	for i, e := range entries {
		got, err := sp.get("ja", e)
		if err != nil || !bytes.Equal(encoded(t, got), encoded(t, spillPage(i))) {
			t.Errorf("entry %d: got %q, %v", i, got.URL, err)
		}
	}
}

// A spill file that cannot be read back is an error, not an empty page.
func TestSpillThatCannotBeReadIsAnError(t *testing.T) {
	sp := &spill{dir: t.TempDir()}
	e := sp.put("ja", spillPage(1))
	sp.file("ja").flush()
	sp.file("ja").f.Close()
	if _, err := sp.get("ja", e); err == nil {
		t.Error("get from a closed spill file: no error")
	}
	if _, err := sp.sum("ja", e); err == nil {
		t.Error("sum from a closed spill file: no error")
	}
}

// A build whose temporary folder cannot be written keeps the search entries in memory
// and writes the same site.
func TestBuildWithoutTemporaryFolderIsTheSame(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	want, _ := mustBuild(t, dir, Options{})
	out := t.TempDir() // before TMPDIR goes
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	got, _ := mustBuild(t, dir, Options{})
	if len(got) != len(want) {
		t.Fatalf("%d files, want %d", len(got), len(want))
	}
	indexed := 0
	for rel, data := range want {
		if !bytes.Equal(data, got[rel]) {
			t.Errorf("%s differs", rel)
		}
		if filepath.Ext(rel) == ".bin" {
			indexed++
		}
	}
	if indexed == 0 {
		t.Error("the site has no search index: the test checks nothing")
	}
	// With the cache the index is made by another path (writeIndex).
	dest, cacheDir := filepath.Join(out, "public"), filepath.Join(out, "cache")
	res, _ := cachedBuild(t, dir, dest, cacheDir)
	sameAsClean(t, "with the cache", dir, dest, res)
}
