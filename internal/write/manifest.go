package write

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// A manifest says what a tree written by this package holds: every file with the hash of
// its content, its size and modification time, and every folder with its modification
// time. It is what lets a build skip the files that did not change (write.go) and notice
// what someone else changed in the tree since (verify in spare.go): a file whose size or
// time differs is written again, a folder whose time differs is listed and cleared of
// what the manifest does not name.
//
// A manifest lives in the state folder beside the destination (spare.go), named after the
// device and inode of the tree's root folder, so that it follows the tree through the
// directory exchange that publishes it.
type manifest struct {
	files map[string]fileEntry // slash path → entry
	dirs  map[string]int64     // slash path of every folder but the root → mtime (ns)
}

type fileEntry struct {
	sum   Sum
	size  int64
	mtime int64 // ns
}

// Sum identifies a file's content: the first 16 bytes of its SHA-256 (the CPU has
// instructions for it, so hashing every output file costs well under the writing of one).
type Sum [16]byte

// SumOf is the Sum of data.
func SumOf(data []byte) Sum {
	full := sha256.Sum256(data)
	return Sum(full[:16])
}

const manifestHeader = "docsite-tree-manifest 1"

func newManifest() *manifest {
	return &manifest{files: map[string]fileEntry{}, dirs: map[string]int64{}}
}

// manifestName is the file in state that describes the tree rooted at dir, or "" when dir
// cannot be examined.
func manifestName(state, dir string) string {
	var st unix.Stat_t
	if err := unix.Stat(dir, &st); err != nil {
		return ""
	}
	return filepath.Join(state, fmt.Sprintf("manifest-%d-%d", st.Dev, st.Ino))
}

// readManifest reads the manifest of the tree at dir; nil when there is none or it does
// not read cleanly (then the tree is not trusted).
func readManifest(state, dir string) *manifest {
	name := manifestName(state, dir)
	if name == "" {
		return nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	m, err := parseManifest(data)
	if err != nil {
		return nil
	}
	return m
}

func parseManifest(data []byte) (*manifest, error) {
	header, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || string(header) != manifestHeader {
		return nil, fmt.Errorf("not a manifest")
	}
	m := newManifest()
	for len(rest) > 0 {
		line, next, ok := bytes.Cut(rest, []byte("\n"))
		if !ok {
			return nil, fmt.Errorf("truncated")
		}
		rest = next
		if err := m.parseLine(string(line)); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// parseLine reads "f <sum> <size> <mtime> <path>" or "d <mtime> <path>".
func (m *manifest) parseLine(line string) error {
	kind, line, _ := strings.Cut(line, " ")
	switch kind {
	case "f":
		var sum, size, mtime string
		sum, line, _ = strings.Cut(line, " ")
		size, line, _ = strings.Cut(line, " ")
		mtime, rel, _ := strings.Cut(line, " ")
		var e fileEntry
		if n, err := hex.Decode(e.sum[:], []byte(sum)); err != nil || n != len(e.sum) {
			return fmt.Errorf("bad sum %q", sum)
		}
		var err1, err2 error
		e.size, err1 = strconv.ParseInt(size, 10, 64)
		e.mtime, err2 = strconv.ParseInt(mtime, 10, 64)
		if err1 != nil || err2 != nil || !validRel(rel) {
			return fmt.Errorf("bad file line")
		}
		m.files[rel] = e
	case "d":
		mtime, rel, _ := strings.Cut(line, " ")
		t, err := strconv.ParseInt(mtime, 10, 64)
		if err != nil || (rel != "." && !validRel(rel)) {
			return fmt.Errorf("bad folder line")
		}
		m.dirs[rel] = t
	default:
		return fmt.Errorf("bad line")
	}
	return nil
}

// write stores the manifest of the tree at dir in state, replacing it by a rename so that
// a reader never sees half of one.
func (m *manifest) write(state, dir string) error {
	name := manifestName(state, dir)
	if name == "" {
		return fmt.Errorf("write: cannot examine %s", dir)
	}
	// Appended, not printed: a site's manifest has a line for each of its files.
	b := make([]byte, 0, 64+len(m.dirs)*48+len(m.files)*128)
	b = append(b, manifestHeader+"\n"...)
	for _, rel := range slices.Sorted(maps.Keys(m.dirs)) {
		b = append(b, "d "...)
		b = strconv.AppendInt(b, m.dirs[rel], 10)
		b = append(append(append(b, ' '), rel...), '\n')
	}
	for _, rel := range slices.Sorted(maps.Keys(m.files)) {
		e := m.files[rel]
		b = append(b, "f "...)
		b = hex.AppendEncode(b, e.sum[:])
		b = append(b, ' ')
		b = strconv.AppendInt(b, e.size, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, e.mtime, 10)
		b = append(append(append(b, ' '), rel...), '\n')
	}
	tmp := name + ".new"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// validRel reports whether rel is a path WriteFile accepts, and one a manifest line can hold.
func validRel(rel string) bool {
	return fs.ValidPath(rel) && rel != "." && !strings.Contains(rel, "\n")
}
