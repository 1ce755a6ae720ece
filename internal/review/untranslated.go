package review

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"docsite/internal/outline"
)

// untranslated reports sentences of a translation that equal a sentence of its source, or
// that are written in the source's script although the translation's language does not use
// that script (English left in a Japanese page). A Japanese sentence translated from Chinese
// that has a dozen Han characters and no kana is Chinese. Sentences without at least three
// words (or four CJK characters) are left alone: names, codes and acronyms stay as they are.
func (c *checker) untranslated(sec *outline.Section, s, t []outline.Segment) {
	var srcKeys []string // built when first needed
	var srcProfile profile
	for _, seg := range s {
		forSentences(seg.Text, func(x string) bool {
			srcProfile.add(x)
			return true
		})
	}
	srcScript := srcProfile.dominant()
	srcLine := 0
	if len(s) > 0 {
		srcLine = s[0].Line
	}
	own := scriptsOf(c.locale)
	for _, seg := range t {
		done := false
		forSentences(seg.Text, func(x string) bool {
			var p profile
			p.add(x)
			if !translatable(x, &p) {
				return true
			}
			if c.locale != c.src {
				if srcKeys == nil {
					srcKeys = sentenceKeys(s)
				}
				if slices.Contains(srcKeys, key(x)) {
					c.add(Untranslated, sec, srcLine, seg.Line, "same text as the source: %s", excerpt(x))
					done = true
					return false
				}
			}
			if why := c.foreign(&p, own, srcScript); why != "" {
				c.add(Untranslated, sec, srcLine, seg.Line, "%s: %s", why, excerpt(x))
				done = true
				return false
			}
			return true
		})
		if done {
			return
		}
	}
}

// sentenceKeys lists the keys of the sentences of segs.
func sentenceKeys(segs []outline.Segment) []string {
	keys := []string{}
	for _, seg := range segs {
		forSentences(seg.Text, func(x string) bool {
			keys = append(keys, key(x))
			return true
		})
	}
	return keys
}

// foreign explains why a sentence (profiled by p) is in the source's script and not the
// translation's, whose scripts are own, or returns "".
func (c *checker) foreign(p *profile, own scriptSet, srcScript script) string {
	d := p.dominant()
	if d == srcScript && d != none && !own.has(d) {
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
	forSentences(s, func(x string) bool {
		out = append(out, x)
		return true
	})
	return out
}

// forSentences calls yield with each sentence of a line of text, trimmed, skipping empty
// ones, until yield returns false. A sentence ends after 。！？!? or after a dot followed by
// white space or the end of the text.
func forSentences(s string, yield func(string) bool) {
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte becomes U+FFFD, as it always did
	}
	start := 0
	for i, r := range s {
		end := r == '。' || r == '！' || r == '？' || r == '!' || r == '?'
		if r == '.' {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			end = i+1 == len(s) || unicode.IsSpace(next)
		}
		if !end {
			continue
		}
		stop := i + utf8.RuneLen(r)
		if x := strings.TrimSpace(s[start:stop]); x != "" && !yield(x) {
			return
		}
		start = stop
	}
	if x := strings.TrimSpace(s[start:]); x != "" {
		yield(x)
	}
}

// key is how sentences compare: folded, lower case, single spaces.
func key(s string) string {
	f := outline.Fold(s)
	var b strings.Builder
	b.Grow(len(f))
	space := false
	for _, r := range f {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// translatable reports whether a sentence (profiled by p) has enough words to need a
// translation: three words of two or more letters that are not all capitals (acronyms,
// product names), or four CJK characters.
func translatable(s string, p *profile) bool {
	if p.counts[han]+p.counts[kana]+p.counts[hangul] >= 4 {
		return true
	}
	words, letters, lower := 0, 0, false
	endWord := func() {
		if letters >= 2 && lower {
			words++
		}
		letters, lower = 0, false
	}
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			lower = lower || unicode.ToUpper(r) != r
			continue
		}
		endWord()
	}
	endWord()
	return words >= 3
}

// script is a writing system, as far as telling languages apart needs.
type script uint8

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
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return latin
		}
		return none
	}
	if r < 0x10000 {
		return bmpScripts()[r]
	}
	return scriptOfSlow(r)
}

// bmpScripts is scriptOf for every rune of the basic multilingual plane, computed once.
var bmpScripts = sync.OnceValue(func() *[0x10000]script {
	var t [0x10000]script
	for r := range rune(0x10000) {
		t[r] = scriptOfSlow(r)
	}
	return &t
})

func scriptOfSlow(r rune) script {
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
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isLatinOrDigit(r) {
			p.counts[scriptOf(r)]++
			i += n
			continue
		}
		runes, lower, digit := 0, false, false
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isLatinOrDigit(r) {
				break
			}
			runes++
			lower = lower || unicode.IsLower(r)
			digit = digit || unicode.IsDigit(r)
			i += n
		}
		if lower && !digit { // not a code
			p.counts[latin] += runes
		}
	}
}

func isLatinOrDigit(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return scriptOf(r) == latin || unicode.IsDigit(r)
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

// scriptSet is a set of scripts.
type scriptSet uint8

func (s scriptSet) has(x script) bool { return s&(1<<x) != 0 }

// scriptsOf lists the scripts a language is written in.
func scriptsOf(locale string) scriptSet {
	switch base(locale) {
	case "zh":
		return 1 << han
	case "ja":
		return 1<<han | 1<<kana
	case "ko":
		return 1<<hangul | 1<<han
	}
	return 1 << latin
}

// base is the language subtag of a locale code: "zh-Hans" → "zh".
func base(locale string) string {
	l, _, _ := strings.Cut(strings.ToLower(locale), "-")
	l, _, _ = strings.Cut(l, "_")
	return l
}
