package write

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Keeping files a build did not make again. A build that takes a page from its cache
// (package build) knows the path, content sum and size of each file the page wrote last
// time, not the bytes. Has says whether such a file can be published without them: the
// spare holds it, or the published tree does (its manifest says so and the file's size
// and time agree). Keep then records it, linking it from the published tree where the
// spare lags behind (the spare is the tree before the last build).

// Has reports whether Keep can publish at rel the file of content sum and size.
func (t *Tree) Has(rel string, sum Sum, size int64) bool {
	if t.wait() != nil {
		return false
	}
	if e, ok := t.old.files[rel]; ok && e.sum == sum && e.size == size {
		return true
	}
	return t.inPublished(rel, sum, size)
}

// Keep publishes at rel the file of content sum and size, which Has found, without its
// bytes. Like WriteFile, it may be called once for a path, concurrently with other calls.
func (t *Tree) Keep(rel string, sum Sum, size int64) error {
	e := fileEntry{sum: sum, size: size}
	unchanged, err := t.claim(rel, &e, &t.stats.Linked)
	if err != nil || unchanged {
		return err
	}
	if !t.inPublished(rel, sum, size) {
		return fmt.Errorf("write: %s: kept, but neither the spare nor the published tree holds it", rel)
	}
	mtime, err := t.link(filepath.Join(t.dest, filepath.FromSlash(rel)), rel)
	if err != nil {
		return &FileError{Rel: rel, Err: err}
	}
	e.mtime = mtime
	t.mu.Lock()
	t.written[rel] = e
	t.mu.Unlock()
	return nil
}

// Read returns the file of content sum and size at rel in the published tree (the last
// build's): a build takes part of an old file into a new one. The file is the one the
// manifest names by the evidence Keep takes (its size and time), not by reading it; the
// caller checks the part it takes.
func (t *Tree) Read(rel string, sum Sum, size int64) ([]byte, error) {
	if !t.inPublished(rel, sum, size) {
		return nil, fmt.Errorf("write: %s: not in the published tree", rel)
	}
	data, err := os.ReadFile(filepath.Join(t.dest, filepath.FromSlash(rel)))
	if err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	if int64(len(data)) != size {
		return nil, fmt.Errorf("write: %s: changed since it was published", rel)
	}
	return data, nil
}

// inPublished reports whether the published tree holds the file of content sum and size
// at rel, as its manifest says and the file's size and time confirm.
func (t *Tree) inPublished(rel string, sum Sum, size int64) bool {
	t.readPublished.Do(func() { t.published = readManifest(t.state, t.dest) })
	if t.published == nil {
		return false
	}
	e, ok := t.published.files[rel]
	if !ok || e.sum != sum || e.size != size {
		return false
	}
	var st unix.Stat_t
	err := unix.Lstat(filepath.Join(t.dest, filepath.FromSlash(rel)), &st)
	return err == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && st.Size == size && unixNano(st.Mtim) == e.mtime
}
