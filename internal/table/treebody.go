package table

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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
