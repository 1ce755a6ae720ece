package search

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// The benchmarks run over generated pages whose words follow Zipf's law over a large
// vocabulary, as a real site's do (the build corpus of issue 8 repeats a few hundred
// words, which says little about an index): English words of Latin syllables, and for
// Chinese and Japanese unspaced runs of characters drawn the same way.

// synthPages makes n pages of language lang, the same for the same arguments.
func synthPages(lang string, n int) []Doc {
	r := rand.New(rand.NewPCG(1, uint64(len(lang))))
	vocab := synthVocabulary(lang, r)
	z := rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))
	sentence := func(words int) string {
		var b strings.Builder
		for i := range words {
			if i > 0 && lang == "en" {
				b.WriteByte(' ')
			}
			b.WriteString(vocab[z.Uint64()])
		}
		return b.String()
	}
	docs := make([]Doc, n)
	for i := range docs {
		d := Doc{URL: fmt.Sprintf("/%s/docs/p%05d/", lang, i), Title: sentence(3)}
		for s := range 5 {
			sec := Section{Text: sentence(40) + ". " + sentence(40) + ". " + sentence(40) + "."}
			if s > 0 {
				sec.Heading = sentence(2)
				sec.Anchor = fmt.Sprintf("s%d", s)
			}
			d.Sections = append(d.Sections, sec)
		}
		docs[i] = d
	}
	return docs
}

// synthVocabulary is 30,000 words (en) or 3,000 characters and kana words (zh, ja).
func synthVocabulary(lang string, r *rand.Rand) []string {
	var v []string
	switch lang {
	case "en":
		syl := []string{"ka", "lo", "ren", "ti", "sa", "mu", "der", "ion", "ver", "pa", "ne", "gra", "stu", "co", "pi", "x", "ter", "ble"}
		seen := map[string]bool{}
		for len(v) < 30000 {
			var w string
			for range 1 + r.IntN(4) {
				w += syl[r.IntN(len(syl))]
			}
			if !seen[w] {
				seen[w] = true
				v = append(v, w)
			}
		}
	default:
		for i := range 3000 {
			v = append(v, string(rune(0x4e00+i*7)))
		}
		if lang == "ja" {
			for i := range 1000 {
				v = append(v, string([]rune{rune(0x30a2 + i%80), rune(0x30a2 + i/80*3%80), 'ー'}))
			}
		}
	}
	return v
}

// BenchmarkBuildIndex is the index of 10,000 pages in one language: preparing every page
// (what a build does as it renders them) and writing the files.
func BenchmarkBuildIndex(b *testing.B) {
	for _, lang := range []string{"en", "zh", "ja"} {
		b.Run("lang="+lang, func(b *testing.B) {
			docs := synthPages(lang, 10000)
			var st Stats
			for b.Loop() {
				_, st = Build(docs)
			}
			b.ReportMetric(float64(st.Bytes)/1e6, "MB-index")
			b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}

// BenchmarkFirstQuery is a reader's first query on a site of 10,000 pages a language:
// what it loads (index.bin, the shards of its terms, the chunks of the ten results shown;
// median and max) and, as B-script, the gzipped search.js every page loads anyway. Queries are one to
// three words drawn from the pages' own.
func BenchmarkFirstQuery(b *testing.B) {
	script, err := os.ReadFile("../../static/search.js")
	if err != nil {
		b.Fatal(err)
	}
	var zs bytes.Buffer
	zw := gzip.NewWriter(&zs)
	zw.Write(script)
	zw.Close()
	for _, lang := range []string{"en", "zh", "ja"} {
		b.Run("lang="+lang, func(b *testing.B) {
			docs := synthPages(lang, 10000)
			files, _ := Build(docs)
			r := rand.New(rand.NewPCG(2, 2))
			var queries []string
			for range 60 {
				d := docs[r.IntN(len(docs))]
				terms := Terms(nil, d.Sections[r.IntN(len(d.Sections))].Text)
				k := r.IntN(len(terms) - 3)
				queries = append(queries, terms[k].Text+" "+terms[k+2].Text)
			}
			var loaded []int
			i := 0
			for b.Loop() {
				ix, err := Open(func(name string) ([]byte, error) { return files[name], nil })
				if err != nil {
					b.Fatal(err)
				}
				if _, err := ix.Search(queries[i%len(queries)], 10); err != nil {
					b.Fatal(err)
				}
				loaded = append(loaded, ix.Loaded)
				i++
			}
			slices.Sort(loaded)
			b.ReportMetric(float64(loaded[len(loaded)/2]), "B-median")
			b.ReportMetric(float64(loaded[len(loaded)-1]), "B-max")
			b.ReportMetric(float64(zs.Len()), "B-script")
			b.ReportMetric(float64(len(files[MetaFile])), "B-index.bin")
		})
	}
}

// BenchmarkSections reads the <main> of every golden page into sections, with scan (as
// Sections does) and with the tokenizer alone, for the ratio.
func BenchmarkSections(b *testing.B) {
	var bodies []string
	size := 0
	for _, page := range readGoldenPages(b) {
		bodies = append(bodies, MainOf(page))
		size += len(bodies[len(bodies)-1])
	}
	slices.Sort(bodies)
	for _, by := range []string{"scan", "tokenizer"} {
		b.Run("by="+by, func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, body := range bodies {
					sectionsBy(body, by == "scan")
				}
			}
		})
	}
}

// BenchmarkPrepare cuts 1,000 generated pages into terms counted per section.
func BenchmarkPrepare(b *testing.B) {
	for _, lang := range []string{"en", "zh", "ja"} {
		b.Run("lang="+lang, func(b *testing.B) {
			docs := synthPages(lang, 1000)
			size := 0
			for _, d := range docs {
				for _, s := range d.Sections {
					size += len(s.Heading) + len(s.Text)
				}
			}
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, d := range docs {
					Prepare(d)
				}
			}
		})
	}
}
