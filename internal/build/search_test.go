package build

import (
	"bytes"
	"path/filepath"
	"testing"
)

// A build whose temporary folder cannot be written keeps the search entries in memory
// and writes the same site.
func TestBuildWithoutTemporaryFolderIsTheSame(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	want, _ := mustBuild(t, dir, Options{})
	out := t.TempDir() // before TMPDIR goes
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	got, _ := mustBuild(t, dir, Options{})
	if len(got) != len(want) {
		t.Fatalf("%d files, want %d", len(got), len(want))
	}
	indexed := 0
	for rel, data := range want {
		if !bytes.Equal(data, got[rel]) {
			t.Errorf("%s differs", rel)
		}
		if filepath.Ext(rel) == ".bin" {
			indexed++
		}
	}
	if indexed == 0 {
		t.Error("the site has no search index: the test checks nothing")
	}
	// With the cache the index is made by another path (writeIndex).
	dest, cacheDir := filepath.Join(out, "public"), filepath.Join(out, "cache")
	res, _ := cachedBuild(t, dir, dest, cacheDir)
	sameAsClean(t, "with the cache", dir, dest, res)
}
