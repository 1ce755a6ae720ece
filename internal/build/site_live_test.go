package build

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"docsite/internal/bench/corpus"
	"docsite/internal/diag"
	"docsite/internal/route"
	"docsite/internal/search"
)

// An incremental rebuild after an edit must give exactly what a full build gives.
func TestLiveIncrementalMatchesFull(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	live, _ := startLive(t, dir)
	ctx := context.Background()
	steps := []struct {
		name    string
		edit    func()
		changed []string
	}{
		{"body only", func() { writeSrc(t, dir, "content/zh/guide.md", "---\ntitle: 指南\n---\n只改了正文。\n") }, []string{"content/zh/guide.md"}},
		{"edit", func() {
			writeSrc(t, dir, "content/ja/guide.md", "+++\ntitle = \"ガイド改\"\n+++\n新しい本文。\n")
		}, []string{"content/ja/guide.md"}},
		{"add", func() { writeSrc(t, dir, "content/en/survey.md", "+++\ntitle = \"Survey\"\n+++\nNow in English.\n") }, []string{"content/en/survey.md"}},
		// what the listings show of a page but its body does not: its date, its weight
		{"date only", func() {
			writeSrc(t, dir, "content/en/survey.md", "+++\ntitle = \"Survey\"\ndate = 2024-05-01\nlastmod = 2024-06-02\n+++\nNow in English.\n")
		}, []string{"content/en/survey.md"}},
		{"weight only", func() {
			writeSrc(t, dir, "content/en/survey.md", "+++\ntitle = \"Survey\"\ndate = 2024-05-01\nlastmod = 2024-06-02\nweight = 1\n+++\nNow in English.\n")
		}, []string{"content/en/survey.md"}},
		{"delete", func() { os.Remove(filepath.Join(dir, "content/zh/guide.md")) }, []string{"content/zh/guide.md"}},
		// the survey loses its English source again: an orphan, published in zh alone
		{"source removed", func() { os.Remove(filepath.Join(dir, "content/en/survey.md")) }, []string{"content/en/survey.md"}},
		{"new folder", func() { writeSrc(t, dir, "content/zh/deep/page.md", "# 深\n") }, []string{"content/zh/deep/page.md"}},
	}
	var before diag.List
	for _, step := range steps {
		step.edit()
		snap, err := live.Build(ctx, step.changed)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		before = sameAsFull(t, step.name, dir, snap, before)
	}
}

// sameAsFull checks that a live build gives the files and the result of a full build of
// dir, and that it names as new exactly the diagnostics the last build (before) lacked.
// It returns the full build's diagnostics.
func sameAsFull(t *testing.T, step, dir string, snap *Snapshot, before diag.List) diag.List {
	t.Helper()
	return sameAsFullWith(t, step, Options{Source: dir}, snap, before)
}

// sameAsFullWith is sameAsFull for a live build with opts.
func sameAsFullWith(t *testing.T, step string, opts Options, snap *Snapshot, before diag.List) diag.List {
	t.Helper()
	dir := opts.Source
	opts.Source = ""
	want, res := mustBuild(t, dir, opts)
	sameFiles(t, step, snap.Files.Map(), want)
	got := *snap.Result
	got.Elapsed, res.Elapsed, got.Rewritten = 0, 0, 0
	if !reflect.DeepEqual(&got, res) {
		t.Errorf("%s: result differs from a full build:\n got %s, %d diags\nwant %s, %d diags", step, got.Summary(), len(got.Diags), res.Summary(), len(res.Diags))
		for i := range min(len(got.Diags), len(res.Diags)) {
			if got.Diags[i] != res.Diags[i] {
				t.Errorf("first differing diagnostic:\n got %v\nwant %v", got.Diags[i], res.Diags[i])
				break
			}
		}
	}
	if fresh := newDiags(res.Diags, before); !slices.Equal(snap.NewDiags, fresh) {
		t.Errorf("%s: new diagnostics\n got %v\nwant %v", step, snap.NewDiags, fresh)
	}
	if snap.Files.Len() != len(want) {
		t.Errorf("%s: Len %d, want %d", step, snap.Files.Len(), len(want))
	}
	return res.Diags
}

// TestLiveMatchesFullOnCorpus edits a generated corpus (damaged tables, GPU mentions,
// length outliers, warnings) in every way an author does and compares each live rebuild
// with a full build.
func TestLiveMatchesFullOnCorpus(t *testing.T) {
	t.Run("plain", func(t *testing.T) { liveMatchesFullOnCorpus(t, Options{}) })
	t.Run("review", func(t *testing.T) { liveMatchesFullOnCorpus(t, Options{Review: true, Drafts: true}) })
}

