package outline

import (
	"slices"
	"testing"
)

// nextBetweenPlain is nextBetween byte by byte.
func nextBetweenPlain(s string, i int, lo, hi byte) int {
	for ; i < len(s); i++ {
		if lo <= s[i] && s[i] <= hi {
			return i
		}
	}
	return len(s)
}

// Every byte value, at every place of a word and of the tail, is found or skipped as a
// byte-by-byte search finds or skips it.
func TestNextBetweenEveryByte(t *testing.T) {
	for _, r := range [][2]byte{{'0', '9'}, {'A', 'Z'}, {1, 126}, {'a', 'a'}} {
		for b := range 256 {
			for at := range 11 {
				buf := []byte("\xff\x80~ \x00..\xc0\xe3xxxx")[:11]
				for k := range buf {
					if r[0] <= buf[k] && buf[k] <= r[1] {
						buf[k] = 0x80 // keep the filler out of the range
					}
				}
				buf[at] = byte(b)
				s := string(buf)
				for from := range len(s) + 1 {
					if got, want := nextBetween(s, from, r[0], r[1]), nextBetweenPlain(s, from, r[0], r[1]); got != want {
						t.Fatalf("nextBetween(%q, %d, %q, %q) = %d, want %d", s, from, r[0], r[1], got, want)
					}
				}
			}
		}
	}
}

// FuzzNextBetween: nextBetween finds what a byte-by-byte search finds, and the codes and
// numbers read with it are those read byte by byte.
func FuzzNextBetween(f *testing.F) {
	f.Add("GPU 型号 A100, 40GB", 0)
	f.Add("\xff\x7f@[/:", 1)
	f.Add("AB-12 x9 GPUS100 CDEFG7 m40 H 200, 1,024.5 型号ABC123 A1B2 C-3D4", 3)
	f.Fuzz(func(t *testing.T, s string, from int) {
		from = min(max(from, 0), len(s))
		for _, r := range [][2]byte{{'0', '9'}, {'A', 'Z'}} {
			if got, want := nextBetween(s, from, r[0], r[1]), nextBetweenPlain(s, from, r[0], r[1]); got != want {
				t.Fatalf("nextBetween(%q, %d, %q, %q) = %d, want %d", s, from, r[0], r[1], got, want)
			}
		}
		if got, want := appendCodes(nil, s), codesPlain(s); !slices.Equal(got, want) {
			t.Fatalf("appendCodes(%q) = %q, want %q", s, got, want)
		}
		if got, want := appendNumbers(nil, s), numbersPlain(s); !slices.Equal(got, want) {
			t.Fatalf("appendNumbers(%q) = %q, want %q", s, got, want)
		}
	})
}

// codesPlain is appendCodes testing every byte, as it did before it skipped words.
func codesPlain(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isUpper(s[i]) || i > 0 && isLetter(s[i-1]) {
			i++
			continue
		}
		code, next := codeAt(s, i)
		if code != "" {
			out = append(out, code)
		}
		i = next
	}
	return out
}

// numbersPlain is appendNumbers testing every byte.
func numbersPlain(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		n, end := scanNumber(s, i)
		out = append(out, n)
		i = end
	}
	return out
}
