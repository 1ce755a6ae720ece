package outline

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// lineIndex turns byte offsets of a source into 1-based line numbers.
type lineIndex []int // offsets at which lines start

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (x lineIndex) line(off int) int {
	return sort.Search(len(x), func(i int) bool { return x[i] > off })
}

// textCollector gathers the text of inline content by source line and the link targets in it.
type textCollector struct {
	src    []byte
	lines  lineIndex
	cur    int // line of the last text seen, for nodes without a position
	segs   []Segment
	links  []string
	images []string
	// textLines are the lines holding text other than image descriptions.
	textLines []int
	inImage   bool
}

func (c *textCollector) add(line int, s string) {
	if line > 0 {
		c.cur = line
	}
	if n := len(c.segs); n > 0 && c.segs[n-1].Line == c.cur {
		c.segs[n-1].Text += s
		return
	}
	c.segs = append(c.segs, Segment{Line: c.cur, Text: s})
}

// inline walks the inline children of n.
func (c *textCollector) inline(n ast.Node) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		c.node(ch)
	}
}

func (c *textCollector) node(n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		v := n.Segment.Value(c.src)
		c.add(c.lines.line(n.Segment.Start), string(v))
		if !c.inImage && len(strings.TrimSpace(string(v))) > 0 && !slices.Contains(c.textLines, c.cur) {
			c.textLines = append(c.textLines, c.cur)
		}
		if n.HardLineBreak() {
			c.add(0, "\n")
		}
	case *ast.String:
		c.add(0, string(n.Value))
	case *ast.AutoLink:
		c.links = append(c.links, string(n.URL(c.src)))
		c.add(0, " ") // the URL is an anchor, not text to translate
	case *ast.CodeSpan:
		c.add(0, " ") // code is the same in every language
	case *ast.Link:
		c.links = append(c.links, string(n.Destination))
		c.inline(n)
	case *ast.Image:
		c.images = append(c.images, string(n.Destination))
		c.inImage = true
		c.inline(n)
		c.inImage = false
	case *ast.RawHTML:
		// Inline tags carry no text of their own.
	default:
		if n.Type() == ast.TypeBlock {
			c.block(n)
			return
		}
		c.inline(n)
	}
}

// block collects the text of a block node and everything inside it.
func (c *textCollector) block(n ast.Node) {
	if l := nodeLine(n, c.lines); l > 0 {
		c.cur = l
	}
	switch n.(type) {
	case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
		c.rawLines(n)
		return
	}
	c.inline(n)
	c.add(0, "\n")
}

// rawLines adds the lines of a code or HTML block; HTML loses its tags.
func (c *textCollector) rawLines(n ast.Node) {
	_, isHTML := n.(*ast.HTMLBlock)
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		s := string(seg.Value(c.src))
		if isHTML {
			s = htmlText(s, &c.links, &c.images)
		}
		c.add(c.lines.line(seg.Start), s)
	}
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

// nodeLine is the line a node starts on, 0 when it has no position.
func nodeLine(n ast.Node, lines lineIndex) int {
	if p := n.Pos(); p >= 0 {
		return lines.line(p)
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return lines.line(n.Lines().At(0).Start)
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if l := nodeLine(ch, lines); l > 0 {
			return l
		}
	}
	if t, ok := n.(*ast.Text); ok {
		return lines.line(t.Segment.Start)
	}
	return 0
}

// nodeEnd is the offset just past the last source byte a block node covers, -1 if unknown.
func nodeEnd(n ast.Node) int {
	end := -1
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		end = n.Lines().At(n.Lines().Len() - 1).Stop
	}
	if t, ok := n.(*ast.Text); ok {
		end = t.Segment.Stop
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		end = max(end, nodeEnd(ch))
	}
	return end
}

// collapse trims s and folds runs of white space inside a line to one space, keeping line breaks.
func collapse(s string) string {
	if collapsed(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for len(s) > 0 {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		first := true
		for f := range strings.FieldsSeq(line) {
			switch {
			case first && b.Len() > 0:
				b.WriteByte('\n')
			case !first:
				b.WriteByte(' ')
			}
			b.WriteString(f)
			first = false
		}
	}
	return b.String()
}

// collapsed reports whether collapse would return s unchanged: no white space but single
// spaces and line breaks between other characters.
func collapsed(s string) bool {
	prev := '\n' // as if a line break came before s
	for _, r := range s {
		switch {
		case r == ' ' || r == '\n':
			if prev == ' ' || prev == '\n' {
				return false
			}
		case unicode.IsSpace(r):
			return false
		}
		prev = r
	}
	return prev != ' ' && prev != '\n'
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
