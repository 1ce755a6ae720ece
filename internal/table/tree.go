package table

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// treeBuilder builds the tree of a typical table from its tokens the way x/net/html's parser
// (the HTML5 tree construction algorithm) does, for the subset of it that such tables need:
// the table insertion modes, cells holding text, wrappers, lists and simple formatting. It
// gives up (bail) wherever the parser would do something it does not mirror: foster parenting
// (text or elements misplaced in a table), a second table, the adoption agency beyond the
// simple case, elements with special parsing rules (forms, headings, pre, select, …). The
// caller then runs the real parser; both must give the same tree, which the differential tests
// check.
type treeBuilder struct {
	src   []byte
	str   string // src as a string: node data are substrings of it
	attrs []attrSpan
	oe    []*html.Node // the stack of open elements
	afe   []*html.Node // the list of active formatting elements
	im    insertionMode
	table *html.Node // the first table
	slab  []html.Node
	bail  bool

	chunked bool // the slab from the pool is full, nodes come from new chunks
	sc      *scratch
}

type insertionMode uint8

const (
	inBody insertionMode = iota
	inTable
	inCaption
	inColumnGroup
	inTableBody
	inRow
	inCell
)

// marker is the scope marker of the list of active formatting elements.
var marker = &html.Node{}

// maxOpen is the depth at which the builder gives up; x/net/html fails above 512.
const maxOpen = 500

// buildTree returns the table element of the tree the HTML parser would build from toks, or ok
// false when the tokens need the real parser. It accepts only a table preceded and followed
// by nothing but white space.
func (sc *scratch) buildTree(src []byte, toks []token, attrs []attrSpan) (table *html.Node, ok bool) {
	i := 0
	for i < len(toks) && toks[i].typ == html.TextToken && isSpace(src[toks[i].start:toks[i].end]) {
		i++
	}
	if i == len(toks) || toks[i].atom != atom.Table || toks[i].typ == html.EndTagToken {
		return nil, false
	}
	if cap(sc.slab) < len(toks)+8 {
		sc.slab = make([]html.Node, 0, len(toks)+8)
	}
	b := treeBuilder{src: src, str: string(src), attrs: attrs, slab: sc.slab[:0], oe: sc.oe[:0], afe: sc.afe[:0], sc: sc}
	defer func() {
		sc.oe, sc.afe = b.oe[:0], b.afe[:0]
		if b.chunked { // the pooled slab filled up: all of it is in use
			sc.slab = sc.slab[:cap(sc.slab)]
		} else {
			sc.slab = b.slab
		}
	}()
	root := b.element(atom.Html, "html")
	body := b.element(atom.Body, "body")
	root.AppendChild(body)
	b.oe = append(b.oe, root, body)
	for ; i < len(toks) && !b.bail; i++ {
		t := &toks[i]
		if b.table != nil && len(b.oe) == 2 { // after the table
			if t.typ != html.TextToken || !isSpace(t.raw(src)) {
				return nil, false
			}
			continue
		}
		b.process(t)
	}
	return b.table, !b.bail
}

func isSpace(b []byte) bool {
	for _, c := range b {
		if !isHTMLSpace(c) {
			return false
		}
	}
	return true
}

// process runs t through the insertion modes until one consumes it.
func (b *treeBuilder) process(t *token) {
	for !b.bail && !b.step(t) {
	}
}

func (b *treeBuilder) step(t *token) bool {
	switch b.im {
	case inTable:
		return b.inTable(t)
	case inCaption:
		return b.inCaption(t)
	case inColumnGroup:
		return b.inColumnGroup(t)
	case inTableBody:
		return b.inTableBody(t)
	case inRow:
		return b.inRow(t)
	case inCell:
		return b.inCell(t)
	}
	return b.inBody(t)
}

// implied processes a start tag the parser implies (tbody, tr, colgroup): no attributes.
func (b *treeBuilder) implied(a atom.Atom) {
	b.process(&token{typ: html.StartTagToken, atom: a, name: a.String(), implied: true})
}

func isStart(t *token) bool {
	return t.typ == html.StartTagToken || t.typ == html.SelfClosingTagToken
}

func (b *treeBuilder) giveUp() bool {
	b.bail = true
	return true
}

func (b *treeBuilder) addChild(n *html.Node) {
	b.top().AppendChild(n)
	if n.Type == html.ElementNode {
		b.oe = append(b.oe, n)
		if len(b.oe) > maxOpen {
			b.bail = true
		}
	}
}

// addText appends text to the current node, merging it into a text node there.
func (b *treeBuilder) addText(s string) {
	if s == "" {
		return
	}
	if last := b.top().LastChild; last != nil && last.Type == html.TextNode {
		last.Data += s
		return
	}
	n := b.node()
	n.Type, n.Data = html.TextNode, s
	b.addChild(n)
}

func (b *treeBuilder) addElement(t *token) {
	n := b.element(t.atom, t.name)
	b.setAttrs(n, t)
	b.addChild(n)
	if t.atom == atom.Table && b.table == nil {
		b.table = n
	}
}

func (b *treeBuilder) node() *html.Node {
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]html.Node, 0, 64)
		b.chunked = true
	}
	b.slab = b.slab[:len(b.slab)+1]
	return &b.slab[len(b.slab)-1]
}

func (b *treeBuilder) element(a atom.Atom, name string) *html.Node {
	n := b.node()
	n.Type, n.DataAtom, n.Data = html.ElementNode, a, name
	return n
}

// text returns a text token's data: the entities resolved, as the tokenizer gives it.
func (b *treeBuilder) text(t *token) string {
	s := b.str[t.start:t.end]
	if strings.IndexByte(s, '&') >= 0 {
		return html.UnescapeString(s)
	}
	return s
}

// readAttrs are the attributes the converter reads; the tree leaves out the others.
var readAttrs = [...]string{"class", "scope", "align", "colspan", "rowspan", "href", "alt"}

// setAttrs gives n the attributes of t that the converter reads, and the line attribute that
// prepare would add to rows and cells.
func (b *treeBuilder) setAttrs(n *html.Node, t *token) {
	if t.implied {
		return
	}
	start := len(b.sc.attrSlab)
	defer func() {
		if end := len(b.sc.attrSlab); end > start {
			n.Attr = b.sc.attrSlab[start:end:end]
		}
	}()
	if t.atom == atom.Tr || t.atom == atom.Td || t.atom == atom.Th {
		b.sc.attrSlab = append(b.sc.attrSlab, html.Attribute{Key: lineAttr, Val: b.sc.lineString(t.line)})
	}
	for _, a := range b.attrs[t.attr0:t.attr1] {
		key := b.src[a.k0:a.k1]
		for _, k := range readAttrs {
			if !equalFoldASCII(key, []byte(k)) {
				continue
			}
			val := b.str[a.v0:a.v1]
			if strings.IndexByte(val, '&') >= 0 { // attribute values resolve entities their own way
				b.bail = true
				return
			}
			b.sc.attrSlab = append(b.sc.attrSlab, html.Attribute{Key: k, Val: val})
		}
	}
}
