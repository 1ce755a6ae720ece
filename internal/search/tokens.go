package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Terms are what the index and a query are made of. Text is normalised first: NFKC (so
// full-width Ｖ１００ is V100 and half-width ｶﾀｶﾅ is カタカナ), then lower case. It is then
// cut into runs of letters, marks and digits. In a run, the characters of scripts written
// without spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) give
// overlapping character pairs — 显存价格 is 显存 存价 价格 — and a lone such character
// itself; every other stretch is a word. So 显存 or 料金 is found inside unsegmented text
// without a dictionary, and "V100价格" is v100 and 价格.
//
// static/search.js does the same in the browser (String.prototype.normalize("NFKC"),
// toLowerCase, \p{…} classes); TestQueryTermsMatchScript keeps the two in step.

// Term is a term of a text and the byte offset of its first character in the
// normalised text.
type Term struct {
	Text string
	At   int
}

// Normalize is the form text is compared in: NFKC, lower case, final sigma as sigma.
func Normalize(text string) string {
	s := strings.ToLower(norm.NFKC.String(text))
	if strings.ContainsRune(s, 'ς') {
		s = strings.ReplaceAll(s, "ς", "σ")
	}
	return s
}

// Terms appends the terms of text to dst.
func Terms(dst []Term, text string) []Term {
	return termsOf(dst, Normalize(text))
}

// termsOf appends the terms of the normalised text s.
func termsOf(dst []Term, s string) []Term {
	word := -1 // start of the word being read, or -1
	type at struct {
		r rune
		i int
	}
	var run []at // the unspaced run being read
	endRun := func() {
		if len(run) == 1 {
			dst = append(dst, Term{string(run[0].r), run[0].i})
		}
		for i := 0; i+1 < len(run); i++ {
			dst = append(dst, Term{string([]rune{run[i].r, run[i+1].r}), run[i].i})
		}
		run = run[:0]
	}
	endWord := func(end int) {
		if word >= 0 {
			dst = append(dst, Term{s[word:end], word})
			word = -1
		}
	}
	for i, r := range s {
		switch {
		case unspaced(r):
			endWord(i)
			run = append(run, at{r, i})
		case len(run) > 0 && unicode.Is(unicode.M, r):
			// a mark on an unspaced letter (a variation selector) is left out
		case wordRune(r):
			endRun()
			if word < 0 {
				word = i
			}
		default:
			endWord(i)
			endRun()
		}
	}
	endWord(len(s))
	endRun()
	return dst
}

// wordRune reports whether r belongs in a word.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r) || unicode.Is(unicode.Nl, r)
}

// unspaced reports whether r is a letter of a script written without spaces between
// words. The prolonged sound mark ー and the iteration mark 々 are Common by script but
// belong to the Japanese word they stand in.
func unspaced(r rune) bool {
	if r < 0x0e00 {
		return false
	}
	if r == 'ー' || r == '々' || r == 'ｰ' {
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao,
		unicode.Khmer, unicode.Myanmar) && !unicode.IsPunct(r) && !unicode.IsSymbol(r)
}
