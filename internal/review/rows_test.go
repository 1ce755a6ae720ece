package review

import (
	"bytes"
	"html/template"
	"math"
	"strconv"
	"strings"
	"testing"
)

var escapeTemplate = template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p>`))

// FuzzEscapeHTML: escapeHTML escapes text nodes and quoted attributes as html/template does.
func FuzzEscapeHTML(f *testing.F) {
	for _, s := range []string{"", "a+b", `"quoted" & 'single' <tag>`, "nul\x00", "bad\xffutf8", "１２５.６ GPU"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		if err := escapeTemplate.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.WriteString(`<p title="`)
		escapeHTML(&b, s)
		b.WriteString(`">`)
		escapeHTML(&b, s)
		b.WriteString(`</p>`)
		if b.String() != want.String() {
			t.Fatalf("escapeHTML(%q) = %q, html/template %q", s, b.String(), want.String())
		}
	})
}

// shortenRef cuts s to n runes, as the review pages always have: the reference writeShort
// must match.
func shortenRef(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// FuzzWriteShort: writeShort writes what escaping the text shortened (and, for table
// cells, its line breaks replaced first) gives.
func FuzzWriteShort(f *testing.F) {
	for _, s := range []string{"", "a\nb", strings.Repeat("x\n", 9), "bad\xff\n<tag>\x00", strings.Repeat("测试", 7)} {
		f.Add(s, 5, true)
		f.Add(s, 0, false)
	}
	f.Fuzz(func(t *testing.T, s string, n int, lines bool) {
		n %= 64
		text := s
		if lines {
			text = strings.ReplaceAll(s, "\n", " · ")
		}
		if n > 0 {
			text = shortenRef(text, n)
		}
		var want, got bytes.Buffer
		escapeHTML(&want, text)
		writeShort(&got, s, n, lines)
		if got.String() != want.String() {
			t.Fatalf("writeShort(%q, %d, %v) = %q, want %q", s, n, lines, got.String(), want.String())
		}
	})
}

// TestAppendHundredths: around every hundredth up to 2 and a few large ones, at the exact
// midpoints and the floats next to them, appendHundredths writes what strconv writes.
func TestAppendHundredths(t *testing.T) {
	check := func(x float64) {
		t.Helper()
		if got, want := string(appendHundredths(nil, x)), strconv.FormatFloat(x, 'f', 2, 64); got != want {
			t.Fatalf("appendHundredths(%v) = %s, want %s", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 5e-324, 0.005, 0.015, 0.125, 0.375, 1, 0.995, 0.9949999999999999,
		-0.5, 1 << 40, 1<<40 - 0.125, 1<<40 - 0.005, 1e300, math.Inf(1), math.NaN(), 12345.675, 1<<39 + 0.125} {
		check(x)
	}
	for k := range 40000 {
		for _, x := range []float64{float64(k) / 20000, (float64(k) + 0.5) / 100, float64(k)/100 + 0.005} {
			check(x)
			check(math.Nextafter(x, 0))
			check(math.Nextafter(x, 2e6))
		}
	}
}

func FuzzAppendHundredths(f *testing.F) {
	f.Add(0.125)
	f.Add(0.005)
	f.Fuzz(func(t *testing.T, x float64) {
		if got, want := string(appendHundredths(nil, x)), strconv.FormatFloat(x, 'f', 2, 64); got != want {
			t.Fatalf("appendHundredths(%v) = %s, want %s", x, got, want)
		}
		if y := math.Mod(math.Abs(x), 1<<20); y == y {
			if got, want := string(appendHundredths(nil, y)), strconv.FormatFloat(y, 'f', 2, 64); got != want {
				t.Fatalf("appendHundredths(%v) = %s, want %s", y, got, want)
			}
		}
	})
}
