package table

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// maxCaption is the longest introducing line, in characters, taken as a caption.
const maxCaption = 200

// takeCaption gives n's table a caption taken from the paragraph directly before it, and removes
// what it took from that paragraph so nothing is said twice. A table that has a <caption> keeps
// it. The paragraph qualifies in one of two ways:
//
//  1. Its first line is an introducing sentence: it ends with ':' or '：' and is the only line
//     with text (the other lines hold only images, as in the product page, where the sentence is
//     followed by a diagram). The line becomes the caption, without its colon; the images stay.
//  2. It is one line written wholly in bold (its source starts and ends with "**" or "__"), the
//     way the platforms article titles its tables. The whole paragraph becomes the caption,
//     without the bold.
//
// A blank line between paragraph and table does not matter; anything else between them does.
func takeCaption(n *Node, src *source, lines *lineCounter) {
	p, ok := n.PreviousSibling().(*ast.Paragraph)
	if !ok || len(n.Table.Caption) > 0 || p.Lines().Len() == 0 {
		return
	}
	last, more := firstLine(p)
	if last == nil {
		return
	}
	var rep Report
	var caption []Inline
	intro, isIntro := introduction(p, last, src, &rep)
	switch {
	case isIntro:
		caption = intro
	case !more && isBoldTitle(p, src.b):
		rep = Report{}
		caption = unbold(mdInlines(p, src, &rep))
	default:
		return
	}
	if caption = trimColon(normalizeInlines(caption)); len(caption) == 0 {
		return // a colon alone introduces nothing: the paragraph stays
	}
	for c := p.FirstChild(); c != nil; {
		next := c.NextSibling()
		p.RemoveChild(p, c)
		if c == last {
			break
		}
		c = next
	}
	n.Table.Caption = caption
	n.Report.CaptionLine = lines.line(p.Lines().At(0).Start)
	for k, v := range rep.Counts {
		n.Report.Counts[k] += v
	}
	if p.ChildCount() == 0 {
		p.Parent().RemoveChild(p.Parent(), p)
	}
}

// firstLine returns the last child of paragraph p on its first source line (nil when p has no
// children), and whether children on other lines follow.
func firstLine(p *ast.Paragraph) (last ast.Node, more bool) {
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			return c, c.NextSibling() != nil
		}
	}
	return p.LastChild(), false
}

// introduction returns the inlines of p's first line, which ends with child last, when that
// line is an introducing sentence and the other lines hold images (case 1 of takeCaption),
// counting repairs in rep.
func introduction(p *ast.Paragraph, last ast.Node, src *source, rep *Report) ([]Inline, bool) {
	if !onlyImages(last.NextSibling(), src.b) {
		return nil, false
	}
	var ins []Inline
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		ins = appendMDInline(ins, c, src, rep)
		if c == last {
			break
		}
	}
	if !hasColon(ins) { // normalizing makes no colon: the line cannot end with one
		return ins, false
	}
	text := strings.TrimSpace(InlineText(normalizeInlines(ins)))
	return ins, utf8.RuneCountInString(text) <= maxCaption &&
		(strings.HasSuffix(text, ":") || strings.HasSuffix(text, "："))
}

// hasColon reports whether the text of ins has a colon, ASCII or full-width.
func hasColon(ins []Inline) bool {
	for _, in := range ins {
		if strings.Contains(in.Text, ":") || strings.Contains(in.Text, "：") || hasColon(in.Children) {
			return true
		}
	}
	return false
}

// onlyImages reports whether c and its next siblings are images and white space.
func onlyImages(c ast.Node, src []byte) bool {
	for ; c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Image:
		case *ast.Text:
			if len(bytes.TrimSpace(c.Segment.Value(src))) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isBoldTitle reports whether p, of one line, is written wholly in bold (case 2 of
// takeCaption).
func isBoldTitle(p *ast.Paragraph, src []byte) bool {
	if p.Lines().Len() != 1 {
		return false
	}
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if hasImage(c) {
			return false
		}
	}
	seg := p.Lines().At(0)
	s := bytes.TrimSpace(seg.Value(src))
	bold := func(m string) bool {
		return len(s) > 4 && bytes.HasPrefix(s, []byte(m)) && bytes.HasSuffix(s, []byte(m))
	}
	return (bold("**") || bold("__")) && utf8.RuneCount(s) <= maxCaption
}

func hasImage(n ast.Node) bool {
	if _, ok := n.(*ast.Image); ok {
		return true
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if hasImage(c) {
			return true
		}
	}
	return false
}

// unbold removes strong and emphasis, keeping their content.
func unbold(ins []Inline) []Inline {
	var out []Inline
	for _, in := range ins {
		switch in.Kind {
		case Strong, Emphasis:
			out = append(out, unbold(in.Children)...)
		case Link:
			in.Children = unbold(in.Children)
			out = append(out, in)
		default:
			out = append(out, in)
		}
	}
	return out
}

// trimColon removes the colon that ends an introducing sentence.
func trimColon(ins []Inline) []Inline {
	if len(ins) == 0 {
		return ins
	}
	last := &ins[len(ins)-1]
	switch last.Kind {
	case Text:
		last.Text = strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(last.Text, ":"), "："), " ")
		if last.Text == "" {
			return ins[:len(ins)-1]
		}
	case Strong, Emphasis, Link:
		last.Children = trimColon(last.Children)
		if len(last.Children) == 0 {
			return ins[:len(ins)-1]
		}
	}
	return ins
}
