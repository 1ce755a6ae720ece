package serve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// A page rewritten in steps (emptied, then written a part at a time, as a
// program that truncates and writes does) is never served in a state between
// two whole versions: the server waits for the file to settle, and drops a
// build whose sources changed while it ran.
func TestHalfWrittenPageIsNeverServed(t *testing.T) {
	ls, fetch := startLiveSite(t)
	name := filepath.Join(ls.dir, "content/en/index.md")
	whole := func(n int) string { return fmt.Sprintf("<p>begin %d</p><p>middle %d</p><p>end %d</p>", n, n, n) }
	writeFile(t, ls.dir, "content/en/index.md", whole(0))
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}

	const rounds = 12
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(done)
		for n := 1; n <= rounds; n++ {
			f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Error(err)
				return
			}
			text := whole(n)
			third := len(text) / 3
			for _, part := range []string{"", text[:third], text[third : 2*third], text[2*third:]} {
				f.WriteString(part)
				time.Sleep(10 * time.Millisecond)
			}
			f.Close()
			time.Sleep(150 * time.Millisecond)
		}
	})
	var seen, half int
	var example string
	for polling := true; polling; {
		select {
		case <-done:
			polling = false
		default:
		}
		page := fetch("/en/index.html")
		seen++
		if !strings.Contains(page, "<p>begin ") || !strings.Contains(page, "</p><p>end ") {
			half++
			example = page
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if half > 0 {
		t.Errorf("%d of %d responses served a half-written page, e.g.:\n%s", half, seen, example)
	}
	// The last version is published once it is whole.
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(fetch("/en/index.html"), whole(rounds)) {
		if time.Now().After(deadline) {
			t.Fatalf("the last version was not published: %s", fetch("/en/index.html"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// racingBuilder is a dirBuilder whose file is emptied as its second build
// starts and written whole again as it ends, as a writer would that began
// while the build ran.
type racingBuilder struct {
	*dirBuilder
	mu    sync.Mutex
	calls int
	name  string // the file it empties and rewrites
	text  string // what it writes after the build
}

func (b *racingBuilder) Build(ctx context.Context, changed []string) (*Site, error) {
	b.mu.Lock()
	b.calls++
	race := b.calls == 2
	b.mu.Unlock()
	if race {
		os.WriteFile(b.name, nil, 0o644)
	}
	site, err := b.dirBuilder.Build(ctx, changed)
	if race {
		os.WriteFile(b.name, []byte(b.text), 0o644)
	}
	return site, err
}

// A build whose sources changed while it ran is not published: the next one is.
func TestBuildOfChangingSourceIsDropped(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", "<p>first</p>")
	b := &racingBuilder{dirBuilder: &dirBuilder{dir: dir}, name: filepath.Join(dir, "content/en/index.md"), text: "<p>third</p>"}
	var log lockedBuffer
	base := startServer(t, Options{SourceDir: dir, Log: &log}, b)
	_, page := get(t, base, "/en/index.html", nil)
	stream := openEvents(t, base, pageGen(t, page))
	writeFile(t, dir, "content/en/index.md", "<p>second</p>")
	if ev := stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if _, page := get(t, base, "/en/index.html", nil); !strings.Contains(page, "<p>third</p>") {
		t.Errorf("the first reload after the edit shows %q, want the page as written after the build", page)
	}
	if !strings.Contains(log.String(), "changed while building") {
		t.Errorf("the log does not say the build was dropped:\n%s", log.String())
	}
}
