// Package exchange carries pages to translators' tools (PO, XLIFF, TMX) and their translations back, markup untouched.
//
// # Units
//
// A page is cut into units, the pieces of text a translator translates, from docsite's own
// parse and outline: the text keys of its front matter (title, linkTitle, description),
// each heading, paragraph, list item's text, definition term and description, callout
// title and table cell, the alt and title of an image that stands alone, and a block
// shortcode's text arguments (title, caption, summary, alt, header). Everything
// else (code fences, shortcode tags, {#id}, reference and footnote definitions' labels,
// alert and directive markers, block HTML, table pipes, list markers) is the page's
// skeleton and never leaves it as text. A unit's Text is its source bytes with its lines
// joined by "\n" (the quote or list prefixes of continuation lines left out); inline
// markup stays in it as markdown, read as codes by codes.go: XLIFF's placeholders and
// pairs, and what the import check compares (with refs.go for reference links).
//
// Every unit has an ID, stable from one export to the next while its section is unchanged:
// the section's shared anchor, the block's kind letter and index in the section, then its
// part in the block (or row and column of a table cell), e.g. "download.p1.0",
// "options.t0.r2.c1", "_.fm.title". IDs are XML NMTOKENs.
//
// # Skeleton
//
// Each unit remembers its Hole: where its text lies in the file and how text put back there
// is written (skeleton.go). Filling every hole with its own text gives the file back byte
// for byte; filling some with translations changes those bytes and no others.
//
// # Round trip
//
// Export pairs the source's units with the translation's through the alignment (package
// align), so the files go out pre-filled (pairs.go); the formats are po.go, xliff2.go,
// xliff12.go and tmx.go. Import (importer.go) reads the translations back, checks each
// against its source's protected markup, and rebuilds the translation's file from its
// skeleton.
package exchange

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"docsite/internal/markdown"
	"docsite/internal/outline"
	"docsite/internal/table"
)

// Unit is one piece of translatable text of a page.
type Unit struct {
	Key  Key    // where it is in the page's outline
	ID   string // set for a source's units (AssignIDs); a translation's take their pair's
	What string // what it is, for notes: "heading", "paragraph", "table cell", …
	Line int    // the line of the file its text starts on
	Text string // as a translator sees it: decoded, lines joined by "\n"
	Hole Hole
}

// Key places a unit in its page: the section and block (outline indexes), the part of
// the block, and for a table cell its row (outline row index) and column. Front matter
// keys have Section -1 and Field set; footnotes have Footnote set.
type Key struct {
	Section, Block int
	Part           int
	Row, Col       int
	Field          string // front matter key, lowercased
	Footnote       string // footnote label
	Attr           string // "alt" or "title" of an image, a shortcode's argument name
}

// Page is one language version of a page, ready to cut into units.
type Page struct {
	File    string        // as diagnostics name it: content/ja/guide.md
	Raw     []byte        // the file as it is
	Doc     *markdown.Doc // parsed from Raw with its front matter blanked
	Outline *outline.Page
	// TextKeys are the front matter keys whose text values are units (site.toml's
	// [exchange] frontMatterKeys); nil means config.DefaultFrontMatterKeys.
	TextKeys []string
}

// Segment cuts a page into units, in file order.
func Segment(p *Page) []Unit {
	s := &segmenter{p: p, src: p.Raw, lines: markdown.NewLineIndex(p.Raw)}
	s.frontMatter()
	s.body()
	return s.disjoint()
}

// disjoint drops a unit whose hole overlaps an earlier one's (markup the outline and the
// parse see differently): its text stays in the page, untranslated, and holes never
// overlap.
func (s *segmenter) disjoint() []Unit {
	order := make([]int, len(s.units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return s.units[a].Hole.Start - s.units[b].Hole.Start })
	drop := make([]bool, len(s.units))
	end, dropped := -1, false
	for _, i := range order {
		if h := s.units[i].Hole; h.Start < end || h.Start == end && h.Start == h.End {
			drop[i], dropped = true, true
			continue
		}
		end = max(end, s.units[i].Hole.End)
	}
	if !dropped {
		return s.units
	}
	out := s.units[:0]
	for i, u := range s.units {
		if !drop[i] {
			out = append(out, u)
		}
	}
	return out
}

