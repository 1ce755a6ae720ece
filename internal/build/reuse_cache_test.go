package build

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"docsite/internal/bench/corpus"
	"docsite/internal/cache"
	"docsite/internal/diag"
	"docsite/internal/write"
)

// cachedBuild builds the site at dir into the folder dest with the cache folder cacheDir,
// as docsite build does, and returns the result and what the build wrote.
func cachedBuild(t *testing.T, dir, dest, cacheDir string) (*Result, write.Stats) {
	t.Helper()
	tree, err := write.Begin(dest, write.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Source: dir, Cache: cacheDir}, tree)
	if err != nil {
		tree.Abort()
		t.Fatalf("cached build: %v", err)
	}
	st := tree.Stats()
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	return res, st
}

// readTree reads every file under dir, by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// sameAsClean checks that the cached build's tree at dest and its result are those of a
// build of dir without the cache.
func sameAsClean(t *testing.T, step, dir, dest string, got *Result) {
	t.Helper()
	want, res := mustBuild(t, dir, Options{})
	sameFiles(t, step, readTree(t, dest), want)
	g := *got
	g.Elapsed, res.Elapsed, g.Reused, g.Rewritten = 0, 0, 0, 0
	g.Diags = withoutCode(g.Diags, "cache")
	if !reflect.DeepEqual(&g, res) {
		t.Errorf("%s: result differs from a clean build:\n got %s, %d diags\nwant %s, %d diags", step, g.Summary(), len(g.Diags), res.Summary(), len(res.Diags))
	}
}

func withoutCode(ds diag.List, code string) diag.List {
	var out diag.List
	for _, d := range ds {
		if d.Code != code {
			out = append(out, d)
		}
	}
	return out
}

// cacheStep is an edit of a site, how many pages a cached build after it takes from the
// cache, and how many it writes again around the bodies the last build rendered (none
// when rewritten is nil).
type cacheStep struct {
	name      string
	edit      func()
	reuse     func(res *Result) int
	rewritten func(res *Result) int
}

// How many pages a build takes from the cache: none, all (and it then writes nothing), or
// all but one page group's (a page in every language).
func none(*Result) int          { return 0 }
func all(res *Result) int       { return res.Files }
func allButOne(res *Result) int { return res.Files - len(res.Langs) }

// runCacheSteps builds dir after each step with the cache and checks the output against
// a clean build's, byte for byte, and the pages taken from the cache.
func runCacheSteps(t *testing.T, dir string, steps []cacheStep) {
	t.Helper()
	dest := filepath.Join(t.TempDir(), "public")
	cacheDir := filepath.Join(t.TempDir(), "cache")
	for _, step := range steps {
		step.edit()
		res, st := cachedBuild(t, dir, dest, cacheDir)
		sameAsClean(t, step.name, dir, dest, res)
		if want := step.reuse(res); res.Reused != want {
			t.Errorf("%s: %d of %d pages taken from the cache, want %d", step.name, res.Reused, res.Files, want)
		}
		want := 0
		if step.rewritten != nil {
			want = step.rewritten(res)
		}
		if res.Rewritten != want {
			t.Errorf("%s: %d of %d pages written around their cached bodies, want %d", step.name, res.Rewritten, res.Files, want)
		}
		if reflect.ValueOf(step.reuse).Pointer() == reflect.ValueOf(all).Pointer() && st.Written != 0 {
			t.Errorf("%s: nothing changed, but the build wrote %d files", step.name, st.Written)
		}
		if ws := withoutCode(res.Diags, "cache"); len(ws) != len(res.Diags) {
			t.Errorf("%s: the cache warned: %v", step.name, res.Diags)
		}
	}
}

