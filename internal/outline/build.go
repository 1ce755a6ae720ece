package outline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"slices"
	"sync"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/markdown"
)

// Build outlines a parsed page. src is the source the document was parsed from (front matter
// blanked, so offsets are file offsets); file names the page in findings.
func Build(doc ast.Node, src []byte, file string) *Page {
	return build(doc, src, file, true, false)
}

// BuildUnhashed is Build but for Section.Hash, which it leaves empty: for a page whose
// sections' hashes nobody reads, such as a translation (the reviewed state records only its
// source's).
func BuildUnhashed(doc ast.Node, src []byte, file string) *Page {
	return build(doc, src, file, false, false)
}

// BuildForSections is Build (BuildUnhashed when hashed is false) for pairing the page's
// sections with a translation's (align.Source.AlignSections), which reads the sections and
// their blocks' kinds and Anchors: those are Build's, but a table's rows carry only their
// line and their cells' text, with no anchors, weights or numbers of their own, and a
// table has no Weight. Modelling every row is most of the cost of outlining a table.
func BuildForSections(doc ast.Node, src []byte, file string, hashed bool) *Page {
	return build(doc, src, file, hashed, true)
}

func build(doc ast.Node, src []byte, file string, hashed, sectionsOnly bool) *Page {
	b := builders.Get().(*builder)
	b.src, b.lines, b.page = src, appendLineIndex(b.lines, src), &Page{File: file}
	b.open = b.open[:0]
	b.sectionsOnly = sectionsOnly
	b.found, b.numbers = b.foundRoom[:0], b.numbersRoom[:0]
	b.nodes(doc.FirstChild())
	b.finish(doc, hashed)
	p := b.page
	b.release()
	builders.Put(b)
	return p
}

// builders keeps builders, and the buffers they grew, from one page to the next.
var builders = sync.Pool{New: func() any { return new(builder) }}

// release drops what the builder holds of the page it outlined, keeping its buffers.
func (b *builder) release() {
	c := &b.collector
	clear(c.links[:cap(c.links)])
	clear(c.images[:cap(c.images)])
	clear(b.foundRoom[:])
	clear(b.numbersRoom[:])
	*c = textCollector{raw: c.raw[:0], segs: c.segs[:0], links: c.links[:0], images: c.images[:0]}
	clear(b.blocks[:cap(b.blocks)])
	clear(b.tableNums[:cap(b.tableNums)])
	b.tableNumbers = nil
	b.src, b.page, b.cur, b.found, b.numbers, b.blocks = nil, nil, nil, nil, nil, b.blocks[:0]
	b.strs, b.nums, b.segs = chunk[string]{}, chunk[Number]{}, chunk[Segment]{}
}

type builder struct {
	sectionsOnly bool // BuildForSections
	src          []byte
	lines        lineIndex
	page         *Page
	cur          *Section
	// open lists the sections whose heading is still open, by index in page.Sections:
	// each one's parent is the one before it, and their levels rise. A new heading
	// closes those of its level and deeper; the last one left is its parent.
	open []int
	// The blocks of cur so far, kept in cur once it is complete (closeSection).
	blocks []Block
	// Buffers reused from block to block.
	collector textCollector
	text      []byte
	kept      []rawSegment
	cell      []byte
	rowCode   []byte // a row's Codes
	// A block's text folded, and its segments in it (foldSegments).
	folded     bytes.Buffer
	foldedSegs []rawSegment
	digest     hash.Hash // SHA-256, for hash
	sum        []byte
	// Of the rows of the table being outlined: whether every row folds by the table
	// (foldByTable), and whether folding changes any.
	rowsByTable, rowsChanged bool
	// The numbers of its caption and of each row in turn, each row's end, and all of them
	// kept (shareNumbers).
	tableNums    []string
	rowEnds      []int
	tableNumbers []string
	found        []string // numbers or codes, before strs keeps them
	numbers      []Number // a block's significant numbers, before nums keeps them
	foundRoom    [32]string
	numbersRoom  [16]Number
	// Chunks the page's short lists are kept in: a few allocations for many lists.
	strs chunk[string]
	nums chunk[Number]
	segs chunk[Segment]
}

