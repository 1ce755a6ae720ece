package markdown

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// HeadingSlug is the id Hugo gives a heading by default (autoHeadingIDType "github"),
// before duplicates are numbered. It is made from the heading's last source line as
// written, markup included (goldmark hands that line to the id generator, and so Hugo's
// ids hold the text of inline code, a link's destination, an entity's name), with
// surrounding spaces trimmed: a letter or decimal digit of any script is kept, lower-cased;
// "_" and "-" are kept; a space (U+0020) becomes "-", one per space; everything else goes
// (punctuation, symbols and emoji, combining marks, tabs and other spaces). Text with none
// of those gives "heading".
func HeadingSlug(line []byte) string {
	b := make([]byte, 0, len(line))
	start, end := 0, len(line)
	for start < end && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	for end > start && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\n' || line[end-1] == '\r') {
		end--
	}
	for _, r := range string(line[start:end]) {
		switch {
		case r == ' ' || r == '-':
			b = append(b, '-')
		case r == '_':
			b = append(b, '_')
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b = utf8.AppendRune(b, unicode.ToLower(r))
		}
	}
	if len(b) == 0 {
		return "heading"
	}
	return string(b)
}

// HeadingIDs hands out a page's heading ids as Hugo does, in document order: an author's
// id ({#id}) is taken as written; a generated one is HeadingSlug, and when that is taken
// already it gets "-1", "-2", … (the first free one). It is goldmark's parser.IDs, so the
// parser gives headings these ids, and the outline makes the same ones again.
type HeadingIDs struct {
	used map[string]bool
	next map[string]int // the last number given to a base
}

// NewHeadingIDs returns ids for one page.
func NewHeadingIDs() *HeadingIDs {
	return &HeadingIDs{used: map[string]bool{}, next: map[string]int{}}
}

// Generate returns the id of a heading whose last source line is value.
func (ids *HeadingIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	return []byte(ids.Add(HeadingSlug(value)))
}

// Put marks an author's id as taken.
func (ids *HeadingIDs) Put(value []byte) { ids.used[string(value)] = true }

// Add returns base, or base-N for the first free N from 1, and marks it taken.
func (ids *HeadingIDs) Add(base string) string {
	if !ids.used[base] {
		ids.used[base] = true
		return base
	}
	for n := ids.next[base] + 1; ; n++ {
		id := base + "-" + strconv.Itoa(n)
		if !ids.used[id] {
			ids.used[id] = true
			ids.next[base] = n
			return id
		}
	}
}
