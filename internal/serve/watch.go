package serve

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// The sources a site is built from, relative to the source folder. The
// folders are watched whole (content/data with content), including folders
// made after the server started.
var (
	watchedFolders = []string{"content", "locales", "i18n", "templates", "static"}
	configFile     = "site.toml"
)

// watcher turns file system events under the source folder into the
// source paths that changed.
type watcher struct {
	root string // the source folder, absolute
	fw   *fsnotify.Watcher
	log  io.Writer
	last time.Time // when the last change came
	// carried are the changes of a build that was not published (see Settling):
	// the next batch builds them again.
	carried []string
	// rebuilt is set by the rebuild loop after each build it ran: events
	// waiting then came while it ran.
	rebuilt bool
}

// newWatcher watches root itself (to see site.toml replaced and the watched
// folders made or removed) and every folder below the watched folders.
func newWatcher(root string, log io.Writer) (*watcher, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		return nil, err
	}
	w := &watcher{root: abs, fw: fw, log: log}
	if err := fw.Add(abs); err != nil {
		fw.Close()
		return nil, err
	}
	for _, folder := range watchedFolders {
		w.addTree(filepath.Join(abs, folder))
	}
	return w, nil
}

func (w *watcher) Close() error { return w.fw.Close() }

// changes returns the source paths one event changed, slash-separated and
// relative to the root. A new folder is watched at once, and the files
// already in it count as changed: they may have been written before the
// watch began.
func (w *watcher) changes(ev fsnotify.Event) []string {
	rel, ok := w.sourcePath(ev.Name)
	if !ok || ignored(path.Base(rel)) {
		return nil
	}
	if ev.Has(fsnotify.Create) {
		if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() {
			return w.addTree(ev.Name)
		}
	}
	if ev.Op == fsnotify.Chmod {
		return nil // a touch or an indexer: the content is the same
	}
	return []string{rel}
}

// sourcePath returns name relative to the root when it is a source the site
// is built from.
func (w *watcher) sourcePath(name string) (string, bool) {
	rel, err := filepath.Rel(w.root, name)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if rel == configFile {
		return rel, true
	}
	top, _, _ := strings.Cut(rel, "/")
	for _, folder := range watchedFolders {
		if top == folder {
			return rel, true
		}
	}
	return "", false
}

// ignored reports whether a file name is an editor's scratch file rather
// than a source: hidden and lock files, backups, swap files and the "4913"
// vim writes to test a folder.
func ignored(base string) bool {
	switch {
	case strings.HasPrefix(base, "."), strings.HasPrefix(base, "#"), strings.HasSuffix(base, "~"):
		return true
	case base == "4913":
		return true
	}
	switch path.Ext(base) {
	case ".swp", ".swx", ".swo", ".tmp":
		return true
	}
	return false
}

// addTree watches dir and every folder below it and returns the files in
// them as source paths. A folder that vanished meanwhile is skipped.
func (w *watcher) addTree(dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != dir && ignored(d.Name()) {
				return filepath.SkipDir
			}
			if err := w.fw.Add(p); err != nil {
				fmt.Fprintf(w.log, "docsite serve: cannot watch %s: %v\n", p, err)
			}
			return nil
		}
		if rel, ok := w.sourcePath(p); ok && !ignored(d.Name()) {
			files = append(files, rel)
		}
		return nil
	})
	return files
}
