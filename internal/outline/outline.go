// Package outline models a parsed page as sections, blocks and table rows, with lines and anchors.
//
// Every item keeps its source line and the language-independent anchors alignment compares
// (numbers, product codes, links, image sources). A page is a flat list of sections in document order; a section holds the blocks between its
// heading and the next heading of any level, and Parent links it into the heading tree. Content
// before the first heading is the intro section (Level 0, no heading). Blocks are paragraphs,
// lists, tables, images (a paragraph holding only images), code, quotes (callouts too),
// shortcodes and other raw HTML. A shortcode that holds shortcodes (tabs holding tabs)
// is not a block itself: the shortcodes in it are; nor is one that holds headings (a tab
// with sections of its own): its headings and blocks are the page's.
// Every block keeps its text split by source line, so a check can point at the line of the
// sentence it objects to.
//
// The outline owns its sections' anchors, and no other package sets one: Build gives every
// section its slug (the id Hugo gives its heading) as its ID and writes it as its heading's
// id attribute, so a page in one language, or a source, is ready to render once outlined;
// a translation's sections take their source's IDs by ShareIDs, given alignment's pairs.
// Alignment and the review read IDs.
package outline

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Page is the outline of one page in one language.
type Page struct {
	File     string
	Sections []*Section
}

// Section is a heading and the blocks up to the next heading.
type Section struct {
	// ID is the anchor the section carries in every language, its heading's id. Build sets
	// it to Slug; a translation's sections take their source's by ShareIDs.
	ID string
	// Slug is derived from this section's own heading text, unique within the page; it is
	// Explicit when the author gave one.
	Slug string
	// Explicit is the id the author wrote after the heading ({#id}): the section's ID in
	// every language, and what alignment pairs sections by before anything else.
	Explicit string
	Level    int // 1–6; 0 for the intro before the first heading
	Title    string
	Line     int // line of the heading (of the first block for the intro)
	EndLine  int // last non-blank line before the next heading
	Parent   int // index in Page.Sections of the enclosing section, -1 at the top
	Heading  *ast.Heading
	Blocks   []Block
	// Hash identifies the section's own source text (heading and blocks, not subsections),
	// ignoring trailing whitespace; the reviewed state records it.
	Hash string
}

// Kind is what a block is.
type Kind int

const (
	ParagraphBlock Kind = iota
	ListBlock
	TableBlock
	ImageBlock
	CodeBlock
	QuoteBlock
	HTMLBlock
	ShortcodeBlock // a shortcode written as a block ({{% tab %}}…); Block.Shortcode names it
)

var kindNames = [...]string{"paragraph", "list", "table", "image", "code", "quote", "html", "shortcode"}

func (k Kind) String() string { return kindNames[k] }

// Block is one top-level block of a section.
type Block struct {
	Kind     Kind
	Line     int
	EndLine  int
	Segments []Segment // text by source line, in order
	Anchors  Anchors
	Table    *Table // set when Kind == TableBlock
	// Shortcode is the name of the shortcode when Kind == ShortcodeBlock: its tags are
	// syntax, never text, and only blocks of one name pair.
	Shortcode string
	Items     int // list items, when Kind == ListBlock
	// Numbers are the significant numbers of each segment in turn (SignificantNumbers),
	// each with its segment's line, so a check can point at the line of a number. Tables
	// have none: their rows have theirs.
	Numbers []Number
	Weight  float64 // Weight of Text
	// ByRune is FoldsByRune(Text()), for blocks that are not tables (false for tables): then
	// every piece of the text folds rune by rune too.
	ByRune bool

	text string // Text, once Build has joined it
}

// Number is a significant number and the line it is on.
type Number struct {
	Value string
	Line  int
}

// Segment is the text of a block found on one source line.
type Segment struct {
	Line int
	Text string
}

// Text is the block's text with its lines joined by spaces.
func (b *Block) Text() string {
	if b.text != "" {
		return b.text
	}
	return b.joinText()
}

func (b *Block) joinText() string {
	parts := make([]string, 0, len(b.Segments))
	for _, s := range b.Segments {
		if t := strings.TrimSpace(s.Text); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}

// Table is a table as rows of cells; header rows come first.
type Table struct {
	Rows []Row
}

// Row is one table row.
type Row struct {
	Line   int
	Header bool // a row of the table head
	Cells  []Cell
	// Weight and Anchors are those of the row's text, its cells' texts each followed by a
	// line break (the Weight of the row is the sum of its cells').
	Weight  float64
	Anchors Anchors
	// Numbers are the significant numbers of each line of each cell in turn: those of
	// Anchors, since a number never spans a line break and folding works within lines.
	Numbers []string
	// Codes is the row's inline code as written, its cells' spans in turn, each span
	// followed by a unit separator (0x1F) and each cell by a record separator (0x1E); ""
	// when the row has none. Code is the same in every language: alignment pairs the rows
	// of two tables that alone have the same Codes before it compares anything else.
	Codes string
}

// Cell is one table cell; Text separates list items and line breaks with "\n".
type Cell struct {
	Text   string
	Header bool
	Weight float64 // Weight of Text
	ByRune bool    // FoldsByRune(Text)
	// Code says the cell holds inline code and nothing else: an identifier or a value,
	// the same in every language, not text to translate.
	Code bool
}

// Shape returns the number of rows and the largest number of cells in a row.
func (t *Table) Shape() (rows, cols int) {
	for _, r := range t.Rows {
		cols = max(cols, len(r.Cells))
	}
	return len(t.Rows), cols
}
