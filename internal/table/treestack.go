package table

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// scope says which elements bound a search of the stack of open elements (the HTML
// specification's "has an element in scope" variants), or which a stack is cleared back to.
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