type segmenter struct {
	p     *Page
	lines markdown.LineIndex // of src
	src   []byte
	units []Unit
	// The section being walked and the next of its blocks to match a node with.
	sec, next int
}

func (s *segmenter) body() {
	secOf := map[ast.Node]int{}
	for i, sec := range s.p.Outline.Sections {
		if sec.Heading != nil {
			secOf[sec.Heading] = i
		}
	}
	s.sec = 0
	if len(s.p.Outline.Sections) > 0 && s.p.Outline.Sections[0].Level != 0 {
		s.sec = -1 // no intro: nothing comes before the first heading
	}
	s.nodes(s.p.Doc.Root.FirstChild(), secOf)
}

func (s *segmenter) nodes(n ast.Node, secOf map[ast.Node]int) {
	for ; n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			s.sec, s.next = secOf[h], 0
			s.text(h, Key{Section: s.sec, Block: -1}, "heading")
			continue
		}
		if sc, ok := n.(*markdown.Shortcode); ok && holdsShortcodes(sc) {
			s.nodes(sc.FirstChild(), secOf)
			continue
		}
		if fl, ok := n.(*east.FootnoteList); ok {
			s.footnotes(fl)
			continue
		}
		blk := s.blockOf(n)
		if blk < 0 {
			continue
		}
		s.block(n, Key{Section: s.sec, Block: blk})
	}
}

// blockOf finds the outline block node n is, in the current section, or -1.
func (s *segmenter) blockOf(n ast.Node) int {
	if s.sec < 0 || s.sec >= len(s.p.Outline.Sections) {
		return -1
	}
	line := s.p.Doc.NodeLine(n)
	if tn, ok := n.(*table.Node); ok {
		line = tn.Line
	}
	blocks := s.p.Outline.Sections[s.sec].Blocks
	for i := s.next; i < len(blocks); i++ {
		if blocks[i].Line == line || (line == 0 && i == s.next) {
			s.next = i + 1
			return i
		}
	}
	return -1
}

// block cuts one outline block into units.
func (s *segmenter) block(n ast.Node, k Key) {
	if tn, ok := n.(*table.Node); ok {
		s.table(tn, k)
		return
	}
	if p, ok := n.(*ast.Paragraph); ok && onlyImages(p, s.src) {
		s.images(p, k)
		return
	}
	part := 0
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.LinkReferenceDefinition, *ast.ThematicBreak:
			return
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.DefinitionTerm, *markdown.CalloutTitle:
			if p, ok := n.(*ast.Paragraph); ok && onlyImages(p, s.src) {
				kk := k
				kk.Part = part
				part++
				s.images(p, kk)
				return
			}
			kk := k
			kk.Part = part
			if s.text(n, kk, whatOf(n)) {
				part++
			}
			return
		case *markdown.Shortcode:
			kk := k
			kk.Part = part
			part += s.shortcodeArgs(n, kk)
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c)
		}
	}
	walk(n)
}

func whatOf(n ast.Node) string {
	switch n.(type) {
	case *ast.Heading:
		return "heading"
	case *east.DefinitionTerm:
		return "definition term"
	case *markdown.CalloutTitle:
		return "callout title"
	}
	if _, ok := n.Parent().(*ast.ListItem); ok {
		return "list item"
	}
	if _, ok := n.Parent().(*east.DefinitionDescription); ok {
		return "definition"
	}
	return "paragraph"
}

