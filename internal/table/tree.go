package table

import (
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// scratch holds the buffers of one FromHTML call, reused through scratchPool: the tokens, their
// attributes, the tree's nodes and the builder's stacks. Nothing of it outlives the call: the
// model holds strings, not nodes.
type scratch struct {
	toks     []token
	attrs    []attrSpan
	slab     []html.Node
	attrSlab []html.Attribute // the nodes' attributes
	oe       []*html.Node
	afe      []*html.Node
	lines    []string // lines[i] is strconv.Itoa(i), made once per pooled scratch
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release clears what the buffers point to and returns them to the pool.
func (sc *scratch) release() {
	clear(sc.slab)
	sc.slab = sc.slab[:0]
	clear(sc.attrSlab)
	sc.attrSlab = sc.attrSlab[:0]
	clear(sc.oe[:cap(sc.oe)])
	clear(sc.afe[:cap(sc.afe)])
	scratchPool.Put(sc)
}

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

func (b *treeBuilder) inBody(t *token) bool {
	switch {
	case t.typ == html.TextToken:
		if d := b.text(t); d != "" {
			b.reconstructFormatting()
			b.addText(d)
		}
	case isStart(t):
		return b.inBodyStart(t)
	case t.typ == html.EndTagToken:
		return b.inBodyEnd(t)
	default:
		return b.giveUp()
	}
	return true
}

func (b *treeBuilder) inBodyStart(t *token) bool {
	switch t.atom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog,
		atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header,
		atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section,
		atom.Summary, atom.Ul:
		b.popUntil(buttonScope, atom.P)
		b.addElement(t)
	case atom.Li:
		b.startListItem(t)
	case atom.A:
		for i := len(b.afe) - 1; i >= 0 && b.afe[i] != marker; i-- {
			if n := b.afe[i]; n.DataAtom == atom.A {
				b.endTagFormatting(atom.A, "a")
				b.oe = remove(b.oe, n)
				b.afe = remove(b.afe, n)
				break
			}
		}
		b.reconstructFormatting()
		b.addFormattingElement(t)
	case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S, atom.Small, atom.Strike,
		atom.Strong, atom.Tt, atom.U:
		b.reconstructFormatting()
		b.addFormattingElement(t)
	case atom.Table: // no DOCTYPE: quirks mode, so an open <p> stays open
		b.addElement(t)
		b.im = inTable
	case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr:
		b.reconstructFormatting()
		b.addElement(t)
		b.oe = b.oe[:len(b.oe)-1]
	case atom.Caption, atom.Col, atom.Colgroup, atom.Frame, atom.Head, atom.Tbody, atom.Td, atom.Tfoot,
		atom.Th, atom.Thead, atom.Tr:
		// ignored
	case atom.Html, atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
		atom.Script, atom.Style, atom.Template, atom.Title, atom.Body, atom.Frameset, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Pre, atom.Listing, atom.Form, atom.Dd, atom.Dt,
		atom.Plaintext, atom.Button, atom.Nobr, atom.Applet, atom.Marquee, atom.Object, atom.Input,
		atom.Param, atom.Source, atom.Track, atom.Hr, atom.Image, atom.Textarea, atom.Xmp, atom.Iframe,
		atom.Noembed, atom.Noscript, atom.Select, atom.Option, atom.Optgroup, atom.Rb, atom.Rtc,
		atom.Rp, atom.Rt, atom.Math, atom.Svg:
		return b.giveUp()
	default:
		b.reconstructFormatting()
		b.addElement(t)
	}
	return true
}

// startListItem closes an open li (up to a special element other than address, div and p)
// before opening another, as x/net/html does.
func (b *treeBuilder) startListItem(t *token) {
	for i := len(b.oe) - 1; i >= 0; i-- {
		n := b.oe[i]
		if n.DataAtom == atom.Li {
			b.oe = b.oe[:i]
			break
		}
		if n.DataAtom == atom.Address || n.DataAtom == atom.Div || n.DataAtom == atom.P || !isSpecial(n) {
			continue
		}
		break
	}
	b.popUntil(buttonScope, atom.P)
	b.addElement(t)
}

func (b *treeBuilder) inBodyEnd(t *token) bool {
	switch t.atom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Button, atom.Center, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer,
		atom.Header, atom.Hgroup, atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Pre,
		atom.Search, atom.Section, atom.Select, atom.Summary, atom.Ul:
		if !b.inScope(defaultScope, t.atom) {
			return true
		}
		b.generateImpliedEndTags("")
		b.popUntil(defaultScope, t.atom)
	case atom.P:
		if !b.inScope(buttonScope, atom.P) { // the parser would insert an empty <p>
			return b.giveUp()
		}
		b.popUntil(buttonScope, atom.P)
	case atom.Li:
		b.popUntil(listItemScope, atom.Li)
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr, atom.S, atom.Small,
		atom.Strike, atom.Strong, atom.Tt, atom.U:
		b.endTagFormatting(t.atom, t.name)
	case atom.Body, atom.Html, atom.Form, atom.Dd, atom.Dt, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5,
		atom.H6, atom.Applet, atom.Marquee, atom.Object, atom.Br, atom.Template:
		return b.giveUp()
	default:
		b.endTagOther(t.atom, t.name)
	}
	return true
}

