package table

import (
	"html"
	"strings"
	"testing"
)

// The table writer escapes text as html.EscapeString does after strings.ToValidUTF8.
func FuzzWriterText(f *testing.F) {
	for _, s := range []string{"", "a<b>&'\"", "\xff\xfe x \xff", "日本\xe6\x97", "\x00\x80\x80y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var w writer
		w.text(s)
		if want := html.EscapeString(strings.ToValidUTF8(s, "\uFFFD")); string(w.b) != want {
			t.Fatalf("text(%q) = %q, want %q", s, w.b, want)
		}
	})
}
