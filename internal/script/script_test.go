package script

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The outline and the review tell scripts apart by Of alone, not by Unicode's script
// tables of their own (they did, separately, and could disagree on a rune).
func TestOneClassifier(t *testing.T) {
	tables := regexp.MustCompile(`unicode\.(Han|Hangul|Hiragana|Katakana|Latin|Cyrillic|Greek|Arabic|Hebrew|Devanagari|Thai)\b`)
	for _, dir := range []string{"../outline", "../review"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(src), "\n") {
				if m := tables.FindString(line); m != "" {
					t.Errorf("%s:%d: %s: ask script.Of", f, i+1, m)
				}
			}
		}
	}
}

// Of's shortcuts for the largest blocks answer as Unicode's tables do, for every rune.
func TestOfAsTables(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := Of(r), ofTables(r); got != want {
			t.Fatalf("Of(%U) = %v, the tables say %v", r, got, want)
		}
	}
}

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		r    rune
		want Script
	}{
		{'a', Latin}, {'Z', Latin}, {'é', Latin}, {'1', None}, {'@', None}, {' ', None},
		{'中', Han}, {'〇', Han}, {'々', Han}, {'か', Kana}, {'カ', Kana}, {'ｶ', Kana}, {'ー', Other},
		{'한', Hangul}, {'ㄱ', Hangul}, {'я', Cyrillic}, {'λ', Greek}, {'ع', Arabic}, {'א', Hebrew},
		{'क', Devanagari}, {'ก', Thai}, {'ა', Other}, {'。', None}, {'😀', None},
	} {
		if got := Of(tt.r); got != tt.want {
			t.Errorf("Of(%q) = %v, want %v", tt.r, got, tt.want)
		}
	}
}
