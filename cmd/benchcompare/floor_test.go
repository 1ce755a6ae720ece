package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/bench/corpus"
)

func TestStripFrontMatter(t *testing.T) {
	for in, want := range map[string]string{
		"+++\ntitle = \"a\"\n+++\n# A\n": "# A\n",
		"# no front matter\n":            "# no front matter\n",
		"+++\nunterminated\n":            "+++\nunterminated\n",
	} {
		if got := string(stripFrontMatter([]byte(in))); got != want {
			t.Errorf("stripFrontMatter(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFloorRendersEveryFile(t *testing.T) {
	site, dest, n := t.TempDir(), t.TempDir(), 12
	if err := corpus.WriteContent(corpus.Options{Pages: n, Seed: 9}, site); err != nil {
		t.Fatal(err)
	}
	if err := floor(site, dest); err != nil {
		t.Fatal(err)
	}
	if got, err := countHTML(dest); err != nil || got != 3*n+len(corpus.SectionFiles()) {
		t.Fatalf("floor wrote %d HTML files (%v), want %d pages and the section pages", got, err, 3*n)
	}
	f := corpus.PageFiles(corpus.Options{Pages: n, Seed: 9}, 0)[1] // Chinese
	html, err := os.ReadFile(filepath.Join(dest, f.Lang, strings.TrimSuffix(f.Path, ".md")+".html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h2", "<table>\n<thead>", `class="npf-comparsion-table"`} {
		if !strings.Contains(string(html), want) {
			t.Errorf("%s: no %q in the floor's output", f.Path, want)
		}
	}
	if strings.Contains(string(html), "translationKey") {
		t.Errorf("%s: front matter rendered", f.Path)
	}
}

func TestFloorReportsMissingSource(t *testing.T) {
	if err := floor(filepath.Join(t.TempDir(), "none"), t.TempDir()); err == nil {
		t.Error("no error for a missing source")
	}
}

// BenchmarkConvert measures the floor's per-page work, goldmark's Convert, on corpus
// pages and on a seed page, in bytes per second.
func BenchmarkConvert(b *testing.B) {
	seed, err := os.ReadFile(filepath.Join("..", "..", "content", "en", "gpu-cloud.md"))
	if err != nil {
		b.Fatal(err)
	}
	inputs := map[string][]byte{"seed-en": stripFrontMatter(seed)}
	for _, f := range corpus.PageFiles(corpus.Options{Pages: 100, Seed: 1}, 3) {
		inputs["corpus-"+f.Lang] = stripFrontMatter(f.Data)
	}
	for name, src := range inputs {
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			md := newMarkdown()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := md.Convert(src, &buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
