package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/corpus"
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
	if got, err := countHTML(dest); err != nil || got != 3*n {
		t.Fatalf("floor wrote %d HTML files (%v), want %d", got, err, 3*n)
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
