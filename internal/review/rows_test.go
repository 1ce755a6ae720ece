package review

import (
	"bytes"
	"html/template"
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
