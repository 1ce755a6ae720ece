package outline

import (
	"strings"
	"testing"
)

func TestNumbers(t *testing.T) {
	tests := []struct{ in, want string }{
		{"125.6T Flops", "125.6"},
		{"１２５.６", "125.6"},
		{"１２５．６", "125.6"},
		{"6,144 kernels", "6144"},
		{"6144个", "6144"},
		{"1,2,3", "1 2 3"},     // commas between single digits are a list
		{"1，234", "1234"},      // full-width comma folds to a separator
		{"12,3456", "12 3456"}, // not a group of three
		{"v1.2.3", "1.2.3"},    // a version, as written
		{"2.30.0 or v0.110", "2.30.0 0.110"},
		{"192.168.0.1", "192.168.0.1"},
		{"1.000.000", "1 0"}, // thousands grouped by dots: read where the language is known
		{"125.60", "125.6"},
		{"007", "7"},
		{"0.50", "0.5"},
		{"1.效率", "1"},
		{"no digits", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(TextAnchors(tt.in).Numbers, " "); got != tt.want {
			t.Errorf("numbers(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCodes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"dual ENI, M40, and", "M40"},
		{"デュアルカードM 40ガンダム", "M40"},
		{"双卡 M40 高达", "M40"},
		{"Ｍ４０", "M40"},
		{"RTX 4090 and A100", "RTX4090 A100"},
		{"ALU and GPU", ""},
		{"Mx40", ""},
		{"ABCDE1", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(TextAnchors(tt.in).Codes, " "); got != tt.want {
			t.Errorf("codes(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFoldedNumbersMatch: the seed's Japanese table writes "M 40" and "6144" where the
// English writes "M40" and "6,144"; folded, they are the same anchors.
func TestFoldedNumbersMatch(t *testing.T) {
	en := TextAnchors("Thousands of accelerated kernels (dual ENI, M40, and up to 6,144 accelerated kernels)")
	ja := TextAnchors("数千の加速コア(デュアルカードM 40ガンダム6144クアッドコア)")
	if strings.Join(en.Significant(), " ") != strings.Join(ja.Significant(), " ") ||
		strings.Join(en.Codes, " ") != strings.Join(ja.Codes, " ") {
		t.Errorf("en %+v, ja %+v", en, ja)
	}
}

func TestSignificantSkipsSingleDigits(t *testing.T) {
	a := TextAnchors("1. one (二) 2 then 10 and 0.5 and 3")
	if got := strings.Join(a.Significant(), " "); got != "10 0.5" {
		t.Errorf("significant = %q", got)
	}
}

// plainNumber is what a number as written canonically is, read without shortcuts.
func plainNumber(written string) string {
	intPart, frac, _ := strings.Cut(strings.ReplaceAll(written, ",", ""), ".")
	return canonNumber(intPart, frac)
}

// FuzzNumbers: every number read is the canonical form of a number in the text, and
// reading the canonical forms again gives them back.
func FuzzNumbers(f *testing.F) {
	for _, s := range []string{"0.50 and 007 and 6,144.0", "1,234,5678 1.2.3 0.0 10", "x0,000.10y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); {
			if !isDigit(s[i]) {
				i++
				continue
			}
			n, end := scanNumber(s, i)
			if want := plainNumber(s[i:end]); n != want {
				t.Fatalf("number %q read as %q, want %q", s[i:end], n, want)
			}
			i = end
		}
	})
}
