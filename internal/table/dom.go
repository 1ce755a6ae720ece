package table

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// converter turns the children of an HTML element into the model's blocks and inlines.
type converter struct {
	rep *Report
	cur []Inline // the inlines of the paragraph being collected, shared by appendBlocks calls
	// arena holds the table's paragraphs and their inlines: a few slabs instead of a slice or
	// two per cell
	arena cellArena
	// cells and metas hold the rows' cell lists and their metadata, made for the whole table
	cells []Cell
	metas []cellMeta
	// unlined: a row had no line, from its tr or its first cell
	unlined bool
}

// isBlockElem reports whether elements named name break a paragraph: they become block
// boundaries, never wrappers in the output.
func isBlockElem(name string) bool {
	switch name {
	case "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog",
		"div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
		"h5", "h6", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary",
		"table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul":
		return true
	}
	return false
}

// isDroppedElem reports whether elements named name are removed with their content: it is
// code, not text.
func isDroppedElem(name string) bool {
	return name == "script" || name == "style" || name == "template"
}

func isElem(n *html.Node, names ...string) bool {
	if n.Type != html.ElementNode {
		return false
	}
	for _, name := range names {
		if n.Data == name {
			return true
		}
	}
	return false
}

// blocks converts the children of n.
func (c *converter) blocks(n *html.Node) []Block {
	return c.appendBlocks(nil, n)
}

// appendBlocks appends the blocks of n's children to blocks.
//
// The inlines of the paragraph being collected are in c.cur, which is empty on entry and on
// return: a nested call comes only after a flush. normalizeInlines copies what it keeps, so
// the buffer is reused.
func (c *converter) appendBlocks(blocks []Block, n *html.Node) []Block {
	flush := func() {
		if p := normalizeInlinesIn(&c.arena, c.cur); len(p) > 0 {
			if blocks == nil {
				blocks = arenaTake(&c.arena.blocks, 1) // most cells are one paragraph
			}
			blocks = append(blocks, Block{Kind: Paragraph, Inlines: p})
		}
		c.cur = c.cur[:0]
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case isElem(ch, "ul", "ol"):
			flush()
			if l, ok := c.list(ch); ok {
				blocks = append(blocks, l)
			}
		case ch.Type == html.ElementNode && isBlockElem(ch.Data):
			flush()
			c.countWrapper(ch)
			blocks = c.appendBlocks(blocks, ch)
		default:
			c.cur = c.appendInlines(c.cur, ch)
		}
	}
	flush()
	return blocks
}

func (c *converter) countWrapper(n *html.Node) {
	if isElem(n, "div", "span") {
		c.rep.add(Wrapper, 1)
	}
}

// list converts a ul or ol; ok is false when the list holds nothing.
func (c *converter) list(n *html.Node) (Block, bool) {
	kind := List
	if n.Data == "ol" {
		kind = OrderedList
	}
	var items []Item
	c.items(n, &items)
	if len(items) == 0 {
		c.rep.add(EmptyList, 1)
		return Block{}, false
	}
	return Block{Kind: kind, Items: items}, true
}

// items appends the items of list element n. A list nested directly in a list belongs to the
// item before it; text outside any li becomes an item of its own.
func (c *converter) items(n *html.Node, items *[]Item) {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case isElem(ch, "li"):
			if bl := c.blocks(ch); len(bl) > 0 {
				*items = append(*items, Item{Blocks: bl})
			}
		case isElem(ch, "ul", "ol"):
			l, ok := c.list(ch)
			switch {
			case !ok:
			case len(*items) == 0:
				*items = append(*items, Item{Blocks: []Block{l}})
			default:
				last := &(*items)[len(*items)-1]
				last.Blocks = append(last.Blocks, l)
			}
		case isElem(ch, "div", "span"):
			c.countWrapper(ch)
			c.items(ch, items)
		default:
			// c.cur is empty here (lists come after a flush) and normalizeInlinesIn copies
			// what it keeps: the white space between items costs nothing.
			c.cur = c.appendInlines(c.cur, ch)
			p := normalizeInlinesIn(&c.arena, c.cur)
			c.cur = c.cur[:0]
			if len(p) > 0 {
				*items = append(*items, Item{Blocks: []Block{{Kind: Paragraph, Inlines: p}}})
			}
		}
	}
}

// appendInlines appends the inlines of n, in a paragraph, to dst.
func (c *converter) appendInlines(dst []Inline, n *html.Node) []Inline {
	switch n.Type {
	case html.TextNode:
		return append(dst, Inline{Kind: Text, Text: n.Data})
	case html.ElementNode:
		return c.appendElement(dst, n)
	}
	return dst
}

func (c *converter) children(n *html.Node) []Inline {
	return c.appendChildren(nil, n)
}

func (c *converter) appendChildren(dst []Inline, n *html.Node) []Inline {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		dst = c.appendInlines(dst, ch)
	}
	return dst
}

func (c *converter) appendElement(dst []Inline, n *html.Node) []Inline {
	switch n.Data {
	case "br":
		return append(dst, Inline{Kind: Break})
	case "strong", "b":
		return append(dst, Inline{Kind: Strong, Children: c.children(n)})
	case "em", "i":
		return append(dst, Inline{Kind: Emphasis, Children: c.children(n)})
	case "code", "kbd", "samp", "tt":
		return append(dst, Inline{Kind: Code, Text: textContent(n)})
	case "a":
		if href := attr(n, "href"); SafeHref(href) {
			return append(dst, Inline{Kind: Link, Href: href, Children: c.children(n)})
		}
	case "img":
		if src := attr(n, "src"); SafeSrc(src) {
			return append(dst, Inline{Kind: Image, Href: src, Text: attr(n, "alt")})
		}
		c.rep.add(DroppedMarkup, 1)
		return append(dst, Inline{Kind: Text, Text: " " + attr(n, "alt") + " "})
	case "span", "div":
		c.rep.add(Wrapper, 1)
		return c.appendChildren(dst, n)
	}
	if isDroppedElem(n.Data) {
		c.rep.add(DroppedMarkup, 1)
		return dst
	}
	block := isBlockElem(n.Data)
	if n.Data != "a" && !block {
		c.rep.add(DroppedMarkup, 1)
	}
	if !block {
		return c.appendChildren(dst, n)
	}
	// a block inside inline content keeps its lines apart
	dst = c.appendChildren(append(dst, Inline{Kind: Break}), n)
	return append(dst, Inline{Kind: Break})
}

// textContent returns all text under n.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == html.ElementNode && isDroppedElem(n.Data) {
			return
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(n)
	return b.String()
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, class string) bool {
	for f := range strings.FieldsSeq(attr(n, "class")) {
		if f == class {
			return true
		}
	}
	return false
}

// SafeHref reports whether href may be kept as a link: a non-empty relative URL or an http,
// https or mailto one.
// SafeSrc reports whether src may be an image's source: a relative URL or an http(s) one.
func SafeSrc(src string) bool {
	if strings.TrimSpace(src) == "" {
		return false
	}
	u, err := url.Parse(strings.TrimSpace(src))
	if err != nil {
		return false
	}
	s := strings.ToLower(u.Scheme)
	return s == "" || s == "http" || s == "https"
}

func SafeHref(href string) bool {
	if strings.TrimSpace(href) == "" {
		return false
	}
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "", "http", "https", "mailto":
		return true
	}
	return false
}
