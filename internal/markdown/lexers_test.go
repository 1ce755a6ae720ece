package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// TestLexersHaveNoTimeLimit: the lexers code is highlighted with, and the ones they hand
// parts of it to, run with no time limit on their rules, and highlight as chroma's own do.
func TestLexersHaveNoTimeLimit(t *testing.T) {
	blocks := []struct{ lang, code string }{
		{"go", "package main\n\nfunc main() { println(\"hi\") }\n"},
		{"html", "<p>x</p>\n<script>var x = 1;</script>\n<style>p { color: red }</style>\n"},
		{"not-a-language", "plain text\n"},
	}
	for _, b := range blocks {
		l, _ := lexerFor(b.lang)
		var got bytes.Buffer
		if err := highlight(bufWriter{&got}, l, b.code, codeInfo{}); err != nil {
			t.Fatal(err)
		}
		theirs := lexers.Get(b.lang)
		if theirs == nil {
			theirs = lexers.Fallback
		}
		var want bytes.Buffer
		if err := highlight(bufWriter{&want}, chroma.Coalesce(theirs), b.code, codeInfo{}); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: highlighted\n%s\nchroma's own lexer:\n%s", b.lang, &got, &want)
		}
		if !strings.Contains(got.String(), "<span") {
			t.Errorf("%s: nothing highlighted: %s", b.lang, &got)
		}
	}
	for _, name := range []string{"Go", "HTML", "JavaScript", "CSS", "fallback"} {
		n, ok := liftedFor.Load(name)
		if !ok || n.(int) == 0 {
			t.Errorf("%s: no rule had its time limit lifted (%v)", name, n)
		}
	}
}
