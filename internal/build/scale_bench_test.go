package build

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/write"
)

// The scale benchmarks build a site of one page whose cost once grew with the square of
// its size (issue 31): run two sizes and compare. They are not part of make bench.

// benchOnePage builds, b.N times, a site whose only page is content/en/a.md holding body.
func benchOnePage(b *testing.B, body string) {
	dir := b.TempDir()
	file := filepath.Join(dir, "content", "en", "a.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(context.Background(), Options{Source: dir}, write.NewMemory()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLinkLine: one line of links, 0.1 and 1 MB; each link's line was counted from
// the start of the page.
func BenchmarkLinkLine(b *testing.B) {
	for _, size := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("%dkB", size/1000), func(b *testing.B) {
			const link = "[a](#top) "
			benchOnePage(b, "# Top {#top}\n\n"+strings.Repeat(link, size/len(link))+"\n")
		})
	}
}

// BenchmarkNestedShortcodes: details pairs nested 500 and 1,000 deep; each level copied
// the whole of its inner content.
func BenchmarkNestedShortcodes(b *testing.B) {
	for _, depth := range []int{500, 1000} {
		b.Run(fmt.Sprintf("depth%d", depth), func(b *testing.B) {
			benchOnePage(b, nestedDetails(depth))
		})
	}
}

// nestedDetails is a page of details pairs nested depth deep, a line of text in each.
func nestedDetails(depth int) string {
	var sb strings.Builder
	for i := range depth {
		fmt.Fprintf(&sb, "{{%% details \"s%d\" %%}}\ntext %d\n", i, i)
	}
	for range depth {
		sb.WriteString("{{% /details %}}\n")
	}
	return sb.String()
}
