package table

import (
	"bytes"
	"strconv"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// lineAttr is the attribute writeTokens puts on tr start tags (and td and th ones when a row has
// none) so that rows keep the source line they came from through the HTML parser, which does
// not report positions.
const lineAttr = "data-docsite-line"

// token is one token of the source as the tokenizer saw it.
type token struct {
	typ        html.TokenType
	name       string // lower case, for tags
	atom       atom.Atom
	start, end int32 // the raw token in the source
	line       int
	renamed    bool // the cell tag was renamed to name: its first 3 bytes are "<"+name
}

func (t *token) raw(src []byte) []byte { return src[t.start:t.end] }

// repairTokens counts the damage in toks and renames mismatched cell openers.
func repairTokens(src []byte, toks []token, rep *Report) {
	for i := range toks {
		if t := &toks[i]; t.typ == html.StartTagToken || t.typ == html.EndTagToken || t.typ == html.SelfClosingTagToken {
			countSpelling(t.raw(src), t.typ, rep)
		}
	}
	fixCellClosers(toks, rep)
	countUnclosed(src, toks, rep)
	if bytes.Count(bytes.TrimSpace(src), []byte("\n")) == 0 && bytes.Count(src, []byte("<tr")) > 1 {
		rep.add(OneLine, 1)
	}
}

// writeTokens writes the repaired tokens back as HTML for the HTML parser, into out (emptied
// first), and returns out's bytes. Row start tags are marked with their lines, and cell start
// tags too when cells is set. trim, for tokens the scanner read, leaves out the attributes
// nothing reads (see keptAttr).
func writeTokens(out *bytes.Buffer, src []byte, toks []token, cells, trim bool) []byte {
	out.Reset()
	out.Grow(len(src) + len(src)/8)
	var attrs [16]attrSpan
	for i := range toks {
		writeToken(out, src, &toks[i], cells, trim, attrs[:0])
	}
	return out.Bytes()
}

// tokenize tokenizes src with x/net/html, for what scanTokens leaves to it.
func tokenize(src []byte, firstLine int) []token {
	z := html.NewTokenizer(bytes.NewReader(src))
	var toks []token
	line := firstLine
	pos := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return toks
		}
		raw := z.Raw()
		t := token{typ: tt, start: int32(pos), end: int32(pos + len(raw)), line: line}
		line += bytes.Count(raw, []byte("\n"))
		pos += len(raw)
		if tt == html.StartTagToken || tt == html.EndTagToken || tt == html.SelfClosingTagToken {
			name, _ := z.TagName()
			t.name = string(name)
			t.atom = atom.Lookup(name)
		}
		toks = append(toks, t)
	}
}

