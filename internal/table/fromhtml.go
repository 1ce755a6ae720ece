package table

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

// FromHTML repairs src, a raw HTML fragment holding one table, into a Table. firstLine is the
// 1-based line of src's first byte in the file, so that rows carry file lines. The error says why
// src cannot be made a table (no table, no cells, content outside the table); the caller then
// passes src through unchanged.
func FromHTML(src []byte, firstLine int) (*Table, Report, error) {
	return fromHTML(src, firstLine, true)
}

// fromHTML is FromHTML; fast tries the token scanner before x/net/html's tokenizer, which it
// leaves the tables it does not handle to. Either way the repaired tokens are parsed by
// x/net/html through goquery; both paths give the same result (the differential tests
// compare them).
func fromHTML(src []byte, firstLine int, fast bool) (*Table, Report, error) {
	var rep Report
	var toks []token
	scanned := false
	sc := scratchPool.Get().(*scratch)
	defer sc.release()
	if fast {
		if toks, scanned = scanTokens(src, firstLine, sc.toks); scanned {
			sc.toks = toks
		}
	}
	if !scanned {
		toks = tokenize(src, firstLine)
	}
	repairTokens(src, toks, &rep)
	// Rows are marked with their lines first, cells only when some row has no <tr> of its own
	// (the HTML parser made one up): such a row's line is its first cell's. The marks on cells
	// change nothing else in the tree, and most tables have a <tr> for every row.
	t, out, unlined, err := parseTable(&sc.in, writeTokens(&sc.out, src, toks, false, scanned), rep)
	if unlined {
		t, out, _, err = parseTable(&sc.in, writeTokens(&sc.out, src, toks, true, scanned), rep)
	}
	return t, out, err
}

// errTooDeep is why x/net/html refuses a document: its elements nest more than 512 deep.
var errTooDeep = errors.New("elements nested more than 512 deep")

// parseTable parses the repaired HTML with x/net/html through goquery and converts its table,
// returning rep with what the conversion adds. unlined says that some row had no line:
// neither its tr nor its first cell carried one. in is a reader to reuse.
func parseTable(in *bytes.Reader, repaired []byte, rep Report) (t *Table, out Report, unlined bool, err error) {
	in.Reset(repaired)
	doc, err := goquery.NewDocumentFromReader(in)
	if err != nil { // reading bytes cannot fail: the parser refused the nesting
		return nil, rep, false, errTooDeep
	}
	found := doc.FindMatcher(firstTable)
	if found.Length() == 0 {
		return nil, rep, false, errors.New("no <table> element")
	}
	el := found.Nodes[0]
	body := bodyOf(el)
	if body == nil {
		body = doc.FindMatcher(firstBody).Nodes[0]
	}
	if err := checkOutside(body, el); err != nil {
		return nil, rep, false, err
	}
	t, unlined = build(el, &rep)
	if len(t.Head)+len(t.Body) == 0 {
		return nil, rep, unlined, errors.New("table has no cells")
	}
	return t, rep, unlined, nil
}

// firstTable and firstBody find the first table and body elements of a parsed document, in
// document order; compiled once rather than on each Find.
var (
	firstTable = goquery.Single("table")
	firstBody  = goquery.Single("body")
)

// bodyOf returns the body element that n is in, or nil. A document has one body element:
// the parser merges the attributes of any other <body> into it.
func bodyOf(n *html.Node) *html.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if isElem(p, "body") {
			return p
		}
	}
	return nil
}

// checkOutside fails when anything but white space and wrappers lies outside the table el
// (the HTML parser moves stray text in a table before it).
func checkOutside(n, el *html.Node) error {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case ch == el:
		case ch.Type == html.TextNode && strings.TrimSpace(ch.Data) != "":
			return fmt.Errorf("text outside the table: %q", clip(ch.Data))
		case isElem(ch, "table"):
			return errors.New("more than one table")
		case isElem(ch, "div", "span", "p", "br", "section", "figure", "center"):
			if err := checkOutside(ch, el); err != nil {
				return err
			}
		case ch.Type == html.ElementNode:
			return fmt.Errorf("<%s> outside the table", ch.Data)
		}
	}
	return nil
}

func clip(s string) string {
	s = strings.TrimSpace(collapseSpace(s))
	for i := range s {
		if i > 40 {
			return s[:i] + "…"
		}
	}
	if !utf8.ValidString(s) {
		return strings.ToValidUTF8(s, "?")
	}
	return s
}

// build converts the table element el. unlined says that some row has no line (see row).
func build(el *html.Node, rep *Report) (t *Table, unlined bool) {
	t = &Table{Highlight: -1}
	c := converter{rep: rep}
	var headMeta, bodyMeta [][]cellMeta
	head, body, cells := countRows(el) // room for every row and cell: no growing
	c.cells, c.metas = make([]Cell, 0, cells), make([]cellMeta, 0, cells)
	if head > 0 {
		t.Head, headMeta = make([]Row, 0, head), make([][]cellMeta, 0, head)
	}
	if body > 0 {
		t.Body, bodyMeta = make([]Row, 0, body), make([][]cellMeta, 0, body)
	}
	for ch := el.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case isElem(ch, "caption") && t.Caption == nil:
			t.Caption = captionInlines(c.blocks(ch))
		case isElem(ch, "thead"):
			c.rows(ch, &t.Head, &headMeta)
		case isElem(ch, "tbody", "tfoot"):
			c.rows(ch, &t.Body, &bodyMeta)
		case isElem(ch, "tr"):
			c.row(ch, &t.Body, &bodyMeta)
		}
	}
	if len(t.Head) == 0 { // rows without cells are left out: there may be none
		t.Head = nil
	}
	if len(t.Body) == 0 {
		t.Body = nil
	}
	if len(t.Head) == 0 && len(t.Body) > 1 && allHeaders(t.Body[0], bodyMeta[0]) {
		t.Head, t.Body = t.Body[:1], t.Body[1:]
		headMeta, bodyMeta = bodyMeta[:1], bodyMeta[1:]
	}
	for i := range t.Head {
		for j := range t.Head[i].Cells {
			t.Head[i].Cells[j].Header = true
		}
	}
	t.Highlight = highlightColumn(t, headMeta, bodyMeta, rep)
	t.Align = alignments(t, headMeta, bodyMeta)
	unwrapBoldHeaders(t, rep)
	inferRowHeaders(t, rep)
	return t, c.unlined
}

