// Package write writes a built site to disk atomically.
//
// A build writes every file into a fresh directory beside the destination
// (Begin, WriteFile) and then swaps it into place in one step (Commit), so
// that the destination holds the old tree or the new one and never a mix,
// even if the process is killed at any moment. A failed build calls Abort and
// the destination is untouched. What a killed build leaves behind is removed
// by the next Begin; see leftovers.go for the names it uses.
//
// Memory collects a built site in memory instead, and Files holds one as an fs.FS that a
// live rebuild updates by what changed (files.go): the preview server serves it.
package write

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// Tree is a site being written beside its destination.
type Tree struct {
	dest string // absolute, cleaned destination
	dir  string // the temporary directory the files go to
	lock *dirLock
	done atomic.Bool // committed or aborted
}

// Begin prepares to replace dest. It removes what killed builds left beside
// dest (restoring dest first if a build was killed in the middle of the
// fallback swap, see swap.go) and makes a fresh temporary directory beside
// it, on the same filesystem. While the Tree is open, other calls of Begin
// for a destination in the same parent directory fail.
func Begin(dest string) (*Tree, error) {
	dest, err := filepath.Abs(dest)
	if err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	if dest == filepath.Dir(dest) {
		return nil, fmt.Errorf("write: %s: cannot replace a filesystem root", dest)
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	lock, err := lockDir(filepath.Dir(dest))
	if err != nil {
		return nil, err
	}
	dir, err := prepare(dest)
	if err != nil {
		lock.release()
		return nil, err
	}
	return &Tree{dest: dest, dir: dir, lock: lock}, nil
}

// prepare cleans the leftovers of earlier builds and makes the new directory.
func prepare(dest string) (string, error) {
	if err := restoreOld(dest); err != nil {
		return "", err
	}
	if err := removeLeftovers(dest); err != nil {
		return "", err
	}
	return makeTemp(dest, tmpKind)
}

// Dir is the temporary directory the tree is written to.
func (t *Tree) Dir() string { return t.dir }

// WriteFile writes data to rel inside the tree, creating parent directories.
// rel is slash-separated and clean, neither absolute nor leaving the tree
// (io/fs.ValidPath). Each file may be written once: a second write of the
// same rel is an error, because two pages claiming one URL is a bug that
// concurrency would otherwise turn into nondeterministic output. WriteFile
// is safe for concurrent use.
func (t *Tree) WriteFile(rel string, data []byte) error {
	if t.done.Load() {
		return fmt.Errorf("write: %s: tree already committed or aborted", rel)
	}
	if !fs.ValidPath(rel) || rel == "." {
		return fmt.Errorf("write: %q: not a clean relative slash-separated path inside the site", rel)
	}
	name := filepath.Join(t.dir, filepath.FromSlash(rel))
	if parent := filepath.Dir(name); parent != t.dir {
		if err := makeDir(parent); err != nil {
			return fmt.Errorf("write: %s: %w", rel, err)
		}
	}
	if err := createFile(name, data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("write: %s: written twice", rel)
		}
		return fmt.Errorf("write: %s: %w", rel, err)
	}
	return nil
}

// makeDir makes the folder dir if it is not there. With pretty URLs nearly every page has a
// folder of its own whose parent exists, so one mkdir is tried first: it makes the folder,
// or says it exists, in one system call; MkdirAll is left the rest (missing parents).
func makeDir(dir string) error {
	err := unix.Mkdir(dir, 0o755)
	if err == nil || err == unix.EEXIST {
		return nil
	}
	return os.MkdirAll(dir, 0o755)
}

// createFile writes data to a new file name with plain system calls: open, write, close.
// os.OpenFile would add four fcntl calls and an epoll registration per file, which a
// build writing 40,000 small files pays for in seconds.
func createFile(name string, data []byte) error {
	fd, err := retry(func() (int, error) {
		return unix.Open(name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o644)
	})
	if err != nil {
		return &fs.PathError{Op: "open", Path: name, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		if n, err = retry(func() (int, error) { return unix.Write(fd, data) }); err == nil {
			data = data[n:]
		}
	}
	if cerr := unix.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &fs.PathError{Op: "write", Path: name, Err: err}
	}
	return nil
}

// retry calls f again while it is interrupted by a signal.
func retry(f func() (int, error)) (int, error) {
	for {
		if n, err := f(); err != unix.EINTR {
			return n, err
		}
	}
}

// Abort removes the temporary directory and leaves dest untouched. After
// Commit it does nothing, so `defer t.Abort()` is the usual way to clean up
// a build that fails.
func (t *Tree) Abort() error {
	if t.done.Swap(true) {
		return nil
	}
	defer t.lock.release()
	if err := os.RemoveAll(t.dir); err != nil {
		return fmt.Errorf("write: removing %s: %w", t.dir, err)
	}
	return nil
}
