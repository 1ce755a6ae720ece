// Package write writes a built site to disk atomically.
//
// A build writes every file into a fresh directory beside the destination
// (Begin, WriteFile) and then swaps it into place in one step (Commit), so
// that the destination holds the old tree or the new one and never a mix,
// even if the process is killed at any moment. A failed build calls Abort and
// the destination is untouched. What a killed build leaves behind is removed
// by the next Begin; see leftovers.go for the names it uses. Begin replaces only a
// destination that is missing, empty or a tree it wrote (own.go).
//
// ReplaceFiles replaces a few files in place, all or none (replace.go): what docsite writes
// into a site's sources.
//
// Memory collects a built site in memory instead, and Files holds one as an fs.FS that a
// live rebuild updates by what changed (files.go): the preview server serves it.
package write

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// Options say how a tree is written.
type Options struct {
	// Durable flushes the new tree to disk (one syncfs) before it is published and the
	// parent folder after, so that after a power loss dest is the old tree or the whole
	// new one. Without it the same holds against a killed process (the renames are
	// atomic), which is what a generator whose output can be built again needs; syncfs
	// waits for every dirty page of the whole file system, not only the site's.
	Durable bool
	// Force replaces dest even when it holds files and is not a tree this package wrote
	// (own.go); without it Begin refuses such a folder with a *NotOutputError.
	Force bool
}

// Tree is a site being written beside its destination: the spare tree (spare.go) brought
// up to date, then exchanged with dest.
type Tree struct {
	dest    string // absolute, cleaned destination
	state   string // the state folder beside dest
	dir     string // the spare tree the files go to
	opts    Options
	lock    *dirLock
	done    atomic.Bool // committed or aborted
	old     *manifest   // what the spare held when the build began (read only while writing)
	ready   chan struct{}
	prepErr error // why the spare could not be made ready; old and prepErr are set once ready is closed
	mu      sync.Mutex
	written map[string]fileEntry // by WriteFile: what the spare holds now, by path
	touched map[string]bool      // folders whose entries the build changed
	// same holds, for the content of each file of at least linkMin bytes this build
	// wrote, the path it was written at: a file of the same content is a hard link to it.
	same  map[Sum]string
	stats Stats
	// published is the manifest of the tree at dest, read when Keep first needs it; nil
	// when it has none.
	published     *manifest
	readPublished sync.Once
}

// linkMin is the size from which a file whose content the build already wrote elsewhere
// is a hard link to it rather than a copy. A multilingual site publishes the images of a
// page bundle beside the page in every language (its stand-ins too): on the OpenTelemetry
// site that is 259 MB of files, half of them copies. Files are never changed in place
// (replace), so a link shared by two paths stays right when either is replaced.
const linkMin = 4 << 10

// Begin prepares to replace dest. It removes what killed builds left beside dest
// (restoring dest first if a build was killed in the middle of the fallback swap, see
// swap.go) and readies the spare tree in the state folder beside it (spare.go), on the
// same file system. While the Tree is open, other calls of Begin for a destination in
// the same parent directory fail. A dest that holds files this package did not write is
// refused unless opts.Force (own.go).
//
// Checking the spare against its manifest (verify) stats every file of the last tree but
// one: 60,000 calls on a site of 30,000 pages, a fifth of a build that changed nothing.
// Begin returns before it is done, and the Tree's methods wait for it (ready), so the
// caller reads its sources meanwhile. What fails there fails the first of them.
func Begin(dest string, opts Options) (*Tree, error) {
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
	t := &Tree{dest: dest, state: stateDir(dest), opts: opts, lock: lock,
		written: map[string]fileEntry{}, touched: map[string]bool{}, ready: make(chan struct{})}
	t.dir = filepath.Join(t.state, spareName)
	if err := t.cleanUp(); err != nil {
		lock.release()
		return nil, err
	}
	if !opts.Force {
		if err := checkOwn(t.dest, t.state); err != nil {
			lock.release()
			return nil, err
		}
	}
	go func() {
		defer close(t.ready)
		t.old, t.prepErr = prepareSpare(t.state, t.dest)
	}()
	return t, nil
}

// cleanUp removes what killed builds left beside dest.
func (t *Tree) cleanUp() error {
	if err := restoreOld(t.dest); err != nil {
		return err
	}
	return removeLeftovers(t.dest)
}

