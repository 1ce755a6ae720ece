package build

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"

	"docsite/internal/bench/corpus"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/render"
	"docsite/internal/table"
	"docsite/internal/write"
)

// The stage benchmarks (make bench) run over the generated corpus of issue 8: parallel en,
// zh and ja pages with damaged tables. Per-page figures are per page version (one language).

var corpora struct {
	sync.Mutex
	dirs map[int]string
}

// corpusDir generates a corpus of n pages per language once per test process.
func corpusDir(b *testing.B, n int) string {
	b.Helper()
	corpora.Lock()
	defer corpora.Unlock()
	if d, ok := corpora.dirs[n]; ok {
		return d
	}
	dir, err := os.MkdirTemp("", fmt.Sprintf("docsite-corpus-%d-", n))
	if err != nil {
		b.Fatal(err)
	}
	if err := corpus.WriteContent(corpus.Options{Pages: n, Seed: 1}, dir); err != nil {
		b.Fatal(err)
	}
	if corpora.dirs == nil {
		corpora.dirs = map[int]string{}
	}
	corpora.dirs[n] = dir
	return dir
}

func TestMain(m *testing.M) {
	load.StableAfter = 0 // the cache's tests edit and build at once
	code := m.Run()
	for _, d := range corpora.dirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

func prepared(b *testing.B, n int) *site {
	b.Helper()
	dir := corpusDir(b, n)
	s, err := prepare(os.DirFS(dir), Options{Source: dir}, noReuse{})
	if err != nil {
		b.Fatal(err)
	}
	s.makeTrees()
	return s
}

func BenchmarkLoad(b *testing.B) {
	dir := corpusDir(b, 1000)
	s := prepared(b, 1000)
	fsys := os.DirFS(dir)
	pages := 0
	for b.Loop() {
		ps, err := load.Pages(fsys, s.cfg.Langs, nil)
		if err != nil {
			b.Fatal(err)
		}
		pages = len(ps)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pages), "ns/page")
}

