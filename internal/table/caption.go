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
	var rep Report
	var caption []Inline
	ls := splitLines(p)
	intro, isIntro := introduction(ls, src, &rep)
	switch {
	case isIntro:
		caption = intro
	case isBoldTitle(p, ls, src.b):
		rep = Report{}
		caption = unbold(mdInlines(p, src, &rep))
	default:
		return
	}
	if caption = trimColon(normalizeInlines(caption)); len(caption) == 0 {
		return // a colon alone introduces nothing: the paragraph stays
	}
	for _, c := range ls[0] {
		p.RemoveChild(p, c)
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

// splitLines groups a paragraph's children into source lines.
func splitLines(p *ast.Paragraph) [][]ast.Node {
	var ls [][]ast.Node
	var cur []ast.Node
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		cur = append(cur, c)
		if t, ok := c.(*ast.Text); ok && (t.SoftLineBreak() || t.HardLineBreak()) {
			ls = append(ls, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		ls = append(ls, cur)
	}
	return ls
}

// introduction returns the inlines of the first line when the paragraph's lines ls are an
// introducing sentence and images (case 1 of takeCaption), counting repairs in rep.
func introduction(ls [][]ast.Node, src *source, rep *Report) ([]Inline, bool) {
	if len(ls) == 0 {
		return nil, false
	}
	for _, l := range ls[1:] {
		if !onlyImages(l, src.b) {
			return nil, false
		}
	}
	ins := mdInlinesOf(ls[0], src, rep)
	text := strings.TrimSpace(InlineText(normalizeInlines(ins)))
	return ins, utf8.RuneCountInString(text) <= maxCaption &&
		(strings.HasSuffix(text, ":") || strings.HasSuffix(text, "："))
}

func onlyImages(l []ast.Node, src []byte) bool {
	for _, c := range l {
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

func isBoldTitle(p *ast.Paragraph, ls [][]ast.Node, src []byte) bool {
	if len(ls) != 1 || p.Lines().Len() != 1 {
		return false
	}
	for _, c := range ls[0] {
		if hasImage(c) {
			return false
		}
	}
	seg := p.Lines().At(0)
	s := string(bytes.TrimSpace(seg.Value(src)))
	bold := func(m string) bool { return len(s) > 4 && strings.HasPrefix(s, m) && strings.HasSuffix(s, m) }
	return (bold("**") || bold("__")) && utf8.RuneCountInString(s) <= maxCaption
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

func mdInlinesOf(nodes []ast.Node, src *source, rep *Report) []Inline {
	var out []Inline
	for _, n := range nodes {
		out = appendMDInline(out, n, src, rep)
	}
	return out
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
