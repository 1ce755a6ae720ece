package write

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Commit swaps the tree into place at dest and removes the old tree, so files
// of pages that no longer exist are gone. When dest exists the two
// directories are exchanged in one renameat2(RENAME_EXCHANGE); when it does
// not, the tree is renamed to dest. Where the filesystem cannot exchange,
// swap.go falls back to two renames and documents the window that leaves.
//
// If Commit fails, dest is untouched and the temporary tree is removed. A
// dest that is a file or a symlink is never replaced: Commit fails instead.
//
// Durability: before the swap one syncfs(2) flushes the new tree to disk
// (one call for the whole tree instead of an fsync per file), and after it
// the parent directory is fsynced, so after a power loss dest is the old
// tree or the complete new one. Against a killed process no flush is needed:
// the kernel keeps the renames atomic.
func (t *Tree) Commit() error {
	if t.done.Load() {
		return errors.New("write: tree already committed or aborted")
	}
	if err := t.flush(); err != nil {
		t.Abort()
		return err
	}
	old, err := swap(t.dir, t.dest)
	if err != nil {
		t.Abort()
		return err
	}
	t.done.Store(true)
	defer t.lock.release()
	if err := syncDir(filepath.Dir(t.dest)); err != nil {
		return fmt.Errorf("write: %s is in place but not yet durable: %w", t.dest, err)
	}
	if old == "" {
		return nil
	}
	if err := os.RemoveAll(old); err != nil {
		return fmt.Errorf("write: %s is in place; the old tree %s is left for the next build to remove: %w", t.dest, old, err)
	}
	return nil
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
