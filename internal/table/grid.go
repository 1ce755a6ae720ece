package table

// layout places rows on a grid the way HTML does (a cell starts at the first column not covered
// by a rowspan from above) and returns each cell's first column and the grid's width.
func layout(rows []Row) (starts [][]int, width int) {
	var covered []int // covered[c]: rows below the current one still taken by a rowspan at column c
	starts = make([][]int, len(rows))
	for i, r := range rows {
		col := 0
		var next []int
		take := func(c, n int) {
			for len(next) <= c {
				next = append(next, 0)
			}
			next[c] = max(next[c], n)
		}
		isCovered := func(c int) bool { return c < len(covered) && covered[c] > 0 }
		for _, c := range r.Cells {
			for isCovered(col) {
				col++
			}
			starts[i] = append(starts[i], col)
			for k := range c.ColSpan {
				if c.RowSpan > 1 {
					take(col+k, c.RowSpan-1)
				}
			}
			col += c.ColSpan
		}
		for c, n := range covered {
			if n > 0 {
				take(c, n-1)
				col = max(col, c+1)
			}
		}
		width = max(width, col)
		covered = next
	}
	return starts, width
}
