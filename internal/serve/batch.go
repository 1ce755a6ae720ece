package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Batching. An editor's save is a burst of events a few milliseconds long
// (write a temporary file, rename it over the page, maybe chmod); a checkout
// or a script touching a hundred files is a longer burst whose gaps are well
// under a millisecond on an idle machine but reach tens of milliseconds on a
// loaded one while the writer waits for a CPU (up to 25ms measured between
// events of 100 files written in a loop, two cores at load 16).
//
// A change after the sources have been quiet for the quiet period (DefaultQuiet,
// 100ms) starts a burst, and is built as soon as it settles (leading edge): the
// watcher waits until no event came for settle (100ms, at most the quiet
// period), so that the events of one save make one batch, and never longer than
// maxBatchWait. The rest of a burst, events that arrive while that build runs or
// less than the quiet period after the last one, is gathered until the sources
// have been quiet for the quiet period (trailing edge) and built once. So a save
// reaches the browser in settle plus the build time, and any burst costs one or
// two builds, not one per event. maxBatchWait bounds the trailing wait too when
// events never stop (a process rewriting a file in a loop), so the preview still
// follows.
//
// Settling. A program that empties a page and writes it again in parts sends an
// event for each step; a build between two steps would publish a half-written or
// empty page. So before a batch is built, its files must show the same status
// (size, modification time, file) at two looks stableGap apart, and a file found
// empty, which is more often a file being rewritten than one meant to be empty, is
// given emptyWait more to fill. And a build whose changed files' status is no
// longer the one settled on (they changed while it ran) is not published: their
// events are already waiting, and the next batch builds them again (at most
// maxDropped times in a row, so that a file rewritten without end still shows).
const (
	DefaultQuiet = 100 * time.Millisecond
	settle       = 100 * time.Millisecond
	maxBatchWait = 2 * time.Second
	stableGap    = 20 * time.Millisecond
	emptyWait    = 300 * time.Millisecond
	maxDropped   = 5
)

// next waits for the first change to the sources and returns the changes of
// its batch, sorted and distinct. An empty non-nil list never comes back; nil
// with ok=true means the watcher lost events and the whole site must be built.
// ok is false once ctx is done or the watcher closed.
func (w *watcher) next(ctx context.Context, quiet time.Duration) (changed []string, ok bool) {
	set := map[string]bool{}
	for _, p := range w.carried {
		set[p] = true
	}
	w.carried = nil
	var look settling
	lost := false
	// Events already waiting arrived during the last build: the burst goes on.
	// (Before the first rebuild they may only have come before the loop began
	// to read them: such a change is built at once.)
	pending := w.rebuilt && len(w.fw.Events) > 0
	w.rebuilt = false
	settled := time.NewTimer(time.Hour)
	settled.Stop()
	var deadline <-chan time.Time // set by the batch's first change
	wait := quiet
	mark := func() {
		now := time.Now()
		if deadline == nil {
			if !pending && now.Sub(w.last) >= quiet {
				wait = min(settle, quiet)
				deadline = time.After(maxBatchWait)
			} else {
				deadline = time.After(max(maxBatchWait, 4*quiet))
			}
		}
		w.last = now
		settled.Reset(wait)
	}
	if len(set) > 0 {
		// A dropped build's changes: their events may already have been read.
		pending = true
		mark()
	}
	for {
		select {
		case <-ctx.Done():
			return nil, false
		case ev, open := <-w.fw.Events:
			if !open {
				return nil, false
			}
			paths := w.changes(ev)
			for _, p := range paths {
				set[p] = true
			}
			if len(paths) > 0 {
				mark()
			}
		case err, open := <-w.fw.Errors:
			if !open {
				return nil, false
			}
			fmt.Fprintf(w.log, "docsite serve: watching: %v\n", err)
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				lost = true
				mark()
			}
		case <-settled.C:
			if again := look.again(w.root, set); again > 0 {
				settled.Reset(again)
				continue
			}
			return batchPaths(set, lost), true
		case <-deadline:
			return batchPaths(set, lost), true
		}
	}
}

func batchPaths(set map[string]bool, lost bool) []string {
	if lost {
		return nil
	}
	return slices.Sorted(maps.Keys(set))
}

// settling is what the watcher saw of a batch's files at its last look.
type settling struct {
	last        map[string]fileStatus
	emptyWaited bool
}

// again looks at the files of set under root and returns how long to wait
// before looking again, or 0 when they have settled: the same status as at the
// last look, and no file empty unless it stayed so for emptyWait.
func (st *settling) again(root string, set map[string]bool) time.Duration {
	now := statuses(root, slices.Collect(maps.Keys(set)))
	moved := st.last == nil || !maps.EqualFunc(now, st.last, fileStatus.same)
	st.last = now
	if moved {
		return stableGap
	}
	if !st.emptyWaited && slices.ContainsFunc(slices.Collect(maps.Values(now)), fileStatus.empty) {
		st.emptyWaited = true
		st.last = nil // look twice again after the wait
		return emptyWait
	}
	return 0
}

// fileStatus is what a stat of a source tells of its content, nil for a file
// that does not exist (or cannot be read).
type fileStatus struct{ info fs.FileInfo }

func (a fileStatus) same(b fileStatus) bool {
	if a.info == nil || b.info == nil {
		return a.info == nil && b.info == nil
	}
	return a.info.Size() == b.info.Size() && a.info.ModTime().Equal(b.info.ModTime()) && os.SameFile(a.info, b.info)
}

func (a fileStatus) empty() bool {
	return a.info != nil && a.info.Mode().IsRegular() && a.info.Size() == 0
}

// statuses stats the source paths under root.
func statuses(root string, paths []string) map[string]fileStatus {
	out := make(map[string]fileStatus, len(paths))
	for _, p := range paths {
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			info = nil
		}
		out[p] = fileStatus{info}
	}
	return out
}

// unchanged reports whether the files of a batch still have the statuses
// before holds.
func (w *watcher) unchanged(before map[string]fileStatus) bool {
	now := statuses(w.root, slices.Collect(maps.Keys(before)))
	return maps.EqualFunc(now, before, fileStatus.same)
}

// carry puts paths into the next batch: a build of them was dropped.
func (w *watcher) carry(paths []string) { w.carried = append(w.carried, paths...) }
