// Package script tells which writing system a character is written in, as far as docsite
// needs to know: the outline weighs Han, Hangul and kana heavier than letters of
// alphabets, and the review tells a sentence left in the source's language from one
// translated, and marks Chinese, Japanese and Korean text with its language.
//
// Of looks a rune up in Unicode's script tables; callers that ask for every rune of every
// text keep its answers in a table of their own.
package script

import "unicode"

// Script is a writing system, as far as telling languages apart needs.
type Script uint8

// The scripts told apart; kana is Hiragana and Katakana together.
const (
	None Script = iota // not a letter of any script
	Latin
	Han
	Kana
	Hangul
	Cyrillic
	Greek
	Arabic
	Hebrew
	Devanagari
	Thai
	Other // letters of any other script; keep it last
)

var names = [...]string{"no", "Latin", "Han", "kana", "Hangul", "Cyrillic", "Greek", "Arabic", "Hebrew", "Devanagari", "Thai", "another"}

// String names the script as a message says "written in … script": "Latin", "kana",
// "another", "no".
func (s Script) String() string { return names[s] }

// tables are the Unicode scripts of the scripts told apart, in the order of the constants
// from Latin on (kana is two).
var tables = [...]*unicode.RangeTable{
	Latin: unicode.Latin, Han: unicode.Han, Hangul: unicode.Hangul, Cyrillic: unicode.Cyrillic,
	Greek: unicode.Greek, Arabic: unicode.Arabic, Hebrew: unicode.Hebrew, Devanagari: unicode.Devanagari,
	Thai: unicode.Thai,
}

// Of returns the script of r: one of those told apart, Other for another letter, None for
// anything else (digits, punctuation, symbols, marks), as Unicode's Scripts.txt assigns
// them: the Han number 〇 is Han, the prolonged sound mark ー, a letter common to both kana, Other.
func Of(r rune) Script {
	// The largest blocks are answered at once: each is one script (or none) throughout.
	switch {
	case r < 0x80:
		if 'a' <= r|0x20 && r|0x20 <= 'z' {
			return Latin
		}
		return None
	case 0x3400 <= r && r <= 0x4DBF, 0x4E00 <= r && r <= 0x9FFF: // CJK Unified Ideographs, and Extension A
		return Han
	case 0xAC00 <= r && r <= 0xD7A3: // Hangul Syllables
		return Hangul
	case 0xD800 <= r && r <= 0xF8FF: // surrogates and private use
		return None
	}
	return ofTables(r)
}

// ofTables is Of, from Unicode's tables alone.
func ofTables(r rune) Script {
	if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
		return Kana
	}
	for s, t := range tables {
		if t != nil && unicode.Is(t, r) {
			return Script(s)
		}
	}
	if unicode.IsLetter(r) {
		return Other
	}
	return None
}
