package sanitize

import (
	"bytes"
	"testing"
)

// BenchmarkBody measures the per-page cost on a 20 KB body made of the
// legitimate markup in testdata/legit (goldmark output and site tables, in
// three languages) with a few XSS vectors mixed in.
func BenchmarkBody(b *testing.B) {
	body := benchBody(b, 20<<10)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		Body(body)
	}
}

func benchBody(b *testing.B, size int) []byte {
	t := &testing.T{}
	bodies := legitBodies(t)
	vectors := readVectors(t)
	var buf bytes.Buffer
	for i := 0; buf.Len() < size; i++ {
		buf.Write(bodies["markdown.md"])
		buf.Write(bodies["site.html"])
		buf.WriteString(vectors[i%len(vectors)].html)
		buf.WriteString("\n")
	}
	return buf.Bytes()[:size]
}
