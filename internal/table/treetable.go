package table

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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
