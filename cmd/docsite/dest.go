package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// inputDirs are the folders of a site root a build reads.
var inputDirs = []string{"content", "static", "templates", "locales"}

// checkDest refuses an output folder that would take the site's own files with it: the
// site root itself, a folder holding it, or one inside a folder the build reads. The build
// replaces its -dest whole, and review -html writes into its folder: either there would
// delete or publish the sources. Paths are compared with symbolic links resolved, so
// that -dest ../site/. or a link to the site root is caught too. -force does not lift
// this: no build can be right there.
func checkDest(flag, source, dest string) error {
	src, err := resolve(source)
	if err != nil {
		return nil // the build reports a site root it cannot read
	}
	out, err := resolve(dest)
	if err != nil {
		return nil
	}
	switch {
	case out == src:
		return fmt.Errorf("%s %s is the site root (-source): the build would replace the sources; choose a folder beside content/, such as public", flag, dest)
	case within(src, out):
		return fmt.Errorf("%s %s holds the site root %s: the build would replace it; choose another folder, such as public in the site root", flag, dest, source)
	}
	for _, d := range inputDirs {
		if in := filepath.Join(src, d); out == in || within(out, in) {
			return fmt.Errorf("%s %s is inside the site's %s/, which the build reads; choose a folder beside it, such as public", flag, dest, d)
		}
	}
	return nil
}

// within reports whether path p is below folder dir (both absolute and clean).
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolve makes p absolute with every symbolic link resolved, as far as it exists: a
// folder not made yet is resolved through its nearest existing parent.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for {
		r, err := filepath.EvalSymlinks(abs)
		if err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", err
		}
		rest = append([]string{filepath.Base(abs)}, rest...)
		abs = parent
	}
}
