package review

import (
	"path"
	"strings"
	"testing"

	"docsite/internal/bench/corpus"
	"docsite/internal/config"
)

// benchPages is how many pages of the benchmark corpus (1,000 pages per language, seed 1,
// as `make bench` builds it) the review benchmarks take: the first ones, in every language.
const benchPages = 100

// benchInput parses the first benchPages pages of the generated corpus in every language.
func benchInput(b *testing.B) (Input, []string) {
	b.Helper()
	in := Input{Default: "en", Locales: []config.Lang{{Code: "en", BCP47: "en"}, {Code: "zh", BCP47: "zh-Hans"}, {Code: "ja", BCP47: "ja"}}}
	opt := corpus.Options{Pages: 1000, Seed: 1}
	for i := range benchPages {
		for _, f := range corpus.PageFiles(opt, i) {
			key := strings.TrimSuffix(f.Path, ".md")
			file := path.Join("content", f.Lang, f.Path)
			in.Docs = append(in.Docs, doc(f.Lang, key, file, f.Data))
		}
	}
	return in, pageKeys(in.Docs)
}

// docsOf returns the language versions of each page, by key.
func docsOf(in Input, keys []string) [][]Doc {
	out := make([][]Doc, len(keys))
	for i, k := range keys {
		for _, d := range in.Docs {
			if d.Page == k {
				out[i] = append(out[i], d)
			}
		}
	}
	return out
}

// BenchmarkPage reviews pages of the corpus one by one, as a build does; ns/version is the
// cost per language version of a page, cpu-ns/version the CPU time it took (garbage
// collection included), which a busy machine inflates less.
func BenchmarkPage(b *testing.B) {
	in, keys := benchInput(b)
	docs := docsOf(in, keys)
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for i, k := range keys {
			Page(in, k, docs[i])
		}
	}
	versions := float64(b.N * len(in.Docs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/versions, "ns/version")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/versions, "cpu-ns/version")
}

// BenchmarkWriteHTML writes the review pages of the corpus pages.
func BenchmarkWriteHTML(b *testing.B) {
	in, _ := benchInput(b)
	r := Run(in)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := WriteHTML(r, nil, func(string, []byte) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageAndWrite does for each page group of the corpus what a build does: Page,
// then WritePage, then Compact. An op is all benchPages groups; ns/group and cpu-ns/group are
// the cost per group (three language versions).
func BenchmarkPageAndWrite(b *testing.B) {
	in, keys := benchInput(b)
	docs := docsOf(in, keys)
	discard := func(string, []byte) error { return nil }
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for i, k := range keys {
			res := Page(in, k, docs[i])
			if err := WritePage(res, nil, discard); err != nil {
				b.Fatal(err)
			}
			res.Compact()
		}
	}
	groups := float64(b.N * len(keys))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/groups, "ns/group")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/groups, "cpu-ns/group")
}
