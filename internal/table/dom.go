package table

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// converter turns the children of an HTML element into the model's blocks and inlines.
type converter struct {
	rep *Report
}

// blockElems break a paragraph: they become block boundaries, never wrappers in the output.
var blockElems = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "caption": true,
	"center": true, "dd": true, "details": true, "dialog": true, "div": true, "dl": true,
	"dt": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true,
	"form": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"header": true, "hgroup": true, "hr": true, "li": true, "main": true, "nav": true,
	"ol": true, "p": true, "pre": true, "section": true, "summary": true, "table": true,
	"tbody": true, "td": true, "tfoot": true, "th": true, "thead": true, "tr": true, "ul": true,
}

// droppedElems are removed with their content: it is code, not text.
var droppedElems = map[string]bool{"script": true, "style": true, "template": true}

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
	var cur []Inline
	var blocks []Block
	flush := func() {
		if p := normalizeInlines(cur); len(p) > 0 {
			blocks = append(blocks, Block{Kind: Paragraph, Inlines: p})
		}
		cur = nil
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case isElem(ch, "ul", "ol"):
			flush()
			if l, ok := c.list(ch); ok {
				blocks = append(blocks, l)
			}
		case ch.Type == html.ElementNode && blockElems[ch.Data]:
			flush()
			c.countWrapper(ch)
			blocks = append(blocks, c.blocks(ch)...)
		default:
			cur = append(cur, c.inlines(ch)...)
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
			if p := normalizeInlines(c.inlines(ch)); len(p) > 0 {
				*items = append(*items, Item{Blocks: []Block{{Kind: Paragraph, Inlines: p}}})
			}
		}
	}
}

// inlines converts n in a paragraph.
func (c *converter) inlines(n *html.Node) []Inline {
	switch n.Type {
	case html.TextNode:
		return []Inline{{Kind: Text, Text: n.Data}}
	case html.ElementNode:
		return c.element(n)
	}
	return nil
}

func (c *converter) children(n *html.Node) []Inline {
	var out []Inline
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		out = append(out, c.inlines(ch)...)
	}
	return out
}

func (c *converter) element(n *html.Node) []Inline {
	switch n.Data {
	case "br":
		return []Inline{{Kind: Break}}
	case "strong", "b":
		return []Inline{{Kind: Strong, Children: c.children(n)}}
	case "em", "i":
		return []Inline{{Kind: Emphasis, Children: c.children(n)}}
	case "code", "kbd", "samp", "tt":
		return []Inline{{Kind: Code, Text: textContent(n)}}
	case "a":
		if href := attr(n, "href"); SafeHref(href) {
			return []Inline{{Kind: Link, Href: href, Children: c.children(n)}}
		}
	case "img":
		c.rep.add(DroppedMarkup, 1)
		return []Inline{{Kind: Text, Text: " " + attr(n, "alt") + " "}}
	case "span", "div":
		c.rep.add(Wrapper, 1)
		return c.children(n)
	}
	if droppedElems[n.Data] {
		c.rep.add(DroppedMarkup, 1)
		return nil
	}
	kids := c.children(n)
	if n.Data != "a" && !blockElems[n.Data] {
		c.rep.add(DroppedMarkup, 1)
	}
	if blockElems[n.Data] { // a block inside inline content keeps its lines apart
		kids = append(append([]Inline{{Kind: Break}}, kids...), Inline{Kind: Break})
	}
	return kids
}

// textContent returns all text under n.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == html.ElementNode && droppedElems[n.Data] {
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
	for _, f := range strings.Fields(attr(n, "class")) {
		if f == class {
			return true
		}
	}
	return false
}

// SafeHref reports whether href may be kept as a link: a non-empty relative URL or an http,
// https or mailto one.
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
