package outline

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"docsite/internal/script"
)

// runeInfo is what folding and weighing ask of a rune of the basic multilingual plane,
// looked up once in a table instead of in the Unicode tries for every character of every text.
type runeInfo uint8

const (
	// foldInert: width.Fold and NFKC leave the rune as it is, and NFKC never combines it
	// with what comes before it. A text of such runes is its own Fold: every rune starts a
	// normalisation segment of its own, and each is normal.
	foldInert runeInfo = 1 << iota
	// widthToInert: width.Fold changes the rune, into one that is foldInert.
	widthToInert
	weightOne  // Weight counts 1
	weightKana // Weight counts 1.5
	weightHan  // Weight counts 3
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
	switch f := width.LookupRune(r).Folded(); {
	case f == 0 && nfkcInert(r):
		info |= foldInert
	case f != 0 && width.LookupRune(f).Folded() == 0 && nfkcInert(f):
		info |= widthToInert
	}
	switch {
	case r < 0x80:
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			info |= weightOne
		}
	default:
		switch script.Of(r) {
		case script.Han, script.Hangul:
			info |= weightHan
		case script.Kana:
			info |= weightKana
		default:
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				info |= weightOne
			}
		}
	}
	return info
}

// nfkcInert reports whether NFKC leaves r as it is and never combines it with what comes
// before it.
func nfkcInert(r rune) bool {
	if !utf8.ValidRune(r) {
		return false
	}
	var buf [utf8.UTFMax]byte
	s := buf[:utf8.EncodeRune(buf[:], r)]
	return norm.NFKC.Properties(s).BoundaryBefore() && norm.NFKC.IsNormal(s)
}

// foldByTable folds s when every rune is foldInert or widthToInert: then width.Fold, which
// maps rune by rune, gives a text of inert runes, which NFKC leaves as it is (every rune
// starts a segment of its own and each is normal). ok is false when NFKC may have work.
func foldByTable(s string) (folded string, ok bool) {
	t := runeInfos()
	changed := false
	for _, r := range s {
		if r >= 0x10000 || r == utf8.RuneError {
			return "", false
		}
		switch info := t[r]; {
		case info&foldInert != 0:
		case info&widthToInert != 0:
			changed = true
		default:
			return "", false
		}
	}
	return foldTable(s, changed), true
}

// foldTable folds a text foldByTable admits; changed says whether any rune changes.
func foldTable(s string, changed bool) string {
	if !changed {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	writeFolded(&b, s)
	return b.String()
}

// runeWriter is what writeFolded writes to: a strings.Builder or a bytes.Buffer.
type runeWriter interface {
	WriteString(string) (int, error)
	WriteRune(rune) (int, error)
}

// writeFolded writes a text foldByTable admits, folded, to w: the runs of runes that fold to
// themselves as they are, the others folded one by one.
func writeFolded[W runeWriter](w W, s string) {
	t := runeInfos()
	from := 0
	for i, r := range s {
		if r < utf8.RuneSelf || r >= 0x10000 || t[r]&widthToInert == 0 {
			continue
		}
		w.WriteString(s[from:i])
		w.WriteRune(width.LookupRune(r).Folded())
		from = i + utf8.RuneLen(r)
	}
	w.WriteString(s[from:])
}

// scan reads in one pass what Weight and foldByTable read of a text: its weight in halves,
// whether foldByTable admits it, and whether folding changes it.
func scan(s string) (halves int, byTable, changed bool) {
	t := runeInfos()
	byTable = true
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			halves += int(asciiHalves[c]) // ASCII folds to itself
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		info := weightOf(t, r)
		switch {
		case info&weightOne != 0:
			halves += 2
		case info&weightHan != 0:
			halves += 6
		case info&weightKana != 0:
			halves += 3
		}
		switch {
		case !byTable:
		case r >= 0x10000 || r == utf8.RuneError:
			byTable = false
		case info&foldInert != 0:
		case info&widthToInert != 0:
			changed = true
		default:
			byTable = false
		}
	}
	return halves, byTable, changed
}

// FoldsByRune reports whether Fold(s) maps s rune by rune, each rune to FoldRune of it: true
// for valid text of the basic multilingual plane without U+FFFD whose every rune folds by
// the table (see foldByTable), false when NFKC may have work.
func FoldsByRune(s string) bool {
	if isASCII(s) {
		return true
	}
	t := runeInfos()
	for _, r := range s {
		if r >= 0x10000 || r == utf8.RuneError || t[r]&(foldInert|widthToInert) == 0 {
			return false
		}
	}
	return true
}

// FoldRune is what Fold makes of r in a text for which FoldsByRune holds.
func FoldRune(r rune) rune {
	if r < utf8.RuneSelf || r >= 0x10000 || runeInfos()[r]&widthToInert == 0 {
		return r
	}
	return width.LookupRune(r).Folded()
}
