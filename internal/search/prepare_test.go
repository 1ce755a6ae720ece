package search

import (
	"fmt"
	"maps"
	"strings"
	"testing"
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
		term, tf, _ := r.term()
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
