package load

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// Root is a site root that no name leads out of, symlinks included: an os.Root, with a
// fast path for reading files. os.Root resolves a name a component at a time and wraps
// each file for the poller (content/en/a/b/page.md costs some twenty system calls); a
// build reads every page twice. Where Linux has openat2, ReadFile asks the kernel to
// resolve the name beneath the root in one call (RESOLVE_BENEATH refuses the same escapes
// os.Root does) and reads with plain system calls. Whatever that path cannot read, it
// leaves to the os.Root, so errors and answers are always the os.Root's.
type Root struct {
	root *os.Root
	fsys fs.FS
	dir  string      // the root folder, absolute
	fd   int         // O_PATH descriptor of the root folder, or -1
	slow atomic.Bool // openat2 is not available here
	// mounts show other folders of the root at other places of it (Mount); nil when
	// the site has none, and every name is then its own.
	mounts *mountTable
}

// OpenRoot opens the folder dir as a site root.
func OpenRoot(dir string) (*Root, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	r := &Root{root: root, fsys: root.FS(), fd: -1}
	abs, err := filepath.Abs(dir)
	if err == nil {
		r.dir = abs
	}
	if fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0); err == nil && abs != "" {
		r.fd = fd
	} else {
		if err == nil {
			unix.Close(fd)
		}
		r.slow.Store(true)
	}
	return r, nil
}

// Close closes the root.
func (r *Root) Close() error {
	var err error
	if r.fd >= 0 {
		err = unix.Close(r.fd)
	}
	return errors.Join(err, r.root.Close())
}

// Open opens the named file, as fs.FS.
func (r *Root) Open(name string) (fs.File, error) {
	if r.mounts != nil {
		return r.openMounted(name)
	}
	return r.fsys.Open(name)
}

// ReadDir lists the named folder, as fs.ReadDirFS, sorted by name. os.Root opens the
// folder a component at a time (a build walks the site twice: a folder five deep cost
// ten system calls); where openat2 opens it beneath the root, its entries are read from
// that descriptor. Their types are the folder's (no stat); Info states the entry by its
// path under the root's folder.
func (r *Root) ReadDir(name string) ([]fs.DirEntry, error) {
	if r.mounts != nil {
		return r.readDirMounted(name)
	}
	return r.readDir(name)
}

// readDir is ReadDir of the root's own folder name.
func (r *Root) readDir(name string) ([]fs.DirEntry, error) {
	if !r.slow.Load() && fs.ValidPath(name) {
		if fd, err := r.openBeneath(name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC); err == nil {
			f := os.NewFile(uintptr(fd), filepath.Join(r.dir, filepath.FromSlash(name)))
			entries, err := f.ReadDir(-1)
			f.Close()
			if err == nil {
				slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
				return entries, nil
			}
		}
	}
	return fs.ReadDir(r.fsys, name)
}

// Stat describes the named file, as fs.StatFS. That a name does not exist (a missing
// image, which a page of the sample corpus has in every language) is known from one
// openat2; the rest is the os.Root's to say.
func (r *Root) Stat(name string) (fs.FileInfo, error) {
	if r.mounts != nil {
		return r.statMounted(name)
	}
	return r.stat(name)
}

// stat is Stat of the root's own file name.
func (r *Root) stat(name string) (fs.FileInfo, error) {
	if !r.slow.Load() && fs.ValidPath(name) {
		fd, err := r.openBeneath(name, unix.O_PATH|unix.O_CLOEXEC)
		if err == unix.ENOENT {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
		}
		if err == nil {
			unix.Close(fd)
		}
	}
	return fs.Stat(r.fsys, name)
}

// ReadFile reads the named file, as fs.ReadFileFS.
func (r *Root) ReadFile(name string) ([]byte, error) {
	return r.AppendFile(make([]byte, 0, 16<<10), name)
}

// AppendFile appends the named file to buf[:0], which it grows as needed, and returns it: a
// reader of many files can read them all into one buffer.
func (r *Root) AppendFile(buf []byte, name string) ([]byte, error) {
	data, _, _, err := r.appendFileStat(buf, name)
	return data, err
}

// appendFileStat is AppendFile, and the file's status once read when openat2 read it
// (stated).
func (r *Root) appendFileStat(buf []byte, name string) (data []byte, st FileStat, stated bool, err error) {
	if r.mounts != nil {
		name = r.fileName(name)
	}
	if !r.slow.Load() && fs.ValidPath(name) {
		if data, st, ok := r.readBeneath(buf[:0], name); ok {
			return data, st, true, nil
		}
	}
	data, err = fs.ReadFile(r.fsys, name)
	return data, FileStat{}, false, err
}

// openBeneath opens name with openat2, resolved beneath the root.
func (r *Root) openBeneath(name string, flags uint64) (int, error) {
	how := unix.OpenHow{Flags: flags, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS}
	for {
		fd, err := unix.Openat2(r.fd, name, &how)
		if err == unix.ENOSYS || err == unix.EPERM {
			r.slow.Store(true) // no openat2 here (old kernel, or a sandbox that forbids it)
		}
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// readBeneath reads name with openat2 and RESOLVE_BENEATH, and gives the file's status
// after the read; ok is false when it could not.
func (r *Root) readBeneath(buf []byte, name string) (data []byte, st FileStat, ok bool) {
	fd, err := r.openBeneath(name, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NOCTTY)
	if err != nil {
		return nil, FileStat{}, false
	}
	defer unix.Close(fd)
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, max(len(buf), 4<<10))
		}
		n, err := unix.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return nil, FileStat{}, false // a folder, say: the os.Root says what it is
		case n == 0:
			var s unix.Stat_t
			if unix.Fstat(fd, &s) != nil {
				return nil, FileStat{}, false
			}
			return buf, statOf(&s), true
		}
		buf = buf[:len(buf)+n]
	}
}
