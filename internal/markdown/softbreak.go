package markdown

import (
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// softBreakRenderer renders text nodes and decides every soft line break itself, whatever
// follows the text (more text, a link, emphasis, code): the break stays (a space to the
// reader) unless both characters around it are wide East Asian characters that are not
// Hangul, the way Chinese and Japanese are written. goldmark's own East Asian modes drop
// the break after any punctuation ("community.\nStart" rendered "community.Start") and
// only look when the next node is text.
//
// It writes through a writer that drops an escaped space ("**強調。**\ の後"), the CJK
// extension's WithEscapedSpace: goldmark's parser then reads the "\ " as the space that
// lets the emphasis close, and nothing of it is printed.
type softBreakRenderer struct{ w html.Writer }

func newSoftBreakRenderer() softBreakRenderer {
	return softBreakRenderer{w: html.NewWriter(html.WithEscapedSpace())}
}

func (r softBreakRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, r.render)
}

func (r softBreakRenderer) render(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	t := n.(*ast.Text)
	value := t.Segment.Value(src)
	if t.IsRaw() {
		r.w.RawWrite(w, value)
		return ast.WalkContinue, nil
	}
	r.w.Write(w, value)
	switch {
	case t.HardLineBreak():
		_, _ = w.WriteString("<br>\n")
	case t.SoftLineBreak() && r.keep(t, value, src):
		_ = w.WriteByte('\n')
	}
	return ast.WalkContinue, nil
}

// keep says whether the soft break that ends text node t (whose text is value) stays.
func (softBreakRenderer) keep(t *ast.Text, value, src []byte) bool {
	if len(value) == 0 || t.NextSibling() == nil {
		return true
	}
	last, _ := utf8.DecodeLastRune(value)
	first, ok := firstRune(t.NextSibling(), src)
	return !ok || keepBreak(last, first)
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

// keepBreak says whether a soft line break between last and first stays. It goes next to
// a zero-width space (the author's way of saying "no space here", CSS Text 3's first
// rule) and between two characters that join; it stays otherwise, whatever the
// punctuation (CSS Text 3 would also drop it next to any punctuation, which glues
// "end.\nStart" in every Latin-script language).
func keepBreak(last, first rune) bool {
	if last == '\u200B' || first == '\u200B' {
		return false
	}
	return !(joins(last) && joins(first))
}

// joins says whether r is written without spaces around it: a wide or full-width East
// Asian character (Han, kana, full-width punctuation) that is not Hangul (Korean puts
// spaces between words) and not a symbol (emoji are wide too).
func joins(r rune) bool {
	switch util.EastAsianWidth(r) {
	case "F", "W", "H":
		return !unicode.Is(unicode.Hangul, r) && !unicode.Is(unicode.So, r)
	}
	return false
}
