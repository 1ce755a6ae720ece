package outline

// This file is the one place that knows how tables arrive in the goldmark tree: GFM tables,
// and raw HTML tables read with goquery (including a table split over several HTML blocks by
// blank lines, and markdown swallowed into the block that ends one). The sentence that
// introduces a table becomes part of the table, as the table normaliser makes it the caption.
// When the normaliser (internal/table) replaces tables by its own nodes, only this file changes.

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// table outlines n when it is or starts a table, and returns the node to continue with.
func (b *builder) table(n ast.Node) (ast.Node, bool) {
	switch n := n.(type) {
	case *east.Table:
		b.addTable(b.gfmTable(n))
		return n.NextSibling(), true
	case *ast.HTMLBlock:
		if !hasTableStart(blockBytes(n, b.src)) {
			return nil, false
		}
		return b.htmlTable(n), true
	}
	return nil, false
}

func (b *builder) gfmTable(t *east.Table) Block {
	blk := Block{Kind: TableBlock, Line: nodeLine(t, b.lines), Table: &Table{}}
	if r := t.FirstChild(); r != nil && r.FirstChild() != nil {
		blk.Line = nodeLine(r.FirstChild(), b.lines) // the table's own position is its paragraph's
	}
	c := &textCollector{src: b.src, lines: b.lines, cur: blk.Line}
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		_, head := r.(*east.TableHeader)
		row := Row{Line: nodeLine(r, b.lines), Header: head}
		for cell := r.FirstChild(); cell != nil; cell = cell.NextSibling() {
			cc := &textCollector{src: b.src, lines: b.lines, cur: row.Line}
			cc.inline(cell)
			row.Cells = append(row.Cells, Cell{Text: collapse(joinSegments(cc.segs)), Header: head})
			c.links, c.images = append(c.links, cc.links...), append(c.images, cc.images...)
		}
		blk.Table.Rows = append(blk.Table.Rows, row)
	}
	blk.EndLine = b.lines.line(max(nodeEnd(t)-1, 0))
	tableSegments(&blk, c)
	b.finishBlock(&blk, c)
	return blk
}

// htmlTable reads the raw HTML table starting in n up to its closing tag, which may lie in a
// later block, skips the blocks inside it and outlines any markdown after the closing tag.
func (b *builder) htmlTable(n *ast.HTMLBlock) ast.Node {
	start := n.Lines().At(0).Start + bytes.Index(asciiLower(blockBytes(n, b.src)), []byte("<table"))
	end := tableEnd(b.src, start)
	if end < 0 {
		end = nodeEnd(n) // never closed: the table is what its block holds
	}
	b.addTable(b.rawTable(start, end))
	next := ast.Node(n)
	for next != nil && nodeStart(next) < end {
		if last := nodeEnd(next); last > end {
			b.reparse(end, last)
		}
		next = next.NextSibling()
	}
	return next
}

func nodeStart(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	if n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	return -1
}

func blockBytes(n ast.Node, src []byte) []byte {
	lines := n.Lines()
	if lines.Len() == 0 {
		return nil
	}
	return src[lines.At(0).Start:lines.At(lines.Len()-1).Stop]
}

// tableEnd returns the offset just past the </table> that closes the table opened at start,
// counting nested tables; -1 if it is never closed.
func tableEnd(src []byte, start int) int {
	lower := asciiLower(src[start:])
	depth := 0
	for i := 0; i < len(lower); i++ {
		switch {
		case bytes.HasPrefix(lower[i:], []byte("<table")):
			depth++
		case bytes.HasPrefix(lower[i:], []byte("</table")):
			depth--
			if depth == 0 {
				if j := bytes.IndexByte(lower[i:], '>'); j >= 0 {
					return start + i + j + 1
				}
				return len(src)
			}
		}
	}
	return -1
}

// reparse outlines src[from:to], markdown that a raw HTML block swallowed after a table's end.
// The text before from is blanked so positions stay file positions; text on the closing tag's
// own line is left to the table.
func (b *builder) reparse(from, to int) {
	if nl := bytes.IndexByte(b.src[from:to], '\n'); nl >= 0 {
		from += nl + 1
	} else {
		return
	}
	if len(bytes.TrimSpace(b.src[from:to])) == 0 {
		return
	}
	sub := make([]byte, to)
	for i := range from {
		sub[i] = ' '
		if b.src[i] == '\n' {
			sub[i] = '\n'
		}
	}
	copy(sub[from:], b.src[from:to])
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK))
	doc := md.Parser().Parse(text.NewReader(sub))
	saved := b.src
	b.src = sub
	b.nodes(doc.FirstChild())
	b.src = saved
}