// countRows returns the number of rows of the table element el that build puts in the header
// (those in a thead) and in the body (the others), rows without cells included, and the
// number of their cells.
func countRows(el *html.Node) (head, body, cells int) {
	for ch := el.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case isElem(ch, "thead"):
			head += countChildren(ch, "tr")
			cells += countGroupCells(ch)
		case isElem(ch, "tbody", "tfoot"):
			body += countChildren(ch, "tr")
			cells += countGroupCells(ch)
		case isElem(ch, "tr"):
			body++
			cells += countCells(ch)
		}
	}
	return head, body, cells
}

// countGroupCells returns the number of cells of the rows of the row group g.
func countGroupCells(g *html.Node) int {
	n := 0
	for ch := g.FirstChild; ch != nil; ch = ch.NextSibling {
		if isElem(ch, "tr") {
			n += countCells(ch)
		}
	}
	return n
}

// countChildren returns the number of children of n that are name elements.
func countChildren(n *html.Node, name string) int {
	k := 0
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if isElem(ch, name) {
			k++
		}
	}
	return k
}

// cellMeta is what the source says about a cell beyond the model: its classes.
type cellMeta struct {
	highlight int // 0 none, 1 our own class, 2 the source's "stress-item"
	align     Align
	rowScope  bool // scope="row"
}

func metaOf(n *html.Node) cellMeta {
	m := cellMeta{rowScope: strings.EqualFold(attr(n, "scope"), "row")}
	switch {
	case hasClass(n, highlightClass):
		m.highlight = 1
	case hasClass(n, "stress-item"):
		m.highlight = 2
	}
	for a := AlignLeft; a <= AlignRight; a++ {
		if hasClass(n, alignClass[a]) || strings.EqualFold(attr(n, "align"), alignName[a]) {
			m.align = a
		}
	}
	return m
}

// captionInlines flattens a caption's blocks into one line of inlines.
func captionInlines(blocks []Block) []Inline {
	var out []Inline
	var add func(bs []Block)
	add = func(bs []Block) {
		for _, b := range bs {
			if len(out) > 0 {
				out = append(out, Inline{Kind: Text, Text: " "})
			}
			out = append(out, b.Inlines...)
			for _, it := range b.Items {
				add(it.Blocks)
			}
		}
	}
	add(blocks)
	return normalizeInlines(out)
}

func (c *converter) rows(group *html.Node, rows *[]Row, meta *[][]cellMeta) {
	for ch := group.FirstChild; ch != nil; ch = ch.NextSibling {
		if isElem(ch, "tr") {
			c.row(ch, rows, meta)
		}
	}
}

func (c *converter) row(tr *html.Node, rows *[]Row, meta *[][]cellMeta) {
	r := Row{Line: lineOf(tr)}
	var m []cellMeta
	if n := countCells(tr); n > 0 { // from the table's lists, made for all its cells
		r.Cells, m = arenaTake(&c.cells, n), arenaTake(&c.metas, n)
	}
	for ch := tr.FirstChild; ch != nil; ch = ch.NextSibling {
		if !isElem(ch, "td", "th") {
			continue
		}
		if r.Line == 0 {
			r.Line = lineOf(ch)
		}
		blocks := c.blocks(ch)
		r.Cells = append(r.Cells, Cell{
			Header:  ch.Data == "th" && len(blocks) > 0, // an empty row header names nothing
			ColSpan: span(ch, "colspan", 1000),
			RowSpan: span(ch, "rowspan", 65534),
			Blocks:  blocks,
		})
		m = append(m, metaOf(ch))
	}
	if len(r.Cells) == 0 { // a row without cells holds nothing
		return
	}
	if r.Line == 0 {
		c.unlined = true
	}
	*rows = append(*rows, r)
	*meta = append(*meta, m)
}

// countCells returns the number of td and th children of tr.
func countCells(tr *html.Node) int {
	n := 0
	for ch := tr.FirstChild; ch != nil; ch = ch.NextSibling {
		if isElem(ch, "td", "th") {
			n++
		}
	}
	return n
}

func lineOf(n *html.Node) int {
	v := attr(n, lineAttr)
	if v == "" {
		return 0
	}
	line, _ := strconv.Atoi(v)
	return line
}

// span reads a colspan or rowspan attribute, clamped to 1..limit as browsers do.
func span(n *html.Node, key string, limit int) int {
	s := strings.TrimSpace(attr(n, key))
	if s == "" {
		return 1
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 {
		return 1
	}
	return min(v, limit)
}

// allHeaders reports whether a first row without <thead> is a header row: all its cells are
// <th>, none of them a row header (scope="row").
func allHeaders(r Row, meta []cellMeta) bool {
	for i, c := range r.Cells {
		if !c.Header || meta[i].rowScope {
			return false
		}
	}
	return len(r.Cells) > 0
}
