package outline

import "unicode"

// Weight measures how much a text says, comparably across scripts: a Latin, Cyrillic or
// Greek letter or a digit counts 1, a kana 1.5 and a Han or Hangul character 3 (about what an
// English letter count grows by when the same content is written in those scripts).
// Spaces and punctuation count nothing.
func Weight(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r < 0x80:
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				w++
			}
		case unicode.In(r, unicode.Han, unicode.Hangul):
			w += 3
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			w += 1.5
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w++
		}
	}
	return w
}
