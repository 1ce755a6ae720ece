package markdown

import (
	"bytes"
	"testing"

	"docsite/internal/sanitize"
	"golang.org/x/tools/txtar"
)

// TestParseLeavesItsInputAlone: parsing and rendering a page neither change its bytes nor
// write past their end, where the caller's array may hold something else. (goldmark ends
// a code block's last line that has no line break by appending one to the source; with
// room in the array that wrote into the caller's memory, which corrupted the fuzzer's
// inputs and made FuzzHeldCode fail on pages it passed alone.)
func TestParseLeavesItsInputAlone(t *testing.T) {
	a, err := txtar.ParseFile("testdata/heldcode/pages.txtar")
	if err != nil {
		t.Fatal(err)
	}
	p := goldenParser(t, "en", a)
	for _, in := range []string{
		"```go\ninside",
		"{{% box %}}\n```go\ninside \n{% /box %}}",
		"> ```\n> quoted code",
		"- item\n\n      indented code",
		"plain\ntext",
	} {
		buf := make([]byte, len(in), len(in)+16)
		copy(buf, in)
		all := buf[:cap(buf)]
		for i := len(in); i < len(all); i++ {
			all[i] = 'x'
		}
		before := bytes.Clone(all)
		d := p.Parse(buf, nil)
		if _, err := p.RenderString(d, sanitize.Body); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(all, before) {
			t.Errorf("%q: the caller's array changed: %q, was %q", in, all, before)
		}
	}
}
