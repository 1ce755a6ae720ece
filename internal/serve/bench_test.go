package serve

import (
	"fmt"
	"testing"
)

// BenchmarkEditToReload measures one edit's way to the browser: from writing
// a page's source to a client of the reload stream receiving "reload". It
// includes the quiet period (DefaultQuiet), the build and the notification.
// The builder is dirBuilder over 200 small pages in three languages; the site
// builder's figures need the same loop around the real builder.
func BenchmarkEditToReload(b *testing.B) {
	dir := b.TempDir()
	for i := range 200 {
		lang := testLanguages[i%len(testLanguages)].Code
		writeFile(b, dir, fmt.Sprintf("content/%s/p%03d.md", lang, i), fmt.Sprintf("<p>page %d</p>", i))
	}
	base := startServer(b, Options{SourceDir: dir}, &dirBuilder{dir: dir})
	_, page := get(b, base, "/en/p000.html", nil)
	stream := openEvents(b, base, pageGen(b, page))
	n := 0
	for b.Loop() {
		n++
		writeFile(b, dir, "content/en/p000.md", fmt.Sprintf("<p>edit %d</p>", n))
		if ev := stream.next(b); ev.name != "reload" {
			b.Fatalf("event %q, want reload", ev.name)
		}
	}
}