// A cached build gives the bytes a clean build gives after every kind of edit an author
// makes, and takes from the cache what the edit left alone: every page after no change,
// every other page after a body edit, none after an edit that every page may show; after
// a title or weight edit, every other page's body.
func TestCacheMatchesCleanBuild(t *testing.T) {
	dir := t.TempDir()
	if err := corpus.WriteContent(corpus.Options{Pages: 12, Seed: 3}, dir); err != nil {
		t.Fatal(err)
	}
	var en []string
	filepath.WalkDir(filepath.Join(dir, "content/en"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".md") && d.Name() != "_index.md" {
			rel, _ := filepath.Rel(dir, p)
			en = append(en, filepath.ToSlash(rel))
		}
		return nil
	})
	_, edit := editors(t, dir)
	embedded := func(name string) string {
		data, err := os.ReadFile(filepath.Join("../..", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	page := embedded("templates/page.html")
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"nothing changed", func() {}, all, nil},
		{"nothing changed again", func() {}, all, nil},
		{"body", edit(en[0], func(s string) string { return s + "\n\nOne more paragraph about the H100.\n" }), allButOne, nil},
		{"title", edit(en[1], func(s string) string { return strings.Replace(s, "title = \"", "title = \"Renamed ", 1) }), none, allButOne},
		// After a build that made every page, some languages' indexes kept: a body edit
		// then needs every page of every language from the cache.
		{"body after a title", edit(en[4], func(s string) string { return s + "\n\nA paragraph.\n" }), allButOne, nil},
		{"weight", edit(en[2], func(s string) string { return strings.Replace(s, "+++\n", "+++\nweight = 3\n", 1) }), none, allButOne},
		{"title and body", edit(en[1], func(s string) string {
			return strings.Replace(s, "title = \"", "title = \"Again ", 1) + "\n\nAnd a paragraph.\n"
		}), none, allButOne},
		{"template", func() {
			writeSrc(t, dir, "templates/page.html", strings.Replace(page, "</article>", "</article><!-- edited -->", 1))
		}, none, nil},
		// A template that does not write the body as it is: no page's body can be had
		// from its page.
		{"template hiding the body", func() {
			writeSrc(t, dir, "templates/page.html", strings.Replace(page, "{{.Body}}", "<div hidden data-body=\"{{.Body}}\"></div>", 1))
		}, none, nil},
		{"title with the body hidden", edit(en[1], func(s string) string { return strings.Replace(s, "title = \"", "title = \"Hidden ", 1) }), none, nil},
		{"template again", func() { writeSrc(t, dir, "templates/page.html", page) }, none, nil},
		{"locale string", func() {
			writeSrc(t, dir, "locales/en.toml", embedded("locales/en.toml")+"\n[edited_string]\nother = \"Edited\"\n")
		}, none, nil},
		// A file of the content tree is published in every language: adding or editing
		// one is a change of the site's structure.
		{"content file added", func() { writeSrc(t, dir, "content/en/files/a.txt", "one") }, none, nil},
		{"nothing changed after a file", func() {}, all, nil},
		{"content file edited", func() { writeSrc(t, dir, "content/en/files/a.txt", "two, longer") }, none, nil},
		{"page added", func() { writeSrc(t, dir, "content/en/new/page.md", "+++\ntitle = \"New\"\n+++\nA new page.\n") }, none, nil},
		{"page deleted", func() { os.Remove(filepath.Join(dir, en[3])) }, none, nil},
		{"new language", func() { writeSrc(t, dir, "content/fr/new/page.md", "+++\ntitle = \"Nouveau\"\n+++\nUne page.\n") }, none, nil},
		{"title at the end", edit(en[2], func(s string) string { return strings.Replace(s, "title = \"", "title = \"Last ", 1) }), none,
			func(res *Result) int { return res.Files - 4 }}, // every page but the edited one's, now in four languages
		{"nothing changed at the end", func() {}, all, nil},
	})
}

