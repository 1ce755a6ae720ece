package align

import (
	"strings"
	"testing"

	"docsite/internal/outline"
)

// plainAnchorSim is anchorSim by counting: the Dice coefficient of two multisets.
func plainAnchorSim(a, b outline.Anchors) float64 {
	items := func(a outline.Anchors) []string {
		var out []string
		for _, n := range a.Significant() {
			out = append(out, "n"+n)
		}
		for _, c := range a.Codes {
			out = append(out, "c"+c)
		}
		for _, l := range a.Links {
			out = append(out, "l"+l)
		}
		for _, l := range a.Images {
			out = append(out, "i"+l)
		}
		return out
	}
	x, y := items(a), items(b)
	if len(x)+len(y) == 0 {
		return 0.5
	}
	left := map[string]int{}
	for _, s := range y {
		left[s]++
	}
	common := 0
	for _, s := range x {
		if left[s] > 0 {
			left[s]--
			common++
		}
	}
	return 2 * float64(common) / float64(len(x)+len(y))
}

// anchorsOf reads fields of s as numbers, codes, links and images in turn.
func anchorsOf(s string) outline.Anchors {
	var a outline.Anchors
	for i, f := range strings.Fields(s) {
		switch i % 4 {
		case 0:
			a.Numbers = append(a.Numbers, f)
		case 1:
			a.Codes = append(a.Codes, f)
		case 2:
			a.Links = append(a.Links, f)
		default:
			a.Images = append(a.Images, f)
		}
	}
	return a
}

// FuzzAnchorSim: comparing sorted bags counts what counting does.
func FuzzAnchorSim(f *testing.F) {
	f.Add("24 M40 /a x.png 24 24 24 A100", "24 M40 /b x.png 24 A100 24")
	f.Add("1 2 3", "")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, a, b string) {
		x, y := anchorsOf(a), anchorsOf(b)
		ids := newAnchorIDs()
		if got, want := anchorSim(newBag(x, ids), newBag(y, ids)), plainAnchorSim(x, y); got != want {
			t.Fatalf("anchorSim(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}

// TestKindsApart: one text as anchors of different kinds does not match, repeats do.
func TestKindsApart(t *testing.T) {
	ids := newAnchorIDs()
	x := newBag(outline.Anchors{Numbers: []string{"10", "10", "24"}, Codes: []string{"10"}}, ids)
	y := newBag(outline.Anchors{Numbers: []string{"24", "10"}, Links: []string{"10"}}, ids)
	if got := anchorSim(x, y); got != 2*2.0/7 {
		t.Errorf("anchorSim = %v, want 4/7", got)
	}
	if got := anchorSim(x, x); got != 1 {
		t.Errorf("anchorSim with itself = %v", got)
	}
}
