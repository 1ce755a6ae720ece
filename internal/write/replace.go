package write

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Replacing files in place. The site's output is written as a tree beside its destination;
// the few files docsite writes into a site's sources (review -accept's pages and
// .reviewed.toml, a review baseline) are replaced one by one, with ReplaceFiles, so that a
// full disk, a quota or a killed process never leaves one of them truncated, and a set
// of them is changed all together or not at all.

// A File is a file's new content.
type File struct {
	Name string // its path
	Data []byte
}

// ReplaceFiles gives every file its new content, making those that do not exist. Each
// content is first written whole under a temporary name beside its file (in the same
// folder, so on the same file system) and flushed to disk; only when all of them are does
// one rename a file put each in place, and then each folder is flushed. Until then nothing
// is changed: a failure removes the temporary files and says which file it met.
//
// A rename in a folder where a file was just made cannot fail for want of space or
// permission, so once they begin the files are replaced; only a crash between two renames
// leaves some replaced and the others as they were, each of them whole. A file that is a
// symbolic link has the file it points to replaced; a replaced file keeps its permissions.
func ReplaceFiles(files []File) error {
	temps := make([]string, 0, len(files))
	targets := make([]string, 0, len(files))
	fail := func(err error) error {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
		return err
	}
	for _, f := range files {
		target, err := replaceTarget(f.Name)
		if err != nil {
			return fail(fmt.Errorf("%w (no file changed)", err))
		}
		tmp, err := writeTemp(target, f.Data)
		if err != nil {
			return fail(fmt.Errorf("%s: %w (no file changed)", f.Name, err))
		}
		temps = append(temps, tmp)
		targets = append(targets, target)
	}
	dirs := map[string]bool{}
	for i, tmp := range temps {
		if err := os.Rename(tmp, targets[i]); err != nil {
			return fail(fmt.Errorf("%s: %w (%d of %d files replaced)", files[i].Name, err, i, len(files)))
		}
		temps[i] = "" // in place; os.Remove("") fails harmlessly
		dirs[filepath.Dir(targets[i])] = true
	}
	for dir := range dirs {
		if err := syncDir(dir); err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
	}
	return nil
}

// replaceTarget is the file name stands for: itself, or where its symbolic links lead.
func replaceTarget(name string) (string, error) {
	target, err := filepath.EvalSymlinks(name)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(name); errors.Is(lerr, fs.ErrNotExist) {
			return name, nil // a new file
		}
	}
	return target, err
}

// writeTemp writes data to a new temporary file beside target, with target's permissions
// (0644 for a new file), flushes it to disk and returns its name.
func writeTemp(target string, data []byte) (string, error) {
	perm := fs.FileMode(0o644)
	if info, err := os.Stat(target); err == nil {
		perm = info.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.docsite-tmp")
	if err != nil {
		return "", err
	}
	err = writeData(f, data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// writeData writes data to f. Tests replace it to fail as a full disk does.
var writeData = func(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}