// wait waits until the spare is ready, and says why it cannot be used.
func (t *Tree) wait() error {
	<-t.ready
	return t.prepErr
}

// Stats count what a build did to the tree it published.
type Stats struct {
	Written   int // files written, new or changed
	Unchanged int // files the spare already held as built
	Linked    int // files kept (Keep) by a link to the published tree's
}

// Stats says what WriteFile did so far.
func (t *Tree) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stats
}

// Dir is the directory the tree is written to.
func (t *Tree) Dir() string { return t.dir }

// WriteFile writes data to rel inside the tree, creating parent directories; where the
// spare already holds exactly data at rel, it writes nothing. rel is slash-separated and
// clean, neither absolute nor leaving the tree (io/fs.ValidPath). Each file may be written
// once: a second write of the same rel is an error, because two pages claiming one URL is
// a bug that concurrency would otherwise turn into nondeterministic output. WriteFile is
// safe for concurrent use.
func (t *Tree) WriteFile(rel string, data []byte) error {
	return t.WriteSummed(rel, data, SumOf(data))
}

// WriteSummed is WriteFile of data whose Sum the caller has (a build cache that notes the
// files it writes): the content is not hashed twice.
func (t *Tree) WriteSummed(rel string, data []byte, sum Sum) error {
	e := fileEntry{sum: sum, size: int64(len(data))}
	unchanged, err := t.claim(rel, &e, &t.stats.Written)
	if err != nil || unchanged {
		return err
	}
	var first string
	if e.size >= linkMin {
		t.mu.Lock()
		first = t.same[e.sum]
		t.mu.Unlock()
	}
	var mtime int64
	if first != "" {
		if mtime, err = t.link(filepath.Join(t.dir, filepath.FromSlash(first)), rel); err != nil {
			// A file system without hard links (some network and FUSE mounts): a copy.
			mtime, err = t.replace(rel, data)
		}
	} else {
		mtime, err = t.replace(rel, data)
	}
	if err != nil {
		return &FileError{Rel: rel, Err: err}
	}
	e.mtime = mtime
	t.mu.Lock()
	t.written[rel] = e
	if e.size >= linkMin && first == "" {
		if t.same == nil {
			t.same = map[Sum]string{}
		}
		t.same[e.sum] = rel
	}
	t.mu.Unlock()
	return nil
}

