package outline

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Anchors are the parts of a text that survive translation unchanged: numbers, product codes,
// link targets and image sources.
type Anchors struct {
	Numbers []string // canonical numbers in text order: "6,144" → "6144", "１２５.６０" → "125.6"
	Codes   []string // product codes without inner space: "M 40" → "M40"
	Links   []string // link destinations
	Images  []string // image sources
}

// Fold returns s with full-width forms narrowed and NFKC applied, the form all anchors are read from.
func Fold(s string) string {
	f, _ := fold(s)
	return f
}

// fold is Fold, and whether it folded s rune by rune (FoldsByRune).
func fold(s string) (folded string, byRune bool) {
	if isASCII(s) {
		return s, true // both foldings leave ASCII alone
	}
	if f, ok := foldByTable(s); ok {
		return f, true
	}
	if utf8.ValidString(s) && widthCanonical(s) {
		return norm.NFKC.String(s), false // s itself when already in NFKC, without a copy
	}
	return norm.NFKC.String(width.Fold.String(s)), false
}

// widthCanonical reports whether width.Fold leaves every rune of a valid text as it is.
func widthCanonical(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		p, size := width.LookupString(s[i:])
		if size == 0 || p.Folded() != 0 {
			return false
		}
		i += size
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TextAnchors reads the numbers and product codes of a text.
func TextAnchors(s string) Anchors {
	f := Fold(s)
	return Anchors{Numbers: numbers(f), Codes: codes(f)}
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func isLetter(b byte) bool {
	return isUpper(b) || b >= 'a' && b <= 'z'
}

// numbers scans a folded text for numbers. A comma followed by exactly three digits is a
// thousands separator; a dot followed by a digit starts the fraction.
func numbers(s string) []string {
	var buf [32]string
	return cloneStrings(appendNumbers(buf[:0], s))
}

// appendNumbers appends the numbers of a folded text to out.
func appendNumbers(out []string, s string) []string {
	for i := nextDigit(s, 0); i < len(s); i = nextDigit(s, i) {
		n, end := scanNumber(s, i)
		out = append(out, n)
		i = end
	}
	return out
}

// cloneStrings copies a list made in a stack buffer; nil when it is empty.
func cloneStrings(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return slices.Clip(slices.Clone(s))
}

func scanNumber(s string, i int) (canon string, end int) {
	start, plain := i, true // plain: no thousands separator
	for i < len(s) {
		switch {
		case isDigit(s[i]):
			i++
			continue
		case s[i] == ',' && groupOfThree(s, i+1):
			plain = false
			i++
			continue
		}
		break
	}
	intPart := s[start:i]
	frac := ""
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		frac, i = s[i+1:j], j
	}
	if frac != "" && plain {
		if end, ok := version(s, start, i, len(intPart) <= 3 && len(frac) == 3); ok {
			return s[start:end], end
		}
	}
	if plain && (intPart == "0" || intPart[0] != '0') && (frac == "" || frac[len(frac)-1] != '0') {
		return s[start:i], i // already canonical, as written
	}
	if !plain {
		intPart = strings.ReplaceAll(intPart, ",", "")
	}
	return canonNumber(intPart, frac), i
}

// version reports whether the number s[start:end], digits, a dot and digits, is a
// version, and where it ends: one followed by more dotted parts (2.30.0, 192.168.0.1), or
// written after a v (v0.110). A version is compared as written, not as a decimal (2.30.0
// is not 2.3, nor v0.110 0.11); digits grouped by three after dots (1.000.000) are
// thousands, in the languages that group so: grouped says s[start:end] begins so.
func version(s string, start, end int, grouped bool) (int, bool) {
	dots := 1
	for end+1 < len(s) && s[end] == '.' && isDigit(s[end+1]) {
		dots++
		grouped = grouped && groupOfThree(s, end+1)
		end += 2
		for end < len(s) && isDigit(s[end]) {
			end++
		}
	}
	v := start > 0 && (s[start-1] == 'v' || s[start-1] == 'V') && (start == 1 || !isLetter(s[start-2]))
	return end, (dots > 1 || v) && !(dots > 1 && grouped)
}

// groupOfThree reports whether s[i:] starts with exactly three digits.
func groupOfThree(s string, i int) bool {
	if i+3 > len(s) {
		return false
	}
	for k := i; k < i+3; k++ {
		if !isDigit(s[k]) {
			return false
		}
	}
	return i+3 == len(s) || !isDigit(s[i+3])
}

func canonNumber(intPart, frac string) string {
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		return intPart
	}
	return intPart + "." + frac
}

// SignificantNumbers returns the significant numbers of a text (Anchors.Significant of
// TextAnchors), without reading its codes.
func SignificantNumbers(s string) []string {
	var out []string
	for _, n := range numbers(Fold(s)) {
		if len(n) > 1 {
			out = append(out, n)
		}
	}
	return out
}

// codes finds product codes: one to four capital letters, not preceded by a letter, then
// digits, optionally after one space or hyphen ("M40", "M 40", "A100", "RTX 4090").
func codes(s string) []string {
	var buf [16]string
	return cloneStrings(appendCodes(buf[:0], s))
}

// appendCodes appends the product codes of a folded text to out.
func appendCodes(out []string, s string) []string {
	for i := nextUpper(s, 0); i < len(s); {
		if i > 0 && isLetter(s[i-1]) {
			i = nextUpper(s, i+1)
			continue
		}
		code, next := codeAt(s, i)
		if code != "" {
			out = append(out, code)
		}
		i = nextUpper(s, next)
	}
	return out
}

// codeAt reads the product code starting at s[i], a capital not after a letter: up to four
// capitals, an optional space or hyphen, then digits ("RTX 4090" → "RTX4090"). It returns ""
// where there is none, and where to look for the next one.
func codeAt(s string, i int) (code string, next int) {
	j := i
	for j < len(s) && isUpper(s[j]) {
		j++
	}
	letters := s[i:j]
	if len(letters) > 4 {
		return "", j
	}
	k := j
	if k < len(s) && (s[k] == ' ' || s[k] == '-') {
		k++
	}
	d := k
	for d < len(s) && isDigit(s[d]) {
		d++
	}
	if d == k {
		return "", i + 1
	}
	if k > j {
		return letters + s[k:d], d
	}
	return s[i:d], d // as written when nothing separates letters and digits
}

// Significant returns the numbers worth comparing across languages: all but single-digit
// integers, which translations legitimately spell out ("one" → "1つ") or renumber ("2." → "(二)").
func (a Anchors) Significant() []string {
	k := 0
	for _, n := range a.Numbers {
		if len(n) > 1 {
			k++
		}
	}
	switch k {
	case 0:
		return nil
	case len(a.Numbers):
		return a.Numbers[:k:k] // all of them: no copy
	}
	out := make([]string, 0, k)
	for _, n := range a.Numbers {
		if len(n) > 1 {
			out = append(out, n)
		}
	}
	return out
}