// endTagFormatting is the adoption agency algorithm where it needs no furthest block: the
// formatting element is closed with what is open inside it. Otherwise it gives up.
func (b *treeBuilder) endTagFormatting(a atom.Atom, name string) {
	if cur := b.top(); cur.Data == name && index(b.afe, cur) == -1 {
		b.oe = b.oe[:len(b.oe)-1]
		return
	}
	var fe *html.Node
	for j := len(b.afe) - 1; j >= 0 && b.afe[j] != marker; j-- {
		if b.afe[j].DataAtom == a {
			fe = b.afe[j]
			break
		}
	}
	if fe == nil {
		b.endTagOther(a, name)
		return
	}
	at := index(b.oe, fe)
	if at == -1 {
		b.afe = remove(b.afe, fe)
		return
	}
	if !b.inScope(defaultScope, a) {
		return
	}
	for _, e := range b.oe[at:] {
		if isSpecial(e) {
			b.bail = true
			return
		}
	}
	b.oe = b.oe[:at]
	b.afe = remove(b.afe, fe)
}

// endTagOther closes the nearest open element named name, unless a special element is nearer.
func (b *treeBuilder) endTagOther(a atom.Atom, name string) {
	for i := len(b.oe) - 1; i >= 0; i-- {
		n := b.oe[i]
		if n.DataAtom == a && (a != 0 || n.Data == name) {
			b.oe = b.oe[:i]
			return
		}
		if isSpecial(n) {
			return
		}
	}
}

func (b *treeBuilder) inTable(t *token) bool {
	switch {
	case t.typ == html.TextToken:
		switch b.top().DataAtom {
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if isSpace(t.raw(b.src)) {
				return true // white space between rows is kept by the parser but never read
			}
		}
		return b.giveUp() // foster parenting
	case isStart(t):
		switch t.atom {
		case atom.Caption:
			b.clearStackToContext(tableScope)
			b.afe = append(b.afe, marker)
			b.addElement(t)
			b.im = inCaption
		case atom.Colgroup:
			b.clearStackToContext(tableScope)
			b.addElement(t)
			b.im = inColumnGroup
		case atom.Col:
			b.implied(atom.Colgroup)
			return false
		case atom.Tbody, atom.Tfoot, atom.Thead:
			b.clearStackToContext(tableScope)
			b.addElement(t)
			b.im = inTableBody
		case atom.Td, atom.Th, atom.Tr:
			b.implied(atom.Tbody)
			return false
		default: // a second table, forms, scripts, foster parenting
			return b.giveUp()
		}
		return true
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Table:
			if b.popUntil(tableScope, atom.Table) {
				b.resetInsertionMode()
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td, atom.Tfoot,
			atom.Th, atom.Thead, atom.Tr:
			return true
		case atom.Template, atom.P, atom.Br: // </p> and </br> insert an element: foster parenting
			return b.giveUp()
		}
		return b.inBody(t) // an end tag inserts nothing, so foster parenting does not matter
	}
	return b.giveUp()
}

