package serve

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a log that the test can read while the server writes it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestFirstBuildFailsThenRecovers(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", "<p>first</p>")
	writeFile(t, dir, "content/en/broken", "")
	var log lockedBuffer
	base := startServer(t, Options{SourceDir: dir, Log: &log}, &dirBuilder{dir: dir})

	resp, page := get(t, base, "/en/index.html", nil)
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("before any good build: status %d, want 503", resp.StatusCode)
	}
	stream := openEvents(t, base, pageGen(t, page))
	if ev := stream.next(t); ev.name != "build-error" || !strings.Contains(ev.data, "content/en/broken:1: broken: this page is broken") {
		t.Errorf("event %q %q, want the build error", ev.name, ev.data)
	}
	if got := log.String(); !strings.Contains(got, "build failed") || !strings.Contains(got, "content/en/broken:1: broken: this page is broken") {
		t.Errorf("terminal shows:\n%s", got)
	}

	if err := os.Remove(filepath.Join(dir, "content/en/broken")); err != nil {
		t.Fatal(err)
	}
	if ev := stream.next(t); ev.name != "reload" {
		t.Errorf("after the fix: event %q, want reload", ev.name)
	}
	if resp, page := get(t, base, "/en/index.html", nil); resp.StatusCode != http.StatusOK || !strings.Contains(page, "first") {
		t.Errorf("after the fix: %d %q", resp.StatusCode, page)
	}
	if got := log.String(); !strings.Contains(got, "serving "+base.String()) {
		t.Errorf("terminal does not show the URL:\n%s", got)
	}
}

func TestShutdownEndsStreams(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	done := make(chan error, 1)
	opts := Options{Addr: "127.0.0.1:0", SourceDir: t.TempDir(), Ready: func(u string) { ready <- u }}
	go func() { done <- Run(ctx, opts, staticBuilder{testSite()}) }()
	u := <-ready
	resp, err := http.Get(strings.TrimSuffix(u, "/") + eventsPath + "?gen=x")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return with a stream open")
	}
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Errorf("the stream did not end cleanly: %v", err)
	}
}

func TestRunReportsBusyAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = Run(context.Background(), Options{Addr: ln.Addr().String(), SourceDir: t.TempDir()}, staticBuilder{testSite()})
	if err == nil {
		t.Fatal("Run on a busy address returned nil")
	}
}
