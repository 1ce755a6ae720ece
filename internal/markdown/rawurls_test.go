package markdown

import (
	"fmt"
	"slices"
	"testing"
)

// rewriteURLs passes the href of <a> and the src of <img> through the function, with
// entities read and written back, quoted or not, at the line each stands on, and leaves
// every other byte as written.
func TestRewriteURLs(t *testing.T) {
	var seen []string
	fn := func(dest string, image bool, line int) string {
		seen = append(seen, fmt.Sprintf("%d %t %s", line, image, dest))
		if dest == "keep" {
			return dest
		}
		return "R(" + dest + ")"
	}
	in := "<div><A class=x HREF='/a?b=1&amp;c=2'>x</A>\n<img alt=\"a src=no\" src=p.png>" +
		"<link href=\"/css\"><a name=n>keep</a><a href=\"keep\">k</a><area href=\"/z\"></div>"
	want := "<div><A class=x HREF='R(/a?b=1&amp;c=2)'>x</A>\n<img alt=\"a src=no\" src=R(p.png)>" +
		"<link href=\"/css\"><a name=n>keep</a><a href=\"keep\">k</a><area href=\"/z\"></div>"
	if got := rewriteURLs(in, 5, fn); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if want := []string{"5 false /a?b=1&c=2", "6 true p.png", "6 false keep"}; !slices.Equal(seen, want) {
		t.Errorf("called with %q, want %q", seen, want)
	}
	if got := rewriteURLs(in, 1, nil); got != in {
		t.Errorf("without a function: %s", got)
	}
}
