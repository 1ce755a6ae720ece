package serve

import (
	"context"
	"errors"
	"fmt"
	"maps"
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
// 100ms) starts a burst, and is built at once (leading edge): the watcher only
// waits until no event came for settle (10ms, at most the quiet period), so
// that the events of one save make one batch, and never longer than the quiet
// period or maxBatchWait. The rest of a burst, events that arrive while that
// build runs or less than the quiet period after the last one, is gathered
// until the sources have been quiet for the quiet period (trailing edge) and
// built once. So a save reaches the browser in settle plus the build time, and
// any burst costs one or two builds, not one per event. maxBatchWait bounds the
// trailing wait too when events never stop (a process rewriting a file in a
// loop), so the preview still follows.
const (
	DefaultQuiet = 100 * time.Millisecond
	settle       = 10 * time.Millisecond
	maxBatchWait = 2 * time.Second
)

// next waits for the first change to the sources and returns the changes of
// its batch, sorted and distinct. An empty non-nil list never comes back; nil
// with ok=true means the watcher lost events and the whole site must be built.
// ok is false once ctx is done or the watcher closed.
func (w *watcher) next(ctx context.Context, quiet time.Duration) (changed []string, ok bool) {
	set := map[string]bool{}
	lost := false
	// Events already waiting arrived during the last build: the burst goes on.
	pending := len(w.fw.Events) > 0
	settled := time.NewTimer(time.Hour)
	settled.Stop()
	var deadline <-chan time.Time // set by the batch's first change
	wait := quiet
	mark := func() {
		now := time.Now()
		if deadline == nil {
			if !pending && now.Sub(w.last) >= quiet {
				wait = min(settle, quiet)
				deadline = time.After(min(quiet, maxBatchWait))
			} else {
				deadline = time.After(max(maxBatchWait, 4*quiet))
			}
		}
		w.last = now
		settled.Reset(wait)
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
