package table

import (
	"bytes"
	"strconv"

	"golang.org/x/net/html"
)

// lineAttr is the attribute prepare puts on every tr, td and th start tag so that rows keep the
// source line they came from through the HTML parser, which does not report positions.
const lineAttr = "data-docsite-line"

// token is one token of the source as the tokenizer saw it.
type token struct {
	typ  html.TokenType
	name string // lower case, for tags
	raw  []byte
	line int
}

// prepare tokenizes src, counts the damage the HTML parser would silently repair, renames a cell
// opened with one of th/td and closed with the other after its closer, and marks rows and cells
// with their source line. firstLine is the line of src's first byte.
func prepare(src []byte, firstLine int, rep *Report) []byte {
	toks := tokenize(src, firstLine, rep)
	fixCellClosers(toks, rep)
	countUnclosed(toks, rep)
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/8)
	for _, t := range toks {
		writeToken(&out, t)
	}
	if bytes.Count(bytes.TrimSpace(src), []byte("\n")) == 0 && bytes.Count(src, []byte("<tr")) > 1 {
		rep.add(OneLine, 1)
	}
	return out.Bytes()
}

func tokenize(src []byte, firstLine int, rep *Report) []token {
	z := html.NewTokenizer(bytes.NewReader(src))
	var toks []token
	line := firstLine
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return toks
		}
		raw := bytes.Clone(z.Raw())
		t := token{typ: tt, raw: raw, line: line}
		if tt == html.StartTagToken || tt == html.EndTagToken || tt == html.SelfClosingTagToken {
			name, _ := z.TagName()
			t.name = string(name)
			countSpelling(raw, tt, rep)
		}
		toks = append(toks, t)
		line += bytes.Count(raw, []byte("\n"))
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
func countUnclosed(toks []token, rep *Report) {
	open := map[string]int{}
	tracked := map[string]bool{"tr": true, "td": true, "th": true, "li": true, "ul": true, "ol": true, "div": true, "span": true, "table": true, "tbody": true, "thead": true}
	for i, t := range toks {
		if !tracked[t.name] {
			continue
		}
		switch t.typ {
		case html.StartTagToken:
			open[t.name]++
			if (t.name == "ul" || t.name == "ol") && closesList(toks, i) {
				rep.add(ListClosedByOpener, 1)
			}
		case html.EndTagToken:
			if open[t.name] == 0 {
				rep.add(StrayCloser, 1)
				continue
			}
			open[t.name]--
		}
	}
	rep.add(UnclosedRow, open["tr"])
	rep.add(UnclosedItem, open["li"])
}

// closesList reports whether the list opener at toks[i] follows a </li> and is followed by a
// closer of something else, which is how the seed pages misspell </ul>.
func closesList(toks []token, i int) bool {
	prev, next := neighbour(toks, i, -1), neighbour(toks, i, 1)
	return prev != nil && prev.typ == html.EndTagToken && prev.name == "li" &&
		(next == nil || next.typ == html.EndTagToken && next.name != "li" ||
			next.typ == html.StartTagToken && (next.name == "ul" || next.name == "ol"))
}

// neighbour returns the nearest tag token before (dir -1) or after (dir 1) toks[i], skipping
// whitespace text, or nil.
func neighbour(toks []token, i, dir int) *token {
	for j := i + dir; j >= 0 && j < len(toks); j += dir {
		t := &toks[j]
		if t.typ == html.TextToken && len(bytes.TrimSpace(t.raw)) == 0 {
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
		case t.typ == html.StartTagToken && (t.name == "td" || t.name == "th"):
			if cell >= 0 {
				rep.add(UnclosedCell, 1)
			}
			cell = i
		case t.typ == html.EndTagToken && (t.name == "td" || t.name == "th"):
			if cell < 0 {
				continue
			}
			if open := toks[cell].name; open != t.name {
				rep.add(mismatch(open), 1)
				toks[cell].name = t.name
				toks[cell].raw = append([]byte("<"+t.name), toks[cell].raw[3:]...)
			}
			cell = -1
		case t.name == "tr" || t.name == "table" || t.name == "tbody" || t.name == "thead" || t.name == "tfoot":
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

// writeToken writes t, adding the line attribute to row and cell start tags.
func writeToken(out *bytes.Buffer, t token) {
	isRowOrCell := t.name == "tr" || t.name == "td" || t.name == "th"
	if !isRowOrCell || t.typ != html.StartTagToken && t.typ != html.SelfClosingTagToken {
		out.Write(t.raw)
		return
	}
	n := 1 + len(t.name)
	out.Write(t.raw[:n])
	out.WriteString(" " + lineAttr + `="` + strconv.Itoa(t.line) + `"`)
	if n < len(t.raw) && t.raw[n] != ' ' && t.raw[n] != '>' && t.raw[n] != '/' {
		out.WriteByte(' ')
	}
	out.Write(t.raw[n:])
}
