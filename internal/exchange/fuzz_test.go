package exchange

import (
	"bytes"
	"slices"
	"testing"

	"docsite/internal/markdown"
)

// Any page cut into units gives itself back when every hole is filled with its own text,
// its holes never overlap, and filling them with other text does not panic.
func FuzzSegmentRoundTrip(f *testing.F) {
	f.Add([]byte("---\ntitle: A\n---\n# T {#t}\n\nText [a](b) `c`.\n\n| x | y |\n| - | - |\n| 1 | two |\n\n> [!NOTE]\n> Note.\n"))
	f.Add([]byte("+++\ntitle = \"A\"\n+++\n- one\n- two\n\n  more\n\n```go\nx\n```\n\n[^1]: Foot.\n\nTerm\n: Def.\n"))
	f.Add([]byte("{{% alert title=\"T\" %}}\nIn.\n{{% /alert %}}\n\n![alt](x.png \"title\")\n\n:::tip[Title]\nBody.\n:::\n"))
	md := markdown.New(markdown.Options{})
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := Parse("a.md", raw, md, nil)
		if err != nil {
			return
		}
		units := Segment(p)
		AssignIDs(units, p.Outline)
		var same, other []Fill
		end := -1
		sorted := slices.Clone(units)
		slices.SortStableFunc(sorted, func(a, b Unit) int { return a.Hole.Start - b.Hole.Start })
		for _, u := range sorted {
			if u.Hole.Start < end || u.Hole.End < u.Hole.Start || u.Hole.End > len(raw) {
				t.Fatalf("hole %d-%d after %d", u.Hole.Start, u.Hole.End, end)
			}
			end = u.Hole.End
			same = append(same, Fill{Hole: u.Hole, Old: u.Text, New: u.Text})
			other = append(other, Fill{Hole: u.Hole, Old: u.Text, New: "訳 **x。**y\n`z`"})
		}
		if got := Rebuild(raw, same); !bytes.Equal(got, raw) {
			t.Fatalf("round trip:\n%q\n%q", raw, got)
		}
		Rebuild(raw, other)
	})
}