// BenchmarkParse parses pages with goldmark and docsite's extensions (tables normalised,
// GPU names linked, images checked).
func BenchmarkParse(b *testing.B) {
	s := prepared(b, 1000)
	i := 0
	for b.Loop() {
		g := s.groups[i%len(s.groups)]
		p := g.Pages[i/len(s.groups)%len(g.Pages)]
		if _, err := s.parsePage(p, new(diag.List)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

var rawTable = regexp.MustCompile(`(?s)<table.*?</table>`)

// BenchmarkNormalise repairs the corpus's damaged raw HTML tables into the table model.
func BenchmarkNormalise(b *testing.B) {
	s := prepared(b, 1000)
	var tables [][]byte
	for _, g := range s.groups[:100] {
		for _, p := range g.Pages {
			src, err := p.Source(s.fsys)
			if err != nil {
				b.Fatal(err)
			}
			tables = append(tables, rawTable.FindAll(src, -1)...)
		}
	}
	i := 0
	for b.Loop() {
		if _, _, err := table.FromHTML(tables[i%len(tables)], 1); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkAlign reviews one page in all three languages: outline, align, check.
func BenchmarkAlign(b *testing.B) {
	s := prepared(b, 1000)
	type parsed struct {
		g    *load.Group
		real map[string]*built
	}
	var groups []parsed
	for _, g := range s.groups[:200] {
		real := map[string]*built{}
		for _, p := range g.Pages {
			bt, err := s.parsePage(p, new(diag.List))
			if err != nil {
				b.Fatal(err)
			}
			real[p.Lang] = bt
		}
		groups = append(groups, parsed{g, real})
	}
	i := 0
	for b.Loop() {
		pg := groups[i%len(groups)]
		s.reviewGroup(pg.g, pg.real)
		i++
	}
}

// BenchmarkRender renders a parsed page's body and its page template.
func BenchmarkRender(b *testing.B) {
	s := prepared(b, 1000)
	var pages []*built
	for _, g := range s.groups[:200] {
		bt, err := s.parsePage(g.Pages[0], new(diag.List))
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, bt)
	}
	i := 0
	for b.Loop() {
		bt := pages[i%len(pages)]
		if err := s.renderBody(bt); err != nil {
			b.Fatal(err)
		}
		tr := s.render.Translations(&bt.Version, map[string]*render.Version{bt.page.Lang: &bt.Version})
		if _, err := s.writePage(tr, s.cfg.Langs[0], bt, bt, false, &assetFiles{}, nowhere); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkShell is the page template around an already rendered body.
func BenchmarkShell(b *testing.B) {
	s := prepared(b, 1000)
	g := s.groups[1]
	bt, err := s.parsePage(g.Pages[0], new(diag.List))
	if err != nil {
		b.Fatal(err)
	}
	if err := s.renderBody(bt); err != nil {
		b.Fatal(err)
	}
	tr := s.render.Translations(&bt.Version, map[string]*render.Version{bt.page.Lang: &bt.Version})
	for b.Loop() {
		if _, err := s.writePage(tr, s.cfg.Langs[0], bt, bt, false, &assetFiles{}, nowhere); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite writes 3,000 files of a typical page's size into a new tree and swaps it in.
func BenchmarkWrite(b *testing.B) {
	page := make([]byte, 24<<10)
	dest := filepath.Join(b.TempDir(), "public")
	for b.Loop() {
		t, err := write.Begin(dest, write.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for i := range 3000 {
			if err := t.WriteFile(fmt.Sprintf("l%d/d%02d/p%04d/index.html", i%3, i%40, i), page); err != nil {
				b.Fatal(err)
			}
		}
		if err := t.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*3000), "ns/file")
}

// BenchmarkBuild is a whole build to disk at 1,000 and 10,000 pages per language, with
// the search index and without it (what the index costs a build).
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, search := range []bool{true, false} {
			b.Run(fmt.Sprintf("pages=%d/search=%v", n, search), func(b *testing.B) {
				dir := corpusDir(b, n)
				dest := filepath.Join(b.TempDir(), "public")
				for b.Loop() {
					t, err := write.Begin(dest, write.Options{})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := Run(context.Background(), Options{Source: dir, NoSearch: !search}, t); err != nil {
						b.Fatal(err)
					}
					if err := t.Commit(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(3*n*b.N)/b.Elapsed().Seconds(), "pages/s")
			})
		}
	}
}

// BenchmarkCachedBuild is a rebuild with the build cache at 1,000 pages per language, to
// disk: with nothing changed, and after a body edit of one page (a new paragraph each
// time). The first build, which fills the cache, is not timed.
func BenchmarkCachedBuild(b *testing.B) {
	for _, scenario := range []string{"noop", "body"} {
		b.Run(scenario, func(b *testing.B) {
			dir := b.TempDir()
			if err := os.CopyFS(dir, os.DirFS(corpusDir(b, 1000))); err != nil {
				b.Fatal(err)
			}
			page := corpus.PageFiles(corpus.Options{Pages: 1000, Seed: 1}, 0)[0]
			name := filepath.Join(dir, "content", page.Lang, filepath.FromSlash(page.Path))
			original, err := os.ReadFile(name)
			if err != nil {
				b.Fatal(err)
			}
			dest, cacheDir := filepath.Join(b.TempDir(), "public"), filepath.Join(b.TempDir(), "cache")
			build := func() {
				t, err := write.Begin(dest, write.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Run(context.Background(), Options{Source: dir, Cache: cacheDir}, t); err != nil {
					b.Fatal(err)
				}
				if err := t.Commit(); err != nil {
					b.Fatal(err)
				}
			}
			build()
			k := 0
			for b.Loop() {
				if scenario == "body" {
					k++
					b.StopTimer()
					os.WriteFile(name, fmt.Appendf(bytes.Clone(original), "\nEdit %d.\n", k), 0o644)
					b.StartTimer()
				}
				build()
			}
		})
	}
}

// BenchmarkLiveEdit is the preview server's rebuild after an edit of one page (the server
// adds its quiet period and the reload notification).
func BenchmarkLiveEdit(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("pages=%d", n), func(b *testing.B) {
			dir := corpusDir(b, n)
			live, err := NewLive(Options{Source: dir})
			if err != nil {
				b.Fatal(err)
			}
			defer live.Close()
			if _, err := live.Build(context.Background(), nil); err != nil {
				b.Fatal(err)
			}
			s := live.last.s
			p := s.groups[len(s.groups)/2].Pages[1]
			orig, err := os.ReadFile(filepath.Join(dir, p.File))
			if err != nil {
				b.Fatal(err)
			}
			defer os.WriteFile(filepath.Join(dir, p.File), orig, 0o644)
			i := 0
			for b.Loop() {
				i++
				edited := append(append([]byte(nil), orig...), fmt.Sprintf("\n\nedit %d\n", i)...)
				if err := os.WriteFile(filepath.Join(dir, p.File), edited, 0o644); err != nil {
					b.Fatal(err)
				}
				if _, err := live.Build(context.Background(), []string{p.File}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
