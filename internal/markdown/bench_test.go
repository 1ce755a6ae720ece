package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"docsite/internal/bench/corpus"
)

// corpusPages returns the markdown bodies (front matter removed) of n generated corpus pages
// in every language: the pages docsite build parses in the benchmarks of issue 8.
func corpusPages(b *testing.B, n int) [][]byte {
	b.Helper()
	var pages [][]byte
	for i := range n {
		for _, f := range corpus.PageFiles(corpus.Options{Pages: n, Seed: 1}, i) {
			pages = append(pages, body(b, f.Data))
		}
	}
	return pages
}

// body cuts the TOML front matter (+++ … +++) off a page.
func body(b *testing.B, page []byte) []byte {
	const fence = "+++\n"
	if !bytes.HasPrefix(page, []byte(fence)) {
		return page
	}
	end := bytes.Index(page[len(fence):], []byte("\n"+fence))
	if end < 0 {
		b.Fatalf("unterminated front matter in %q", page[:min(len(page), 80)])
	}
	return page[len(fence)+end+1+len(fence):]
}

// BenchmarkParsePage parses one corpus page version per iteration (GFM, CJK, the table
// normaliser, heading levels), cycling through 200 pages in three languages.
func BenchmarkParsePage(b *testing.B) {
	pages := corpusPages(b, 200)
	p := New(Options{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		src := pages[i%len(pages)]
		if d := p.Parse(src, nil); d.Root == nil {
			b.Fatal("no document")
		}
		i++
	}
}

// BenchmarkRenderPage renders one parsed corpus page version per iteration (goldmark's HTML
// renderer and the table model's), cycling through 200 pages in three languages.
func BenchmarkRenderPage(b *testing.B) {
	pages := corpusPages(b, 200)
	p := New(Options{})
	docs := make([]*Doc, len(pages))
	for i, src := range pages {
		docs[i] = p.Parse(src, nil)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.RenderString(docs[i%len(docs)], nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkTagLine parses a page whose one line holds 2,000 and 20,000 shortcode tags
// without a template: telling which tags are blocks once walked the line from its start
// for every tag, and locating each unknown one counted its line's characters.
func BenchmarkTagLine(b *testing.B) {
	for _, n := range []int{2_000, 20_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src := []byte("# T\n\n" + strings.Repeat("{{< nope >}} ", n) + "\n")
			p := New(Options{})
			b.ReportAllocs()
			for b.Loop() {
				p.Parse(src, nil)
			}
		})
	}
}
