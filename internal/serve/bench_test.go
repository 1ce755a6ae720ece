package serve

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkEditToReload measures one edit's way to the browser: from writing
// a page's source to a client of the reload stream receiving "reload". It
// includes the quiet period, the build and the notification; the run with a
// 10ms quiet period shows how much of the time is the wait for quiet. The
// builder is dirBuilder over 200 small pages in three languages; the site
// builder's figures need the same loop around the real builder.
func BenchmarkEditToReload(b *testing.B) {
	for _, quiet := range []time.Duration{DefaultQuiet, 10 * time.Millisecond} {
		b.Run(fmt.Sprintf("quiet=%v", quiet), func(b *testing.B) {
			benchEditToReload(b, quiet)
		})
	}
}

func benchEditToReload(b *testing.B, quiet time.Duration) {
	dir := b.TempDir()
	for i := range 200 {
		lang := testLanguages[i%len(testLanguages)].Code
		writeFile(b, dir, fmt.Sprintf("content/%s/p%03d.md", lang, i), fmt.Sprintf("<p>page %d</p>", i))
	}
	base := startServer(b, Options{SourceDir: dir, Quiet: quiet}, &dirBuilder{dir: dir})
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
