package search

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestTerms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Cloud GPU Service", "cloud gpu service"},
		{"显存价格", "显存 存价 价格"},
		{"V100价格", "v100 价格"},
		{"V100 价格", "v100 价格"},
		{"GPU クラウド", "gpu クラ ラウ ウド"},
		{"ＶＲＡＭ　１６ＧＢ", "vram 16gb"}, // full-width forms and space
		{"ｸﾗｳﾄﾞ", "クラ ラウ ウド"},      // half-width katakana
		{"サーバー", "サー ーバ バー"},       // the prolonged sound mark stays in the word
		{"卡", "卡"},
		{"料金（税込）", "料金 税込"},
		{"gpu-cloud.md, v2.26", "gpu cloud md v2 26"},
		{"ΟΔΟΣ", "οδοσ"}, // final sigma folds to sigma
		{"Café crème", "café crème"},
		{"e\u0301te", "éte"}, // a combining mark composed by NFKC
		{"Привет мир", "привет мир"},
		{"ภาษาไทย", "ภา าษ ษา าไ ไท ทย"},
		{"한국어 문서", "한국어 문서"},
		{"a\u0000b", "a b"},
		{"", ""},
		{"!!! ??? ---", ""},
		{"emoji 🚀 here", "emoji here"},
	} {
		var got []string
		for _, term := range Terms(nil, tc.in) {
			got = append(got, term.Text)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, strings.Join(got, " "), tc.want)
		}
	}
}

// Every term is valid UTF-8, not empty, and at its offset in the normalised text.
func FuzzTerms(f *testing.F) {
	for _, s := range []string{"显存价格 V100", "ｸﾗｳﾄﾞ", "e\u0301", "\xff\xfe", "a\u0301\u0301卡", "ー々", "🚀🚀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		norm := Normalize(s)
		for _, term := range Terms(nil, s) {
			if term.Text == "" || !utf8.ValidString(term.Text) {
				t.Fatalf("term %q of %q", term.Text, s)
			}
			if utf8.RuneCountInString(term.Text) == 2 && unspaced([]rune(term.Text)[0]) {
				continue // a pair may skip a mark between its letters
			}
			if !strings.HasPrefix(norm[term.At:], term.Text) {
				t.Fatalf("term %q not at %d of %q", term.Text, term.At, norm)
			}
		}
	})
}

// The characters normalize copies as they are: NFKC keeps each, alone and after any
// letter, and they have no case. The quick unspaced letters are unspaced letters.
func TestStable(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unspacedLetter(r) && !(unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) && unicode.IsLetter(r)) {
			t.Fatalf("%U is not an unspaced letter", r)
		}
		if !stable(r) {
			continue
		}
		s := string(r)
		p := norm.NFKC.PropertiesString(s)
		if norm.NFKC.String(s) != s || !p.BoundaryBefore() || p.CCC() != 0 || unicode.ToLower(r) != r {
			t.Fatalf("%U is not stable", r)
		}
		for _, before := range []string{"a", "か", "\u3099", "e\u0301", "ᄀ"} {
			if norm.NFKC.String(before+s) != norm.NFKC.String(before)+s {
				t.Fatalf("%U changes after %q", r, before)
			}
		}
	}
}

// normalize is NFKC then lower case (final sigma as sigma), however the text mixes
// stable characters, marks that compose with them, and letters of other scripts.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"か\u3099", "ｶﾞ", "ÉCOLE 显存", "ΟΔΟΣ", "İstanbul", "a\u0301\u0301卡", "Ⅻ", "\xff卡\u0301", "Ｅ\u0301ＣＯＬＥ，显存：（Ａ）", "ｅ\u0301\u0327"} {
		f.Add(s)
	}
	var n normalizer
	f.Fuzz(func(t *testing.T, s string) {
		got := string(n.normalize(s))
		if !utf8.ValidString(s) {
			return // strings.ToLower would replace the bad bytes; normalize keeps them
		}
		want := strings.ReplaceAll(strings.ToLower(norm.NFKC.String(s)), "ς", "σ")
		if got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
	})
}
