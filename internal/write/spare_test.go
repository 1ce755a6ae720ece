package write

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// commitStats commits files into dest and returns what the build wrote.
func commitStats(t *testing.T, dest string, files map[string]string) Stats {
	t.Helper()
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, files)
	st := tree.Stats()
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, files)
	return st
}

func site(pages int, stamp string) map[string]string {
	files := map[string]string{"index.html": "home " + stamp}
	for i := range pages {
		files[filepath.ToSlash(filepath.Join("en", "s", string(rune('a'+i)), "index.html"))] = "page"
	}
	return files
}

// The first build writes everything; the second has no spare yet and makes one from the
// published tree by hard links; from then on a build writes only what changed.
func TestRebuildWritesOnlyWhatChanged(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	steps := []struct {
		files       map[string]string
		wantWritten int
	}{
		{site(10, "1"), 11},
		{site(10, "1"), 0}, // spare made from the published tree: nothing to write
		{site(10, "2"), 1}, // the home page changed
		{site(10, "2"), 1}, // the spare is the tree of build 2, which had the old home page
		{site(10, "2"), 0}, // both trees are up to date
		{site(12, "2"), 2}, // two new pages
		{site(5, "2"), 0},  // seven pages gone: removed, nothing written
		{site(12, "2"), 0}, // back again: the spare is the tree of build 6, which had them
		{site(12, "2"), 7}, // the spare is the tree of build 7, which had not
	}
	for i, s := range steps {
		st := commitStats(t, dest, s.files)
		if st.Written != s.wantWritten || st.Written+st.Unchanged != len(s.files) {
			t.Errorf("build %d: %+v, want %d written of %d", i+1, st, s.wantWritten, len(s.files))
		}
	}
}

// What someone changes in the published tree is undone by the builds after: the tree
// is always exactly what was built.
func TestChangesToThePublishedTreeAreUndone(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	files := site(6, "1")
	commitStats(t, dest, files)
	commitStats(t, dest, files)
	// Edit a file keeping its size, add files and a folder, remove a file, all in the
	// published tree (which becomes the spare after the next build).
	mkfile(t, filepath.Join(dest, "index.html"), "HOME 1")
	mkfile(t, filepath.Join(dest, "en/s/a/extra.txt"), "junk")
	mkfile(t, filepath.Join(dest, "en/new/junk.html"), "junk")
	if err := os.Remove(filepath.Join(dest, "en/s/b/index.html")); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		commitStats(t, dest, files)
	}
}

func TestFileAndFolderTradePlaces(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	a := map[string]string{"index.html": "x", "en/a": "a file", "en/b/index.html": "a folder"}
	b := map[string]string{"index.html": "x", "en/a/index.html": "now a folder", "en/b": "now a file"}
	for range 3 {
		commitStats(t, dest, a)
		commitStats(t, dest, b)
	}
}

// A spare whose build was killed (no manifest) or whose manifest does not read is never
// trusted: the next build starts it again and publishes exactly what it built.
func TestSpareWithoutManifestIsNotTrusted(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	files := site(4, "1")
	commitStats(t, dest, files)
	commitStats(t, dest, files)
	spare := filepath.Join(stateDir(dest), spareName)
	mkfile(t, filepath.Join(spare, "en/s/a/index.html"), "half-written")
	if err := os.Remove(manifestName(stateDir(dest), spare)); err != nil {
		t.Fatal(err)
	}
	commitStats(t, dest, files)
	mkfile(t, manifestName(stateDir(dest), spare), "docsite-tree-manifest 1\nf zz 1 1 index.html\n")
	commitStats(t, dest, files)
}

// Begin readies the spare while the caller goes on; a spare that cannot be made (here the
// state folder is a file) fails the first write and the commit, the destination stays as
// it was, and Abort frees the folder for the next build. (With the state folder gone
// nothing says dest is docsite's output: Force.)
func TestSpareThatCannotBeMadeFailsTheFirstWrite(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	old := map[string]string{"index.html": "old"}
	commit(t, dest, old)
	state := stateDir(dest)
	if err := os.RemoveAll(state); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := Begin(dest, Options{Force: true})
	if err != nil {
		t.Fatalf("Begin: %v (the spare is readied in the background)", err)
	}
	if err := tree.WriteFile("index.html", []byte("new")); err == nil {
		t.Error("WriteFile into a tree whose spare could not be made succeeded")
	}
	if tree.Has("index.html", SumOf([]byte("old")), 3) {
		t.Error("Has found a file in a tree whose spare could not be made")
	}
	if err := tree.Commit(); err == nil {
		t.Error("Commit of a tree whose spare could not be made succeeded")
	}
	assertTree(t, dest, old)
	if err := os.Remove(state); err != nil {
		t.Fatal(err)
	}
	tree, err = Begin(dest, Options{Force: true}) // not locked out
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, map[string]string{"index.html": "new"})
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
}

// Begin refuses a folder that holds files and is not a tree it wrote, and leaves it as it
// was; an empty or missing folder, and a tree it published (whatever builds it went
// through), it takes; Force takes any folder.
func TestBeginRefusesAFolderItDidNotWrite(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "notes")
	mine := map[string]string{"notes.txt": "mine", ".git/HEAD": "ref: refs/heads/main\n"}
	for rel, data := range mine {
		os.MkdirAll(filepath.Dir(filepath.Join(dest, rel)), 0o755)
		os.WriteFile(filepath.Join(dest, rel), []byte(data), 0o644)
	}
	_, err := Begin(dest, Options{})
	var foreign *NotOutputError
	if !errors.As(err, &foreign) || foreign.Dest != dest || !strings.Contains(err.Error(), dest) {
		t.Fatalf("Begin of a folder of notes: %v, want a NotOutputError naming it", err)
	}
	assertTree(t, dest, mine)
	if _, err := os.Stat(stateDir(dest)); !os.IsNotExist(err) {
		t.Errorf("a refused Begin made the state folder: %v", err)
	}
	commit(t, dest+"-not-yet", map[string]string{"a": "1"}) // missing: taken (and the lock freed)

	empty := filepath.Join(parent, "empty")
	os.Mkdir(empty, 0o755)
	commit(t, empty, map[string]string{"a": "1"})
	commit(t, empty, map[string]string{"a": "2", "b": "2"}) // a rebuild
	commit(t, empty, map[string]string{"a": "3"})
	assertTree(t, empty, map[string]string{"a": "3"})

	tree, err := Begin(dest, Options{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, map[string]string{"index.html": "site"})
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	commit(t, dest, map[string]string{"index.html": "site again"}) // now docsite's
}