func (b *treeBuilder) inCaption(t *token) bool {
	switch {
	case isStart(t):
		switch t.atom {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Thead, atom.Tr:
			if !b.popUntil(tableScope, atom.Caption) {
				return true
			}
			b.clearActiveFormatting()
			b.im = inTable
			return false
		}
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Caption:
			if b.popUntil(tableScope, atom.Caption) {
				b.clearActiveFormatting()
				b.im = inTable
			}
			return true
		case atom.Table:
			if !b.popUntil(tableScope, atom.Caption) {
				return true
			}
			b.clearActiveFormatting()
			b.im = inTable
			return false
		case atom.Body, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td, atom.Tfoot, atom.Th,
			atom.Thead, atom.Tr:
			return true
		}
	}
	return b.inBody(t)
}

func (b *treeBuilder) inColumnGroup(t *token) bool {
	switch {
	case t.typ == html.TextToken:
		raw := t.raw(b.src)
		if isSpace(raw) {
			return true
		}
		if isHTMLSpace(raw[0]) && b.top().DataAtom == atom.Colgroup {
			return b.giveUp() // the rest of the text is misplaced in the table
		}
	case isStart(t):
		switch t.atom {
		case atom.Col:
			b.addElement(t)
			b.oe = b.oe[:len(b.oe)-1]
			return true
		case atom.Html, atom.Template:
			return b.giveUp()
		}
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Colgroup:
			if b.top().DataAtom == atom.Colgroup {
				b.oe = b.oe[:len(b.oe)-1]
				b.im = inTable
			}
			return true
		case atom.Col:
			return true
		case atom.Template:
			return b.giveUp()
		}
	}
	if b.top().DataAtom != atom.Colgroup {
		return true
	}
	b.oe = b.oe[:len(b.oe)-1]
	b.im = inTable
	return false
}

func (b *treeBuilder) inTableBody(t *token) bool {
	switch {
	case isStart(t):
		switch t.atom {
		case atom.Tr:
			b.clearStackToContext(tableBodyScope)
			b.addElement(t)
			b.im = inRow
			return true
		case atom.Td, atom.Th:
			b.implied(atom.Tr)
			return false
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead:
			if b.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				b.im = inTable
				return false
			}
			return true
		}
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if b.inScope(tableScope, t.atom) {
				b.clearStackToContext(tableBodyScope)
				b.oe = b.oe[:len(b.oe)-1]
				b.im = inTable
			}
			return true
		case atom.Table:
			if b.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				b.im = inTable
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th, atom.Tr:
			return true
		}
	}
	return b.inTable(t)
}

func (b *treeBuilder) inRow(t *token) bool {
	switch {
	case isStart(t):
		switch t.atom {
		case atom.Td, atom.Th:
			b.clearStackToContext(tableRowScope)
			b.addElement(t)
			b.afe = append(b.afe, marker)
			b.im = inCell
			return true
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if b.inScope(tableScope, atom.Tr) {
				b.closeRow()
				return false
			}
			return true
		}
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Tr:
			if b.inScope(tableScope, atom.Tr) {
				b.closeRow()
			}
			return true
		case atom.Table:
			if b.inScope(tableScope, atom.Tr) {
				b.closeRow()
				return false
			}
			return true
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if b.inScope(tableScope, t.atom) && b.inScope(tableScope, atom.Tr) {
				b.closeRow()
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th:
			return true
		}
	}
	return b.inTable(t)
}

func (b *treeBuilder) closeRow() {
	b.clearStackToContext(tableRowScope)
	b.oe = b.oe[:len(b.oe)-1]
	b.im = inTableBody
}

