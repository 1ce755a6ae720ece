package build

import (
	"io/fs"

	"docsite/internal/load"
	"docsite/internal/search"
)

// reuser is how a build takes from an earlier one what did not change since. There are
// three, and which one a build has is chosen once, before it reads the site: the build
// cache on disk (buildCache, for Run into a write.Tree with Options.Cache, reuse_cache.go), the
// preview server's last build in memory (livePrior, for Live's full rebuilds), or none
// (noReuse). The rest of the build calls these methods, in this order, and never asks
// which one it has.
type reuser interface {
	// start begins reading what the reuser keeps, once the site root shows its mounts,
	// and returns what load.Pages may take from it instead of reading a page file
	// again; nil: every file is read.
	start(fsys fs.FS) load.Known
	// open readies the reuser for the build of s, whose pages are loaded and grouped,
	// and returns the one the build uses: itself, or noReuse when what it would take
	// cannot be read (it then adds a warning to s.diags).
	open(s *site) reuser
	// wholeSite returns the earlier build's result when nothing changed since, having
	// published every file it wrote through out; nil, nil when the build must go on.
	wholeSite(s *site, out *output) (*Result, error)
	// readGroups reads what the groups may take from the earlier build; run calls it while it
	// makes the section trees.
	readGroups(s *site)
	// group builds page group g into out, or takes it from the earlier build, whole or
	// its bodies only (writeAround). Called concurrently.
	group(s *site, g *load.Group, out *output, spare bool) (*groupOut, error)
	// listings is the output the listings and the search index are written to: out, or
	// out noting their files for the next build.
	listings(out *output) *output
	// writeIndex writes language code's search index into out (made from outs' pages and
	// catalog), or the earlier build's when its pages are the same. Called concurrently.
	writeIndex(s *site, code string, outs []*groupOut, catalog []search.Prepared, out *output) error
	// absentBefore are the user-interface strings no locale defines that the groups
	// taken from the earlier build asked for when they were built, by language code.
	absentBefore() map[string][]string
	// done adds to res what the build took from the earlier one, and keeps what the next
	// build can take from this one (listings is the output listings gave). It may add
	// warnings to res.Diags, sorted.
	done(s *site, res *Result, listings *output)
}