// text makes a unit of a block's inline text; false when it holds nothing to translate.
func (s *segmenter) text(n ast.Node, k Key, what string) bool {
	lines := n.Lines()
	first := 0
	if _, ok := n.Parent().(*markdown.Callout); ok && lines.Len() > 0 {
		// an alert's first line is its marker, [!NOTE]
		l := lines.At(0)
		if bytes.HasPrefix(bytes.TrimSpace(s.src[l.Start:l.Stop]), []byte("[!")) {
			first = 1
		}
	}
	if lines.Len() <= first {
		return false
	}
	var h Hole
	var parts []string
	for i := first; i < lines.Len(); i++ {
		l := lines.At(i)
		end := lineEnd(s.src, l.Start, l.Stop)
		if i == first {
			h.Start = l.Start
		} else {
			h.Seps = append(h.Seps, string(s.src[h.End:l.Start]))
		}
		h.End = end
		parts = append(parts, string(s.src[l.Start:end]))
	}
	text := strings.Join(parts, "\n")
	if !translatable(text) {
		return false
	}
	h.Prefix = continuation(s.src, h.Start)
	_, h.OneLine = n.(*ast.Heading)
	s.units = append(s.units, Unit{Key: k, What: what, Line: s.lines.Line(h.Start), Text: text, Hole: h})
	return true
}

// lineEnd is where the text of a line segment ends: before its line break.
func lineEnd(src []byte, start, stop int) int {
	for stop > start && (src[stop-1] == '\n' || src[stop-1] == '\r') {
		stop--
	}
	return stop
}

// continuation is what a line added to a one-line unit at start must begin with: the
// quote markers before it, its list markers as spaces.
func continuation(src []byte, start int) string {
	ls := bytes.LastIndexByte(src[:start], '\n') + 1
	var b strings.Builder
	for _, c := range string(src[ls:start]) {
		if c == '>' || c == ' ' || c == '\t' {
			b.WriteRune(c)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// translatable reports whether text has a letter outside its protected markup.
func translatable(text string) bool {
	for _, t := range Tokenize(text) {
		if t.Code == nil && strings.IndexFunc(t.Text, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// onlyImages reports whether a paragraph holds only images (and white space).
func onlyImages(p *ast.Paragraph, src []byte) bool {
	seen := false
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Image:
			seen = true
		case *ast.Text:
			if c.Segment.Len() > 0 && strings.TrimSpace(string(c.Segment.Value(src))) != "" {
				return false
			}
		default:
			return false
		}
	}
	return seen
}

// images makes units of the alt texts and titles of a paragraph of images.
func (s *segmenter) images(p *ast.Paragraph, k Key) {
	i := 0
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		img, ok := c.(*ast.Image)
		if !ok {
			continue
		}
		start, end := childSpan(img)
		if start >= 0 {
			kk := k
			kk.Part, kk.Attr = i, "alt"
			s.span(kk, "image alt", start, end)
		}
		if len(img.Title) > 0 && end >= 0 {
			// the title is written after the destination: find it quoted there
			close := bytes.Index(s.src[end:], []byte("]("))
			if close >= 0 {
				from := end + close
				stop := bytes.IndexByte(s.src[from:], '\n')
				if stop < 0 {
					stop = len(s.src) - from
				}
				if at := bytes.Index(s.src[from:from+stop], img.Title); at >= 0 {
					kk := k
					kk.Part, kk.Attr = i, "title"
					s.span(kk, "image title", from+at, from+at+len(img.Title))
				}
			}
		}
		i++
	}
}

// childSpan is the bytes of an inline node's text children, or -1, -1.
func childSpan(n ast.Node) (start, end int) {
	start, end = -1, -1
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			if start < 0 {
				start = t.Segment.Start
			}
			end = t.Segment.Stop
		}
		return ast.WalkContinue, nil
	})
	return start, end
}

// span makes a one-line unit of src[start:end] when it holds something to translate.
func (s *segmenter) span(k Key, what string, start, end int) {
	text := string(s.src[start:end])
	if !translatable(text) || strings.Contains(text, "\n") {
		return
	}
	s.units = append(s.units, Unit{Key: k, What: what, Line: s.lines.Line(start), Text: text,
		Hole: Hole{Start: start, End: end, OneLine: true}})
}

