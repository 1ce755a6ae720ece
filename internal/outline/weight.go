package outline

// Weight measures how much a text says, comparably across scripts: a Latin, Cyrillic or
// Greek letter or a digit counts 1, a kana 1.5 and a Han or Hangul character 3 (about what an
// English letter count grows by when the same content is written in those scripts).
// Spaces and punctuation count nothing.
func Weight(s string) float64 {
	t := runeInfos()
	w := 0.0
	for _, r := range s {
		info := weightOf(t, r)
		switch {
		case info&weightOne != 0:
			w++
		case info&weightHan != 0:
			w += 3
		case info&weightKana != 0:
			w += 1.5
		}
	}
	return w
}

func weightOf(t *runeTable, r rune) runeInfo {
	if 0 <= r && r < 0x10000 {
		return t[r]
	}
	return lookupRune(r)
}
