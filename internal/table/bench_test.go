package table

import (
	"bytes"
	"testing"
)

// bigTable returns a malformed table of at least 1 MiB: the English product page's first table
// with its damaged body rows repeated.
func bigTable(b *testing.B) []byte {
	src := rawTable.Find(mustRead(b, "testdata/seeds/product-en.md"))
	start, end := bytes.Index(src, []byte("<tbody>"))+len("<tbody>"), bytes.Index(src, []byte("</tbody>"))
	var out bytes.Buffer
	out.Write(src[:start])
	for out.Len() < 1<<20 {
		out.Write(src[start:end])
	}
	out.Write(src[end:])
	return out.Bytes()
}

// BenchmarkFromHTML1MiB normalises and renders a 1 MiB malformed table.
func BenchmarkFromHTML1MiB(b *testing.B) {
	src := bigTable(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		t, _, err := FromHTML(src, 1)
		if err != nil {
			b.Fatal(err)
		}
		AppendHTML(nil, t, "t")
	}
}

// BenchmarkMarkdown1MiB runs the same table through goldmark with the extension.
func BenchmarkMarkdown1MiB(b *testing.B) {
	src := append([]byte("Intro:\n"), bigTable(b)...)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		convert(b, src)
	}
}

// BenchmarkUnclosedTables parses 2,000 tables that never close: the look-ahead for their
// closers is bounded, so this grows linearly with the document.
func BenchmarkUnclosedTables(b *testing.B) {
	src := bytes.Repeat([]byte("<table><tr><td>x\n\n"), 2000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		convert(b, src)
	}
}
