package write

import (
	"cmp"
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

// Commit brings the spare to the new tree's end state and swaps it into place at dest:
// the files of pages that no longer exist are removed, the spare's manifest written, and
// the two directories exchanged in one renameat2(RENAME_EXCHANGE); when dest does not
// exist, the tree is renamed to dest. The replaced tree becomes the next build's spare.
// Where the filesystem cannot exchange, swap.go falls back to two renames and documents
// the window that leaves.
//
// If Commit fails, dest is untouched. A dest that is a file or a symlink is never
// replaced: Commit fails instead.
//
// Durability (Options.Durable): before the swap one syncfs(2) flushes the new tree to
// disk (one call for the whole tree instead of an fsync per file), and after it the
// parent directory is fsynced, so after a power loss dest is the old tree or the complete
// new one. Against a killed process no flush is needed: the kernel keeps the renames
// atomic.
func (t *Tree) Commit() error {
	if t.done.Load() {
		return errors.New("write: tree already committed or aborted")
	}
	if err := t.wait(); err != nil {
		t.Abort()
		return err
	}
	m, err := t.finish()
	if err != nil {
		t.Abort()
		return err
	}
	if err := m.write(t.state, t.dir); err != nil {
		t.Abort()
		return err
	}
	if t.opts.Durable {
		if err := t.flush(); err != nil {
			t.Abort()
			return err
		}
	}
	old, err := swap(t.dir, t.dest)
	if err != nil {
		t.Abort()
		return err
	}
	t.done.Store(true)
	defer t.lock.release()
	if t.opts.Durable {
		if err := syncDir(filepath.Dir(t.dest)); err != nil {
			return fmt.Errorf("write: %s is in place but not yet durable: %w", t.dest, err)
		}
	}
	if old != "" && old != t.dir {
		// The fallback swap left the old tree under a leftover name: it becomes the spare.
		if err := os.Rename(old, t.dir); err != nil {
			return fmt.Errorf("write: %s is in place; the old tree %s is left for the next build to remove: %w", t.dest, old, err)
		}
	}
	removeStaleManifests(t.state, t.dest, t.dir)
	return nil
}

// finish removes from the spare what the build did not write and returns its manifest.
func (t *Tree) finish() (*manifest, error) {
	m := newManifest()
	for rel, e := range t.written {
		m.files[rel] = e
		for d := path.Dir(rel); ; d = path.Dir(d) {
			if _, seen := m.dirs[d]; seen {
				break
			}
			m.dirs[d] = -1
			if d == "." {
				break
			}
		}
	}
	for rel := range t.old.files {
		if _, kept := m.files[rel]; kept {
			continue
		}
		if _, nowDir := m.dirs[rel]; !nowDir {
			if err := removeGone(t.dir, rel); err != nil {
				return nil, err
			}
		}
		t.touched[path.Dir(rel)] = true
	}
	// Folders no longer built: deepest first, so that a parent empties after its children.
	stale := slices.SortedFunc(maps.Keys(t.old.dirs), func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, d := range stale {
		_, keep := m.dirs[d]
		_, nowFile := m.files[d]
		if keep || nowFile {
			continue
		}
		if err := removeGone(t.dir, d); err != nil {
			return nil, err
		}
		t.touched[path.Dir(d)] = true
	}
	for d := range m.dirs {
		if _, had := t.old.dirs[d]; !had && d != "." {
			t.touched[path.Dir(d)] = true // a new folder changes its parent's time
		}
	}
	for d := range m.dirs {
		old, had := t.old.dirs[d]
		if had && old >= 0 && !t.touched[d] {
			m.dirs[d] = old
			continue
		}
		var st unix.Stat_t
		if err := unix.Lstat(filepath.Join(t.dir, filepath.FromSlash(d)), &st); err != nil {
			return nil, fmt.Errorf("write: %w", &fs.PathError{Op: "lstat", Path: d, Err: err})
		}
		m.dirs[d] = unixNano(st.Mtim)
	}
	return m, nil
}

// removeGone removes rel, a file or folder the build no longer makes, from the tree at
// root; that it is already gone, or that a file of the new tree took a folder's place on
// its way, is fine.
func removeGone(root, rel string) error {
	err := os.RemoveAll(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, unix.ENOTDIR) {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// removeStaleManifests removes the manifests of trees other than dest and the spare.
func removeStaleManifests(state, dest, spare string) {
	keep := map[string]bool{manifestName(state, dest): true, manifestName(state, spare): true}
	entries, _ := os.ReadDir(state)
	for _, e := range entries {
		name := filepath.Join(state, e.Name())
		if strings.HasPrefix(e.Name(), "manifest-") && !keep[name] {
			os.Remove(name)
		}
	}
}

// flush writes the new tree's data and directories to disk.
func (t *Tree) flush() error {
	f, err := os.Open(t.dir)
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	defer f.Close()
	if err := unix.Syncfs(int(f.Fd())); err != nil {
		return fmt.Errorf("write: syncing %s: %w", t.dir, err)
	}
	return nil
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
