package write

import (
	"bytes"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
)

// Files is a built site held in memory: its files by slash path, immutable, and a read-only
// fs.FS of them (folders are those of the files' paths), which the preview server serves.
// A live rebuild makes the next build's Files from the last one's (With): the old files
// stay shared and only the changed ones are held apart, in an overlay that is folded into a
// new base once it is large, so a rebuild after an edit costs what it changed, not the size
// of the site.
type Files struct {
	base  *fileLayer
	over  map[string]overFile // changed since base
	delta map[string]int      // change of fileLayer.dirs since base
	n     int
}

// fileLayer is a set of files and, for each folder, how many files are below it.
type fileLayer struct {
	files map[string][]byte
	dirs  map[string]int
}

type overFile struct {
	data    []byte
	removed bool
}

// NewFiles holds the given files; the map is kept, not copied.
func NewFiles(files map[string][]byte) *Files {
	l := &fileLayer{files: files, dirs: map[string]int{}}
	for name := range files {
		forFolders(name, func(dir string) { l.dirs[dir]++ })
	}
	return &Files{base: l, n: len(files)}
}

// forFolders calls fn with every folder above name, "." last.
func forFolders(name string, fn func(dir string)) {
	for dir := path.Dir(name); ; dir = path.Dir(dir) {
		fn(dir)
		if dir == "." {
			return
		}
	}
}

// Get returns the file at name.
func (f *Files) Get(name string) ([]byte, bool) {
	if o, ok := f.over[name]; ok {
		return o.data, !o.removed
	}
	data, ok := f.base.files[name]
	return data, ok
}

// Len is the number of files.
func (f *Files) Len() int { return f.n }

// Map returns the files in a new map.
func (f *Files) Map() map[string][]byte {
	m := make(map[string][]byte, f.n)
	for name, data := range f.base.files {
		if _, changed := f.over[name]; !changed {
			m[name] = data
		}
	}
	for name, o := range f.over {
		if !o.removed {
			m[name] = o.data
		}
	}
	return m
}

// maxOverlay is how many changed files an overlay holds before it is folded into a new base.
func (f *Files) maxOverlay() int { return max(2048, len(f.base.files)/8) }

// With returns the files with those in del removed and those in set added or replaced; f
// stays as it was.
func (f *Files) With(set map[string][]byte, del []string) *Files {
	next := &Files{base: f.base, over: maps.Clone(f.over), delta: maps.Clone(f.delta), n: f.n}
	if next.over == nil {
		next.over, next.delta = map[string]overFile{}, map[string]int{}
	}
	for _, name := range del {
		if _, ok := next.Get(name); ok {
			next.put(name, overFile{removed: true}, -1)
		}
	}
	for name, data := range set {
		d := 1
		if _, ok := next.Get(name); ok {
			d = 0
		}
		next.put(name, overFile{data: data}, d)
	}
	if len(next.over) > next.maxOverlay() {
		return NewFiles(next.Map())
	}
	return next
}

// put records o at name; d is the change in the number of files (-1, 0 or 1).
func (f *Files) put(name string, o overFile, d int) {
	if base, ok := f.base.files[name]; ok && !o.removed && bytes.Equal(base, o.data) {
		delete(f.over, name) // back to the base's own
	} else {
		f.over[name] = o
	}
	if d != 0 {
		f.n += d
		forFolders(name, func(dir string) { f.delta[dir] += d })
	}
}

func (f *Files) isDir(name string) bool {
	return f.base.dirs[name]+f.delta[name] > 0 || name == "."
}

// Open opens a file or folder of the set.
func (f *Files) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := f.Get(name); ok {
		return &memFile{info: fileInfo{name: path.Base(name), size: int64(len(data))}, r: bytes.NewReader(data)}, nil
	}
	if f.isDir(name) {
		return &memDir{files: f, name: name, info: fileInfo{name: path.Base(name), dir: true}}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// Stat describes a file or folder of the set.
func (f *Files) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := f.Get(name); ok {
		return fileInfo{name: path.Base(name), size: int64(len(data))}, nil
	}
	if f.isDir(name) {
		return fileInfo{name: path.Base(name), dir: true}, nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

// ReadFile returns a copy of the file at name.
func (f *Files) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := f.Get(name); ok {
		return bytes.Clone(data), nil
	}
	return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
}

// entries lists what folder dir holds, sorted by name. It reads every path of the set:
// the preview server never lists folders, so this is not worth an index.
func (f *Files) entries(dir string) []fs.DirEntry {
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	seen := map[string]fs.DirEntry{}
	for name := range f.Map() {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		if first, _, sub := strings.Cut(rest, "/"); sub {
			seen[first] = fs.FileInfoToDirEntry(fileInfo{name: first, dir: true})
		} else {
			info, _ := f.Stat(name)
			seen[first] = fs.FileInfoToDirEntry(info)
		}
	}
	out := make([]fs.DirEntry, 0, len(seen))
	for _, name := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, seen[name])
	}
	return out
}

type fileInfo struct {
	name string
	size int64
	dir  bool
}

func (i fileInfo) Name() string { return i.name }
func (i fileInfo) Size() int64  { return i.size }
func (i fileInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.dir }
func (i fileInfo) Sys() any           { return nil }

// memFile is an open file of a Files.
type memFile struct {
	info fileInfo
	r    *bytes.Reader
}

func (m *memFile) Stat() (fs.FileInfo, error)                { return m.info, nil }
func (m *memFile) Read(p []byte) (int, error)                { return m.r.Read(p) }
func (m *memFile) ReadAt(p []byte, off int64) (int, error)   { return m.r.ReadAt(p, off) }
func (m *memFile) Seek(off int64, whence int) (int64, error) { return m.r.Seek(off, whence) }
func (m *memFile) Close() error                              { return nil }

// memDir is an open folder of a Files.
type memDir struct {
	files *Files
	name  string
	info  fileInfo
	list  []fs.DirEntry // nil until the first ReadDir
	read  bool
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}
func (d *memDir) Close() error { return nil }

// ReadDir reads the folder's entries as fs.ReadDirFile says.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.read {
		d.list, d.read = d.files.entries(d.name), true
	}
	if n <= 0 {
		out := d.list
		d.list = nil
		return out, nil
	}
	if len(d.list) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(d.list))
	out := d.list[:k:k]
	d.list = d.list[k:]
	return out, nil
}
