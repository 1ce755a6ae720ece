package review

import (
	"testing"

	"docsite/internal/align"
	"docsite/internal/outline"
)

// TestRowFinder: asked for the source rows in order, rowFinder finds the pair of each as a
// search of all pairs does, with rows missing, extra and moved.
func TestRowFinder(t *testing.T) {
	target := &outline.Table{Rows: make([]outline.Row, 6)}
	pairs := []align.RowPair{
		{Source: 0, Target: 0}, {Source: -1, Target: 1}, {Source: 1, Target: -1},
		{Source: 2, Target: 4, Confidence: 0.8}, {Source: 3, Target: 2}, {Source: -1, Target: 3}, {Source: 4, Target: 5},
	}
	f := rowFinder{table: target, pairs: pairs}
	for r := range 6 {
		var want *outline.Row
		wantConf := 0.0
		for _, rp := range pairs {
			if rp.Source == r && rp.Target >= 0 {
				want, wantConf = &target.Rows[rp.Target], rp.Confidence
			}
		}
		if got, conf := f.target(r); got != want || conf != wantConf {
			t.Errorf("row %d: %p %v, want %p %v", r, got, conf, want, wantConf)
		}
	}
	if got, _ := (&rowFinder{}).target(0); got != nil {
		t.Errorf("no table: %p", got)
	}
}
