package table

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// brTag matches a raw <br> in markdown, the only raw inline HTML kept (as a line break).
var brTag = regexp.MustCompile(`(?i)^<br\s*/?>$`)

// source is what the segments of goldmark nodes point into, as bytes, and as a string for a
// window of it, the part around the table at hand: texts taken whole from the window are
// substrings of that one string, not copies each. The string is made when first asked for,
// and a text outside the window is copied on its own.
type source struct {
	b      []byte
	lo, hi int    // the window
	s      string // b[lo:hi], once made
	made   bool
	// unmask, when set, turns the masked shortcode tags in a text of b into their output
	// (see SetUnmask).
	unmask, unmaskHTML func([]byte) []byte
}

// value returns the bytes of segment seg, shortcode tags replaced by their output.
func (src *source) value(seg text.Segment) []byte {
	v := seg.Value(src.b)
	if src.unmask != nil && bytes.IndexByte(v, '{') >= 0 {
		return src.unmask(v)
	}
	return v
}

// stringSource returns the source b whose string s (of the same bytes) is at hand.
func stringSource(b []byte, s string) *source {
	return &source{b: b, hi: len(b), s: s, made: true}
}

// setWindow makes b[lo:hi] the window, forgetting the string of the last one.
func (src *source) setWindow(lo, hi int) {
	lo, hi = max(lo, 0), min(hi, len(src.b))
	src.lo, src.hi, src.s, src.made = lo, max(lo, hi), "", false
}

// text returns the text of segment seg.
func (src *source) text(seg text.Segment) string {
	if src.unmask != nil {
		return string(src.value(seg))
	}
	if seg.Padding != 0 || seg.Start < src.lo || seg.Stop > src.hi || seg.Start > seg.Stop {
		return string(seg.Value(src.b))
	}
	if !src.made {
		src.s, src.made = string(src.b[src.lo:src.hi]), true
	}
	return src.s[seg.Start-src.lo : seg.Stop-src.lo]
}

// mdInlines converts the inline children of a goldmark node into the model. src is the source
// the node's segments point into.
func mdInlines(n ast.Node, src *source, rep *Report) []Inline {
	return appendMDChildren(nil, n, src, rep)
}

func appendMDChildren(dst []Inline, n ast.Node, src *source, rep *Report) []Inline {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		dst = appendMDInline(dst, ch, src, rep)
	}
	return dst
}

// appendMDInline appends the conversion of the inline node n to dst.
func appendMDInline(dst []Inline, n ast.Node, src *source, rep *Report) []Inline {
	switch n := n.(type) {
	case *ast.Text:
		v := src.value(n.Segment)
		s := ""
		if !n.IsRaw() && (bytes.IndexByte(v, '\\') >= 0 || bytes.IndexByte(v, '&') >= 0) {
			s = string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v))))
		} else { // nothing to resolve: the text as it is in the source
			s = src.text(n.Segment)
		}
		dst = append(dst, Inline{Kind: Text, Text: stripStrayEmphasis(s, rep)})
		switch {
		case n.HardLineBreak():
			dst = append(dst, Inline{Kind: Break})
		case n.SoftLineBreak():
			dst = append(dst, Inline{Kind: Text, Text: " "})
		}
		return dst
	case *ast.String:
		return append(dst, Inline{Kind: Text, Text: stripStrayEmphasis(string(n.Value), rep)})
	case *ast.CodeSpan:
		var b strings.Builder
		for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
			if t, ok := ch.(*ast.Text); ok {
				b.Write(src.value(t.Segment))
			} else if s, ok := ch.(*ast.String); ok {
				b.Write(s.Value)
			}
		}
		return append(dst, Inline{Kind: Code, Text: b.String()})
	case *ast.Emphasis:
		kind := Emphasis
		if n.Level >= 2 {
			kind = Strong
		}
		return append(dst, Inline{Kind: kind, Children: mdInlines(n, src, rep)})
	case *ast.Link:
		href := string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(n.Destination))))
		if !SafeHref(href) {
			rep.add(DroppedMarkup, 1)
			return appendMDChildren(dst, n, src, rep)
		}
		return append(dst, Inline{Kind: Link, Href: href, Children: mdInlines(n, src, rep)})
	case *ast.AutoLink:
		href := string(n.URL(src.b))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(href), "mailto:") {
			href = "mailto:" + href
		}
		label := Inline{Kind: Text, Text: string(n.Label(src.b))}
		if !SafeHref(href) {
			return append(dst, label)
		}
		return append(dst, Inline{Kind: Link, Href: href, Children: []Inline{label}})
	case *ast.Image:
		dest := string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(n.Destination))))
		if !SafeSrc(dest) {
			rep.add(DroppedMarkup, 1)
			return appendMDChildren(dst, n, src, rep)
		}
		return append(dst, Inline{Kind: Image, Href: dest, Text: InlineText(mdInlines(n, src, rep))})
	case *ast.RawHTML:
		var b strings.Builder
		for i := 0; i < n.Segments.Len(); i++ {
			b.Write(src.value(n.Segments.At(i)))
		}
		if brTag.MatchString(strings.TrimSpace(b.String())) {
			return append(dst, Inline{Kind: Break})
		}
		rep.add(DroppedMarkup, 1)
		return dst
	case TextNode:
		if t, ok := n.TableText(); ok {
			return append(dst, Inline{Kind: Text, Text: t})
		}
	}
	return appendMDChildren(dst, n, src, rep)
}

// TextNode is an inline node of another extension that stands for text of its own (a
// shortcode's output): a table cell keeps that text.
type TextNode interface {
	TableText() (string, bool)
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
