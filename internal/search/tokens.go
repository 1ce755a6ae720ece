package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

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
	var n normalizer
	return string(n.normalize(text))
}

// Terms appends the terms of text to dst.
func Terms(dst []Term, text string) []Term {
	var n normalizer
	n.each(n.normalize(text), func(t []byte, at int) {
		dst = append(dst, Term{string(t), at})
	})
	return dst
}

// normalizer holds the buffers that normalising and cutting text reuse; the zero value
// is ready. The index is made of millions of terms: none of them allocates here.
type normalizer struct {
	buf  []byte
	pair []byte
	run  []runeAt
}

type runeAt struct {
	r    rune
	i, n int // offset and length in bytes
}

// normalize returns text normalised, in a buffer the next call reuses.
//
// Most of a page is characters NFKC leaves as they are and that nothing before them
// composes with (stable, below): those are copied, folding ASCII case, full-width ASCII
// is made ASCII, and only the stretches between them go through norm, which reads the end of what is already
// normalised where a stretch starts with a combining mark.
func (n *normalizer) normalize(text string) []byte {
	b := n.buf[:0]
	for i := 0; i < len(text); {
		j := i // text[i:j] is stable
		for j < len(text) {
			if c := text[j]; c < utf8.RuneSelf {
				j++
				continue
			}
			r, size := utf8.DecodeRuneInString(text[j:])
			if !stable(r) {
				break
			}
			j += size
		}
		start := len(b)
		b = append(b, text[i:j]...)
		for k := start; k < len(b); k++ {
			if c := b[k]; 'A' <= c && c <= 'Z' {
				b[k] = c + 'a' - 'A'
			}
		}
		if j == len(text) {
			break
		}
		// A full-width form of an ASCII character (the commas, colons and brackets of
		// Chinese and Japanese text) is that character to NFKC, whatever follows: norm
		// is not called for it (it allocates a buffer each time).
		if r, size := utf8.DecodeRuneInString(text[j:]); 0xff01 <= r && r <= 0xff5e {
			c := byte(r - 0xfee0)
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i = j + size
			continue
		}
		k := j + 1 // text[j:k] is not: up to the next stable character
		for k < len(text) {
			if c := text[k]; c < utf8.RuneSelf {
				break
			}
			r, size := utf8.DecodeRuneInString(text[k:])
			if stable(r) {
				break
			}
			k += size
		}
		// norm may rewrite the end of b (a mark composing with the letter before it);
		// what is before that is in lower case already.
		from := max(0, len(b)-utf8.UTFMax*4)
		b = norm.NFKC.AppendString(b, text[j:k])
		var ok bool
		if b, ok = lower(b, from); !ok { // the slow way, all of it
			n.buf = []byte(strings.ReplaceAll(strings.ToLower(norm.NFKC.String(text)), "ς", "σ"))
			return n.buf
		}
		i = k
	}
	n.buf = b
	return b
}

// lower folds b[from:] to lower case in place (final sigma to sigma); it reports false
// if a letter's lower case has another length, which the caller does the slow way.
func lower(b []byte, from int) ([]byte, bool) {
	for from > 0 && !utf8.RuneStart(b[from]) {
		from--
	}
	for i := from; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		l := unicode.ToLower(r)
		if l == 'ς' {
			l = 'σ'
		}
		if l != r {
			if utf8.RuneLen(l) != size {
				return b, false
			}
			utf8.EncodeRune(b[i:], l)
		}
		i += size
	}
	return b, true
}

// stable reports whether NFKC leaves r as it is whatever comes before it, and r has no
// case: the CJK ideographs, common kana and the CJK brackets and stops (TestStable checks
// every one against norm).
func stable(r rune) bool {
	return unspacedLetter(r) || 0x3001 <= r && r <= 0x3003 || 0x3005 <= r && r <= 0x3011 ||
		0x30fb <= r && r <= 0x30fd
}

// unspacedLetter is the quick part of unspaced: the CJK ideographs and common kana.
func unspacedLetter(r rune) bool {
	return 0x4e00 <= r && r <= 0x9fff || 0x3041 <= r && r <= 0x3096 || 0x30a1 <= r && r <= 0x30f6
}

// each calls fn with every term of the normalised text s and its offset. The term is
// only valid during the call.
func (n *normalizer) each(s []byte, fn func(term []byte, at int)) {
	word := -1 // start of the word being read, or -1
	run := n.run[:0]
	endRun := func() {
		if len(run) == 1 {
			fn(s[run[0].i:run[0].i+run[0].n], run[0].i)
		}
		for i := 0; i+1 < len(run); i++ {
			a, b := run[i], run[i+1]
			if a.i+a.n == b.i {
				fn(s[a.i:b.i+b.n], a.i)
			} else { // a mark between them was left out
				n.pair = utf8.AppendRune(utf8.AppendRune(n.pair[:0], a.r), b.r)
				fn(n.pair, a.i)
			}
		}
		run = run[:0]
	}
	endWord := func(end int) {
		if word >= 0 {
			fn(s[word:end], word)
			word = -1
		}
	}
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf { // most of most pages: no tables to look in
			if len(run) > 0 {
				endRun()
			}
			if asciiAlnum(c) {
				if word < 0 {
					word = i
				}
			} else {
				endWord(i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		switch {
		case unspaced(r):
			endWord(i)
			run = append(run, runeAt{r, i, size})
		case len(run) > 0 && unicode.Is(unicode.M, r):
			// a mark on an unspaced letter (a variation selector) is left out
		case r != utf8.RuneError && wordRune(r):
			endRun()
			if word < 0 {
				word = i
			}
		default:
			endWord(i)
			endRun()
		}
		i += size
	}
	endWord(len(s))
	endRun()
	n.run = run
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
	if unspacedLetter(r) || r == 'ー' || r == '々' || r == 'ｰ' {
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao,
		unicode.Khmer, unicode.Myanmar) && !unicode.IsPunct(r) && !unicode.IsSymbol(r)
}

// isPair reports whether term is a pair of characters of an unspaced script, whose
// postings say where in the section it is (Places).
func isPair(term string) bool {
	first, size := utf8.DecodeRuneInString(term)
	return size < len(term) && unspaced(first)
}
