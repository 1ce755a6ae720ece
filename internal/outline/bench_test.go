package outline

import (
	"fmt"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"docsite/internal/bench/corpus"
	"docsite/internal/table"
)

// benchPages is how many pages per language of the benchmark corpus (1,000 pages per
// language, seed 1, as `make bench` builds it) BenchmarkBuild outlines: the first ones.
const benchPages = 100

// BenchmarkBuild outlines pages of the corpus in every language, parsed once beforehand;
// ns/version is the cost per language version of a page, cpu-ns/version the CPU time it took
// (garbage collection included), which a busy machine inflates less.
func BenchmarkBuild(b *testing.B) {
	type parsed struct {
		file string
		src  []byte
		doc  ast.Node
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK, table.NewExtension()))
	var docs []parsed
	opt := corpus.Options{Pages: 1000, Seed: 1}
	for i := range benchPages {
		for _, f := range corpus.PageFiles(opt, i) {
			src := blankFrontMatter(f.Data)
			docs = append(docs, parsed{f.Path, src, md.Parser().Parse(text.NewReader(src))})
		}
	}
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for _, d := range docs {
			Build(d.doc, d.src, d.file)
		}
	}
	versions := float64(b.N * len(docs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/versions, "ns/version")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/versions, "cpu-ns/version")
}

// BenchmarkHeadings outlines a page of 2,000 and 20,000 sections, parsed once beforehand,
// their headings at levels 1–6 in a varied order: finding each section's parent once
// walked back over the sections before it.
func BenchmarkHeadings(b *testing.B) {
	for _, n := range []int{2_000, 20_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			doc, src := parseDoc(manyHeadings(n))
			b.ReportAllocs()
			for b.Loop() {
				Build(doc, src, "p.md")
			}
		})
	}
}
