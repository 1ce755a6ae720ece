package table

import (
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// brTag matches a raw <br> in markdown, the only raw inline HTML kept (as a line break).
var brTag = regexp.MustCompile(`(?i)^<br\s*/?>$`)

// mdInlines converts the inline children of a goldmark node into the model. src is the source
// the node's segments point into.
func mdInlines(n ast.Node, src []byte, rep *Report) []Inline {
	var out []Inline
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		out = append(out, mdInline(ch, src, rep)...)
	}
	return out
}

func mdInline(n ast.Node, src []byte, rep *Report) []Inline {
	switch n := n.(type) {
	case *ast.Text:
		v := n.Segment.Value(src)
		if !n.IsRaw() {
			v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
		}
		out := []Inline{{Kind: Text, Text: stripStrayEmphasis(string(v), rep)}}
		switch {
		case n.HardLineBreak():
			out = append(out, Inline{Kind: Break})
		case n.SoftLineBreak():
			out = append(out, Inline{Kind: Text, Text: " "})
		}
		return out
	case *ast.String:
		return []Inline{{Kind: Text, Text: stripStrayEmphasis(string(n.Value), rep)}}
	case *ast.CodeSpan:
		var b strings.Builder
		for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
			if t, ok := ch.(*ast.Text); ok {
				b.Write(t.Segment.Value(src))
			} else if s, ok := ch.(*ast.String); ok {
				b.Write(s.Value)
			}
		}
		return []Inline{{Kind: Code, Text: b.String()}}
	case *ast.Emphasis:
		kind := Emphasis
		if n.Level >= 2 {
			kind = Strong
		}
		return []Inline{{Kind: kind, Children: mdInlines(n, src, rep)}}
	case *ast.Link:
		href := string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(n.Destination))))
		if !SafeHref(href) {
			rep.add(DroppedMarkup, 1)
			return mdInlines(n, src, rep)
		}
		return []Inline{{Kind: Link, Href: href, Children: mdInlines(n, src, rep)}}
	case *ast.AutoLink:
		href := string(n.URL(src))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(href), "mailto:") {
			href = "mailto:" + href
		}
		label := []Inline{{Kind: Text, Text: string(n.Label(src))}}
		if !SafeHref(href) {
			return label
		}
		return []Inline{{Kind: Link, Href: href, Children: label}}
	case *ast.Image:
		rep.add(DroppedMarkup, 1)
		return mdInlines(n, src, rep)
	case *ast.RawHTML:
		var b strings.Builder
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			b.Write(seg.Value(src))
		}
		if brTag.MatchString(strings.TrimSpace(b.String())) {
			return []Inline{{Kind: Break}}
		}
		rep.add(DroppedMarkup, 1)
		return nil
	}
	return mdInlines(n, src, rep)
}

// stripStrayEmphasis removes runs of two or more asterisks left in text: emphasis markers that
// did not pair up (machine translation leaves "******实例**"). A single asterisk is kept, as it
// may be meant ("5 * 3").
func stripStrayEmphasis(s string, rep *Report) string {
	if !strings.Contains(s, "**") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == '*' {
			j++
		}
		switch {
		case j-i >= 2:
			rep.add(StrayEmphasis, 1)
			i = j
		case j > i:
			b.WriteString(s[i:j])
			i = j
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}