// The bundled site has GPU data: its catalog pages list the sections that name each GPU,
// which a page taken from the cache must still give.
func TestCacheOnBundledSite(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../..").(fs.StatFS)); err != nil {
		t.Fatal(err)
	}
	_, edit := editors(t, dir)
	appendTo := func(name, text string) func() {
		return edit(name, func(s string) string { return s + text })
	}
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"nothing changed", func() {}, all, nil},
		{"body naming a GPU", appendTo("content/en/gpu-cloud.md", "\n## More\n\nThe A100 again.\n"), allButOne, nil},
		{"data file", appendTo("content/data/rate.toml", "\n# edited\n"), none, nil},
		{"nothing changed at the end", func() {}, all, nil},
	})
}

// A cache that cannot be used never changes the output: a damaged, foreign or other
// version's file, a folder that cannot be made, and two builds sharing a folder at once
// all build what a clean build does, with one warning where the cache was unusable.
func TestCacheBadInput(t *testing.T) {
	dir := siteDir(t, "testdata/sites/hugo-sections.txtar")
	version, err := cache.Version()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		spoil func(cacheDir string)
		warn  bool
	}{
		{"damaged groups files", func(c string) {
			for i := range groupShards {
				flipByte(t, filepath.Join(c, groupsName(i)))
			}
		}, true},
		{"damaged site file", func(c string) { flipByte(t, filepath.Join(c, siteFile)) }, true},
		{"damaged search file", func(c string) { flipByte(t, filepath.Join(c, searchFile("en"))) }, false},
		{"foreign file", func(c string) {
			os.WriteFile(filepath.Join(c, siteFile), []byte("not a cache\n"), 0o644)
		}, true},
		{"truncated file", func(c string) {
			name := filepath.Join(c, groupsName(groupShards-1))
			data, _ := os.ReadFile(name)
			os.WriteFile(name, data[:len(data)/2], 0o644)
		}, true},
		{"another version", func(c string) {
			other := version
			other[0] ^= 1
			cache.Write(c, siteFile, other, []cache.Key{lastBuild}, map[cache.Key]*siteEntry{lastBuild: {}})
		}, true},
		{"folder is a file", func(c string) {
			os.RemoveAll(c)
			os.WriteFile(c, []byte("a file"), 0o644)
		}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "public")
			cacheDir := filepath.Join(t.TempDir(), "cache")
			cachedBuild(t, dir, dest, cacheDir)
			// A body edit, so that the build needs the groups' entries too.
			writeSrc(t, dir, "content/en/blog/hello.md", "---\ntitle: Hello\n---\nEdited for "+tc.name+".\n")
			tc.spoil(cacheDir)
			res, _ := cachedBuild(t, dir, dest, cacheDir)
			sameAsClean(t, tc.name, dir, dest, res)
			warns := len(res.Diags) - len(withoutCode(res.Diags, "cache"))
			if tc.warn && warns != 1 || !tc.warn && warns > 1 {
				t.Errorf("%d cache warnings: %v", warns, res.Diags)
			}
			res, _ = cachedBuild(t, dir, dest, cacheDir) // and the build after is whole again
			sameAsClean(t, tc.name+", next build", dir, dest, res)
		})
	}

	t.Run("two builds at once", func(t *testing.T) {
		cacheDir := filepath.Join(t.TempDir(), "cache")
		var wg sync.WaitGroup
		dests := []string{filepath.Join(t.TempDir(), "a", "public"), filepath.Join(t.TempDir(), "b", "public")}
		for round := range 3 {
			writeSrc(t, dir, "content/en/blog/hello.md", "---\ntitle: Hello\n---\nRound "+string(rune('0'+round))+".\n")
			results := make([]*Result, len(dests))
			for i, dest := range dests {
				wg.Go(func() { results[i], _ = cachedBuild(t, dir, dest, cacheDir) })
			}
			wg.Wait()
			for i, dest := range dests {
				sameAsClean(t, "two at once", dir, dest, results[i])
			}
		}
	})
}

