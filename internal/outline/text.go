package outline

import (
	"bytes"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// lineIndex turns byte offsets of a source into 1-based line numbers.
type lineIndex []int // offsets at which lines start

func newLineIndex(src []byte) lineIndex { return appendLineIndex(nil, src) }

// appendLineIndex is newLineIndex in idx's room.
func appendLineIndex(idx lineIndex, src []byte) lineIndex {
	idx = append(slices.Grow(idx[:0], bytes.Count(src, []byte{'\n'})+1), 0)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return idx
		}
		off += i + 1
		idx = append(idx, off)
	}
}

func (x lineIndex) line(off int) int {
	return sort.Search(len(x), func(i int) bool { return x[i] > off })
}

// textCollector gathers the text of inline content by source line and the link targets in it.
// The text goes into one buffer, raw, in the order it comes; segs cut it into the runs of one
// source line each.
type textCollector struct {
	src    []byte
	lines  lineIndex
	cur    int // line of the last text seen, for nodes without a position
	raw    []byte
	segs   []rawSegment
	links  []string
	images []string
}

// rawSegment is the text of raw[start:end], found on line. collapsed says that the text is
// one collapsed line and a line break (tableSegments sets it), which appendCollapsed would
// copy as it is.
type rawSegment struct {
	line, start, end int
	collapsed        bool
}

// newCollector starts collecting text at line into the builder's buffers; done gives them back.
func (b *builder) newCollector(line int) *textCollector {
	c := &b.collector
	*c = textCollector{src: b.src, lines: b.lines, cur: line, raw: c.raw[:0], segs: c.segs[:0],
		links: c.links[:0], images: c.images[:0]}
	return c
}

func (c *textCollector) add(line int, s string) {
	c.open(line)
	c.raw = append(c.raw, s...)
	c.segs[len(c.segs)-1].end = len(c.raw)
}

func (c *textCollector) addBytes(line int, s []byte) {
	c.open(line)
	c.raw = append(c.raw, s...)
	c.segs[len(c.segs)-1].end = len(c.raw)
}

// open makes the last segment the one of line (of the current line when 0).
func (c *textCollector) open(line int) {
	if line > 0 {
		c.cur = line
	}
	if n := len(c.segs); n > 0 && c.segs[n-1].line == c.cur {
		return
	}
	c.segs = append(c.segs, rawSegment{line: c.cur, start: len(c.raw), end: len(c.raw)})
}

// text is all the text collected.
func (c *textCollector) text() []byte { return c.raw }

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
		c.addBytes(c.lines.line(n.Segment.Start), v)
		if n.HardLineBreak() {
			c.add(0, "\n")
		}
	case *ast.String:
		c.addBytes(0, n.Value)
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
		c.inline(n)
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
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		// Code inside a list, quote or shortcode (a tab) is the same in every language,
		// as a code span is: it is no text to translate.
		c.add(0, "\n")
		return
	case *ast.HTMLBlock:
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
	inside := "" // the element whose content the lines are in: script, style, code
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		v := seg.Value(c.src[:seg.Stop:seg.Stop]) // a code line without a line break gets one appended: not in the source
		if isHTML {
			var line string
			line, inside = withoutProgramText(string(v), inside)
			c.add(c.lines.line(seg.Start), htmlText(line, &c.links, &c.images))
			continue
		}
		c.addBytes(c.lines.line(seg.Start), v)
	}
}

// tableSegments puts each row's text on the row's line: its cells' texts, line breaks as
// spaces, between single spaces. Cell texts are collapsed, so the row's is too: a row with
// text that has a segment of its own is marked collapsed.
func tableSegments(blk *Block, c *textCollector) {
	for _, r := range blk.Table.Rows {
		n := len(c.segs)
		c.open(r.Line)
		own := len(c.segs) > n // not shared with the caption or another row
		first := true
		for _, cell := range r.Cells {
			if cell.Text == "" {
				continue
			}
			if !first {
				c.raw = append(c.raw, ' ')
			}
			first = false
			start := len(c.raw)
			c.raw = append(c.raw, cell.Text...)
			for rest := c.raw[start:]; ; { // line breaks are rare: look for them, not at every byte
				k := bytes.IndexByte(rest, '\n')
				if k < 0 {
					break
				}
				rest[k] = ' '
				rest = rest[k+1:]
			}
		}
		c.raw = append(c.raw, '\n')
		seg := &c.segs[len(c.segs)-1]
		seg.end, seg.collapsed = len(c.raw), own && !first
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
	return string(appendCollapsed(make([]byte, 0, len(s)), []byte(s)))
}

// appendCollapsed appends collapse(s) to dst. Lines that are already collapsed are copied.
func appendCollapsed(dst, s []byte) []byte {
	start := len(dst)
	for len(s) > 0 {
		line := s
		if i := bytes.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = nil
		}
		if lineCollapsed(line) {
			if len(dst) > start {
				dst = append(dst, '\n')
			}
			dst = append(dst, line...)
			continue
		}
		first := true
		for f := range bytes.FieldsSeq(line) {
			switch {
			case first && len(dst) > start:
				dst = append(dst, '\n')
			case !first:
				dst = append(dst, ' ')
			}
			dst = append(dst, f...)
			first = false
		}
	}
	return dst
}