func (b *treeBuilder) inCell(t *token) bool {
	switch {
	case isStart(t):
		switch t.atom {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			if b.popUntil(tableScope, atom.Td, atom.Th) {
				b.clearActiveFormatting()
				b.im = inRow
				return false
			}
			return true
		}
	case t.typ == html.EndTagToken:
		switch t.atom {
		case atom.Td, atom.Th:
			if !b.popUntil(tableScope, t.atom) {
				return true
			}
			b.clearActiveFormatting()
			b.im = inRow
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html:
			return true
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if !b.inScope(tableScope, t.atom) {
				return true
			}
			if b.popUntil(tableScope, atom.Td, atom.Th) {
				b.clearActiveFormatting()
			}
			b.im = inRow
			return false
		}
	}
	return b.inBody(t)
}

func (b *treeBuilder) resetInsertionMode() {
	for i := len(b.oe) - 1; i >= 0; i-- {
		switch b.oe[i].DataAtom {
		case atom.Td, atom.Th:
			b.im = inCell
		case atom.Tr:
			b.im = inRow
		case atom.Tbody, atom.Thead, atom.Tfoot:
			b.im = inTableBody
		case atom.Caption:
			b.im = inCaption
		case atom.Colgroup:
			b.im = inColumnGroup
		case atom.Table:
			b.im = inTable
		case atom.Body:
			b.im = inBody
		case atom.Template, atom.Head, atom.Frameset, atom.Html:
			b.bail = true
		default:
			if i == 0 {
				b.im = inBody
				return
			}
			continue
		}
		return
	}
}

type scope uint8

const (
	defaultScope scope = iota
	listItemScope
	buttonScope
	tableScope
	tableRowScope
	tableBodyScope
)

// indexInScope returns the index in the stack of the highest element with one of the atoms
// that is in scope s, or -1.
func (b *treeBuilder) indexInScope(s scope, as ...atom.Atom) int {
	for i := len(b.oe) - 1; i >= 0; i-- {
		a := b.oe[i].DataAtom
		for _, m := range as {
			if a == m {
				return i
			}
		}
		switch s {
		case listItemScope:
			if a == atom.Ol || a == atom.Ul {
				return -1
			}
		case buttonScope:
			if a == atom.Button {
				return -1
			}
		case tableScope:
			if a == atom.Html || a == atom.Table || a == atom.Template {
				return -1
			}
		}
		if s == defaultScope || s == listItemScope || s == buttonScope {
			switch a {
			case atom.Applet, atom.Caption, atom.Html, atom.Table, atom.Td, atom.Th, atom.Marquee,
				atom.Object, atom.Template, atom.Select:
				return -1
			}
		}
	}
	return -1
}

func (b *treeBuilder) inScope(s scope, as ...atom.Atom) bool { return b.indexInScope(s, as...) != -1 }

func (b *treeBuilder) popUntil(s scope, as ...atom.Atom) bool {
	if i := b.indexInScope(s, as...); i != -1 {
		b.oe = b.oe[:i]
		return true
	}
	return false
}

func (b *treeBuilder) clearStackToContext(s scope) {
	for i := len(b.oe) - 1; i >= 0; i-- {
		a := b.oe[i].DataAtom
		var stop bool
		switch s {
		case tableScope:
			stop = a == atom.Html || a == atom.Table || a == atom.Template
		case tableRowScope:
			stop = a == atom.Html || a == atom.Tr || a == atom.Template
		case tableBodyScope:
			stop = a == atom.Html || a == atom.Tbody || a == atom.Tfoot || a == atom.Thead || a == atom.Template
		}
		if stop {
			b.oe = b.oe[:i+1]
			return
		}
	}
}

// generateImpliedEndTags pops elements whose end tag may be left out, except those named except.
func (b *treeBuilder) generateImpliedEndTags(except string) {
	for len(b.oe) > 0 {
		n := b.top()
		switch n.DataAtom {
		case atom.Dd, atom.Dt, atom.Li, atom.Optgroup, atom.Option, atom.P, atom.Rb, atom.Rp, atom.Rt, atom.Rtc:
			if n.Data != except {
				b.oe = b.oe[:len(b.oe)-1]
				continue
			}
		}
		return
	}
}