// flipByte changes one byte in the middle of the file at name.
func flipByte(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A search file that cannot be read, in a build that takes most pages from the cache:
// those pages' entries are made again by building their groups once more, and the index
// is the one a clean build writes.
func TestDamagedSearchFileMakesItsPagesAgain(t *testing.T) {
	dir := siteDir(t, "testdata/sites/hugo-sections.txtar")
	dest := filepath.Join(t.TempDir(), "public")
	cacheDir := filepath.Join(t.TempDir(), "cache")
	cachedBuild(t, dir, dest, cacheDir)
	// The body alone: the other pages stay in the cache, and the index must be made again.
	writeSrc(t, dir, "content/en/blog/hello.md", "---\ntitle: Hello\nslug: hello-world\ndate: 2024-01-15\n---\nEdited.\n")
	flipByte(t, filepath.Join(cacheDir, searchFile("en")))
	res, _ := cachedBuild(t, dir, dest, cacheDir)
	if res.Reused == 0 {
		t.Fatal("no page was taken from the cache: the test checks nothing")
	}
	sameAsClean(t, "damaged search file", dir, dest, res)
	res, _ = cachedBuild(t, dir, dest, cacheDir)
	sameAsClean(t, "the build after", dir, dest, res)
}

// A body asks for user-interface strings too (a shortcode's T, a callout's title). When
// the last build found one that no locale defines, no page is written around its cached
// body: a body not rendered again would not ask, and the warning would be lost.
func TestCacheBodiesKeepMissingStrings(t *testing.T) {
	dir := siteDir(t, "testdata/cache/missing-string.txtar")
	_, edit := editors(t, dir)
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"title of the other page", edit("content/en/b.md", func(s string) string { return strings.Replace(s, `"B"`, `"Bee"`, 1) }), none, nil},
		{"nothing changed", func() {}, all, nil},
	})
}

// What an alias in one page's front matter replaces is part of other pages' output: a
// page whose stand-in an alias takes the place of is built again, not written around its
// cached bodies with the search pages it had.
func TestCacheBodiesAndAliases(t *testing.T) {
	dir := siteDir(t, "testdata/cache/alias-over-stand-in.txtar")
	_, edit := editors(t, dir)
	runCacheSteps(t, dir, []cacheStep{
		{"first build", func() {}, none, nil},
		{"alias over the stand-in", edit("content/en/b.md", func(s string) string {
			return strings.Replace(s, "+++\n", "+++\naliases = [\"/zh/a/\"]\n", 1)
		}), none, nil},
		{"alias gone", edit("content/en/b.md", func(s string) string {
			return strings.Replace(s, "aliases = [\"/zh/a/\"]\n", "", 1)
		}), none, nil},
		{"title", edit("content/en/b.md", func(s string) string { return strings.Replace(s, `"B"`, `"Bee"`, 1) }), none,
			func(res *Result) int { return 2 }}, // a, in both languages
	})
}

// A body the published page no longer holds as the last build wrote it (the file changed
// in place, its size and time put back) is not taken from there: that page's group is
// built, every other one written around its body, and the site is a clean build's.
func TestCacheBodyChangedInOutputIsBuiltAgain(t *testing.T) {
	dir := siteDir(t, "testdata/cache/alias-over-stand-in.txtar")
	dest := filepath.Join(t.TempDir(), "public")
	cacheDir := filepath.Join(t.TempDir(), "cache")
	cachedBuild(t, dir, dest, cacheDir)

	page := filepath.Join(dest, "en/a/index.html")
	info, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(page)
	i := bytes.Index(data, []byte("Only in English."))
	if i < 0 {
		t.Fatalf("the body is not in %s", page)
	}
	copy(data[i:], "Only in ENGLISH.")
	if err := os.WriteFile(page, data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(page, info.ModTime(), info.ModTime())

	_, edit := editors(t, dir)
	edit("content/en/b.md", func(s string) string { return strings.Replace(s, `"B"`, `"Bee"`, 1) })()
	res, _ := cachedBuild(t, dir, dest, cacheDir)
	sameAsClean(t, "title after the output changed", dir, dest, res)
	if res.Rewritten != 0 {
		t.Errorf("%d pages written around their cached bodies, want none (a's body changed, b's title)", res.Rewritten)
	}
}
