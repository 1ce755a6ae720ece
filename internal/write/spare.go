package write

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// The spare tree. A build does not write a whole new tree beside the destination: it
// brings the tree it replaced last time (the spare) up to date, writing only the files
// whose content changed and removing those no longer built, and then exchanges it with
// the destination. The destination is never touched before that exchange, so it is the
// old tree or the new one whatever moment the process dies; the folders of pages that
// exist in both builds are not made again, unchanged files are not written, and no old
// tree is deleted.
//
// Beside dest, the state folder holds the spare and the manifests:
//
//	.<base>.docsite/spare/                  the tree the next build brings up to date
//	.<base>.docsite/manifest-<dev>-<ino>    what the tree with that root folder holds
//
// A spare is trusted only with its manifest, which the build removes before it changes
// anything in the spare and writes again once the spare is complete: a build killed in
// between leaves a spare without one, which the next build discards. A spare that has
// a manifest is checked against it (verify): it was the published tree until the last
// build, and someone may have changed files in it since.
//
// Where there is no usable spare but dest has a manifest, the spare is made from dest by
// hard links (seed): the folders once, no file data. Files are therefore never changed in
// place, only replaced (a new file under the name), so that a file shared by the two
// trees stays as it was in the published one.
const (
	stateSuffix = ".docsite"
	spareName   = "spare"
)

// stateDir is the state folder of dest.
func stateDir(dest string) string {
	return filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+stateSuffix)
}

// prepareSpare makes state/spare ready to be brought up to date and returns what it holds
// (its manifest, checked). It removes the spare's manifest file: from here until Commit
// writes a new one, the spare is being changed.
func prepareSpare(state, dest string) (*manifest, error) {
	if err := os.Mkdir(state, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("write: %w", err)
	}
	spare := filepath.Join(state, spareName)
	m := readManifest(state, spare)
	if m != nil {
		if err := verify(spare, m); err != nil {
			m = nil
		}
	}
	if m == nil {
		if err := os.RemoveAll(spare); err != nil {
			return nil, fmt.Errorf("write: removing the unusable spare tree %s: %w", spare, err)
		}
		var err error
		if m, err = seed(state, dest, spare); err != nil {
			return nil, err
		}
	}
	if name := manifestName(state, spare); name != "" {
		if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("write: %w", err)
		}
	}
	return m, nil
}

// seed makes the spare: from dest by hard links where dest has a manifest, else empty.
// The folders it makes are marked touched (mtime -1), so Commit records their times.
func seed(state, dest, spare string) (*manifest, error) {
	if err := os.Mkdir(spare, 0o755); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	m := newManifest()
	from := readManifest(state, dest)
	if from == nil || verify(dest, from) != nil {
		return m, nil
	}
	for _, dir := range slices.Sorted(maps.Keys(from.dirs)) { // parents sort before children
		if dir == "." {
			continue
		}
		if err := unix.Mkdir(filepath.Join(spare, dir), 0o755); err != nil {
			return nil, fmt.Errorf("write: %w", &fs.PathError{Op: "mkdir", Path: filepath.Join(spare, dir), Err: err})
		}
		m.dirs[dir] = -1
	}
	for rel, e := range from.files {
		err := unix.Link(filepath.Join(dest, rel), filepath.Join(spare, rel))
		if err != nil {
			continue // written again instead
		}
		m.files[rel] = e
	}
	m.dirs["."] = -1
	return m, nil
}

// verify checks the tree at root against m and mends m to what the tree holds: a file
// whose size or time differs, or that is gone, leaves m (the build writes it again); a
// folder whose time differs is listed, and whatever in it m does not name is removed.
// It fails only where the tree cannot be read or mended; then it is not used.
//
// The stat calls, one a file and a folder, are made on all cores (statAll); what they
// found is then applied in path order.
func verify(root string, m *manifest) error {
	if _, ok := m.dirs["."]; !ok {
		return errors.New("no root folder")
	}
	dirs := slices.Sorted(maps.Keys(m.dirs))
	dirState := statAll(root, dirs, func(dir string, st *unix.Stat_t) int8 {
		switch {
		case st == nil || st.Mode&unix.S_IFMT != unix.S_IFDIR:
			return gone
		case unixNano(st.Mtim) != m.dirs[dir]:
			return changed
		}
		return same
	})
	for i, dir := range dirs {
		if _, ok := m.dirs[dir]; !ok {
			continue // below a folder that is gone
		}
		switch dirState[i] {
		case gone:
			m.forget(dir)
		case changed:
			if err := clearUnknown(root, dir, m); err != nil {
				return err
			}
			m.dirs[dir] = -1
		}
	}
	files := slices.Sorted(maps.Keys(m.files))
	fileState := statAll(root, files, func(rel string, st *unix.Stat_t) int8 {
		e := m.files[rel]
		if st == nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size != e.size || unixNano(st.Mtim) != e.mtime {
			return changed
		}
		return same
	})
	for i, rel := range files {
		if fileState[i] != same {
			delete(m.files, rel)
		}
	}
	if _, ok := m.dirs["."]; !ok {
		return errors.New("root folder changed")
	}
	return nil
}

// What statAll's judge says of a path.
const (
	same int8 = iota
	changed
	gone
)

// statAll calls judge with what lstat says of each of rels below root (nil where it
// fails), on all cores, and returns its answers in the order of rels. judge only reads.
func statAll(root string, rels []string, judge func(rel string, st *unix.Stat_t) int8) []int8 {
	out := make([]int8, len(rels))
	workers := min(runtime.GOMAXPROCS(0), 1+len(rels)/256)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(rels); i += workers {
				var st unix.Stat_t
				if unix.Lstat(filepath.Join(root, filepath.FromSlash(rels[i])), &st) != nil {
					out[i] = judge(rels[i], nil)
				} else {
					out[i] = judge(rels[i], &st)
				}
			}
		})
	}
	wg.Wait()
	return out
}

// forget drops dir and everything below it from m.
func (m *manifest) forget(dir string) {
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	delete(m.dirs, dir)
	for d := range m.dirs {
		if strings.HasPrefix(d, prefix) {
			delete(m.dirs, d)
		}
	}
	for f := range m.files {
		if strings.HasPrefix(f, prefix) {
			delete(m.files, f)
		}
	}
}

// clearUnknown removes the entries of folder dir that m names neither as a file nor as a
// folder: what someone put into the published tree.
func clearUnknown(root, dir string, m *manifest) error {
	entries, err := os.ReadDir(filepath.Join(root, dir))
	if err != nil {
		return err
	}
	for _, e := range entries {
		rel := e.Name()
		if dir != "." {
			rel = path.Join(dir, e.Name())
		}
		_, isFile := m.files[rel]
		_, isDir := m.dirs[rel]
		if isFile || isDir {
			continue
		}
		if err := os.RemoveAll(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			return err
		}
	}
	return nil
}

func unixNano(ts unix.Timespec) int64 { return ts.Sec*1e9 + ts.Nsec }
