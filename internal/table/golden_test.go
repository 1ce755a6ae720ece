package table

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// newMarkdown is the goldmark set-up the site uses for tables.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK, NewExtension()))
}

// convert renders src and returns the HTML and the diagnostics, one per line.
func convert(t testing.TB, src []byte) (string, string) {
	t.Helper()
	md := newMarkdown()
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, src, doc); err != nil {
		t.Fatal(err)
	}
	var diags strings.Builder
	for _, d := range Diagnostics(pc, true) {
		diags.WriteString(d.Error() + "\n")
	}
	return out.String(), diags.String()
}

func seedFiles(t testing.TB) []string {
	files, err := filepath.Glob("testdata/seeds/*.md")
	if err != nil || len(files) != 5 {
		t.Fatalf("want 5 seed pages, got %d (%v)", len(files), err)
	}
	return files
}

// TestGolden renders the five seed pages and compares HTML and diagnostics with the reviewed
// output in testdata/golden; -update rewrites it.
func TestGolden(t *testing.T) {
	for _, file := range seedFiles(t) {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			html, diags := convert(t, src)
			checkGolden(t, filepath.Join("testdata/golden", name+".html"), html)
			checkGolden(t, filepath.Join("testdata/golden", name+".diag"), diags)
		})
	}
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the output (run go test -update and review the diff):\n%s", path, got)
	}
}
