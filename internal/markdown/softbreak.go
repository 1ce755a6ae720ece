package markdown

import (
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// softBreakRenderer renders text as goldmark does, and keeps the line break goldmark
// drops when a line ends in text and the next begins with a link, emphasis or code
// ("see the\n[guide](…)" rendered "see the<a …>guide</a>", words run together). With
// East Asian line breaks on, goldmark decides whether to keep a soft break by the
// characters on both sides, but only looks when the next node is text too; this looks at
// the first character of whatever comes next and applies the same rule, so a break
// between two Chinese characters still goes and one between English words stays. An
// escaped space ("\ ", which the CJK extension parses so that emphasis can close after
// CJK punctuation) is written as nothing, as goldmark's own writer does with that option.
type softBreakRenderer struct{ base renderer.NodeRendererFunc }

func newSoftBreakRenderer() softBreakRenderer {
	var c capture
	html.NewRenderer(html.WithEastAsianLineBreaks(html.EastAsianLineBreaksCSS3Draft),
		html.WithWriter(html.NewWriter(html.WithEscapedSpace()))).RegisterFuncs(&c)
	return softBreakRenderer{base: c.text}
}

// capture keeps the text rendering function of a node renderer.
type capture struct{ text renderer.NodeRendererFunc }

func (c *capture) Register(k ast.NodeKind, f renderer.NodeRendererFunc) {
	if k == ast.KindText {
		c.text = f
	}
}

func (r softBreakRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, r.render)
}

func (r softBreakRenderer) render(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	st, err := r.base(w, src, n, entering)
	if err != nil || !entering {
		return st, err
	}
	t := n.(*ast.Text)
	next := n.NextSibling()
	if !t.SoftLineBreak() || t.HardLineBreak() || next == nil || next.Kind() == ast.KindText {
		return st, nil // goldmark has decided
	}
	value := t.Segment.Value(src)
	if len(value) == 0 {
		return st, nil
	}
	last, _ := utf8.DecodeLastRune(value)
	first, ok := firstRune(next, src)
	if !ok || keepBreak(last, first) {
		_ = w.WriteByte('\n')
	}
	return st, nil
}

// firstRune is the first character of the text inside n: the first text node found
// going down first children and then along siblings, as in reading order.
func firstRune(n ast.Node, src []byte) (rune, bool) {
	for c := n; c != nil; {
		if t, ok := c.(*ast.Text); ok {
			if v := t.Segment.Value(src); len(v) > 0 {
				r, _ := utf8.DecodeRune(v)
				return r, true
			}
		}
		if f := c.FirstChild(); f != nil {
			c = f
			continue
		}
		for c != n && c.NextSibling() == nil {
			c = c.Parent()
		}
		if c == n {
			return 0, false
		}
		c = c.NextSibling()
	}
	return 0, false
}

// keepBreak applies CSS Text 3's segment break rules, as goldmark's CSS3 draft mode does:
// the break goes between two wide East Asian characters (not Hangul) and next to
// space-discarding punctuation, and stays (as a space) otherwise.
func keepBreak(last, first rune) bool {
	if last == '\u200B' || first == '\u200B' {
		return false
	}
	if wide(last) && wide(first) {
		return unicode.Is(unicode.Hangul, last) || unicode.Is(unicode.Hangul, first)
	}
	for _, r := range []rune{last, first} {
		if util.IsSpaceDiscardingUnicodeRune(r) || r == '\u3000' || (unicode.IsPunct(r) && wide(r)) {
			return false
		}
	}
	return true
}

func wide(r rune) bool {
	switch util.EastAsianWidth(r) {
	case "F", "W", "H":
		return true
	}
	return false
}
