package build

import (
	"fmt"
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

// A missing image is reported at its own line: by its alt text, and without alt text by the
// line of the paragraph holding it, emphasis or not.
func TestMissingImageLines(t *testing.T) {
	dir := extract(t, txtar.Parse([]byte(`-- content/en/a.md --
# A

First line of a paragraph
with ![an alt](img/one.png) on its second.

**![](img/two.png)**
`)))
	_, res := mustBuild(t, dir, Options{})
	var got []string
	for _, d := range res.Diags {
		if d.Code == "missing-image" {
			got = append(got, fmt.Sprintf("%s:%d", d.File, d.Line))
		}
	}
	if want := []string{"content/en/a.md:4", "content/en/a.md:6"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