// claim records that the build makes the file e describes at rel, and whether the spare
// already holds it (then e takes the spare file's time, and counts as Unchanged; else as
// counted, Written or Linked). A path may be claimed once.
func (t *Tree) claim(rel string, e *fileEntry, counted *int) (unchanged bool, err error) {
	if t.done.Load() {
		return false, fmt.Errorf("write: %s: tree already committed or aborted", rel)
	}
	if err := t.wait(); err != nil {
		return false, err
	}
	if !validRel(rel) {
		return false, &FileError{Rel: rel, Err: ErrUnsafePath}
	}
	old, had := t.old.files[rel]
	unchanged = had && old.sum == e.sum && old.size == e.size
	if unchanged {
		e.mtime = old.mtime
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, twice := t.written[rel]; twice {
		return false, &FileError{Rel: rel, Err: ErrWrittenTwice}
	}
	t.written[rel] = *e
	if unchanged {
		t.stats.Unchanged++
	} else {
		*counted++
	}
	return unchanged, nil
}

// link puts a hard link to the file at src (an absolute path: a file this build wrote,
// or one of the published tree) at rel, in place of whatever is there, and returns its
// modification time (src's).
func (t *Tree) link(src, rel string) (int64, error) {
	name := filepath.Join(t.dir, filepath.FromSlash(rel))
	dir := path.Dir(rel)
	err := t.inDir(dir, name, func() error { return os.Link(src, name) })
	if err != nil {
		if err = t.makeWay(rel, err); err == nil {
			err = os.Link(src, name)
		}
	}
	if err != nil {
		return 0, err
	}
	st, err := os.Lstat(name)
	if err != nil {
		return 0, err
	}
	return st.ModTime().UnixNano(), nil
}

// replace puts a new file with data at rel, in place of whatever is there, and returns
// its modification time. A file is never rewritten in place: it may be shared with the
// published tree (seed).
func (t *Tree) replace(rel string, data []byte) (int64, error) {
	name := filepath.Join(t.dir, filepath.FromSlash(rel))
	dir := path.Dir(rel)
	var mtime int64
	err := t.inDir(dir, name, func() (err error) {
		mtime, err = createFile(name, data)
		return err
	})
	if err != nil {
		if err = t.makeWay(rel, err); err == nil {
			mtime, err = createFile(name, data)
		}
	}
	return mtime, err
}

// makeWay clears, after making a file at rel failed with err, what an older build left
// in its way: a file or folder at rel (ErrExist), or files where rel's folders go
// (ENOTDIR); nil means the file can be made now. It never removes what this build wrote:
// a path this build writes a file at and also writes files below (slug: index.html
// beside its section's page) is an error naming both, whichever comes first.
func (t *Tree) makeWay(rel string, err error) error {
	switch {
	case errors.Is(err, fs.ErrExist):
		if below := t.writtenBelow(rel); below != "" {
			return fmt.Errorf("%s is also a folder this build writes %s into", rel, below)
		}
		return os.RemoveAll(filepath.Join(t.dir, filepath.FromSlash(rel)))
	case errors.Is(err, unix.ENOTDIR):
		return t.clearWay(rel)
	}
	return err
}

// writtenBelow returns the first, by path, of the files this build wrote below folder
// rel, or "".
func (t *Tree) writtenBelow(rel string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	first := ""
	for w := range t.written {
		if strings.HasPrefix(w, rel+"/") && (first == "" || w < first) {
			first = w
		}
	}
	return first
}

// clearWay removes the files of older builds that stand where the folders of slash path
// rel should be, and makes those folders; a file this build wrote there is an error.
func (t *Tree) clearWay(rel string) error {
	parts := strings.Split(path.Dir(rel), "/")
	for i := range parts {
		at := strings.Join(parts[:i+1], "/")
		p := filepath.Join(t.dir, filepath.FromSlash(at))
		if info, err := os.Lstat(p); err == nil && !info.IsDir() {
			t.mu.Lock()
			_, ours := t.written[at]
			t.mu.Unlock()
			if ours {
				return fmt.Errorf("%s is also a file this build writes", at)
			}
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return os.MkdirAll(filepath.Join(t.dir, filepath.FromSlash(path.Dir(rel))), 0o755)
}

// inDir makes file name in the build's folder dir (slash-separated, relative) with
// create, making the folder first unless the last build had it or this build already
// wrote into it: most pages have a folder of their own, but the index's folders hold a
// thousand files each. A write that finds the folder missing (another write is making
// it) makes it and tries again.
func (t *Tree) inDir(dir, name string, create func() error) error {
	t.mu.Lock()
	_, known := t.old.dirs[dir]
	known = known || t.touched[dir]
	t.touched[dir] = true
	t.mu.Unlock()
	if !known {
		if err := makeDir(filepath.Dir(name)); err != nil {
			return err
		}
	}
	err := create()
	if known && errors.Is(err, fs.ErrNotExist) {
		if err = makeDir(filepath.Dir(name)); err == nil {
			err = create()
		}
	}
	return err
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
func createFile(name string, data []byte) (mtime int64, err error) {
	fd, err := retry(func() (int, error) {
		return unix.Open(name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o644)
	})
	if err != nil {
		return 0, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		if n, err = retry(func() (int, error) { return unix.Write(fd, data) }); err == nil {
			data = data[n:]
		}
	}
	var st unix.Stat_t
	if err == nil {
		err = unix.Fstat(fd, &st)
	}
	if cerr := unix.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, &fs.PathError{Op: "write", Path: name, Err: err}
	}
	return unixNano(st.Mtim), nil
}

// retry calls f again while it is interrupted by a signal.
func retry(f func() (int, error)) (int, error) {
	for {
		if n, err := f(); err != unix.EINTR {
			return n, err
		}
	}
}

// Abort leaves dest untouched. The spare, partly brought up to date, keeps no manifest,
// so the next build starts it again (spare.go). After Commit Abort does nothing, so
// `defer t.Abort()` is the usual way to clean up a build that fails.
func (t *Tree) Abort() error {
	if t.done.Swap(true) {
		return nil
	}
	<-t.ready // the spare is not left half prepared to the next build's lock
	t.lock.release()
	return nil
}