// liveMatchesFullOnCorpus is TestLiveMatchesFullOnCorpus with opts; a title edit writes
// every other page around its last body.
func liveMatchesFullOnCorpus(t *testing.T, opts Options) {
	dir := t.TempDir()
	if err := corpus.WriteContent(corpus.Options{Pages: 12, Seed: 3}, dir); err != nil {
		t.Fatal(err)
	}
	files := map[string][]string{}
	for _, lang := range []string{"en", "zh", "ja"} {
		filepath.WalkDir(filepath.Join(dir, "content", lang), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				files[lang] = append(files[lang], filepath.ToSlash(rel))
			}
			return nil
		})
		slices.Sort(files[lang])
	}
	read, edit := editors(t, dir)
	long := "\n\n" + strings.Repeat("这一段比原文长得多，", 60) + "\n"
	zh0, en1, ja2, ja3, en4 := files["zh"][0], files["en"][1], files["ja"][2], files["ja"][3], files["en"][4]
	jaMoved := "content/ja/moved/page.md"
	steps := []struct {
		name    string
		edit    func()
		changed []string
	}{
		{"longer translation", edit(zh0, func(s string) string { return s + long }), []string{zh0}},
		{"same again", func() {}, []string{zh0}},
		{"new title", edit(en1, func(s string) string { return strings.Replace(s, "title = \"", "title = \"New ", 1) }), []string{en1}},
		{"missing image", edit(ja2, func(s string) string { return s + "\n\n![図](img/nowhere.png)\n" }), []string{ja2}},
		{"other key and path", func() {
			moved := strings.Replace(read(ja3), "translationKey = \"", "translationKey = \"moved-", 1)
			writeSrc(t, dir, jaMoved, moved)
			os.Remove(filepath.Join(dir, ja3))
		}, []string{ja3, jaMoved}},
		{"source deleted", func() { os.Remove(filepath.Join(dir, en4)) }, []string{en4}},
		{"page added", func() {
			writeSrc(t, dir, "content/en/new/page.md", "+++\ntitle = \"New\"\n+++\nA new page on the RTX 6000.\n")
		}, []string{"content/en/new/page.md"}},
		{"two at once", func() {
			edit(zh0, func(s string) string { return strings.TrimSuffix(s, long) })()
			edit(ja2, func(s string) string { return s + "\n\nもう一文。\n" })()
		}, []string{ja2, zh0}},
	}
	opts.Source = dir
	live, snap := startLiveWith(t, opts)
	ctx := context.Background()
	before := sameAsFullWith(t, "first", opts, snap, nil)
	for _, step := range steps {
		step.edit()
		snap, err := live.Build(ctx, step.changed)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		before = sameAsFullWith(t, step.name, opts, snap, before)
		if want := step.name == "new title"; (snap.Result.Rewritten > 0) != want {
			t.Errorf("%s: %d pages written around their last bodies", step.name, snap.Result.Rewritten)
		}
		if snap.Same != (step.name == "same again") {
			t.Errorf("%s: Same is %t", step.name, snap.Same)
		}
	}
}

// TestLiveRefusesTwoPagesAtOnePlace keys a page apart from the pages at its path in the
// other languages, so that its stand-ins would land on them: the rebuild fails naming the
// key's line, and putting the key back builds what a full build does.
func TestLiveRefusesTwoPagesAtOnePlace(t *testing.T) {
	dir := t.TempDir()
	if err := corpus.WriteContent(corpus.Options{Pages: 3, Seed: 5}, dir); err != nil {
		t.Fatal(err)
	}
	ja := "content/ja/" + firstFile(t, filepath.Join(dir, "content", "ja"))
	live, first := startLive(t, dir)
	ctx := context.Background()
	orig, err := os.ReadFile(filepath.Join(dir, ja))
	if err != nil {
		t.Fatal(err)
	}
	writeSrc(t, dir, ja, strings.Replace(string(orig), "translationKey = \"", "translationKey = \"apart-", 1))
	_, err = live.Build(ctx, []string{ja})
	if err == nil || !strings.Contains(err.Error(), ja+":3:1: error: url-conflict: ") {
		t.Fatalf("err = %v, want a url-conflict at %s:3:1", err, ja)
	}
	writeSrc(t, dir, ja, string(orig))
	snap, err := live.Build(ctx, []string{ja})
	if err != nil {
		t.Fatal(err)
	}
	sameAsFull(t, "key put back", dir, snap, first.Result.Diags)
}

// firstFile is the first markdown page (not a section's _index.md), by name, under dir,
// as a slash path below it.
func firstFile(t *testing.T, dir string) string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && d.Name() != "_index.md" {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(names) == 0 {
		t.Fatalf("no pages under %s", dir)
	}
	slices.Sort(names)
	return names[0]
}

