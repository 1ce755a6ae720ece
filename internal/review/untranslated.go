package review

import (
	"strings"
	"unicode"

	"docsite/internal/outline"
)

// untranslated reports sentences of a translation that equal a sentence of its source, or
// that are written in the source's script although the translation's language does not use
// that script (English left in a Japanese page). A Japanese sentence translated from Chinese
// that has a dozen Han characters and no kana is Chinese. Sentences without at least three
// words (or four CJK characters) are left alone: names, codes and acronyms stay as they are.
func (c *checker) untranslated(sec *outline.Section, s, t []outline.Segment) {
	srcSentences := map[string]bool{}
	var srcProfile profile
	for _, seg := range s {
		for _, x := range sentences(seg.Text) {
			srcSentences[key(x)] = true
			srcProfile.add(x)
		}
	}
	srcScript := srcProfile.dominant()
	srcLine := 0
	if len(s) > 0 {
		srcLine = s[0].Line
	}
	for _, seg := range t {
		for _, x := range sentences(seg.Text) {
			if !translatable(x) {
				continue
			}
			if srcSentences[key(x)] && c.locale != c.src {
				c.add(Untranslated, sec, srcLine, seg.Line, "same text as the source: %s", excerpt(x))
				return
			}
			if why := c.foreign(x, srcScript); why != "" {
				c.add(Untranslated, sec, srcLine, seg.Line, "%s: %s", why, excerpt(x))
				return
			}
		}
	}
}

// foreign explains why a sentence is in the source's script and not the translation's, or
// returns "".
func (c *checker) foreign(x string, srcScript script) string {
	var p profile
	p.add(x)
	own := scriptsOf(c.locale)
	d := p.dominant()
	if d == srcScript && d != none && !own[d] {
		return "written in " + d.String() + " script like the source"
	}
	if base(c.locale) == "ja" && srcScript == han && p.counts[han] >= 12 && p.counts[kana] == 0 {
		return "Han characters without kana, like the Chinese source"
	}
	return ""
}

// sentences splits a line of text after sentence-ending punctuation.
func sentences(s string) []string {
	var out []string
	start := 0
	rs := []rune(s)
	for i, r := range rs {
		end := strings.ContainsRune("。！？!?", r) ||
			r == '.' && (i+1 == len(rs) || unicode.IsSpace(rs[i+1]))
		if end {
			out = appendTrimmed(out, string(rs[start:i+1]))
			start = i + 1
		}
	}
	return appendTrimmed(out, string(rs[start:]))
}

func appendTrimmed(out []string, s string) []string {
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, s)
	}
	return out
}

// key is how sentences compare: folded, lower case, single spaces.
func key(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(outline.Fold(s))), " ")
}

// translatable reports whether a sentence has enough words to need a translation: three
// words of two or more letters that are not all capitals (acronyms, product names), or four
// CJK characters.
func translatable(s string) bool {
	words := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 2 && strings.ToUpper(w) != w {
			words++
		}
	}
	var p profile
	p.add(s)
	return words >= 3 || p.counts[han]+p.counts[kana]+p.counts[hangul] >= 4
}

// script is a writing system, as far as telling languages apart needs.
type script int

const (
	none script = iota
	latin
	han
	kana
	hangul
	other
)

var scriptNames = [...]string{"no", "Latin", "Han", "kana", "Hangul", "another"}

func (s script) String() string { return scriptNames[s] }

func scriptOf(r rune) script {
	switch {
	case unicode.Is(unicode.Han, r):
		return han
	case unicode.In(r, unicode.Hiragana, unicode.Katakana):
		return kana
	case unicode.Is(unicode.Hangul, r):
		return hangul
	case unicode.Is(unicode.Latin, r):
		return latin
	case unicode.IsLetter(r):
		return other
	}
	return none
}

// profile counts the letters of a text by script. Runs of Latin letters and digits in
// capitals or holding a digit (acronyms, product codes: "GPU", "M40") are not counted:
// every language writes them the same.
type profile struct{ counts [6]int }

func (p *profile) add(s string) {
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if !isLatinOrDigit(rs[i]) {
			p.counts[scriptOf(rs[i])]++
			i++
			continue
		}
		j := i
		for j < len(rs) && isLatinOrDigit(rs[j]) {
			j++
		}
		if !isCode(rs[i:j]) {
			p.counts[latin] += j - i
		}
		i = j
	}
}

func isLatinOrDigit(r rune) bool {
	return scriptOf(r) == latin || unicode.IsDigit(r)
}

// isCode reports a run of Latin letters and digits in capitals or holding a digit.
func isCode(run []rune) bool {
	lower, digit := false, false
	for _, r := range run {
		lower = lower || unicode.IsLower(r)
		digit = digit || unicode.IsDigit(r)
	}
	return !lower || digit
}

// dominant is the script with the most letters; kana counts with Han for deciding between
// Japanese and Chinese only in foreign.
func (p *profile) dominant() script {
	best, n := none, 0
	for s := latin; s <= other; s++ {
		if p.counts[s] > n {
			best, n = s, p.counts[s]
		}
	}
	return best
}

// scriptsOf lists the scripts a language is written in.
func scriptsOf(locale string) map[script]bool {
	switch base(locale) {
	case "zh":
		return map[script]bool{han: true}
	case "ja":
		return map[script]bool{han: true, kana: true}
	case "ko":
		return map[script]bool{hangul: true, han: true}
	}
	return map[script]bool{latin: true}
}

// base is the language subtag of a locale code: "zh-Hans" → "zh".
func base(locale string) string {
	l, _, _ := strings.Cut(strings.ToLower(locale), "-")
	l, _, _ = strings.Cut(l, "_")
	return l
}
