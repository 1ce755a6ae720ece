package serve

import "fmt"

// snapshot is what the server serves at one moment: the last good site and
// the state of the last build. It is replaced whole, never modified, so a
// request sees one site from start to end.
type snapshot struct {
	site    *Site      // nil until the first good build
	base    string     // site.BasePath, starting and ending with "/"
	langs   negotiator // chooses among site.Languages
	gen     string     // names the site build; served pages carry it so a stale page reloads
	failure []string   // the last build's errors, one "file:line: message" each; nil after a good build
}

// newSnapshot serves site as build n of the run named run.
func newSnapshot(site *Site, run string, n int) *snapshot {
	return &snapshot{
		site:  site,
		base:  site.basePath(),
		langs: newNegotiator(site.Languages),
		gen:   fmt.Sprintf("%s.%d", run, n),
	}
}

// withFailure keeps serving s's site and records that the last build failed.
func (s *snapshot) withFailure(lines []string) *snapshot {
	next := *s
	next.failure = lines
	return &next
}
