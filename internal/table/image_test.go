package table

import (
	"strings"
	"testing"
)

// An image in a cell is an image of the model, whose text is its alt text; one whose
// source is not a safe URL is its alt text alone.
func TestCellImages(t *testing.T) {
	html, _, err := FromHTML([]byte(`<table><tr><td>a <img src="img/p.png" alt="pic"> b</td><td><img src="javascript:x" alt="bad"></td></tr></table>`), 1)
	if err != nil {
		t.Fatal(err)
	}
	pipe, _, err := FromPipeRows([]string{"| a | b |", "| ![pic](img/p.png) | c |"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		t    *Table
		want []string
		text string
	}{
		{"html", html, []string{`<td>a <img src="img/p.png" alt="pic"> b</td>`, `<td>bad</td>`}, "a pic b\tbad"},
		{"pipe", pipe, []string{`<td><img src="img/p.png" alt="pic"></td>`}, "pic\tc"},
	} {
		out := string(AppendHTML(nil, tc.t, "t"))
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %s in %s", tc.name, w, out)
			}
		}
		if got := tc.t.Body[0].Text(); got != tc.text {
			t.Errorf("%s: text %q, want %q", tc.name, got, tc.text)
		}
	}
}
