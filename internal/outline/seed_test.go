package outline

import (
	"bytes"
	"os"
	"testing"
)

// parse reads a page the way the markdown stage does: front matter blanked line for line,
// GFM, CJK and the table normaliser.
func parse(t testing.TB, file string, src []byte) *Page {
	t.Helper()
	doc, src := parseDoc(src)
	return Build(doc, src, file)
}

// blankFrontMatter replaces a leading +++ … +++ block by empty lines.
func blankFrontMatter(src []byte) []byte {
	src = bytes.Clone(src)
	if !bytes.HasPrefix(src, []byte("+++\n")) {
		return src
	}
	end := bytes.Index(src[4:], []byte("\n+++\n"))
	if end < 0 {
		return src
	}
	for i := range end + 8 {
		if src[i] != '\n' {
			src[i] = ' '
		}
	}
	return src
}

func seedPage(t testing.TB, lang string) *Page {
	t.Helper()
	file := "testdata/seeds/" + lang + "/gpu-cloud.md"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, "content/"+lang+"/gpu-cloud.md", src)
}
