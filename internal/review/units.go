package review

import (
	"slices"
	"sort"
)

// unitList is a language pair's judged units sorted by ratio, kept in blocks of at most
// maxBlock units, so that taking a unit out or putting one in moves at most one block,
// not the ~170,000 units a pair has at 10,000 pages.
type unitList struct {
	blocks [][]*ratioUnit // none empty
	n      int
}

const maxBlock = 1024

// update takes the units gone out and puts those in add in. Many new units (a first fill)
// are sorted in at once.
func (l *unitList) update(gone, add []*ratioUnit) {
	for _, u := range gone {
		l.remove(u)
	}
	if len(add) > 64 && len(add) > l.n/4 {
		all := slices.Concat(append(l.blocks, add)...)
		slices.SortStableFunc(all, compareUnits)
		l.blocks, l.n = nil, len(all)
		for len(all) > 0 {
			k := min(len(all), maxBlock/2)
			l.blocks = append(l.blocks, all[:k:k])
			all = all[k:]
		}
		return
	}
	for _, u := range add {
		l.insert(u)
	}
}

// insert puts u after the units of the same ratio.
func (l *unitList) insert(u *ratioUnit) {
	if len(l.blocks) == 0 {
		l.blocks = [][]*ratioUnit{{u}}
		l.n = 1
		return
	}
	bi := sort.Search(len(l.blocks), func(i int) bool { b := l.blocks[i]; return b[len(b)-1].ratio > u.ratio })
	bi = min(bi, len(l.blocks)-1)
	b := l.blocks[bi]
	j := sort.Search(len(b), func(i int) bool { return b[i].ratio > u.ratio })
	b = slices.Insert(b, j, u)
	if len(b) > maxBlock {
		half := len(b) / 2
		l.blocks = slices.Insert(l.blocks, bi+1, slices.Clone(b[half:]))
		b = b[:half:half]
	}
	l.blocks[bi] = b
	l.n++
}

// remove takes u out; it reports whether u was there.
func (l *unitList) remove(u *ratioUnit) bool {
	bi := sort.Search(len(l.blocks), func(i int) bool { b := l.blocks[i]; return b[len(b)-1].ratio >= u.ratio })
	for ; bi < len(l.blocks) && l.blocks[bi][0].ratio <= u.ratio; bi++ {
		b := l.blocks[bi]
		for j := sort.Search(len(b), func(i int) bool { return b[i].ratio >= u.ratio }); j < len(b) && b[j].ratio == u.ratio; j++ {
			if b[j] != u {
				continue
			}
			if b = slices.Delete(b, j, j+1); len(b) == 0 {
				l.blocks = slices.Delete(l.blocks, bi, bi+1)
			} else {
				l.blocks[bi] = b
			}
			l.n--
			return true
		}
	}
	return false
}

// at returns the k-th unit in ratio order.
func (l *unitList) at(k int) *ratioUnit {
	for _, b := range l.blocks {
		if k < len(b) {
			return b[k]
		}
		k -= len(b)
	}
	return nil
}

// median is the median ratio of the units; the list must not be empty.
func (l *unitList) median() float64 {
	if l.n%2 == 1 {
		return l.at(l.n / 2).ratio
	}
	return (l.at(l.n/2-1).ratio + l.at(l.n/2).ratio) / 2
}

// outside calls fn with every unit whose ratio is below lo or above hi.
func (l *unitList) outside(lo, hi float64, fn func(*ratioUnit)) {
	for _, b := range l.blocks {
		if b[0].ratio >= lo {
			break
		}
		for _, u := range b {
			if u.ratio >= lo {
				break
			}
			fn(u)
		}
	}
	for i := len(l.blocks) - 1; i >= 0; i-- {
		b := l.blocks[i]
		if b[len(b)-1].ratio <= hi {
			break
		}
		for j := len(b) - 1; j >= 0 && b[j].ratio > hi; j-- {
			fn(b[j])
		}
	}
}
