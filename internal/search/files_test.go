package search

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"testing"
)

// The writer names each content once, gives contents whose hashes start alike names of
// their own (names of two digits make that happen here), compresses every file but those
// reuse accepts, and returns each file's raw SHA-256.
func TestWriterNamesAndCompressesEachContentOnce(t *testing.T) {
	short := func(h string) string { return "s-" + h[:2] + ".bin" } // 256 names: some clash
	var contents [][]byte
	for i := range 40 {
		contents = append(contents, []byte(`["term`+strconv.Itoa(i)+`",[1,0,8]]`))
	}
	skipped := sha256.Sum256(contents[5])
	w := newWriter(func(name string, raw [32]byte) bool { return raw == skipped }, &Stats{})
	names := map[string]string{} // content → name
	clashed := 0
	for _, c := range contents {
		h := w.put(short, c)
		// The same content again lands where the digits it had to take lead.
		if again := w.put(short, c); again != h {
			t.Errorf("%s: named %s, then %s", c, h, again)
		}
		names[string(c)] = short(h)
		if sum := sha256.Sum256(c); h != hex.EncodeToString(sum[:])[:hashLen] {
			clashed++
		}
	}
	if clashed == 0 {
		t.Fatal("no two contents clashed: the test checks only the plain path")
	}
	files, sums := w.close()
	if len(files) != len(contents) || len(sums) != len(contents) {
		t.Fatalf("%d files, %d sums for %d contents", len(files), len(sums), len(contents))
	}
	for _, c := range contents {
		name := names[string(c)]
		if sums[name] != sha256.Sum256(c) {
			t.Errorf("%s: wrong sum", name)
		}
		gz, ok := files[name]
		if !ok {
			t.Fatalf("%s: missing", name)
		}
		if bytes.Equal(c, contents[5]) {
			if gz != nil {
				t.Errorf("%s: compressed, though reuse accepted it", name)
			}
			continue
		}
		r, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(raw, c) {
			t.Errorf("%s: holds %q, %v; want %q", name, raw, err, c)
		}
	}
}
