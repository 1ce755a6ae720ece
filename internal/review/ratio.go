package review

import (
	"fmt"
	"slices"

	"docsite/internal/outline"
)

const (
	// ratioMinWeight leaves short texts alone: a few words vary too much to say anything.
	ratioMinWeight = 40
	// ratioFactor is how far from the language pair's median a unit must be to be reported.
	ratioFactor = 2.5
)

// ratioSet collects the weight ratio of every aligned unit (block, or table cell) across the
// site, so each is judged against the median for its language pair, known only at the end.
type ratioSet struct {
	units []ratioUnit
}

type ratioUnit struct {
	pair  string // "en→ja"
	f     Finding
	ratio float64
}

// add records an aligned unit when it is long enough to judge.
func (r *ratioSet) add(c *checker, sec *outline.Section, srcLine, tgtLine int, s, t string) {
	ws, wt := outline.Weight(s), outline.Weight(t)
	if ws < ratioMinWeight && wt < ratioMinWeight || ws == 0 {
		return
	}
	f := c.finding(LengthRatio, sec, srcLine, tgtLine, "")
	r.units = append(r.units, ratioUnit{pair: c.src + "→" + c.locale, f: f, ratio: wt / ws})
}

// outliers returns a finding for every unit whose ratio lies outside [m/ratioFactor,
// m·ratioFactor] for its pair's median m.
func (r *ratioSet) outliers() []Finding {
	medians := map[string]float64{}
	for _, u := range r.units {
		if _, ok := medians[u.pair]; !ok {
			medians[u.pair] = r.median(u.pair)
		}
	}
	var out []Finding
	for _, u := range r.units {
		m := medians[u.pair]
		if u.ratio <= m*ratioFactor && u.ratio >= m/ratioFactor {
			continue
		}
		f := u.f
		f.Message = fmt.Sprintf("translation is %.2f× as long as the source; typical for %s is %.2f×", u.ratio, u.pair, m)
		out = append(out, f)
	}
	return out
}

func (r *ratioSet) median(pair string) float64 {
	var xs []float64
	for _, u := range r.units {
		if u.pair == pair {
			xs = append(xs, u.ratio)
		}
	}
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}