// chunk hands out short lists from shared backing arrays, each clipped to its length so an
// append to one cannot reach the next.
type chunk[T any] struct{ free []T }

// chunkSize is how many items one allocation of a chunk holds.
const chunkSize = 64

// take returns a list of n zero items; nil when n is 0.
func (c *chunk[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	if len(c.free) < n {
		c.free = make([]T, max(chunkSize, n))
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// keep returns a copy of s; nil when s is empty.
func (c *chunk[T]) keep(s []T) []T {
	out := c.take(len(s))
	copy(out, s)
	return out
}

// numbers and codes read the numbers and the product codes of a folded text.
func (b *builder) numberList(f string) []string {
	b.found = appendNumbers(b.found[:0], f)
	return b.strs.keep(b.found)
}

func (b *builder) codes(f string) []string {
	b.found = appendCodes(b.found[:0], f)
	return b.strs.keep(b.found)
}

// nodes outlines n and its following siblings.
func (b *builder) nodes(n ast.Node) {
	for n != nil {
		n = b.node(n)
	}
}

// node outlines one top-level node and returns the next one to outline.
func (b *builder) node(n ast.Node) ast.Node {
	if h, ok := n.(*ast.Heading); ok {
		b.heading(h)
		return n.NextSibling()
	}
	if next, ok := b.table(n); ok {
		return next
	}
	if sc, ok := n.(*markdown.Shortcode); ok && (holdsShortcodes(sc) || holdsHeadings(sc)) {
		b.nodes(sc.FirstChild())
		return n.NextSibling()
	}
	if blk, ok := b.block(n); ok {
		b.add(blk)
	}
	return n.NextSibling()
}

// explicitID is the id the author gave heading h ({#id} after its text, goldmark's
// attribute syntax), or "". The parser gives every heading an id, so an explicit one is
// told by its text on the heading's last line.
func (b *builder) explicitID(h *ast.Heading) string {
	v, ok := h.AttributeString("id")
	id, _ := v.([]byte)
	if !ok || len(id) == 0 || h.Lines().Len() == 0 {
		return ""
	}
	seg := h.Lines().At(h.Lines().Len() - 1)
	end := bytes.IndexByte(b.src[seg.Stop:], '\n')
	if end < 0 {
		end = len(b.src) - seg.Stop
	}
	if hasIDAttribute(b.src[seg.Start:seg.Stop+end], id) {
		return string(id)
	}
	return ""
}

// hasIDAttribute reports whether line writes id as an attribute: "#id" inside a "{…}"
// group, first or not ({#id}, {.class #id}, {.notranslate lang=en #id}).
func hasIDAttribute(line, id []byte) bool {
	if bytes.IndexByte(line, '{') < 0 {
		return false // most headings: no group at all
	}
	want := append([]byte("#"), id...)
	for from := 0; ; {
		i := bytes.Index(line[from:], want)
		if i < 0 {
			return false
		}
		i += from
		from = i + 1
		open := bytes.LastIndexByte(line[:i], '{')
		if open < 0 || bytes.IndexByte(line[open:i], '}') >= 0 {
			continue // not inside a group
		}
		if prev := line[i-1]; prev != '{' && prev != ' ' && prev != '\t' {
			continue
		}
		if after := i + len(want); after < len(line) && line[after] != '}' && line[after] != ' ' && line[after] != '\t' {
			continue
		}
		return true
	}
}

func (b *builder) heading(h *ast.Heading) {
	c := b.collect(h)
	title := string(bytes.TrimSpace(c.text()))
	s := &Section{Level: h.Level, Title: title, Line: max(nodeLine(h, b.lines), b.lastLine(), 1), Heading: h, Parent: -1}
	s.Explicit = b.explicitID(h)
	secs := b.page.Sections
	for len(b.open) > 0 && secs[b.open[len(b.open)-1]].Level >= h.Level {
		b.open = b.open[:len(b.open)-1]
	}
	if len(b.open) > 0 {
		s.Parent = b.open[len(b.open)-1]
	}
	b.open = append(b.open, len(secs))
	b.closeSection()
	b.page.Sections = append(secs, s)
	b.cur = s
}

// closeSection gives the current section its blocks, in a slice of their number.
func (b *builder) closeSection() {
	if b.cur != nil && len(b.blocks) > 0 {
		b.cur.Blocks = slices.Clone(b.blocks)
	}
	clear(b.blocks)
	b.blocks = b.blocks[:0]
}

// add appends a block to the current section, opening the intro section if needed. A block
// without a known position takes the line of the block before it.
func (b *builder) add(blk Block) {
	if blk.Line < 1 {
		blk.Line = max(b.lastLine(), 1)
	}
	blk.EndLine = max(blk.EndLine, blk.Line)
	if b.cur == nil {
		b.cur = &Section{Level: 0, Line: blk.Line, Parent: -1}
		b.page.Sections = append(b.page.Sections, b.cur)
	}
	b.blocks = append(b.blocks, blk)
}

// lastLine is the line of the last block or heading outlined, 0 at the start.
func (b *builder) lastLine() int {
	if b.cur == nil {
		return 0
	}
	if n := len(b.blocks); n > 0 {
		return b.blocks[n-1].EndLine
	}
	return b.cur.Line
}

func (b *builder) collect(n ast.Node) *textCollector {
	c := b.newCollector(nodeLine(n, b.lines))
	c.inline(n)
	return c
}

// block outlines a node that is not a heading or a table.
func (b *builder) block(n ast.Node) (Block, bool) {
	blk := Block{Line: nodeLine(n, b.lines)}
	c := b.newCollector(blk.Line)
	switch n := n.(type) {
	case *ast.Paragraph:
		c.inline(n)
		blk.Kind = ParagraphBlock
		if onlyImages(n, b.src) {
			blk.Kind = ImageBlock
		}
	case *ast.List:
		c.inline(n)
		blk.Kind, blk.Items = ListBlock, n.ChildCount()
	case *ast.Blockquote, *markdown.Callout:
		c.inline(n)
		blk.Kind = QuoteBlock
	case *markdown.Shortcode:
		if n.Name() == "comment" {
			return blk, false // the comment shortcode shows nothing: no text to translate
		}
		c.inline(n)
		blk.Kind, blk.Shortcode = ShortcodeBlock, n.Name()
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		c.rawLines(n)
		blk.Kind = CodeBlock
	case *ast.HTMLBlock:
		c.rawLines(n)
		blk.Kind = HTMLBlock
		if len(bytes.TrimSpace(c.text())) == 0 && len(c.links)+len(c.images) == 0 {
			return blk, false // markup only, e.g. a stray </div>
		}
	case *ast.ThematicBreak, *ast.LinkReferenceDefinition:
		// A definition is the target of the links that name it, which carry it: the
		// translation may write the link inline.
		return blk, false
	default:
		c.inline(n)
		blk.Kind = HTMLBlock
	}
	blk.EndLine = max(blk.Line, b.lines.line(max(nodeEnd(n)-1, 0)))
	if _, fenced := n.(*ast.FencedCodeBlock); fenced {
		blk.EndLine = b.closingFence(blk.EndLine)
	}
	b.finishBlock(&blk, c, "")
	return blk, true
}

// finishBlock stores the collected text and reads the anchors from it. The block's text is
// its segments' texts, collapsed, joined by spaces: it is built once, and the segments'
// texts are pieces of it.
func (b *builder) finishBlock(blk *Block, c *textCollector, caption string) {
	text, kept := b.text[:0], b.kept[:0]
	for _, s := range c.segs {
		before := len(text)
		if before > 0 {
			text = append(text, ' ')
		}
		start := len(text)
		if s.collapsed {
			text = append(text, c.raw[s.start:s.end-1]...) // without its line break
		} else {
			text = appendCollapsed(text, c.raw[s.start:s.end])
		}
		if len(text) == start {
			text = text[:before] // nothing but white space
			continue
		}
		kept = append(kept, rawSegment{line: s.line, start: start, end: len(text)})
	}
	blk.text = string(text)
	b.text, b.kept = text, kept
	blk.Segments = b.segs.take(len(kept))
	for i, s := range kept {
		blk.Segments[i] = Segment{Line: s.line, Text: blk.text[s.start:s.end]}
	}
	links, images := b.strs.keep(c.links), b.strs.keep(c.images)
	if blk.Table != nil && b.sectionsOnly {
		// The rows have no numbers to add up: the table's are read from its text as a
		// whole, which gives the same (tableSums).
		f := Fold(blk.text)
		blk.Anchors = Anchors{Codes: b.codes(f), Links: links, Images: images, Numbers: b.numberList(f)}
		return
	}
	if blk.Table != nil {
		// Rows carry their numbers. Their weights and numbers add up to the table's,
		// after those of the caption, when the text folds in pieces. The text is made of
		// the caption's and the cells' runes and spaces (collapsing white space only
		// removes it or writes ASCII): when the caption and every row fold by the table,
		// so does the text, and folding may change it only if it changes one of them.
		f, byRune := blk.text, true
		switch _, byTable, changed := scan(caption); {
		case !b.rowsByTable || !byTable:
			f, byRune = fold(blk.text)
		case b.rowsChanged || changed:
			f = foldTable(blk.text, true)
		}
		blk.Anchors = Anchors{Codes: b.codes(f), Links: links, Images: images}
		if byRune {
			blk.Weight, blk.Anchors.Numbers = b.tableSums(blk.Table, caption)
			return
		}
		blk.Weight, blk.Anchors.Numbers = Weight(blk.text), b.numberList(f)
		return
	}
	halves, byRune, changed := scan(blk.text)
	blk.Weight, blk.ByRune = float64(halves)/2, byRune
	if byRune {
		f, segs := blk.text, kept
		if changed {
			f, segs = b.foldSegments(blk.text, kept)
		}
		blk.Anchors = Anchors{Codes: b.codes(f), Links: links, Images: images}
		b.found, b.numbers = segmentNumbers(b.found[:0], b.numbers[:0], f, segs)
		blk.Anchors.Numbers, blk.Numbers = b.strs.keep(b.found), b.nums.keep(b.numbers)
		return
	}
	f := Fold(blk.text)
	blk.Anchors = Anchors{Codes: b.codes(f), Links: links, Images: images}
	blk.Anchors.Numbers = b.numberList(f)
	b.numbers = b.numbers[:0]
	for _, s := range blk.Segments {
		for _, n := range SignificantNumbers(s.Text) {
			b.numbers = append(b.numbers, Number{Value: n, Line: s.Line})
		}
	}
	blk.Numbers = b.nums.keep(b.numbers)
}

// foldSegments folds a text that folds rune by rune (FoldsByRune) and changes, and finds its
// segments in the folded text: folding each segment, and the spaces between them, in turn.
func (b *builder) foldSegments(text string, segs []rawSegment) (string, []rawSegment) {
	f, folded := &b.folded, b.foldedSegs[:0]
	f.Reset()
	from := 0
	for _, s := range segs {
		f.WriteString(text[from:s.start])
		start := f.Len()
		writeFolded(f, text[s.start:s.end])
		folded = append(folded, rawSegment{line: s.line, start: start, end: f.Len()})
		from = s.end
	}
	f.WriteString(text[from:])
	b.foldedSegs = folded
	return f.String(), folded
}

// segmentNumbers appends the numbers of a text that is its own fold to all, and the
// significant ones of each of its segments, with the segment's line, to significant. A number never spans the space
// between segments, and a text folded rune by rune folds the same in pieces, so the numbers
// of the whole text are those of its segments in turn.
func segmentNumbers(all []string, significant []Number, text string, segs []rawSegment) ([]string, []Number) {
	k := 0
	for i := nextDigit(text, 0); i < len(text); i = nextDigit(text, i) {
		n, end := scanNumber(text, i)
		all = append(all, n)
		for segs[k].end <= i {
			k++
		}
		if len(n) > 1 {
			significant = append(significant, Number{Value: n, Line: segs[k].line})
		}
		i = end
	}
	return all, significant
}

// onlyImages reports whether a paragraph holds images and nothing but white space.
func onlyImages(p *ast.Paragraph, src []byte) bool {
	seen := false
	for ch := p.FirstChild(); ch != nil; ch = ch.NextSibling() {
		switch ch := ch.(type) {
		case *ast.Image:
			seen = true
		case *ast.Text:
			if len(bytes.TrimSpace(ch.Segment.Value(src))) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return seen
}

// finish sets end lines, slugs, ids (written on the headings) and, if hashed, hashes once
// all sections are known.
func (b *builder) finish(doc ast.Node, hashed bool) {
	b.closeSection()
	secs := b.page.Sections
	lastLine := len(b.lines)
	if len(secs) > 0 && secs[0].Level == 0 {
		// The intro's text starts where the file's does, not at its first block: a
		// block the build leaves out (an image not found) must not move it.
		secs[0].Line = b.firstNonBlank(1, secs[0].Line)
	}
	for i, s := range secs {
		next := lastLine + 1
		if i+1 < len(secs) {
			next = secs[i+1].Line
		}
		s.EndLine = b.lastNonBlank(s.Line, next-1)
		if hashed {
			s.Hash = b.hash(s.Line, s.EndLine)
		}
	}
	setSlugs(b.page, b.src, doc)
	for _, s := range secs {
		s.ID = s.Slug
	}
	setIDs(b.page)
}

// closingFence returns the line after last when it closes a fenced code block, else last.
func (b *builder) closingFence(last int) int {
	if last >= len(b.lines) {
		return last
	}
	next := bytes.TrimSpace(b.lineText(last + 1))
	if bytes.HasPrefix(next, []byte("```")) || bytes.HasPrefix(next, []byte("~~~")) {
		return last + 1
	}
	return last
}

func (b *builder) lineText(l int) []byte {
	start := b.lines[l-1]
	end := len(b.src)
	if l < len(b.lines) {
		end = b.lines[l]
	}
	return b.src[start:end]
}

// firstNonBlank is the first line from from to to that is not blank, else to.
func (b *builder) firstNonBlank(from, to int) int {
	for l := from; l < to; l++ {
		if len(bytes.TrimSpace(b.lineText(l))) > 0 {
			return l
		}
	}
	return to
}

func (b *builder) lastNonBlank(from, to int) int {
	for l := to; l > from; l-- {
		if len(bytes.TrimSpace(b.lineText(l))) > 0 {
			return l
		}
	}
	return from
}

// hash digests lines from..to with trailing white space removed from each line: the first
// 16 hex digits of their SHA-256. Runs of lines without trailing white space are digested
// straight from the source, as they are.
func (b *builder) hash(from, to int) string {
	from, to = max(from, 1), min(to, len(b.lines))
	h := b.hasher()
	if from <= to {
		run := b.lines[from-1] // start of the source not yet digested
		for l := from; l <= to; l++ {
			line := b.lineText(l)
			trimmed := bytes.TrimRight(line, " \t\r\n")
			if len(trimmed)+1 == len(line) && line[len(trimmed)] == '\n' {
				continue // digested with its run
			}
			h.Write(b.src[run:b.lines[l-1]])
			h.Write(trimmed)
			h.Write([]byte{'\n'})
			run = b.lines[l-1] + len(line)
		}
		h.Write(b.src[run : b.lines[to-1]+len(b.lineText(to))])
	}
	b.sum = h.Sum(b.sum[:0])
	return hex.EncodeToString(b.sum[:8])
}

// hasher returns the builder's SHA-256, reset.
func (b *builder) hasher() hash.Hash {
	if b.digest == nil {
		b.digest = sha256.New()
	}
	b.digest.Reset()
	return b.digest
}

// holdsHeadings reports whether a shortcode holds headings (a tab with sections of its
// own): they are sections, as they are to a reader.
func holdsHeadings(n *markdown.Shortcode) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*ast.Heading); ok {
			return true
		}
	}
	return false
}

// holdsShortcodes reports whether a shortcode holds shortcode blocks (tabs holding tabs).
func holdsShortcodes(n *markdown.Shortcode) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if _, ok := c.(*markdown.Shortcode); ok {
			return true
		}
	}
	return false
}
