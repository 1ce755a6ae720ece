package search

import (
	"fmt"
	"maps"
	"strings"
	"testing"
	"unicode/utf8"
)

// A page prepared once and published at another URL, standing in, indexes as if it had
// been prepared there.
func TestPreparedAs(t *testing.T) {
	d := smallSite[0]
	moved := d
	moved.URL, moved.StandIn = "/ja/cloud/", true
	want, _ := Build([]Doc{moved, smallSite[1]})
	got, _ := BuildPrepared([]Prepared{Prepare(d).As("/ja/cloud/", true), Prepare(smallSite[1])})
	if !maps.EqualFunc(got, want, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Error("As changed the index otherwise than the URL and the stand-in mark")
	}
}

// A section with more distinct terms than the term set first holds counts each of them,
// however often it comes.
func TestTermSetGrows(t *testing.T) {
	var words []string
	for i := range 1000 {
		words = append(words, fmt.Sprintf("w%d", i))
	}
	text := strings.Join(words, " ") + " " + strings.Join(words[:10], " ")
	p := Prepare(Doc{URL: "/en/x/", Sections: []Section{{Text: text}}})
	r := termReader{p.terms}
	length, n, ok := r.section()
	if !ok || length != 1010 || n != 1000 {
		t.Fatalf("section: length %d, %d terms, %v; want 1010, 1000", length, n, ok)
	}
	for i := range n {
		term, tf, _, _ := r.term()
		want := uint32(1)
		if i < 10 {
			want = 2
		}
		if string(term) != words[i] || tf != want {
			t.Fatalf("term %d: %q×%d, want %q×%d", i, term, tf, words[i], want)
		}
	}
	if _, _, ok := r.section(); ok {
		t.Error("a second section out of one")
	}
}

// cut's count is the characters of what it returns, whether it cut at a space, mid-word
// or not at all, in any script and in broken UTF-8.
func TestCutCounts(t *testing.T) {
	long := strings.Repeat("word ", 200)
	for _, c := range []struct {
		s string
		n int
	}{
		{"", 5}, {"short", 0}, {"short", 10}, {long, 600}, {long, 7}, {strings.Repeat("显存价格", 300), 600},
		{strings.Repeat("ab\xffc ", 300), 599}, {"abcdefghij klm", 12}, {"abcdefghijklmnop", 10},
	} {
		got, n := cut(c.s, c.n)
		if want := utf8.RuneCountInString(got); n != want {
			t.Errorf("cut(%.20q…, %d) = %.30q…, %d characters; it has %d", c.s, c.n, got, n, want)
		}
		if n > c.n+1 { // the … is one more
			t.Errorf("cut(%.20q…, %d) kept %d characters", c.s, c.n, n)
		}
	}
}
