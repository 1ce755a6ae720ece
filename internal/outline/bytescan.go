package outline

import "math/bits"

// The anchors are read by looking for digits and capitals, which most bytes of a text are
// not; nextDigit and nextUpper skip eight bytes at a time to the next one.

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = 0x7f7f7f7f7f7f7f7f
)

// nextDigit returns the index of the first ASCII digit of s at or after i, or len(s).
func nextDigit(s string, i int) int { return nextBetween(s, i, '0', '9') }

// nextUpper returns the index of the first ASCII capital of s at or after i, or len(s).
func nextUpper(s string, i int) int { return nextBetween(s, i, 'A', 'Z') }

// nextBetween returns the index of the first byte of s at or after i in lo..hi, two ASCII
// bytes with 0 < lo <= hi < 127, or len(s). A word of eight bytes is tested at once: each
// byte's high bit of (127+hi+1 − b) says b ≤ hi, of (b + 127−(lo−1)) that b ≥ lo, for b the
// byte's low seven bits, and neither sum carries out of its byte; bytes with the high bit
// set (UTF-8 beyond ASCII) are masked out.
func nextBetween(s string, i int, lo, hi byte) int {
	below := uint64(ones) * (127 + uint64(hi) + 1)
	above := uint64(ones) * (127 - (uint64(lo) - 1))
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		t := x & lows
		if m := (below - t) & ^x & (t + above) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if lo <= s[i] && s[i] <= hi {
			return i
		}
	}
	return len(s)
}