func (b *treeBuilder) top() *html.Node { return b.oe[len(b.oe)-1] }

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

// addFormattingElement adds an element and lists it as active formatting. The parser's Noah's
// Ark clause drops the oldest of three identical entries; the builder gives up before that.
func (b *treeBuilder) addFormattingElement(t *token) {
	same := 0
	for i := len(b.afe) - 1; i >= 0 && b.afe[i] != marker; i-- {
		if b.afe[i].DataAtom == t.atom {
			same++
		}
	}
	if same >= 3 {
		b.bail = true
		return
	}
	b.addElement(t)
	b.afe = append(b.afe, b.top())
}

func (b *treeBuilder) clearActiveFormatting() {
	for len(b.afe) > 0 {
		n := b.afe[len(b.afe)-1]
		b.afe = b.afe[:len(b.afe)-1]
		if n == marker {
			return
		}
	}
}

// reconstructFormatting reopens the active formatting elements that were closed implicitly.
func (b *treeBuilder) reconstructFormatting() {
	if len(b.afe) == 0 {
		return
	}
	n := b.afe[len(b.afe)-1]
	if n == marker || index(b.oe, n) != -1 {
		return
	}
	i := len(b.afe) - 1
	for n != marker && index(b.oe, n) == -1 {
		if i == 0 {
			i = -1
			break
		}
		i--
		n = b.afe[i]
	}
	for {
		i++
		c := b.element(b.afe[i].DataAtom, b.afe[i].Data)
		c.Attr = append([]html.Attribute(nil), b.afe[i].Attr...)
		b.addChild(c)
		b.afe[i] = c
		if i == len(b.afe)-1 {
			break
		}
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

// lineString returns strconv.Itoa(line), from a cache for the lines of ordinary pages.
func (sc *scratch) lineString(line int) string {
	if line < 0 || line >= 1<<14 {
		return strconv.Itoa(line)
	}
	for len(sc.lines) <= line {
		sc.lines = append(sc.lines, strconv.Itoa(len(sc.lines)))
	}
	return sc.lines[line]
}

// isSpecial reports whether n is in the parser's "special" category.
func isSpecial(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Address, atom.Applet, atom.Area, atom.Article, atom.Aside, atom.Base, atom.Basefont,
		atom.Bgsound, atom.Blockquote, atom.Body, atom.Br, atom.Button, atom.Caption, atom.Center,
		atom.Col, atom.Colgroup, atom.Dd, atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dt, atom.Embed,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.Frame, atom.Frameset,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Head, atom.Header, atom.Hgroup,
		atom.Hr, atom.Html, atom.Iframe, atom.Img, atom.Input, atom.Keygen, atom.Li, atom.Link,
		atom.Listing, atom.Main, atom.Marquee, atom.Menu, atom.Meta, atom.Nav, atom.Noembed,
		atom.Noframes, atom.Noscript, atom.Object, atom.Ol, atom.P, atom.Param, atom.Plaintext,
		atom.Pre, atom.Script, atom.Section, atom.Select, atom.Source, atom.Style, atom.Summary,
		atom.Table, atom.Tbody, atom.Td, atom.Template, atom.Textarea, atom.Tfoot, atom.Th, atom.Thead,
		atom.Title, atom.Tr, atom.Track, atom.Ul, atom.Wbr, atom.Xmp:
		return true
	}
	return false
}

func index(s []*html.Node, n *html.Node) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == n {
			return i
		}
	}
	return -1
}

func remove(s []*html.Node, n *html.Node) []*html.Node {
	i := index(s, n)
	if i == -1 {
		return s
	}
	copy(s[i:], s[i+1:])
	s[len(s)-1] = nil
	return s[:len(s)-1]
}
