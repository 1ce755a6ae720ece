package build

import (
	"slices"
	"testing"

	"docsite/internal/load"
)

// publishable leaves the pages it is given as they were: the build keeps them all (the
// cache's keys cover drafts too), and filtering in place had put some pages in twice and
// left the drafts out.
func TestPublishableKeepsItsInput(t *testing.T) {
	draft := func(name string, d bool) *load.Page {
		p := &load.Page{File: name}
		p.Meta.Draft = d
		return p
	}
	pages := []*load.Page{draft("a", true), draft("b", false), draft("c", true), draft("d", false)}
	before := slices.Clone(pages)
	got := (&site{}).publishable(pages)
	if len(got) != 2 || got[0].File != "b" || got[1].File != "d" {
		t.Errorf("publishable kept %v, want b and d", got)
	}
	if !slices.Equal(pages, before) {
		t.Errorf("publishable changed its input")
	}
}
