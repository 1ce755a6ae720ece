package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"docsite/internal/diag"
)

// dirBuilder is a simple real builder: it reads content/ under its folder
// and puts each file into the site at the same path below content/, turning
// "x.md" into the page "x.html"; it fails when a file named "broken" exists.
// It records the changed lists it was given.
type dirBuilder struct {
	dir   string
	mu    sync.Mutex
	calls [][]string
}

func (b *dirBuilder) Build(ctx context.Context, changed []string) (*Site, error) {
	b.mu.Lock()
	b.calls = append(b.calls, changed)
	b.mu.Unlock()
	site := fstest.MapFS{"404.html": {Data: []byte("<html><body><h1>Not here</h1></body></html>")}}
	root := filepath.Join(b.dir, "content")
	var errs diag.List
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.Name() == "broken" {
			errs = append(errs, diag.Errorf("content/"+rel, 1, 0, "broken", "this page is broken"))
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(rel, ".md") {
			rel = strings.TrimSuffix(rel, ".md") + ".html"
			data = []byte("<!doctype html><html><body>" + string(data) + "</body></html>")
		}
		site[rel] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return &Site{FS: site, Languages: testLanguages, BasePath: "/"}, nil
}

// builds returns the changed lists of the builds since the first n.
func (b *dirBuilder) builds(n int) [][]string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.calls[n:])
}

