package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"docsite/internal/bench/corpus"
	"docsite/internal/build"
	"docsite/internal/serve"
)

// startServe runs the preview server with the real live builder over site root dir.
func startServe(tb testing.TB, dir string, quiet time.Duration) string {
	tb.Helper()
	live, err := build.NewLive(build.Options{Source: dir})
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve.Run(ctx, serve.Options{Addr: "127.0.0.1:0", SourceDir: dir, Quiet: quiet,
			Ready: func(u string) { ready <- u }}, &liveBuilder{live: live, log: io.Discard})
	}()
	tb.Cleanup(func() {
		cancel()
		<-done
		live.Close()
	})
	select {
	case u := <-ready:
		return strings.TrimSuffix(u, "/")
	case err := <-done:
		tb.Fatalf("serve: %v", err)
	case <-time.After(5 * time.Minute): // a 30,000-page first build takes a minute under load
		tb.Fatal("server not ready after five minutes")
	}
	return ""
}

var genAttr = regexp.MustCompile(`data-gen="([^"]*)"`)

func getPage(tb testing.TB, url string) (body, gen string) {
	tb.Helper()
	resp, err := http.Get(url)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := genAttr.FindSubmatch(b)
	if m == nil {
		tb.Fatalf("%s: served page has no reload script", url)
	}
	return string(b), string(m[1])
}

// events is a client of the reload stream.
type events struct {
	r    *bufio.Reader
	body io.Closer
}

func openEvents(tb testing.TB, base, gen string) *events {
	tb.Helper()
	resp, err := http.Get(base + "/_docsite/events?gen=" + gen)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { resp.Body.Close() })
	return &events{r: bufio.NewReader(resp.Body), body: resp.Body}
}

// next returns the name of the next event.
func (e *events) next(tb testing.TB) string {
	tb.Helper()
	for {
		line, err := e.r.ReadString('\n')
		if err != nil {
			tb.Fatalf("event stream: %v", err)
		}
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			return strings.TrimSpace(name)
		}
	}
}

func TestServeReloadsAfterEdit(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"content/en/a.md": "# A\n\nFirst text.\n",
		"content/zh/a.md": "# 甲\n\n第一版。\n",
	})
	base := startServe(t, dir, serve.DefaultQuiet)
	page, gen := getPage(t, base+"/zh/a/")
	if !strings.Contains(page, "第一版") {
		t.Fatal("first build not served")
	}
	ev := openEvents(t, base, gen)
	writeFiles(t, dir, map[string]string{"content/zh/a.md": "# 甲\n\n第二版。\n"})
	if name := ev.next(t); name != "reload" {
		t.Fatalf("event %q, want reload", name)
	}
	page, _ = getPage(t, base+"/zh/a/")
	if !strings.Contains(page, "第二版") {
		t.Error("edit not served after reload")
	}
	if strings.Contains(page, "第一版") {
		t.Error("old text still served")
	}
}

// BenchmarkEditToReload measures an edit of one page until the reload event reaches a
// client, with the real builder: on the bundled seed site at the server's default quiet
// period and at 10 ms, and on a generated corpus of 10,000 pages per language (30,000
// pages; generated once, skipped with -short). Edits are a quiet period apart, as a
// person's saves are: each is the first change of its burst.
func BenchmarkEditToReload(b *testing.B) {
	for _, quiet := range []time.Duration{serve.DefaultQuiet, 10 * time.Millisecond} {
		b.Run("seed/quiet="+quiet.String(), func(b *testing.B) {
			dir := b.TempDir()
			// The repository is the seed site: its content and its theme folders.
			for _, name := range []string{"content", "site.toml", "templates", "static", "locales"} {
				copyTree(b, "../../"+name, filepath.Join(dir, name))
			}
			benchEdit(b, dir, "content/ja/gpu-cloud.md", "/ja/gpu-cloud/", quiet)
		})
	}
	b.Run("corpus/pages=10000", func(b *testing.B) {
		if testing.Short() {
			b.Skip("generates and builds 30,000 pages")
		}
		dir := b.TempDir()
		if err := corpus.WriteContent(corpus.Options{Pages: 10000, Seed: 1}, dir); err != nil {
			b.Fatal(err)
		}
		file := firstPage(b, filepath.Join(dir, "content", "ja"))
		rel, _ := filepath.Rel(dir, file)
		url := "/" + strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(rel), "content/"), ".md") + "/"
		benchEdit(b, dir, filepath.ToSlash(rel), url, serve.DefaultQuiet)
	})
}

// firstPage returns the first markdown file below dir, in lexical order.
func firstPage(tb testing.TB, dir string) string {
	tb.Helper()
	var first string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && first == "" && !d.IsDir() && strings.HasSuffix(p, ".md") {
			first = p
		}
		return nil
	})
	if first == "" {
		tb.Fatalf("no page below %s", dir)
	}
	return first
}

func benchEdit(b *testing.B, dir, file, url string, quiet time.Duration) {
	base := startServe(b, dir, quiet)
	_, gen := getPage(b, base+url)
	ev := openEvents(b, base, gen)
	orig, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		b.StopTimer()
		time.Sleep(quiet + quiet/2)
		n++
		edited := append(append([]byte(nil), orig...), []byte("\n\nedit "+strings.Repeat("x", n%7)+"\n")...)
		b.StartTimer()
		if err := os.WriteFile(filepath.Join(dir, file), edited, 0o644); err != nil {
			b.Fatal(err)
		}
		if name := ev.next(b); name != "reload" {
			b.Fatalf("event %q, want reload", name)
		}
	}
}

func copyTree(tb testing.TB, from, to string) {
	tb.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Dir(target), 0o755)
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		tb.Fatal(err)
	}
}