// countSpelling counts uppercase tag names and unquoted attribute values in one tag.
func countSpelling(raw []byte, tt html.TokenType, rep *Report) {
	start := 1
	if tt == html.EndTagToken {
		start = 2
	}
	for i := start; i < len(raw) && isNameByte(raw[i]); i++ {
		if raw[i] >= 'A' && raw[i] <= 'Z' {
			rep.add(UpperCaseTag, 1)
			break
		}
	}
	if bytes.IndexByte(raw, '=') < 0 { // no attribute values
		return
	}
	var quote byte
	for i := start; i < len(raw); i++ {
		c := raw[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '=':
			j := i + 1
			for j < len(raw) && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\n') {
				j++
			}
			if j < len(raw) && raw[j] != '"' && raw[j] != '\'' && raw[j] != '>' {
				rep.add(UnquotedAttr, 1)
			}
		}
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// countUnclosed counts elements the source leaves open, closers with nothing to close, and lists
// "closed" with an opening <ul> or <ol> right after the last item.
func countUnclosed(src []byte, toks []token, rep *Report) {
	var open [numTracked]int
	for i := range toks {
		t := &toks[i]
		k := trackedIndex(t.atom)
		if k < 0 {
			continue
		}
		switch t.typ {
		case html.StartTagToken:
			open[k]++
			if (t.atom == atom.Ul || t.atom == atom.Ol) && closesList(src, toks, i) {
				rep.add(ListClosedByOpener, 1)
			}
		case html.EndTagToken:
			if open[k] == 0 {
				rep.add(StrayCloser, 1)
				continue
			}
			open[k]--
		}
	}
	rep.add(UnclosedRow, open[trackedIndex(atom.Tr)])
	rep.add(UnclosedItem, open[trackedIndex(atom.Li)])
}

// tracked are the elements countUnclosed follows.
var tracked = [...]atom.Atom{atom.Tr, atom.Td, atom.Th, atom.Li, atom.Ul, atom.Ol, atom.Div, atom.Span, atom.Table, atom.Tbody, atom.Thead}

const numTracked = len(tracked)

func trackedIndex(a atom.Atom) int {
	if a == 0 {
		return -1
	}
	for i, b := range tracked {
		if a == b {
			return i
		}
	}
	return -1
}

// closesList reports whether the list opener at toks[i] follows a </li> and is followed by a
// closer of something else, which is how the seed pages misspell </ul>.
func closesList(src []byte, toks []token, i int) bool {
	prev, next := neighbour(src, toks, i, -1), neighbour(src, toks, i, 1)
	return prev != nil && prev.typ == html.EndTagToken && prev.name == "li" &&
		(next == nil || next.typ == html.EndTagToken && next.name != "li" ||
			next.typ == html.StartTagToken && (next.name == "ul" || next.name == "ol"))
}

// neighbour returns the nearest tag token before (dir -1) or after (dir 1) toks[i], skipping
// whitespace text, or nil.
func neighbour(src []byte, toks []token, i, dir int) *token {
	for j := i + dir; j >= 0 && j < len(toks); j += dir {
		t := &toks[j]
		if t.typ == html.TextToken && len(bytes.TrimSpace(t.raw(src))) == 0 {
			continue
		}
		if t.typ == html.CommentToken {
			continue
		}
		return t
	}
	return nil
}

// fixCellClosers renames the opener of a cell closed with the other cell tag, so that the cell
// is what its closer says (the seed pages open data cells with <th> and close them with </td>),
// and counts cells never closed.
func fixCellClosers(toks []token, rep *Report) {
	cell := -1 // index of the open cell's start tag
	for i := range toks {
		t := &toks[i]
		switch {
		case t.typ == html.StartTagToken && (t.atom == atom.Td || t.atom == atom.Th):
			if cell >= 0 {
				rep.add(UnclosedCell, 1)
			}
			cell = i
		case t.typ == html.EndTagToken && (t.atom == atom.Td || t.atom == atom.Th):
			if cell < 0 {
				continue
			}
			if open := toks[cell].name; open != t.name {
				rep.add(mismatch(open), 1)
				toks[cell].name, toks[cell].atom, toks[cell].renamed = t.name, t.atom, true
			}
			cell = -1
		case t.atom == atom.Tr || t.atom == atom.Table || t.atom == atom.Tbody || t.atom == atom.Thead || t.atom == atom.Tfoot:
			if cell >= 0 {
				rep.add(UnclosedCell, 1)
			}
			cell = -1
		}
	}
}

func mismatch(open string) Repair {
	if open == "th" {
		return ThClosedByTd
	}
	return TdClosedByTh
}

// writeToken writes t, adding the line attribute to row start tags, and to cell start tags
// when cells is set, and leaving out the attributes nothing reads when trim is set. attrs is
// room for a tag's attributes.
func writeToken(out *bytes.Buffer, src []byte, t *token, cells, trim bool, attrs []attrSpan) {
	raw := t.raw(src)
	head := raw[:min(len(raw), 1+len(t.name))]
	if t.renamed {
		out.WriteByte('<')
		out.WriteString(t.name)
	} else {
		out.Write(head)
	}
	raw = raw[len(head):]
	start := t.typ == html.StartTagToken || t.typ == html.SelfClosingTagToken
	if marked := t.atom == atom.Tr || cells && (t.atom == atom.Td || t.atom == atom.Th); start && marked {
		out.WriteString(" " + lineAttr + `="`)
		out.Write(strconv.AppendInt(out.AvailableBuffer(), int64(t.line), 10))
		out.WriteByte('"')
		if len(raw) > 0 && raw[0] != ' ' && raw[0] != '>' && raw[0] != '/' {
			out.WriteByte(' ')
		}
	}
	if trim && start && trimsAttrs(t.atom) && bytes.IndexByte(raw, '=') >= 0 && writeKeptAttrs(out, raw, t, attrs) {
		return
	}
	out.Write(raw)
}

// trimsAttrs reports whether the attributes of elements a that no one reads may be left out:
// the HTML parser builds its tree without reading them. It does read those of the formatting
// elements (b, a, font, …: it compares them to decide which to reopen), of input (type) and of
// MathML's annotation-xml (encoding); none of those is in this list.
func trimsAttrs(a atom.Atom) bool {
	switch a {
	case atom.Table, atom.Caption, atom.Colgroup, atom.Col, atom.Thead, atom.Tbody, atom.Tfoot,
		atom.Tr, atom.Td, atom.Th, atom.Div, atom.Span, atom.Ul, atom.Ol, atom.Li, atom.P, atom.Img:
		return true
	}
	return false
}

// keptAttr reports whether the attribute named key (in any case) of an element a is one the
// converter reads: a cell's class, scope, align, colspan, rowspan and line, a row's line, an
// image's alt and src.
func keptAttr(a atom.Atom, key []byte) bool {
	switch a {
	case atom.Td, atom.Th:
		for _, k := range cellAttrs {
			if equalFoldASCII(key, k) {
				return true
			}
		}
	case atom.Tr:
		return equalFoldASCII(key, cellAttrs[len(cellAttrs)-1])
	case atom.Img:
		return equalFoldASCII(key, altAttr) || equalFoldASCII(key, srcAttr)
	}
	return false
}

var (
	cellAttrs = [][]byte{[]byte("class"), []byte("scope"), []byte("align"), []byte("colspan"),
		[]byte("rowspan"), []byte(lineAttr)} // the line last
	altAttr = []byte("alt")
	srcAttr = []byte("src")
)

// writeKeptAttrs writes the attributes of a start tag that keptAttr keeps, each as it is in
// the source, and the end of t; raw is t after its name, which the scanner read. It
// writes nothing and returns false when every attribute is kept: the tag is then written as
// it is.
func writeKeptAttrs(out *bytes.Buffer, raw []byte, t *token, attrs []attrSpan) bool {
	s := scanner{src: raw, attrs: attrs}
	if !s.tagAttrs(true) || s.pos != len(raw) { // not one tag: write it as it is
		return false
	}
	dropped := false
	for _, a := range s.attrs {
		dropped = dropped || !keptAttr(t.atom, raw[a.k0:a.k1])
	}
	if !dropped {
		return false
	}
	for _, a := range s.attrs {
		if !keptAttr(t.atom, raw[a.k0:a.k1]) {
			continue
		}
		end := a.v1
		if a.v0 > a.k1 && (raw[a.v0-1] == '"' || raw[a.v0-1] == '\'') {
			end++ // the closing quote
		}
		out.WriteByte(' ')
		out.Write(raw[a.k0:end])
	}
	if t.typ == html.SelfClosingTagToken {
		out.WriteString(" />")
	} else {
		out.WriteByte('>')
	}
	return true
}
