package align

import (
	"bytes"
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"docsite/internal/table"

	"docsite/internal/outline"
)

// parse reads a page the way the markdown stage does: front matter blanked line for line,
// GFM, CJK and the table normaliser.
func parse(t testing.TB, file string, src []byte) *outline.Page {
	t.Helper()
	src = bytes.Clone(src)
	if bytes.HasPrefix(src, []byte("+++\n")) {
		if end := bytes.Index(src[4:], []byte("\n+++\n")); end >= 0 {
			for i := range end + 8 {
				if src[i] != '\n' {
					src[i] = ' '
				}
			}
		}
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK, table.NewExtension()))
	return outline.Build(md.Parser().Parse(text.NewReader(src)), src, file)
}

func seed(t testing.TB, lang string) *outline.Page {
	t.Helper()
	src, err := os.ReadFile("../outline/testdata/seeds/" + lang + "/gpu-cloud.md")
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, "content/"+lang+"/gpu-cloud.md", src)
}
