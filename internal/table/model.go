// Package table owns the canonical table model: every table of the site, whether raw HTML, a GFM
// pipe table or a pipe table without a delimiter row, is repaired into a Table and rendered from it.
//
// The model is a small closed set of types. A Table has an optional caption, header rows, body
// rows and at most one highlighted column; a Cell holds blocks (paragraphs and lists) made of
// inlines (text, line breaks, strong, emphasis, code, links and images). Nothing else survives: wrappers,
// classes, styles and unknown elements are dropped, keeping their text.
package table

// Table is one repaired table.
type Table struct {
	Caption   []Inline // empty when the table has none
	Head      []Row    // column header rows
	Body      []Row
	Highlight int     // index of the highlighted grid column, or -1
	Align     []Align // per grid column; missing entries mean AlignNone
}

// Row is one table row. Line is the 1-based line of the row in the source the parser saw,
// zero when unknown (for example in a table built by hand).
type Row struct {
	Cells []Cell
	Line  int
}

// Cell is one table cell. Header marks a row header (scope="row") in a body row; every cell of a
// header row is a column header. Spans are at least 1.
type Cell struct {
	Header  bool
	ColSpan int
	RowSpan int
	Blocks  []Block
}

// Align is the horizontal alignment of a column's text.
type Align uint8

const (
	AlignNone Align = iota
	AlignLeft
	AlignCenter
	AlignRight
)

// BlockKind says what a Block is.
type BlockKind uint8

const (
	Paragraph   BlockKind = iota // Inlines
	List                         // Items, unordered
	OrderedList                  // Items, numbered
)

// Block is a paragraph or a list inside a cell.
type Block struct {
	Kind    BlockKind
	Inlines []Inline // Paragraph only
	Items   []Item   // List and OrderedList only
}

// Item is one list item.
type Item struct {
	Blocks []Block
}

// InlineKind says what an Inline is.
type InlineKind uint8

const (
	Text     InlineKind = iota // Text
	Break                      // a line break inside a paragraph
	Strong                     // Children
	Emphasis                   // Children
	Code                       // Text
	Link                       // Href, Children
	Image                      // Href (its src), Text (its alt text, which is its text everywhere)
)

// Inline is one piece of inline content.
type Inline struct {
	Kind     InlineKind
	Text     string
	Href     string
	Children []Inline
}

// Shape returns the number of body rows and of grid columns (spans counted, header rows included
// in the column count).
func (t *Table) Shape() (rows, cols int) {
	return len(t.Body), t.Columns()
}

// Columns returns the width of the table's grid, taking column and row spans into account.
func (t *Table) Columns() int {
	_, hw := layout(t.Head)
	_, bw := layout(t.Body)
	return max(hw, bw)
}
