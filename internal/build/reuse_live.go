package build

import (
	"maps"
	"slices"
	"sync"

	"docsite/internal/load"
	"docsite/internal/route"
)

// livePrior holds the groups of the last live build (serve): a full rebuild writes a
// group whose body key did not change around its bodies there, in memory (writeAround).
// It serves one full rebuild: done lets the last build's groups go, and the incremental
// rebuilds after it, which start from the state it made, build every group they render.
type livePrior struct {
	// What it does not take from the last build it does as noReuse: the cache's start,
	// whole site, listings and search index have no live counterpart.
	noReuse
	groups  map[string]*liveGroup // by translation key; nil once done
	mu      sync.Mutex
	rewrote int // pages written around their bodies
}

func (p *livePrior) open(*site) reuser { return p }

// done counts the pages written around their last bodies, and lets the last groups go.
func (p *livePrior) done(_ *site, res *Result, _ *output) {
	res.Rewritten = p.rewrote
	p.groups = nil
}

// group writes g around its last bodies, with its review pages as they were; it builds
// the group when it cannot.
func (p *livePrior) group(s *site, g *load.Group, w *output, spare bool) (*groupOut, error) {
	lg := p.groups[g.Key]
	if lg == nil || lg.bodyKey != groupKey(s.structureKey(), g) {
		return s.buildGroup(g, w, spare)
	}
	out, err := s.writeAround(g, lg.out, func(rel string) []byte { return lg.files[rel] }, w, spare)
	if err != nil {
		return nil, err
	}
	if out == nil {
		return s.buildGroup(g, w, spare)
	}
	for _, rel := range slices.Sorted(maps.Keys(lg.files)) {
		if route.InReview(rel) {
			if err := w.WriteFile(rel, lg.files[rel]); err != nil {
				return nil, err
			}
		}
	}
	p.mu.Lock()
	p.rewrote += len(out.pages)
	p.mu.Unlock()
	return out, nil
}
