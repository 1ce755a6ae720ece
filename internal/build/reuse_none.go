package build

import (
	"io/fs"

	"docsite/internal/load"
	"docsite/internal/search"
)

// noReuse builds everything.
type noReuse struct{}

func (noReuse) start(fs.FS) load.Known                    { return nil }
func (r noReuse) open(*site) reuser                       { return r }
func (noReuse) wholeSite(*site, *output) (*Result, error) { return nil, nil }
func (noReuse) readGroups(*site)                          {}
func (noReuse) listings(out *output) *output              { return out }
func (noReuse) absentBefore() map[string][]string         { return nil }
func (noReuse) done(*site, *Result, *output)              {}

func (noReuse) group(s *site, g *load.Group, out *output, spare bool) (*groupOut, error) {
	return s.buildGroup(g, out, spare)
}

func (noReuse) writeIndex(s *site, code string, outs []*groupOut, catalog []search.Prepared, out *output) error {
	return s.writeIndex(code, outs, catalog, out)
}
