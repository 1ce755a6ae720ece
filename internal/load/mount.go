package load

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"docsite/internal/config"
)

// Mounts: a site whose configuration mounts folders (config.Mount) is read through them.
// A name of the site as the build sees it (content/en/docs/spec/a.md) is looked for in
// the source of each mount whose target holds it, in the order the mounts are declared,
// then, unless the mounts replace that part of the site, at its own place: the first
// that has it wins, and a folder lists what all of them hold, as Hugo merges mounts.

// mountTable is the mounts a Root reads through.
type mountTable struct {
	ms []config.Mount
	// own are the top folders (content, static, …) that only mounts fill: a Hugo site
	// declares them all; site.toml's mounts add to the folders the root has.
	own map[string]bool
}

// place is one place in the root folder where a name of the site may be.
type place struct {
	name  string        // slash path in the root folder
	mount *config.Mount // nil for the name's own place
}

// Mount makes r read the site through ms; own are the top folders only mounts fill.
func (r *Root) Mount(ms []config.Mount, own []string) {
	if len(ms) == 0 && len(own) == 0 {
		r.mounts = nil
		return
	}
	t := &mountTable{ms: ms, own: map[string]bool{}}
	for _, o := range own {
		t.own[o] = true
	}
	r.mounts = t
}

// Source is the name in the root folder of the file the site has at name: what a
// diagnostic about it names. A name no mount leads to is its own.
func (r *Root) Source(name string) string {
	if r.mounts == nil {
		return name
	}
	return r.fileName(name)
}

// places lists where name may be, the first that has it winning.
func (t *mountTable) places(name string) []place {
	var out []place
	for i := range t.ms {
		m := &t.ms[i]
		rest, ok := below(name, m.Target)
		if !ok || excluded(m.Exclude, rest) {
			continue
		}
		out = append(out, place{name: path.Join(m.Source, rest), mount: m})
	}
	top, _, _ := strings.Cut(name, "/")
	if !t.own[top] {
		out = append(out, place{name: name})
	}
	return out
}

// below is name's path below folder dir ("" for dir itself); ok is false when name is
// not dir nor below it.
func below(name, dir string) (string, bool) {
	if name == dir {
		return ".", true
	}
	if rest, ok := strings.CutPrefix(name, dir+"/"); ok {
		return rest, true
	}
	return "", false
}

// excluded reports whether rest (a path below a mount's source) matches one of patterns.
func excluded(patterns []string, rest string) bool {
	if rest == "." {
		return false
	}
	for _, p := range patterns {
		if globMatch(strings.Split(p, "/"), strings.Split(rest, "/")) {
			return true
		}
	}
	return false
}

// globMatch matches path segments against pattern segments, where ** is any number of
// segments and each other one is a path.Match pattern.
func globMatch(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if globMatch(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

// fileName is the name in the root folder of the file the site has at name: the first
// place that has it, else the first place (whose error is then the answer).
func (r *Root) fileName(name string) string {
	if !fs.ValidPath(name) {
		return name // the root refuses it
	}
	ps := r.mounts.places(name)
	if len(ps) == 0 {
		return name
	}
	if len(ps) > 1 {
		for _, p := range ps {
			if _, err := r.stat(p.name); err == nil {
				return p.name
			}
		}
	}
	return ps[0].name
}

// statMounted is Stat through the mounts: the first place that has name, else a folder
// that mounts below it make.
func (r *Root) statMounted(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	var first error
	for _, p := range r.mounts.places(name) {
		info, err := r.stat(p.name)
		if err == nil {
			if name != p.name {
				info = renamed{info, path.Base(name)}
			}
			return info, nil
		}
		first = cmpErr(first, err)
	}
	if r.virtualDir(name) {
		return dirInfo(path.Base(name)), nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: cmpErr(first, fs.ErrNotExist)}
}

func cmpErr(a, b error) error {
	if a != nil && !errors.Is(a, fs.ErrNotExist) {
		return a
	}
	return b
}

// virtualDir reports whether a mount's target lies below name, with its source there:
// name is then a folder of the site even where no place has it.
func (r *Root) virtualDir(name string) bool {
	for _, m := range r.mounts.ms {
		if _, ok := below(m.Target, name); ok || name == "." {
			if _, err := r.stat(m.Source); err == nil {
				return true
			}
		}
	}
	return false
}

// readDirMounted is ReadDir through the mounts: what every place of name holds, the
// first place's entry winning, and the folders mounts below it make.
func (r *Root) readDirMounted(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	byName := map[string]fs.DirEntry{}
	var order []string
	add := func(e fs.DirEntry) {
		if _, ok := byName[e.Name()]; !ok {
			byName[e.Name()] = e
			order = append(order, e.Name())
		}
	}
	found := false
	var first error
	for _, p := range r.mounts.places(name) {
		entries, err := r.readDir(p.name)
		if err != nil {
			first = cmpErr(first, err)
			continue
		}
		found = true
		for _, e := range entries {
			if p.mount != nil {
				rest, _ := below(path.Join(p.name, e.Name()), p.mount.Source)
				if excluded(p.mount.Exclude, rest) {
					continue
				}
			}
			add(e)
		}
	}
	for _, m := range r.mounts.ms {
		rest, ok := below(m.Target, name)
		if name == "." {
			rest, ok = m.Target, true
		}
		if !ok || rest == "." {
			continue
		}
		seg, _, _ := strings.Cut(rest, "/")
		if _, done := byName[seg]; done {
			continue
		}
		info, err := r.stat(m.Source)
		if err != nil {
			continue // a missing source: config.MissingMounts warns about it
		}
		found = true
		if seg == rest && !info.IsDir() { // a file mounted as a file
			add(fs.FileInfoToDirEntry(renamed{info, seg}))
		} else {
			add(fs.FileInfoToDirEntry(dirInfo(seg)))
		}
	}
	if !found {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: cmpErr(first, fs.ErrNotExist)}
	}
	slices.Sort(order)
	out := make([]fs.DirEntry, len(order))
	for i, n := range order {
		out[i] = byName[n]
		if out[i].IsDir() { // a folder is what Stat says of it: its first place's
			if info, err := r.statMounted(path.Join(name, n)); err == nil {
				out[i] = fs.FileInfoToDirEntry(info)
			}
		}
	}
	return out, nil
}

// openMounted is Open through the mounts; a folder is one that lists as ReadDir does.
func (r *Root) openMounted(name string) (fs.File, error) {
	info, err := r.statMounted(name)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		entries, err := r.readDirMounted(name)
		if err != nil {
			return nil, err
		}
		return &mountedDir{info: info, entries: entries}, nil
	}
	return r.fsys.Open(r.fileName(name))
}

// renamed is a file's status under the name the site gives it.
type renamed struct {
	fs.FileInfo
	name string
}

func (r renamed) Name() string { return r.name }

// dirInfo is the status of a folder only mounts make.
type dirInfo string

func (d dirInfo) Name() string       { return string(d) }
func (d dirInfo) Size() int64        { return 0 }
func (d dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o555 }
func (d dirInfo) ModTime() time.Time { return time.Time{} }
func (d dirInfo) IsDir() bool        { return true }
func (d dirInfo) Sys() any           { return nil }

// mountedDir is an open folder of the site read through mounts.
type mountedDir struct {
	info    fs.FileInfo
	entries []fs.DirEntry
	off     int
}

func (d *mountedDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *mountedDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.Name(), Err: errors.New("is a directory")}
}
func (d *mountedDir) Close() error { return nil }

func (d *mountedDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.off += len(rest)
	return rest, nil
}
