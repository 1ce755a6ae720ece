package search

import (
	"strings"
	"testing"
	"unicode/utf8"
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
