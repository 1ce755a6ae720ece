package align

import (
	"cmp"
	"slices"
)

const (
	// minSim is the least similarity at which two items may be aligned in sequence.
	minSim = 0.35
	// moveSim is the least content similarity at which leftover items are paired out of order.
	moveSim = 0.7
	// placeWeight is the share of similarity that comes from sitting at the same relative
	// place in the sequence; the rest is content.
	placeWeight = 0.25
)

// score is how alike two items are, by content and by place, each in [0,1].
type score struct{ content, place float64 }

func (s score) total() float64 { return (1-placeWeight)*s.content + placeWeight*s.place }

type pair struct {
	i, j  int
	sim   float64
	moved bool
}

// tables is room for the similarity and Needleman–Wunsch tables of sequence, reused from
// one alignment to the next: a sequence's tables are dead once it returns.
type tables struct{ cells []float64 }

// sequence aligns items 0..n-1 of a source with 0..m-1 of a target: the pairs in order that
// maximise the summed similarity (pairs below minSim are not allowed), then leftovers paired
// as moves. The result lists every item once, in source order, target-only items where they
// occur in the target. The tables are kept row by row in flat slices: item (i, j) of the
// similarities at i*m+j, of the Needleman–Wunsch table at i*(m+1)+j.
func (t *tables) sequence(n, m int, sim func(i, j int) score) []pair {
	need := 2*n*m + (n+1)*(m+1)
	if cap(t.cells) < need {
		t.cells = make([]float64, need)
	}
	cells := t.cells[:need]
	s, content, dp := cells[:n*m], cells[n*m:2*n*m], cells[2*n*m:]
	for i := range n {
		for j := range m {
			sc := sim(i, j)
			s[i*m+j], content[i*m+j] = sc.total(), sc.content
		}
	}
	clear(dp)
	pairs := trace(n, m, s, dp)
	return moves(pairs, content, m)
}

// trace fills the Needleman–Wunsch table dp (gaps cost nothing) from the similarities s and
// walks it back. Ties prefer a match, then skipping the source item, so the result does not
// depend on map or input order.
func trace(n, m int, s, dp []float64) []pair {
	w := m + 1 // a row of dp
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			best := max(dp[(i-1)*w+j], dp[i*w+j-1])
			if v := s[(i-1)*m+j-1]; v >= minSim {
				best = max(best, dp[(i-1)*w+j-1]+v)
			}
			dp[i*w+j] = best
		}
	}
	rev := make([]pair, 0, n+m)
	i, j := n, m
	for i > 0 || j > 0 {
		switch {
		case i > 0 && j > 0 && s[(i-1)*m+j-1] >= minSim && dp[i*w+j] == dp[(i-1)*w+j-1]+s[(i-1)*m+j-1]:
			rev = append(rev, pair{i: i - 1, j: j - 1, sim: s[(i-1)*m+j-1]})
			i, j = i-1, j-1
		case j > 0 && (i == 0 || dp[i*w+j] == dp[i*w+j-1]):
			rev = append(rev, pair{i: -1, j: j - 1})
			j--
		default:
			rev = append(rev, pair{i: i - 1, j: -1})
			i--
		}
	}
	slices.Reverse(rev)
	return rev
}

// moves pairs leftover source and target items whose content similarity reaches moveSim,
// best first; the pair takes the source item's place and the target-only entry disappears.
// s holds the content similarities, m to a row.
func moves(pairs []pair, s []float64, m int) []pair {
	var cands []pair
	for _, a := range pairs {
		if a.i < 0 || a.j >= 0 {
			continue
		}
		for _, b := range pairs {
			if b.j >= 0 && b.i < 0 && s[a.i*m+b.j] >= moveSim {
				cands = append(cands, pair{i: a.i, j: b.j, sim: s[a.i*m+b.j], moved: true})
			}
		}
	}
	if len(cands) == 0 {
		return pairs
	}
	slices.SortFunc(cands, func(x, y pair) int {
		return cmp.Or(cmp.Compare(y.sim, x.sim), cmp.Compare(x.i, y.i), cmp.Compare(x.j, y.j))
	})
	usedI, usedJ := map[int]bool{}, map[int]bool{}
	moved := map[int]pair{}
	for _, c := range cands {
		if !usedI[c.i] && !usedJ[c.j] {
			usedI[c.i], usedJ[c.j] = true, true
			moved[c.i] = c
		}
	}
	out := pairs[:0:0]
	for _, p := range pairs {
		switch {
		case p.j < 0 && usedI[p.i]:
			out = append(out, moved[p.i])
		case p.i < 0 && usedJ[p.j]:
		default:
			out = append(out, p)
		}
	}
	return out
}
