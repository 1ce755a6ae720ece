package outline

// This file is the one place that knows how tables arrive in the goldmark tree: GFM tables,
// and raw HTML tables read with goquery (including a table split over several HTML blocks by
// blank lines, and markdown swallowed into the block that ends one). When the table normaliser
// (internal/table) replaces tables by its own nodes, only this file changes.

import (
	"bytes"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// table outlines n when it is or starts a table, and returns the node to continue with.
func (b *builder) table(n ast.Node) (ast.Node, bool) {
	switch n := n.(type) {
	case *east.Table:
		b.add(b.gfmTable(n))
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

// tableSegments puts each row's text on the row's line.
func tableSegments(blk *Block, c *textCollector) {
	for _, r := range blk.Table.Rows {
		texts := make([]string, len(r.Cells))
		for i, cell := range r.Cells {
			texts[i] = strings.ReplaceAll(cell.Text, "\n", " ")
		}
		c.add(r.Line, strings.Join(texts, " \t "))
		c.add(0, "\n")
	}
}

// htmlTable reads the raw HTML table starting in n up to its closing tag, which may lie in a
// later block, skips the blocks inside it and outlines any markdown after the closing tag.
func (b *builder) htmlTable(n *ast.HTMLBlock) ast.Node {
	start := n.Lines().At(0).Start + bytes.Index(bytes.ToLower(blockBytes(n, b.src)), []byte("<table"))
	end := tableEnd(b.src, start)
	if end < 0 {
		end = nodeEnd(n) // never closed: the table is what its block holds
	}
	b.add(b.rawTable(start, end))
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
	lower := bytes.ToLower(src[start:])
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
	lower := strings.ToLower(raw)
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

// blockElems end a line of text inside a cell.
var blockElems = map[string]bool{"br": true, "li": true, "p": true, "div": true, "ul": true, "ol": true, "tr": true}

// nodeText appends the text under n, a line break after each block element, and collects
// link and image targets.
func nodeText(n *html.Node, sb *strings.Builder, links, images *[]string) {
	switch n.Type {
	case html.TextNode:
		sb.WriteString(n.Data)
		return
	case html.ElementNode:
		switch n.Data {
		case "a":
			*links = appendAttr(*links, n, "href")
		case "img":
			*images = appendAttr(*images, n, "src")
		}
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		nodeText(ch, sb, links, images)
	}
	if n.Type == html.ElementNode && blockElems[n.Data] {
		sb.WriteByte('\n')
	}
}

func appendAttr(list []string, n *html.Node, key string) []string {
	for _, a := range n.Attr {
		if a.Key == key {
			return append(list, a.Val)
		}
	}
	return list
}

// htmlText is the text of a fragment of raw HTML, collecting link and image targets.
func htmlText(fragment string, links, images *[]string) string {
	nodes, err := html.ParseFragment(strings.NewReader(fragment), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return ""
	}
	var sb strings.Builder
	for _, n := range nodes {
		nodeText(n, &sb, links, images)
	}
	return strings.ReplaceAll(sb.String(), "\n", " ")
}
