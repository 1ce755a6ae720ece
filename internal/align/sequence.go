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

// sequence aligns items 0..n-1 of a source with 0..m-1 of a target: the pairs in order that
// maximise the summed similarity (pairs below minSim are not allowed), then leftovers paired
// as moves. The result lists every item once, in source order, target-only items where they
// occur in the target.
func sequence(n, m int, sim func(i, j int) score) []pair {
	s := make([][]float64, n)
	content := make([][]float64, n)
	cells := make([]float64, 2*n*m) // both tables in one allocation
	for i := range s {
		s[i], content[i] = cells[2*i*m:(2*i+1)*m:(2*i+1)*m], cells[(2*i+1)*m:(2*i+2)*m:(2*i+2)*m]
		for j := range s[i] {
			sc := sim(i, j)
			s[i][j], content[i][j] = sc.total(), sc.content
		}
	}
	pairs := trace(n, m, s)
	return moves(pairs, content)
}

// trace fills the Needleman–Wunsch table (gaps cost nothing) and walks it back. Ties prefer a
// match, then skipping the source item, so the result does not depend on map or input order.
func trace(n, m int, s [][]float64) []pair {
	dp := make([][]float64, n+1)
	cells := make([]float64, (n+1)*(m+1))
	for i := range dp {
		dp[i] = cells[i*(m+1) : (i+1)*(m+1) : (i+1)*(m+1)]
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			best := max(dp[i-1][j], dp[i][j-1])
			if v := s[i-1][j-1]; v >= minSim {
				best = max(best, dp[i-1][j-1]+v)
			}
			dp[i][j] = best
		}
	}
	rev := make([]pair, 0, n+m)
	i, j := n, m
	for i > 0 || j > 0 {
		switch {
		case i > 0 && j > 0 && s[i-1][j-1] >= minSim && dp[i][j] == dp[i-1][j-1]+s[i-1][j-1]:
			rev = append(rev, pair{i: i - 1, j: j - 1, sim: s[i-1][j-1]})
			i, j = i-1, j-1
		case j > 0 && (i == 0 || dp[i][j] == dp[i][j-1]):
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
func moves(pairs []pair, s [][]float64) []pair {
	var cands []pair
	for _, a := range pairs {
		if a.i < 0 || a.j >= 0 {
			continue
		}
		for _, b := range pairs {
			if b.j >= 0 && b.i < 0 && s[a.i][b.j] >= moveSim {
				cands = append(cands, pair{i: a.i, j: b.j, sim: s[a.i][b.j], moved: true})
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
