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

// Debouncing. An editor's save is a burst of events a few milliseconds long
// (write a temporary file, rename it over the page, maybe chmod); a checkout
// or a script touching a hundred files is a longer burst whose gaps are well
// under a millisecond on an idle machine but reach tens of milliseconds on a
// loaded one while the writer waits for a CPU (up to 25ms measured between
// events of 100 files written in a loop, two cores at load 16; 50ms proved too
// short there once). The watcher gathers events until the sources have been
// quiet for DefaultQuiet, 100ms: four times that gap, and short next to the
// time a person takes to look from editor to browser. So each burst is one build. Events
// that arrive while a build runs wait in fsnotify's buffer and become the next
// batch, so a burst that straddles the start of a build costs two builds, not
// more. maxBatchWait bounds the wait when events never stop (a process
// rewriting a file in a loop), so the preview still follows.
const (
	DefaultQuiet = 100 * time.Millisecond
	maxBatchWait = 2 * time.Second
)

// next waits for the first change to the sources and returns the changes of
// its burst, sorted and distinct. An empty non-nil list never comes back; nil
// with ok=true means the watcher lost events and the whole site must be built.
// ok is false once ctx is done or the watcher closed.
func (w *watcher) next(ctx context.Context, quiet time.Duration) (changed []string, ok bool) {
	set := map[string]bool{}
	lost := false
	settled := time.NewTimer(time.Hour)
	settled.Stop()
	var deadline <-chan time.Time // set by the burst's first change
	mark := func() {
		settled.Reset(quiet)
		if deadline == nil {
			deadline = time.After(max(maxBatchWait, 4*quiet))
		}
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
