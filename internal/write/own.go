package write

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Whose folder dest is. Commit exchanges dest with the spare, and the next build brings
// that spare, the former dest, up to date: whatever it held that the build does not make
// is then deleted. That is right for a tree this package wrote and wrong for any other
// folder (-dest . in a site, -dest ~/notes), so Begin replaces only a dest that is missing,
// empty, or a tree this package published: one whose manifest (manifest.go) is in its state
// folder. Every docsite since the spare tree (issue 17) leaves one there, so an output of
// an older version is accepted as it is. Options.Force replaces any folder.

// NotOutputError is Begin's refusal to replace a folder that holds files and is not a tree
// this package wrote.
type NotOutputError struct {
	Dest string // absolute
}

func (e *NotOutputError) Error() string {
	return fmt.Sprintf("write: %s is not empty and is not docsite's output (%s holds no manifest of it): "+
		"publishing there would delete what it holds; empty it, choose another folder, or give -force to replace it anyway",
		e.Dest, stateDir(e.Dest))
}

// checkOwn refuses a dest that is a folder holding files with no manifest in state.
// What is not a folder Commit refuses (swap).
func checkOwn(dest, state string) error {
	info, err := os.Lstat(dest)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !info.IsDir()) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	f, err := os.Open(dest)
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	_, err = f.Readdirnames(1)
	f.Close()
	if errors.Is(err, io.EOF) {
		return nil // empty
	}
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if name := manifestName(state, dest); name != "" {
		if _, err := os.Stat(name); err == nil {
			return nil
		}
	}
	return &NotOutputError{Dest: dest}
}
