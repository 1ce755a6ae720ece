package write

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
func verify(root string, m *manifest) error {
	if _, ok := m.dirs["."]; !ok {
		return errors.New("no root folder")
	}
	for dir, mtime := range m.dirs {
		var st unix.Stat_t
		err := unix.Lstat(filepath.Join(root, dir), &st)
		switch {
		case err != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR:
			m.forget(dir)
		case unixNano(st.Mtim) != mtime:
			if err := clearUnknown(root, dir, m); err != nil {
				return err
			}
			m.dirs[dir] = -1
		}
	}
	for rel, e := range m.files {
		var st unix.Stat_t
		err := unix.Lstat(filepath.Join(root, rel), &st)
		if err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size != e.size || unixNano(st.Mtim) != e.mtime {
			delete(m.files, rel)
		}
	}
	if _, ok := m.dirs["."]; !ok {
		return errors.New("root folder changed")
	}
	return nil
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
