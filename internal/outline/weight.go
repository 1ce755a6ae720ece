package outline

import "unicode/utf8"

// Weight measures how much a text says, comparably across scripts: a Latin, Cyrillic or
// Greek letter or a digit counts 1, a kana 1.5 and a Han or Hangul character 3 (about what an
// English letter count grows by when the same content is written in those scripts).
// Spaces and punctuation count nothing.
func Weight(s string) float64 {
	halves, _, _ := scan(s)
	return float64(halves) / 2
}

// asciiHalves is the weight of each ASCII character in halves: 2 for letters and digits.
var asciiHalves = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			t[c] = 2
		}
	}
	return t
}()

func weightOf(t *runeTable, r rune) runeInfo {
	if 0 <= r && r < 0x10000 {
		return t[r]
	}
	return lookupRune(r)
}