// lineCollapsed reports whether a line is not empty and has no white space but single
// spaces between other characters: its fields joined by spaces.
func lineCollapsed(s []byte) bool {
	if len(s) == 0 || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case ' ':
				if space {
					return false
				}
				space = true
			case '\t', '\n', '\v', '\f', '\r':
				return false
			default:
				space = false
			}
			i++
			continue
		}
		space = false
		if i+1 == len(s) || !spacePrefix(c, s[i+1]) {
			i++ // not white space; continuation bytes never start a spacePrefix either
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if unicode.IsSpace(r) {
			return false
		}
		i += n
	}
	return true
}

// spacePrefix reports whether a character starting with the bytes c0 c1 may be white space.
// Beyond ASCII only U+0085, U+00A0 (C2 85, C2 A0), U+1680 (E1 9A), U+2000–U+205F (E2 80,
// E2 81) and U+3000 (E3 80) are; kana and CJK punctuation (E3 81–E3 83) are not. None of
// these first bytes ever continues a character, so a scan may skip other bytes one by one.
func spacePrefix(c0, c1 byte) bool {
	switch c0 {
	case 0xC2:
		return c1 == 0x85 || c1 == 0xA0
	case 0xE1:
		return c1 == 0x9A
	case 0xE2:
		return c1 == 0x80 || c1 == 0x81
	case 0xE3:
		return c1 == 0x80
	}
	return false
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
		case "script", "style", "code":
			return // program text, the same in every language
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

// programElems hold program text, not text to translate.
var programElems = []string{"script", "style", "code"}

// withoutProgramText returns a line of an HTML block without the content of the script,
// style and code elements on it, and without its comments (<!-- … -->, which no reader
// sees), given the element the line starts inside ("" for none, "!--" in a comment), and
// the element it ends inside. The block is read a line at a time, so an element or a
// comment that spans lines is followed from one to the next.
func withoutProgramText(line, inside string) (string, string) {
	var out strings.Builder
	for {
		lower := strings.ToLower(line)
		if inside == comment {
			end := strings.Index(line, "-->")
			if end < 0 {
				return out.String(), inside
			}
			line, inside = line[end+len("-->"):], ""
			continue
		}
		if inside != "" {
			end := strings.Index(lower, "</"+inside)
			if end < 0 {
				return out.String(), inside
			}
			line, inside = line[end:], ""
			continue
		}
		start, name := strings.Index(line, "<!--"), comment
		for _, e := range programElems {
			if i := openTag(lower, e); i >= 0 && (start < 0 || i < start) {
				start, name = i, e
			}
		}
		if start < 0 {
			out.WriteString(line)
			return out.String(), ""
		}
		if name == comment {
			out.WriteString(line[:start])
			line, inside = line[start+len("<!--"):], comment
			continue
		}
		gt := strings.IndexByte(lower[start:], '>')
		if gt < 0 {
			out.WriteString(line[:start])
			return out.String(), name
		}
		out.WriteString(line[:start+gt+1])
		line, inside = line[start+gt+1:], name
	}
}

// comment is what withoutProgramText says a line ends inside when it ends in a comment.
const comment = "!--"

// openTag is the offset of the first start tag of element name in a lower-case line, or -1.
func openTag(lower, name string) int {
	for from := 0; ; {
		i := strings.Index(lower[from:], "<"+name)
		if i < 0 {
			return -1
		}
		i += from
		if end := i + 1 + len(name); end == len(lower) || strings.IndexByte(" \t>/", lower[end]) >= 0 {
			return i
		}
		from = i + 1
	}
}

// htmlText is the text of a fragment of raw HTML, collecting link and image targets.
func htmlText(fragment string, links, images *[]string) string {
	nodes, err := html.ParseFragment(strings.NewReader(fragment), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil { // nested too deep for the parser: its text, read tag by tag
		return tokenText(fragment)
	}
	var sb strings.Builder
	for _, n := range nodes {
		nodeText(n, &sb, links, images)
	}
	return strings.ReplaceAll(sb.String(), "\n", " ")
}

// tokenText is the text of a fragment of raw HTML as its tokens give it, tags left out.
func tokenText(fragment string) string {
	var sb strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt == html.TextToken {
			sb.Write(z.Text())
		}
	}
	return strings.ReplaceAll(sb.String(), "\n", " ")
}