// writeFile writes a file under dir, making its folders.
func writeFile(t testing.TB, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// liveSite is a server on a temporary source folder with a dirBuilder, and a
// reload stream opened as its English home page would.
type liveSite struct {
	dir     string
	b       *dirBuilder
	base    *url.URL
	stream  *eventStream
	settled time.Duration // long enough for a burst to be built and any stray build to show
}

func startLiveSite(t *testing.T) (*liveSite, func(path string) string) {
	return startLiveSiteQuiet(t, DefaultQuiet)
}

func startLiveSiteQuiet(t *testing.T, quiet time.Duration) (*liveSite, func(path string) string) {
	return startLiveSiteOptions(t, Options{Quiet: quiet})
}

// startLiveSiteOptions is startLiveSite with opts, whose SourceDir it sets.
func startLiveSiteOptions(t *testing.T, opts Options) (*liveSite, func(path string) string) {
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", "<p>first</p>")
	writeFile(t, dir, "site.toml", "title = 'test'\n")
	b := &dirBuilder{dir: dir}
	opts.SourceDir = dir
	base := startServer(t, opts, b)
	fetch := func(p string) string {
		_, body := get(t, base, p, nil)
		return body
	}
	ls := &liveSite{dir: dir, b: b, base: base, settled: 10 * DefaultQuiet}
	ls.stream = openEvents(t, base, pageGen(t, fetch("/en/index.html")))
	return ls, fetch
}

func TestEditReloadsOnceWithNewContent(t *testing.T) {
	ls, fetch := startLiveSite(t)
	writeFile(t, ls.dir, "content/en/index.md", "<p>second</p>")
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if page := fetch("/en/index.html"); !strings.Contains(page, "<p>second</p>") {
		t.Errorf("after reload the page is %q", page)
	}
	ls.stream.none(t, ls.settled)
	if got, want := ls.b.builds(1), [][]string{{"content/en/index.md"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("builds %q, want %q", got, want)
	}
}

// A change after a quiet spell is built at once, not after the quiet period: with a quiet
// period of an hour the edit still reloads the page.
func TestSaveBuildsAtOnce(t *testing.T) {
	ls, fetch := startLiveSiteQuiet(t, time.Hour)
	writeFile(t, ls.dir, "content/en/index.md", "<p>second</p>")
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if page := fetch("/en/index.html"); !strings.Contains(page, "<p>second</p>") {
		t.Errorf("after reload the page is %q", page)
	}
	if got, want := ls.b.builds(1), [][]string{{"content/en/index.md"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("builds %q, want %q", got, want)
	}
}

// The first change of a burst is built at once; the rest of the burst waits until the
// sources are quiet for the quiet period (here an hour), and is not built file by file.
func TestBurstAfterFirstBuildWaitsForQuiet(t *testing.T) {
	ls, _ := startLiveSiteQuiet(t, time.Hour)
	for i := range 100 {
		writeFile(t, ls.dir, fmt.Sprintf("content/en/p%03d.md", i), fmt.Sprintf("<p>page %d</p>", i))
	}
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	ls.stream.none(t, ls.settled)
	builds := ls.b.builds(1)
	if len(builds) != 1 || !slices.Contains(builds[0], "content/en/p000.md") {
		t.Errorf("builds %q, want one, naming content/en/p000.md", builds)
	}
}

func TestRenameSaveIsOneRebuild(t *testing.T) {
	ls, fetch := startLiveSite(t)
	// As an editor saves atomically: write a new file beside, rename it over.
	writeFile(t, ls.dir, "content/en/index.md.new", "<p>renamed</p>")
	if err := os.Rename(filepath.Join(ls.dir, "content/en/index.md.new"), filepath.Join(ls.dir, "content/en/index.md")); err != nil {
		t.Fatal(err)
	}
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	ls.stream.none(t, ls.settled)
	if page := fetch("/en/index.html"); !strings.Contains(page, "<p>renamed</p>") {
		t.Errorf("after reload the page is %q", page)
	}
	builds := ls.b.builds(1)
	if len(builds) != 1 || !slices.Contains(builds[0], "content/en/index.md") {
		t.Errorf("builds %q, want one naming content/en/index.md", builds)
	}
}

func TestHundredFilesAtMostTwoRebuilds(t *testing.T) {
	ls, fetch := startLiveSite(t)
	var want []string
	for i := range 100 {
		name := fmt.Sprintf("content/en/p%03d.md", i)
		writeFile(t, ls.dir, name, fmt.Sprintf("<p>page %d</p>", i))
		want = append(want, name)
	}
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	time.Sleep(ls.settled)
	builds := ls.b.builds(1)
	if len(builds) > 2 {
		t.Errorf("%d rebuilds for 100 files, want at most 2: %q", len(builds), builds)
	}
	var seen []string
	for _, b := range builds {
		seen = append(seen, b...)
	}
	for _, name := range want {
		if !slices.Contains(seen, name) {
			t.Errorf("no build was told that %s changed", name)
		}
	}
	if page := fetch("/en/p099.html"); !strings.Contains(page, "<p>page 99</p>") {
		t.Errorf("last page: %q", page)
	}
}

func TestNewFoldersAreWatched(t *testing.T) {
	ls, fetch := startLiveSite(t)
	writeFile(t, ls.dir, "content/fr/deep/er/x.md", "<p>nouveau</p>")
	reloadsUntil(t, ls, fetch, "/fr/deep/er/x.html", "nouveau")
	// The new folder is watched: an edit inside it rebuilds again.
	writeFile(t, ls.dir, "content/fr/deep/er/x.md", "<p>modifié</p>")
	reloadsUntil(t, ls, fetch, "/fr/deep/er/x.html", "modifié")
}

// reloadsUntil waits for reloads until the page at url holds want, at most three. A file
// in a new folder can be listed when the folder is first watched, before its writer has
// written it (os.WriteFile creates, then writes): on a loaded machine the first build then
// reads it empty, and the write's own event brings the second.
func reloadsUntil(t *testing.T, ls *liveSite, fetch func(string) string, url, want string) {
	t.Helper()
	var page string
	for range 3 {
		if ev := ls.stream.next(t); ev.name != "reload" {
			t.Fatalf("event %q, want reload", ev.name)
		}
		if page = fetch(url); strings.Contains(page, want) {
			return
		}
	}
	t.Errorf("%s after three reloads: %q, want %q in it", url, page, want)
}

func TestWatchedSourcesOnly(t *testing.T) {
	ls, _ := startLiveSite(t)
	writeFile(t, ls.dir, "notes.txt", "not a source")
	writeFile(t, ls.dir, "content/en/.index.md.swp", "vim swap")
	writeFile(t, ls.dir, "content/en/index.md~", "backup")
	writeFile(t, ls.dir, "templates/page.html", "{{.}}")
	writeFile(t, ls.dir, "site.toml", "title = 'changed'\n")
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	ls.stream.none(t, ls.settled)
	want := [][]string{{"site.toml", "templates/page.html"}}
	if got := ls.b.builds(1); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("builds %q, want %q", got, want)
	}
}

func TestFailedBuildShowsErrorUntilGoodBuild(t *testing.T) {
	ls, fetch := startLiveSite(t)
	writeFile(t, ls.dir, "content/en/broken", "")
	ev := ls.stream.next(t)
	if ev.name != "build-error" {
		t.Fatalf("event %q, want build-error", ev.name)
	}
	var lines []string
	if err := json.Unmarshal([]byte(ev.data), &lines); err != nil {
		t.Fatal(err)
	}
	if want := []string{"content/en/broken:1: broken: this page is broken"}; !slices.Equal(lines, want) {
		t.Errorf("errors %q, want %q", lines, want)
	}
	// The last good site is still served, and a page loaded now sees the error.
	page := fetch("/en/index.html")
	if !strings.Contains(page, "<p>first</p>") {
		t.Errorf("during the error the page is %q", page)
	}
	late := openEvents(t, ls.base, pageGen(t, page))
	if ev := late.next(t); ev.name != "build-error" || ev.data != `["content/en/broken:1: broken: this page is broken"]` {
		t.Errorf("a page loaded during the error got %q %q", ev.name, ev.data)
	}
	// The next good build reloads every page, clearing the overlay.
	if err := os.Remove(filepath.Join(ls.dir, "content/en/broken")); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*eventStream{ls.stream, late} {
		if ev := s.next(t); ev.name != "reload" {
			t.Errorf("after the fix: event %q, want reload", ev.name)
		}
	}
	fresh := openEvents(t, ls.base, pageGen(t, fetch("/en/index.html")))
	fresh.none(t, ls.settled)
}

func TestFolderMovedInIsWatched(t *testing.T) {
	ls, fetch := startLiveSite(t)
	outside := t.TempDir()
	writeFile(t, outside, "de/sub/x.md", "<p>eingezogen</p>")
	if err := os.Rename(filepath.Join(outside, "de"), filepath.Join(ls.dir, "content/de")); err != nil {
		t.Fatal(err)
	}
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if page := fetch("/de/sub/x.html"); !strings.Contains(page, "eingezogen") {
		t.Errorf("moved-in page: %q", page)
	}
	if got := ls.b.builds(1); len(got) != 1 || !slices.Contains(got[0], "content/de/sub/x.md") {
		t.Errorf("builds %q, want one naming content/de/sub/x.md", got)
	}
	writeFile(t, ls.dir, "content/de/sub/x.md", "<p>geändert</p>")
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if page := fetch("/de/sub/x.html"); !strings.Contains(page, "geändert") {
		t.Errorf("edited page: %q", page)
	}
}

// sameBuilder hands back the site it built first, as a builder does when the changed
// sources are as they were at its last build.
type sameBuilder struct {
	dirBuilder
	site *Site
}

func (b *sameBuilder) Build(ctx context.Context, changed []string) (*Site, error) {
	site, err := b.dirBuilder.Build(ctx, changed)
	if b.site == nil {
		b.site = site
	}
	return b.site, err
}

func TestSameSiteReloadsNothing(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", "<p>same</p>")
	b := &sameBuilder{dirBuilder: dirBuilder{dir: dir}}
	base := startServer(t, Options{SourceDir: dir}, b)
	_, page := get(t, base, "/en/index.html", nil)
	stream := openEvents(t, base, pageGen(t, page))
	writeFile(t, dir, "content/en/index.md", "<p>same</p>")
	stream.none(t, 10*DefaultQuiet)
	if builds := b.builds(1); len(builds) != 1 {
		t.Errorf("builds %q, want one", builds)
	}
	if _, again := get(t, base, "/en/index.html", nil); pageGen(t, again) != pageGen(t, page) {
		t.Error("the served build changed")
	}
}

// gatedBuilder is a dirBuilder whose rebuilds wait until the test opens the gate.
type gatedBuilder struct {
	dirBuilder
	started chan struct{}
	gate    chan struct{}
}

func (b *gatedBuilder) Build(ctx context.Context, changed []string) (*Site, error) {
	if changed != nil {
		b.started <- struct{}{}
		<-b.gate
	}
	return b.dirBuilder.Build(ctx, changed)
}

func TestRequestsDuringRebuildGetTheOldSite(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", "<p>old</p>")
	b := &gatedBuilder{dirBuilder: dirBuilder{dir: dir}, started: make(chan struct{}, 10), gate: make(chan struct{})}
	base := startServer(t, Options{SourceDir: dir}, b)
	t.Cleanup(func() { // before the server stops, so a failed test does not leave a build waiting
		select {
		case <-b.gate:
		default:
			close(b.gate)
		}
	})
	_, page := get(t, base, "/en/index.html", nil)
	stream := openEvents(t, base, pageGen(t, page))

	writeFile(t, dir, "content/en/index.md", "<p>new</p>")
	<-b.started
	for range 20 {
		if resp, page := get(t, base, "/en/index.html", nil); resp.StatusCode != 200 || !strings.Contains(page, "<p>old</p>") {
			t.Fatalf("during the rebuild: %d %q, want the old page", resp.StatusCode, page)
		}
	}
	close(b.gate)
	if ev := stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if _, page := get(t, base, "/en/index.html", nil); !strings.Contains(page, "<p>new</p>") {
		t.Errorf("after the rebuild: %q", page)
	}
}