// textArgs are the shortcode arguments that hold text for readers.
var textArgs = map[string]bool{"title": true, "caption": true, "summary": true, "alt": true, "header": true}

// shortcodeArgs makes units of a block shortcode's text arguments (title="…"); it
// returns how many.
func (s *segmenter) shortcodeArgs(n *markdown.Shortcode, k Key) int {
	if n.Lines().Len() == 0 {
		return 0
	}
	l := n.Lines().At(0)
	tag := s.src[l.Start:lineEnd(s.src, l.Start, l.Stop)]
	count := 0
	for _, a := range quotedArgs(tag) {
		if !textArgs[strings.ToLower(a.name)] {
			continue
		}
		kk := k
		kk.Part, kk.Attr = k.Part+count, a.name
		before := len(s.units)
		s.span(kk, "shortcode "+a.name, l.Start+a.start, l.Start+a.end)
		if len(s.units) > before {
			count++
		}
	}
	return count
}

type arg struct {
	name       string
	start, end int // of the value, inside its quotes
}

// quotedArgs finds name="value" arguments in a shortcode tag (values without a quote or
// a backslash inside).
func quotedArgs(tag []byte) []arg {
	var out []arg
	for i := 0; i < len(tag); i++ {
		if tag[i] != '=' || i+1 >= len(tag) || tag[i+1] != '"' {
			continue
		}
		j := i
		for j > 0 && (isNameByte(tag[j-1])) {
			j--
		}
		end := bytes.IndexByte(tag[i+2:], '"')
		if j == i || end < 0 || bytes.IndexByte(tag[i+2:i+2+end], '\\') >= 0 {
			continue
		}
		out = append(out, arg{name: string(tag[j:i]), start: i + 2, end: i + 2 + end})
		i += 2 + end
	}
	return out
}

func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// footnotes makes units of the text of each footnote, keyed by label.
func (s *segmenter) footnotes(fl *east.FootnoteList) {
	for c := fl.FirstChild(); c != nil; c = c.NextSibling() {
		fn, ok := c.(*east.Footnote)
		if !ok {
			continue
		}
		k := Key{Section: -2, Block: -1, Footnote: string(fn.Ref)}
		part := 0
		for p := fn.FirstChild(); p != nil; p = p.NextSibling() {
			if _, ok := p.(*ast.Paragraph); !ok {
				continue
			}
			kk := k
			kk.Part = part
			if s.text(p, kk, "footnote") {
				part++
			}
		}
	}
}

// holdsShortcodes is the outline's test for a shortcode that is no block itself.
func holdsShortcodes(n *markdown.Shortcode) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*markdown.Shortcode); ok {
			return true
		}
	}
	return false
}

// table makes a unit of each cell of a pipe table, read from its lines in the file; an
// HTML table is block HTML, kept.
func (s *segmenter) table(n *table.Node, k Key) {
	if n.Origin == table.OriginHTML {
		return
	}
	row := 0
	for _, l := range s.tableLines(n, k) {
		line := s.src[l[0]:l[1]]
		if delimiterRow(line) {
			continue
		}
		for col, c := range pipeCells(line) {
			kk := k
			kk.Row, kk.Col = row, col
			s.span(kk, "table cell", l[0]+c[0], l[0]+c[1])
		}
		row++
	}
}

