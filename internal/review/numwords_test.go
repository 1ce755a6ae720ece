package review

import (
	"slices"
	"testing"
)

func TestCJKValue(t *testing.T) {
	for s, want := range map[string]float64{"十": 10, "二十": 20, "三百五十": 350, "一万二千": 12000, "十億": 1e9} {
		if got, ok := cjkValue(s); !ok || got != want {
			t.Errorf("cjkValue(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
}

func TestReadWordNumbers(t *testing.T) {
	for _, c := range []struct {
		text, lang string
		values     []float64
		vague      bool
	}{
		{"100万人のユーザー", "ja", []float64{1e6}, false},
		{"1.5 億円", "ja", []float64{1.5e8}, false},
		{"after a decade, a dozen people", "en", []float64{10, 12}, false},
		{"2 million users", "en", []float64{2e6, 1e6}, false},
		{"数十のサービス", "ja", []float64{10}, true},
		{"dozens of services", "en", nil, true},
		{"un millón de usuarios", "es", []float64{1e6}, false},
		{"occurs 7.3K times", "en", []float64{7300}, false},
		{"毎秒約 4,000 万サンプル", "ja", []float64{4e7}, false},
		{"hasta 300 000 usuarios", "es", []float64{300000}, false},
		{"1.000 ou mais rastros", "pt", []float64{1000}, false},
		{"November 10, thirteen respondents", "en", []float64{11, 13}, false},
		{"回答者の 6 割超", "ja", []float64{10}, false},
		{"щочетверга о 06:00 PT", "uk", []float64{600}, false},
		{"434 тис. ~3,3%", "uk", []float64{3.3}, false},
		{"Thirty-two contributors, forty two", "en", []float64{32, 30, 40}, false},
		{"毎週木曜日の午前6時（PT）", "ja", []float64{600}, false},
		{"৯৫তম পার্সেন্টাইল চার্টে", "bn", []float64{95}, false},
		{"If you set .5, half of all the spans are sampled", "en", []float64{0.5}, false},
		{"as large as three to four thousand spans", "en", []float64{3000, 4000, 1000}, false},
	} {
		w := readWordNumbers(c.text, c.lang)
		if !slices.Equal(w.values, c.values) || w.vague != c.vague {
			t.Errorf("readWordNumbers(%q) = %v vague %v; want %v vague %v", c.text, w.values, w.vague, c.values, c.vague)
		}
	}
}

// A base written with digits ("16進", hexadecimal) is no quantity the source must have.
func TestRadixIsNoNumber(t *testing.T) {
	w := readWordNumbers("14 桁の16進文字列", "ja")
	if !slices.Contains(w.parts, 16) {
		t.Errorf("parts %v lack 16", w.parts)
	}
}

// Digits a word holds ("catch-22") are part of a name, not a number to compare.
func TestJoinedDigitsAreNoNumber(t *testing.T) {
	w := readWordNumbers("There's a catch-22 at the heart of it", "en")
	if !slices.Contains(w.parts, 22) {
		t.Errorf("parts %v lack 22", w.parts)
	}
}

// Digits of other scripts read as the numbers they are.
func TestASCIIDigits(t *testing.T) {
	for in, want := range map[string]string{"৯৫তম": "95তম", "٣٤": "34", "१२३": "123", "𝟘𝟙𝟡": "019", "abc 12": "abc 12"} {
		if got := asciiDigits(in); got != want {
			t.Errorf("asciiDigits(%q) = %q, want %q", in, got, want)
		}
	}
}
