package outline

import "unicode/utf8"

// Weight measures how much a text says, comparably across scripts: a Latin, Cyrillic or
// Greek letter or a digit counts 1, a kana 1.5 and a Han or Hangul character 3 (about what an
// English letter count grows by when the same content is written in those scripts).
// Spaces and punctuation count nothing.
func Weight(s string) float64 {
	t := runeInfos()
	halves := 0 // every weight is a multiple of 1/2: count in halves, exactly
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			halves += int(asciiHalves[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch info := weightOf(t, r); {
		case info&weightOne != 0:
			halves += 2
		case info&weightHan != 0:
			halves += 6
		case info&weightKana != 0:
			halves += 3
		}
	}
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