// rawTable reads the HTML table in src[start:end].
func (b *builder) rawTable(start, end int) Block {
	raw := string(b.src[start:end])
	blk := Block{Kind: TableBlock, Line: b.lines.line(start), EndLine: b.lines.line(max(end-1, 0)), Table: &Table{}}
	c := &textCollector{src: b.src, lines: b.lines, cur: blk.Line}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(raw))
	if err != nil {
		return blk
	}
	t := doc.Find("table").First()
	rowLines := tagLines(b, start, raw, "<tr")
	rows := t.Find("tr").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return s.Closest("table").IsSelection(t)
	})
	rows.Each(func(i int, tr *goquery.Selection) {
		row := Row{Line: blk.Line, Header: tr.ParentsFiltered("thead").Length() > 0}
		if len(rowLines) == rows.Length() {
			row.Line = rowLines[i]
		}
		tr.ChildrenFiltered("th,td").Each(func(_ int, td *goquery.Selection) {
			var sb strings.Builder
			for _, n := range td.Nodes {
				nodeText(n, &sb, &c.links, &c.images)
			}
			row.Cells = append(row.Cells, Cell{Text: collapse(sb.String()), Header: goquery.NodeName(td) == "th"})
		})
		blk.Table.Rows = append(blk.Table.Rows, row)
	})
	tableSegments(&blk, c)
	b.finishBlock(&blk, c)
	return blk
}

// tagLines returns the lines on which each occurrence of an opening tag starts.
func tagLines(b *builder, start int, raw, tag string) []int {
	lower := string(asciiLower([]byte(raw)))
	var out []int
	for i := 0; ; {
		j := strings.Index(lower[i:], tag)
		if j < 0 {
			return out
		}
		i += j + len(tag)
		if i < len(lower) && strings.ContainsRune(" \t\r\n>/", rune(lower[i])) {
			out = append(out, b.lines.line(start+i))
		}
	}
}

func hasTableStart(b []byte) bool {
	return bytes.Contains(asciiLower(b), []byte("<table"))
}

// maxCaption is the longest introducing sentence, in characters, taken as a caption.
const maxCaption = 200

// addTable adds a table block, first taking its caption from the paragraph right before it
// (only blank lines between): a first line ending in a colon whose other lines hold only
// images (the images stay, as an image block), or a single line all in bold.
func (b *builder) addTable(tbl Block) {
	if b.cur != nil && len(b.cur.Blocks) > 0 {
		prev := &b.cur.Blocks[len(b.cur.Blocks)-1]
		if caption, ok := b.caption(prev, tbl.Line); ok {
			tbl.Segments = append([]Segment{{Line: prev.Line, Text: caption}}, tbl.Segments...)
			tbl.Anchors.Numbers = TextAnchors(tbl.Text()).Numbers
			tbl.Anchors.Codes = TextAnchors(tbl.Text()).Codes
			b.dropCaptionLine(prev)
		}
	}
	b.add(tbl)
}

func (b *builder) caption(p *Block, tableLine int) (string, bool) {
	if p.Kind != ParagraphBlock || p.EndLine >= tableLine || len(p.Segments) == 0 {
		return "", false
	}
	for l := p.EndLine + 1; l < tableLine; l++ {
		if len(bytes.TrimSpace(b.lineText(l))) > 0 {
			return "", false
		}
	}
	first := strings.TrimSpace(p.Segments[0].Text)
	if utf8.RuneCountInString(first) > maxCaption || len(p.textLines) != 1 || p.textLines[0] != p.Segments[0].Line {
		return "", false
	}
	if t, ok := strings.CutSuffix(first, ":"); ok {
		return strings.TrimSpace(t), true
	}
	if t, ok := strings.CutSuffix(first, "："); ok {
		return strings.TrimSpace(t), true
	}
	src := string(bytes.TrimSpace(b.lineText(p.Line)))
	bold := func(m string) bool { return len(src) > 4 && strings.HasPrefix(src, m) && strings.HasSuffix(src, m) }
	if p.Line == p.EndLine && len(p.Anchors.Images) == 0 && (bold("**") || bold("__")) {
		return first, true
	}
	return "", false
}

// dropCaptionLine removes the caption from the paragraph it was taken from: what is left is
// its images, or nothing.
func (b *builder) dropCaptionLine(p *Block) {
	if len(p.Anchors.Images) == 0 {
		b.cur.Blocks = b.cur.Blocks[:len(b.cur.Blocks)-1]
		return
	}
	p.Kind = ImageBlock
	p.Segments = p.Segments[1:]
	p.textLines = nil
	links, images := p.Anchors.Links, p.Anchors.Images
	p.Anchors = TextAnchors(p.Text())
	p.Anchors.Links, p.Anchors.Images = links, images
}

// asciiLower returns a copy of b with A–Z lowered and every other byte as it is, so offsets
// in it are offsets in b (bytes.ToLower rewrites invalid UTF-8 and may change the length).
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