// tableLines finds a pipe table's lines: from its header row (the line before the first
// delimiter row after the block before it) to the blank line after it. The table model's
// line is not trusted: after shortcodes holding code it can be off by a few lines.
func (s *segmenter) tableLines(n *table.Node, k Key) [][2]int {
	from := 0
	for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			from = p.Lines().At(p.Lines().Len() - 1).Stop
			break
		}
	}
	blk := s.p.Outline.Sections[k.Section].Blocks[k.Block]
	first := s.lines.Line(from)
	lines := fileLines(s.src, first, max(blk.EndLine, first)+len(s.src))
	start := -1
	for i, l := range lines {
		if n.Origin == table.OriginGFM && i > 0 && delimiterRow(s.src[l[0]:l[1]]) && bytes.IndexByte(s.src[lines[i-1][0]:lines[i-1][1]], '|') >= 0 {
			start = i - 1
			break
		}
		if n.Origin == table.OriginPipes && s.lines.Line(l[0]) == blk.Line {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out [][2]int
	for _, l := range lines[start:] {
		if len(bytes.TrimSpace(s.src[l[0]:l[1]])) == 0 {
			break // the table ends at a blank line
		}
		out = append(out, l)
	}
	return out
}

// fileLines returns the spans of lines first to last (1-based) of src, without their
// line breaks.
func fileLines(src []byte, first, last int) [][2]int {
	var out [][2]int
	line, at := 1, 0
	for at <= len(src) && line <= last {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src) - at
		}
		if line >= first {
			out = append(out, [2]int{at, lineEnd(src, at, at+end)})
		}
		at += end + 1
		line++
	}
	return out
}

// delimiterRow reports whether a pipe table line is its |---|:--:| row.
func delimiterRow(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) > 0 && len(bytes.Trim(t, "|-: \t")) == 0 && bytes.IndexByte(t, '-') >= 0
}

// pipeCells returns the spans of a pipe table row's cells, white space trimmed; a pipe
// escaped with a backslash is text.
func pipeCells(line []byte) [][2]int {
	var cuts []int
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			cuts = append(cuts, i)
		}
	}
	lead := len(line) - len(bytes.TrimLeft(line, " \t"))
	trail := len(bytes.TrimRight(line, " \t"))
	if len(cuts) == 0 || cuts[0] != lead {
		cuts = append([]int{lead - 1}, cuts...)
	}
	if cuts[len(cuts)-1] != trail-1 {
		cuts = append(cuts, trail)
	}
	var out [][2]int
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i]+1, cuts[i+1]
		for a < b && (line[a] == ' ' || line[a] == '\t') {
			a++
		}
		for b > a && (line[b-1] == ' ' || line[b-1] == '\t') {
			b--
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

// AssignIDs gives a source's units their IDs: see the package comment.
func AssignIDs(units []Unit, o *outline.Page) {
	used := map[string]bool{}
	for i := range units {
		id := baseID(units[i].Key, o)
		for n := 2; used[id]; n++ {
			id = fmt.Sprintf("%s_%d", baseID(units[i].Key, o), n)
		}
		used[id] = true
		units[i].ID = id
	}
}

var kindLetters = map[outline.Kind]string{
	outline.ParagraphBlock: "p", outline.ListBlock: "l", outline.TableBlock: "t", outline.ImageBlock: "i",
	outline.CodeBlock: "c", outline.QuoteBlock: "q", outline.HTMLBlock: "h", outline.ShortcodeBlock: "s",
}

func baseID(k Key, o *outline.Page) string {
	switch {
	case k.Field != "":
		return "_.fm." + k.Field
	case k.Footnote != "":
		return fmt.Sprintf("_.fn.%s.%d", nmtoken(k.Footnote), k.Part)
	}
	sec := o.Sections[k.Section]
	id := "_"
	if sec.ID != "" {
		id = nmtoken(sec.ID)
	}
	if k.Block < 0 {
		return id + ".h"
	}
	id += fmt.Sprintf(".%s%d", kindLetters[sec.Blocks[k.Block].Kind], k.Block)
	if sec.Blocks[k.Block].Kind == outline.TableBlock {
		return id + fmt.Sprintf(".r%d.c%d", k.Row, k.Col)
	}
	id += fmt.Sprintf(".%d", k.Part)
	if k.Attr != "" {
		id += "." + nmtoken(k.Attr)
	}
	return id
}

// nmtoken makes s an XML name token: characters other than letters, digits, '.', '-'
// and '_' become '_'.
func nmtoken(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}
