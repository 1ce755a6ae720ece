package write

import (
	"os"
	"path/filepath"
	"testing"
)

// A build that keeps files by sum publishes the same tree as one that writes their bytes,
// whether the spare holds them (built two builds ago) or only the published tree does
// (changed in the last build); a file neither holds, or one changed behind the manifest's
// back, is not offered.
func TestKeepPublishesWithoutTheBytes(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	gen1 := site(4, "1")
	gen2 := site(4, "2") // the home page differs
	commitStats(t, dest, gen1)
	commitStats(t, dest, gen1)
	commitStats(t, dest, gen2) // spare: gen1's tree; published: gen2's

	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Abort()
	sum := func(s string) (Sum, int64) { return SumOf([]byte(s)), int64(len(s)) }
	for rel, data := range gen2 {
		s, n := sum(data)
		if !tree.Has(rel, s, n) {
			t.Fatalf("Has(%s) = false for a file of the published tree", rel)
		}
	}
	if s, n := sum("home 3"); tree.Has("index.html", s, n) {
		t.Error("Has offers content no tree holds")
	}
	if s, n := sum("page"); tree.Has("en/s/z/index.html", s, n) {
		t.Error("Has offers a path no tree holds")
	}
	for rel, data := range gen2 {
		s, n := sum(data)
		if err := tree.Keep(rel, s, n); err != nil {
			t.Fatal(err)
		}
	}
	if st := tree.Stats(); st.Written != 0 || st.Linked != 1 || st.Unchanged != len(gen2)-1 {
		t.Errorf("stats %+v: want the home page linked from the published tree, the rest unchanged", st)
	}
	s, n := sum("page")
	if err := tree.Keep("en/s/a/index.html", s, n); err == nil {
		t.Error("a path kept twice was accepted")
	}
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, gen2)
	commitStats(t, dest, gen2) // the next build trusts the kept tree's manifest

	// Someone edits the published home page, keeping its size: its time changed, so it is
	// not offered.
	mkfile(t, filepath.Join(dest, "index.html"), "HOME 2")
	tree, err = Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Abort()
	if s, n := sum("home 2"); tree.Has("index.html", s, n) {
		t.Error("Has offers a published file changed since it was built")
	}
	if err := os.Remove(filepath.Join(dest, "en/s/b/index.html")); err != nil {
		t.Fatal(err)
	}
	if s, n := sum("page"); !tree.Has("en/s/b/index.html", s, n) {
		t.Error("the spare's copy of a file removed from the published tree is not offered")
	}
}
