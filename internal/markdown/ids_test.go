package markdown

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/tools/txtar"
)

// hugoIDPage returns the page of testdata/hugo-ids.txtar, its front matter blanked out
// (lines kept), and Hugo's ids in document order.
func hugoIDPage(t testing.TB, archive string) (src []byte, want []string) {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	var html []byte
	for _, f := range a.Files {
		switch f.Name {
		case "headings.md":
			src = f.Data
		case "hugo.html":
			html = f.Data
		}
	}
	// Blank the front matter as the loader does, keeping its lines.
	if end := bytes.Index(src[4:], []byte("\n---\n")); bytes.HasPrefix(src, []byte("---\n")) && end >= 0 {
		fm := src[:4+end+5]
		src = append(bytes.Repeat([]byte("\n"), bytes.Count(fm, []byte("\n"))), src[len(fm):]...)
	}
	for _, m := range regexp.MustCompile(`<h[1-6][^>]* id="([^"]*)"`).FindAllSubmatch(html, -1) {
		want = append(want, string(m[1]))
	}
	return src, want
}

// Every heading gets the id Hugo gives it: inline code's text kept, "_" and "-" kept,
// other punctuation dropped, letters of every script lower-cased, duplicates numbered
// "-1", "-2", an author's {#id} taken as written.
func TestHeadingIDsAsHugo(t *testing.T) {
	src, want := hugoIDPage(t, "testdata/hugo-ids.txtar")
	p := New(Options{})
	doc := p.Parse(src, nil)
	var got []string
	var lines []int
	_ = ast.Walk(doc.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			id, _ := h.AttributeString("id")
			b, _ := id.([]byte)
			got = append(got, string(b))
			lines = append(lines, doc.NodeLine(h))
		}
		return ast.WalkContinue, nil
	})
	if len(got) != len(want) {
		t.Fatalf("%d headings, Hugo has %d:\n%q\n%q", len(got), len(want), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("headings.md:%d: id %q, Hugo gives %q", lines[i], got[i], want[i])
		}
	}
}
