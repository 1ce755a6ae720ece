package exchange

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// flank writes emphasis that CommonMark cannot open or close where a translation puts it
// so that it renders all the same. "**変わります。**です" is not bold: a closing ** after
// punctuation must be followed by white space or punctuation, and CJK text has no spaces.
// An escaped space ("\ ", read by goldmark's CJK extension and rendered as nothing) after
// such a closer, or before such an opener, makes the delimiter flank.
func flank(s string) string {
	if !strings.ContainsAny(s, "*~") {
		return s
	}
	tokens := Tokenize(s)
	var b strings.Builder
	for i, t := range tokens {
		c := t.Code
		if c == nil {
			b.WriteString(t.Text)
			continue
		}
		emphasis := c.Guard == "" && strings.Trim(c.Data, "*_~") == ""
		if emphasis && c.Role == Open {
			prev, _ := utf8.DecodeLastRuneInString(b.String())
			if punct(firstAfter(tokens, i)) && prev != utf8.RuneError && !unicode.IsSpace(prev) && !punct(prev) {
				b.WriteString(`\ `)
			}
		}
		if emphasis && c.Role == Close {
			prev, _ := utf8.DecodeLastRuneInString(b.String())
			next := firstAfter(tokens, i)
			b.WriteString(c.Data)
			if punct(prev) && next != utf8.RuneError && !unicode.IsSpace(next) && !punct(next) {
				b.WriteString(`\ `)
			}
			continue
		}
		b.WriteString(c.Data)
	}
	return b.String()
}

// firstAfter is the first character after token i, or utf8.RuneError at the end.
func firstAfter(tokens []Token, i int) rune {
	for _, t := range tokens[i+1:] {
		s := t.Text
		if t.Code != nil {
			s = t.Code.Data
		}
		if s != "" {
			r, _ := utf8.DecodeRuneInString(s)
			return r
		}
	}
	return utf8.RuneError
}

func punct(r rune) bool { return r != utf8.RuneError && (unicode.IsPunct(r) || unicode.IsSymbol(r)) }
