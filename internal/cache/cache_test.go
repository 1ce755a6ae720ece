package cache

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type value struct {
	Name  string
	Lines []int
}

func key(s string) Key {
	var k Key
	copy(k[:], s)
	return k
}

// Entries read back as written, only those asked for, and only by the version that
// wrote them; a file changed in any byte, cut short or not written by a cache is
// refused with an error that names it.
func TestEntries(t *testing.T) {
	dir := t.TempDir()
	v1, v2 := key("version one"), key("version two")
	values := map[Key]value{key("a"): {"a", []int{1, 2}}, key("b"): {"b", nil}, key("c"): {"c", []int{3}}}
	keys := []Key{key("a"), key("b"), key("c"), key("not there")}
	if err := Write(dir, "entries", v1, keys, values); err != nil {
		t.Fatal(err)
	}
	got, err := Read[value](dir, "entries", v1, func(k Key) bool { return k != key("b") })
	if err != nil {
		t.Fatal(err)
	}
	want := map[Key]value{key("a"): values[key("a")], key("c"): values[key("c")]}
	if !maps.EqualFunc(got, want, func(a, b value) bool { return a.Name == b.Name && len(a.Lines) == len(b.Lines) }) {
		t.Errorf("read %v, want %v", got, want)
	}
	if got, err := Read[value](dir, "absent", v1, func(Key) bool { return true }); got != nil || err != nil {
		t.Errorf("a file not written yet: %v, %v; want nothing, no error", got, err)
	}
	if _, err := Read[value](dir, "entries", v2, func(Key) bool { return true }); err == nil || !strings.Contains(err.Error(), "another docsite version") {
		t.Errorf("read by another version: %v", err)
	}
	name := filepath.Join(dir, "entries")
	good, _ := os.ReadFile(name)
	spoilt := map[string][]byte{
		"a byte changed": func() []byte { b := bytes.Clone(good); b[len(b)-3] ^= 1; return b }(),
		"cut short":      good[:len(good)-1],
		"longer":         append(bytes.Clone(good), 0),
		"foreign":        []byte("# some other file\n"),
		"empty":          nil,
	}
	for what, data := range spoilt {
		os.WriteFile(name, data, 0o644)
		if _, err := Read[value](dir, "entries", v1, func(Key) bool { return true }); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v, want one naming the file", what, err)
		}
	}
}

// Blobs read back as written, each a slice of the file read; damage is refused.
func TestBlobs(t *testing.T) {
	dir := t.TempDir()
	v := key("version")
	keys := []Key{key("x"), key("y"), key("empty")}
	data := [][]byte{[]byte("first string"), bytes.Repeat([]byte{0, 1, 2}, 1000), nil}
	if err := WriteBlobs(dir, "blobs", v, len(keys), func(i int, buf []byte) (Key, []byte, error) { return keys[i], append(buf, data[i]...), nil }); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBlobs(dir, "blobs", v)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != len(keys) {
		t.Fatalf("%d blobs, want %d", len(b), len(keys))
	}
	for i, k := range keys {
		if !bytes.Equal(b[k], data[i]) {
			t.Errorf("blob %d: %q", i, b[k])
		}
	}
	name := filepath.Join(dir, "blobs")
	good, _ := os.ReadFile(name)
	good[len(good)/2] ^= 1
	os.WriteFile(name, good, 0o644)
	if _, err := ReadBlobs(dir, "blobs", v); err == nil {
		t.Error("a damaged file was read")
	}
}

// The payload of a blobs file, whatever it holds, is read or refused, never a panic or
// a string outside it.
func FuzzParseBlobs(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 'k', 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, p []byte) {
		b, err := parseBlobs(p)
		if err != nil {
			return
		}
		total := 0
		for _, s := range b {
			total += len(s)
		}
		if total > len(p) {
			t.Fatalf("%d bytes of strings in a payload of %d", total, len(p))
		}
	})
}

// Prune removes the docsite folders no build used for Unused, never the one in use, and
// the temporary files a killed build left in that one.
func TestPrune(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	old := now.Add(-Unused - time.Hour)
	var version Key
	own := filepath.Base(Folder(root, "site", "old"))
	for _, dir := range []string{own, "recent", "in-use"} {
		if err := Write(filepath.Join(root, dir), "site", version, nil, map[Key]int{}); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, own, "site-123.tmp"), nil, 0o644)
	os.WriteFile(filepath.Join(root, "a-file"), nil, 0o644)
	for _, name := range []string{"in-use/site-1.tmp", "in-use/site-2.tmp"} {
		os.WriteFile(filepath.Join(root, name), nil, 0o644)
	}
	for _, name := range []string{own, "in-use", "a-file", "in-use/site-1.tmp"} {
		os.Chtimes(filepath.Join(root, name), old, old)
	}
	Prune(root, filepath.Join(root, "in-use"), now)
	for name, want := range map[string]bool{own: false, "recent": true, "in-use": true, "a-file": true,
		"in-use/site-1.tmp": false, "in-use/site-2.tmp": true} {
		if _, err := os.Stat(filepath.Join(root, name)); (err == nil) != want {
			t.Errorf("%s: exists %t, want %t", name, err == nil, want)
		}
	}
}

// Prune leaves every folder it did not make, however old, with all it holds: -cache may
// name a folder other programs keep their data in (-cache ~/.cache, -cache .).
func TestPruneLeavesForeignFolders(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	old := now.Add(-Unused - time.Hour)
	var version Key
	mixed := filepath.Base(Folder(root, "site", "mixed"))
	if err := Write(filepath.Join(root, mixed), "site", version, nil, map[Key]int{}); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"other-program/data.db":          "SQLite format 3",
		"0123456789abcdef/notes.txt":     "not a cache file",
		mixed + "/notes.txt":             "someone's notes beside docsite's files",
		"0123456789abcdee/site":          "docsite-cache-1\n but a folder inside:",
		"0123456789abcdee/sub/keep.txt":  "kept",
		"fedcba9876543210/empty-but-old": "",
	}
	for name, data := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755)
		os.WriteFile(filepath.Join(root, name), []byte(data), 0o644)
	}
	for _, dir := range []string{"other-program", "0123456789abcdef", mixed, "0123456789abcdee", "fedcba9876543210"} {
		os.Chtimes(filepath.Join(root, dir), old, old)
	}
	Prune(root, filepath.Join(root, "in-use"), now)
	for name, data := range files {
		if got, err := os.ReadFile(filepath.Join(root, name)); err != nil || string(got) != data {
			t.Errorf("%s: %q, %v; want it kept", name, got, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, mixed, "site")); err != nil {
		t.Errorf("the cache file beside someone's file: %v", err)
	}
}

// Folder names one folder per site and destination.
func TestFolder(t *testing.T) {
	a, b, c := Folder("/r", "site", "public"), Folder("/r", "site", "other"), Folder("/r", "site", "public")
	if a == b || a != c || filepath.Dir(a) != "/r" {
		t.Errorf("Folder: %s %s %s", a, b, c)
	}
}
