package outline

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// runeInfo is what folding and weighing ask of a rune of the basic multilingual plane,
// looked up once in a table instead of in the Unicode tries for every character of every text.
type runeInfo uint8

const (
	// foldInert: width.Fold and NFKC leave the rune as it is, and NFKC never combines it
	// with what comes before it. A text of such runes is its own Fold: every rune starts a
	// normalisation segment of its own, and each is normal.
	foldInert  runeInfo = 1 << iota
	weightOne           // Weight counts 1
	weightKana          // Weight counts 1.5
	weightHan           // Weight counts 3
)

type runeTable [0x10000]runeInfo

var runeInfos = sync.OnceValue(func() *runeTable {
	var t runeTable
	for r := range rune(0x10000) {
		t[r] = lookupRune(r)
	}
	return &t
})

func lookupRune(r rune) runeInfo {
	var info runeInfo
	var buf [utf8.UTFMax]byte
	s := buf[:utf8.EncodeRune(buf[:], r)]
	p := norm.NFKC.Properties(s)
	if utf8.ValidRune(r) && width.LookupRune(r).Folded() == 0 && p.BoundaryBefore() && norm.NFKC.IsNormal(s) {
		info |= foldInert
	}
	switch {
	case r < 0x80:
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			info |= weightOne
		}
	case unicode.In(r, unicode.Han, unicode.Hangul):
		info |= weightHan
	case unicode.In(r, unicode.Hiragana, unicode.Katakana):
		info |= weightKana
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		info |= weightOne
	}
	return info
}

// foldInertText reports whether Fold leaves a text as it is, by the table.
func foldInertText(s string) bool {
	t := runeInfos()
	for _, r := range s {
		if r >= 0x10000 || r == utf8.RuneError || t[r]&foldInert == 0 {
			return false
		}
	}
	return true
}
