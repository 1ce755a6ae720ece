package table

// layout places rows on a grid the way HTML does (a cell starts at the first column not covered
// by a rowspan from above) and returns each cell's first column and the grid's width.
func layout(rows []Row) (starts [][]int, width int) {
	n := 0
	for _, r := range rows {
		n += len(r.Cells)
	}
	flat := make([]int, n) // backs every row's starts
	starts = make([][]int, len(rows))
	var covered []int // covered[c]: rows below the current one still taken by a rowspan at column c
	var spare []int   // the array covered had a row before, reused for next
	for i, r := range rows {
		col := 0
		next := spare[:0]
		take := func(c, n int) {
			for len(next) <= c {
				next = append(next, 0)
			}
			next[c] = max(next[c], n)
		}
		isCovered := func(c int) bool { return c < len(covered) && covered[c] > 0 }
		starts[i], flat = flat[:len(r.Cells):len(r.Cells)], flat[len(r.Cells):]
		for j, c := range r.Cells {
			for isCovered(col) {
				col++
			}
			starts[i][j] = col
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
		spare, covered = covered, next
	}
	return starts, width
}
