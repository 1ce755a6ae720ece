package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"
)

// publisher runs builds and hands each result to the handler and the open
// pages: a good site replaces the old one in one atomic store; a failure
// keeps the old site and records the errors.
type publisher struct {
	b      Builder
	state  *atomic.Pointer[snapshot]
	hub    *hub
	log    io.Writer
	run    string // names this server run in build generations
	builds int    // good builds so far
	// dropped counts the builds in a row not published because their
	// sources changed while they ran.
	dropped int
}

// build runs one build of the changed paths (nil: all) and publishes it,
// unless settled (when not nil) says the changed files are no longer the
// ones the build read: then it returns false and publishes nothing (at most
// maxDropped times in a row).
func (p *publisher) build(ctx context.Context, changed []string, settled func() bool) bool {
	start := time.Now()
	site, err := p.b.Build(ctx, changed)
	if ctx.Err() != nil {
		return true // shutting down: the result no longer matters
	}
	if settled != nil && !settled() && p.dropped < maxDropped {
		p.dropped++
		fmt.Fprintf(p.log, "docsite serve: changed while building, building again%s\n", describe(changed))
		return false
	}
	p.dropped = 0
	if err == nil && (site == nil || site.FS == nil) {
		err = errors.New("the builder returned no site")
	}
	cur := p.state.Load()
	switch {
	case err != nil:
		p.fail(err)
	case site == cur.site && cur.failure == nil:
		fmt.Fprintf(p.log, "docsite serve: unchanged%s\n", describe(changed))
		return true // nothing to reload
	default:
		p.builds++
		p.state.Store(newSnapshot(site, p.run, p.builds))
		fmt.Fprintf(p.log, "docsite serve: built in %v%s\n", time.Since(start).Round(time.Millisecond), describe(changed))
	}
	p.hub.notify()
	return true
}

// fail records a failed build and prints its errors.
func (p *publisher) fail(err error) {
	lines := failureLines(err)
	p.state.Store(p.state.Load().withFailure(lines))
	fmt.Fprintf(p.log, "docsite serve: build failed; still serving the last good build:\n\t%s\n",
		strings.Join(lines, "\n\t"))
}

// describe names the changed paths for the terminal.
func describe(changed []string) string {
	switch len(changed) {
	case 0:
		return ""
	case 1:
		return ": " + changed[0]
	default:
		return fmt.Sprintf(": %s and %d more", changed[0], len(changed)-1)
	}
}