func TestLiveErrorKeepsLastGoodState(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	live, first := startLive(t, dir)
	ctx := context.Background()
	writeSrc(t, dir, "content/en/guide.md", "+++\ntitle = \n+++\n")
	if _, err := live.Build(ctx, []string{"content/en/guide.md"}); err == nil {
		t.Fatal("broken source page built")
	}
	writeSrc(t, dir, "content/en/guide.md", "+++\ntitle = \"Guide\"\n+++\nFixed.\n")
	snap, err := live.Build(ctx, []string{"content/en/guide.md"})
	if err != nil {
		t.Fatal(err)
	}
	fixed, _ := snap.Files.Get("en/guide/index.html")
	old, _ := first.Files.Get("en/guide/index.html")
	if bytes.Equal(fixed, old) {
		t.Error("fixed page not rebuilt")
	}
	sameAsFull(t, "after error", dir, snap, first.Result.Diags)
}

// startLive makes a live builder of the site in dir, closed when the test ends, and builds
// it whole.
func startLive(t *testing.T, dir string) (*Live, *Snapshot) {
	t.Helper()
	return startLiveWith(t, Options{Source: dir})
}

func startLiveWith(t *testing.T, opts Options) (*Live, *Snapshot) {
	t.Helper()
	live, err := NewLive(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { live.Close() })
	snap, err := live.Build(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return live, snap
}

// editors returns a function that reads a file of the site at dir, and one that makes
// an edit of a file by fn.
func editors(t *testing.T, dir string) (read func(name string) string, edit func(name string, fn func(string) string) func()) {
	read = func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	edit = func(name string, fn func(string) string) func() {
		return func() { writeSrc(t, dir, name, fn(read(name))) }
	}
	return read, edit
}

func writeSrc(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sameFiles(t *testing.T, step string, got, want map[string][]byte) {
	t.Helper()
	var g, w []string
	for k := range got {
		g = append(g, k)
	}
	for k := range want {
		w = append(w, k)
	}
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Fatalf("%s: files differ\n got %q\nwant %q", step, g, w)
	}
	for _, k := range w {
		if !bytes.Equal(got[k], want[k]) {
			t.Errorf("%s: %s differs from a full build:\n%s", step, k, firstDiff(got[k], want[k]))
		}
	}
}

// The preview server's search follows edits: a word written into a page is found in
// the next snapshot, in the page's language and where the page stands in for others.
func TestLiveKeepsSearchCurrent(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	live, _ := startLive(t, dir)
	find := func(snap *Snapshot, code, q string) []string {
		ix, err := search.Open(func(name string) ([]byte, error) { return snap.Files.ReadFile(route.SearchFile(code, name)) })
		if err != nil {
			t.Fatal(err)
		}
		rs, err := ix.Search(q, 5)
		if err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, r := range rs {
			urls = append(urls, r.URL)
		}
		return urls
	}
	writeSrc(t, dir, "content/zh/guide.md", "---\ntitle: 指南\n---\n新写的独角兽一词。\n")
	snap, err := live.Build(context.Background(), []string{"content/zh/guide.md"})
	if err != nil {
		t.Fatal(err)
	}
	if got := find(snap, "zh", "独角兽"); !slices.Equal(got, []string{"zh/guide/"}) {
		t.Errorf("zh 独角兽 after the edit: %q, want zh/guide/", got)
	}
	writeSrc(t, dir, "content/en/extra.md", "+++\ntitle = \"Extra\"\n+++\nA zebracorn appears.\n")
	snap, err = live.Build(context.Background(), []string{"content/en/extra.md"})
	if err != nil {
		t.Fatal(err)
	}
	if got := find(snap, "ja", "zebracorn"); !slices.Equal(got, []string{"ja/extra/"}) {
		t.Errorf("ja zebracorn, a new English page standing in: %q, want ja/extra/", got)
	}
}

// The preview server, like the cache, writes no page around its last body after a build
// that met strings no locale has: the page whose shortcode asks for one would not ask
// again, and its warning would be lost.
func TestLiveBodiesKeepMissingStrings(t *testing.T) {
	dir := siteDir(t, "testdata/cache/missing-string.txtar")
	_, edit := editors(t, dir)
	live, snap := startLive(t, dir)
	before := sameAsFull(t, "first", dir, snap, nil)
	edit("content/en/b.md", func(s string) string { return strings.Replace(s, `"B"`, `"Bee"`, 1) })()
	snap, err := live.Build(context.Background(), []string{"content/en/b.md"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsFull(t, "title of the other page", dir, snap, before)
	if snap.Result.Rewritten != 0 {
		t.Errorf("%d pages written around their last bodies, want none", snap.Result.Rewritten)
	}
}
