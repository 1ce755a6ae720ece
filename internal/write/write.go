// Package write writes a built site to disk atomically (interim version; replaced by the atomic swap).
package write

import (
	"os"
	"path/filepath"
)

type Tree struct{ dest, dir string }

func Begin(dest string) (*Tree, error) {
	dir, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dest)), ".docsite-tmp-")
	return &Tree{dest: dest, dir: dir}, err
}

func (t *Tree) WriteFile(rel string, data []byte) error {
	p := filepath.Join(t.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

func (t *Tree) Commit() error {
	if err := os.RemoveAll(t.dest); err != nil {
		return err
	}
	return os.Rename(t.dir, t.dest)
}

func (t *Tree) Abort() error { return os.RemoveAll(t.dir) }
