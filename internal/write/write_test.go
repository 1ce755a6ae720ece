package write

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// snapshot reads a whole directory tree: slash path → content, "/" suffix
// for directories, "@" suffix and target for symlinks (not followed).
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
		case d.IsDir():
			files[rel+"/"] = ""
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			files[rel+"@"] = target
			return err
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func writeAll(t *testing.T, tree *Tree, files map[string]string) {
	t.Helper()
	for rel, data := range files {
		if err := tree.WriteFile(rel, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
}

func withDirs(files map[string]string) map[string]string {
	out := map[string]string{}
	for rel, data := range files {
		out[rel] = data
		for d := filepath.ToSlash(filepath.Dir(rel)); d != "."; d = filepath.ToSlash(filepath.Dir(d)) {
			out[d+"/"] = ""
		}
	}
	return out
}

func assertTree(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := snapshot(t, dir)
	want = withDirs(want)
	for rel := range want {
		if _, ok := got[rel]; !ok {
			t.Errorf("%s: missing", rel)
		} else if got[rel] != want[rel] {
			t.Errorf("%s: content %q, want %q", rel, got[rel], want[rel])
		}
	}
	for rel := range got {
		if _, ok := want[rel]; !ok {
			t.Errorf("%s: should not exist", rel)
		}
	}
}

func TestCommitFreshDest(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(filepath.Dir(tree.Dir())) != parent {
		t.Errorf("spare dir %s is not in a folder beside %s", tree.Dir(), dest)
	}
	files := map[string]string{"index.html": "home", "en/a/b/index.html": "page", "404.html": "missing"}
	writeAll(t, tree, files)
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, files)
	if got := names(t, parent); !slices.Equal(got, []string{".public.docsite", "public"}) {
		t.Errorf("parent holds %q, want public and its state folder", got)
	}
	if err := tree.Abort(); err != nil {
		t.Errorf("Abort after Commit: %v", err)
	}
	assertTree(t, dest, files)
}

func TestCommitReplacesDest(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	old := map[string]string{"index.html": "old home", "en/gone/index.html": "stale page"}
	commit(t, dest, old)
	files := map[string]string{"index.html": "new home", "zh/new/index.html": "新页面"}
	commit(t, dest, files)
	assertTree(t, dest, files)
	if got := names(t, parent); !slices.Equal(got, []string{".public.docsite", "public"}) {
		t.Errorf("parent holds %q, want public and its state folder", got)
	}
}

func commit(t *testing.T, dest string, files map[string]string) {
	t.Helper()
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, files)
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
}

func TestAbortLeavesDestUntouched(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	old := map[string]string{"index.html": "old", "ja/index.html": "古い"}
	commit(t, dest, old)
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, map[string]string{"index.html": "new", "extra.html": "x"})
	if err := tree.Abort(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, old)
	if got := names(t, parent); !slices.Equal(got, []string{".public.docsite", "public"}) {
		t.Errorf("parent holds %q, want public and its state folder", got)
	}
	if err := tree.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
	if err := tree.WriteFile("late.html", []byte("x")); err == nil {
		t.Error("WriteFile after Abort succeeded")
	}
}

func TestWriteFileRejectsPathsOutside(t *testing.T) {
	parent := t.TempDir()
	tree, err := Begin(filepath.Join(parent, "public"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Abort()
	for _, rel := range []string{"../escape.html", "/abs.html", filepath.Join(parent, "abs.html"),
		"a/../../escape.html", "a/../b.html", "./a.html", "a//b.html", "a/", "", ".", ".."} {
		if err := tree.WriteFile(rel, []byte("x")); err == nil {
			t.Errorf("WriteFile(%q) accepted", rel)
		}
	}
	if got := snapshot(t, tree.Dir()); len(got) != 0 {
		t.Errorf("tree holds %v", got)
	}
	if got := names(t, parent); len(got) != 1 {
		t.Errorf("parent holds %q, want only the temporary dir", got)
	}
}

func TestWriteFileTwiceIsAnError(t *testing.T) {
	tree, err := Begin(filepath.Join(t.TempDir(), "public"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Abort()
	if err := tree.WriteFile("en/index.html", []byte("one")); err != nil {
		t.Fatal(err)
	}
	err = tree.WriteFile("en/index.html", []byte("two"))
	if err == nil || !strings.Contains(err.Error(), "en/index.html: written twice") {
		t.Errorf("second write: %v", err)
	}
}

func TestWriteFileConcurrently(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for w := range 8 {
		for i := range 50 {
			// Writers share parent directories: a writer may find its folder claimed by
			// another that has not made it yet (Tree.inDir).
			want[fmt.Sprintf("lang%d/page%d/w%d.html", i%3, i%5, w*50+i)] = fmt.Sprint(w, i)
		}
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				rel := fmt.Sprintf("lang%d/page%d/w%d.html", i%3, i%5, w*50+i)
				if err := tree.WriteFile(rel, []byte(want[rel])); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if err := tree.Commit(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, want)
}

func TestBeginRemovesOnlyItsLeftovers(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "site")
	commit(t, dest, map[string]string{"index.html": "current"})
	mine := []string{".site.docsite-tmp-0123456789abcdef", ".site.docsite-old-fedcba9876543210"}
	for _, d := range mine {
		mkfile(t, filepath.Join(parent, d, "en/index.html"), "leftover")
	}
	target := filepath.Join(parent, "target")
	mkfile(t, filepath.Join(target, "keep.txt"), "keep")
	keptDirs := []string{".other.docsite-tmp-0123456789abcdef", ".site.docsite-tmp-0123",
		".site.docsite-tmp-0123456789ABCDEF", "site.docsite-tmp-0123456789abcdef", ".site.docsite-new-0123456789abcdef"}
	for _, d := range keptDirs {
		mkfile(t, filepath.Join(parent, d, "keep.txt"), "keep")
	}
	mkfile(t, filepath.Join(parent, ".site.docsite-tmp-aaaaaaaaaaaaaaaa"), "a file, not ours")
	if err := os.Symlink(target, filepath.Join(parent, ".site.docsite-tmp-bbbbbbbbbbbbbbbb")); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, parent)

	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Abort(); err != nil {
		t.Fatal(err)
	}
	after := snapshot(t, parent)
	for rel, data := range before {
		removed := strings.HasPrefix(rel, mine[0]+"/") || strings.HasPrefix(rel, mine[1]+"/")
		if _, ok := after[rel]; ok == removed || (ok && after[rel] != data) {
			t.Errorf("%s: removed=%v, want removed=%v", rel, !ok, removed)
		}
	}
	for rel := range after {
		if _, ok := before[rel]; !ok && !strings.HasPrefix(rel, ".site.docsite/") {
			t.Errorf("%s: appeared", rel)
		}
	}
}

func mkfile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A build killed between the two renames of the fallback leaves dest missing
// and the old tree beside it; the next Begin puts it back.
func TestBeginRestoresTreeAfterKilledFallback(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "site")
	commit(t, dest, map[string]string{"index.html": "old"})
	newTree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, newTree, map[string]string{"index.html": "new"})
	old, err := leftoverName(dest, oldKind)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dest, old); err != nil { // the first rename of renameTwice, then "killed"
		t.Fatal(err)
	}
	newTree.lock.release()

	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Abort(); err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, map[string]string{"index.html": "old"})
	if got := names(t, parent); !slices.Equal(got, []string{".site.docsite", "site"}) {
		t.Errorf("parent holds %q, want site and its state folder", got)
	}
}

func TestRenameTwice(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "site")
	tmp := filepath.Join(parent, ".site.docsite-tmp-0123456789abcdef")
	mkfile(t, filepath.Join(dest, "index.html"), "old")
	mkfile(t, filepath.Join(tmp, "index.html"), "new")
	old, err := renameTwice(tmp, dest)
	if err != nil {
		t.Fatal(err)
	}
	assertTree(t, dest, map[string]string{"index.html": "new"})
	assertTree(t, old, map[string]string{"index.html": "old"})
	if !leftoverPattern(dest).MatchString(filepath.Base(old)) {
		t.Errorf("old tree at %s, not a leftover name", old)
	}
}

func TestBeginIsExclusivePerParent(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	first, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if second, err := Begin(dest, Options{}); err == nil {
		second.Abort()
		t.Fatal("second Begin succeeded while the first tree is open")
	}
	if err := first.Abort(); err != nil {
		t.Fatal(err)
	}
	second, err := Begin(dest, Options{})
	if err != nil {
		t.Fatalf("Begin after Abort: %v", err)
	}
	second.Abort()
}

func TestCommitRefusesNonDirectoryDest(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	mkfile(t, dest, "a file")
	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, tree, map[string]string{"index.html": "x"})
	if err := tree.Commit(); err == nil {
		t.Fatal("Commit replaced a file")
	}
	if b, _ := os.ReadFile(dest); !bytes.Equal(b, []byte("a file")) {
		t.Errorf("dest now holds %q", b)
	}
	if got := names(t, parent); !slices.Equal(got, []string{".public.docsite", "public"}) {
		t.Errorf("parent holds %q, want public and its state folder", got)
	}
}

// Files of one content (an image published beside a page in every language) are one file
// on disk, hard-linked; replacing one in a later build leaves the other as it was.
func TestSameContentIsLinked(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	img := strings.Repeat("png", linkMin)
	commit(t, dest, map[string]string{"en/a/x.png": img, "ja/a/x.png": img, "small.txt": "s", "copy.txt": "s"})
	en, _ := os.Stat(filepath.Join(dest, "en/a/x.png"))
	ja, _ := os.Stat(filepath.Join(dest, "ja/a/x.png"))
	if !os.SameFile(en, ja) {
		t.Error("two files of the same content were written twice")
	}
	s1, _ := os.Stat(filepath.Join(dest, "small.txt"))
	s2, _ := os.Stat(filepath.Join(dest, "copy.txt"))
	if os.SameFile(s1, s2) {
		t.Error("small files are linked")
	}
	commit(t, dest, map[string]string{"en/a/x.png": img + "!", "ja/a/x.png": img, "small.txt": "s", "copy.txt": "s"})
	commit(t, dest, map[string]string{"en/a/x.png": img + "?", "ja/a/x.png": img, "small.txt": "s", "copy.txt": "s"})
	for name, want := range map[string]string{"en/a/x.png": img + "?", "ja/a/x.png": img} {
		if got, _ := os.ReadFile(filepath.Join(dest, name)); string(got) != want {
			t.Errorf("%s: %d bytes, want %d", name, len(got), len(want))
		}
	}
}

// A file at a path below which the same build writes files (a page with slug: index.html
// beside its section's page) is an error whichever comes first, and whatever the tree of
// the last build held there: the writer never removes what this build wrote. A big file
// (linked, not copied, when written twice) takes the same way.
func TestNeverRemovesWhatThisBuildWrote(t *testing.T) {
	big := strings.Repeat("x", linkMin)
	for _, last := range []map[string]string{
		{"other.html": "nothing in the way"},
		{"en/a/index.html": "a file there last time"},
		{"en/a/index.html/index.html": "a folder there last time"},
	} {
		for _, order := range [][2]string{
			{"en/a/index.html", "en/a/index.html/index.html"},
			{"en/a/index.html/index.html", "en/a/index.html"},
		} {
			for _, data := range []string{"page", big} {
				dest := filepath.Join(t.TempDir(), "public")
				commit(t, dest, last)
				tree, err := Begin(dest, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if data == big {
					writeAll(t, tree, map[string]string{"first-copy.html": big})
				}
				if err := tree.WriteFile(order[0], []byte(data)); err != nil {
					t.Fatal(err)
				}
				err = tree.WriteFile(order[1], []byte(data))
				if err == nil || !strings.Contains(err.Error(), "en/a/index.html") {
					t.Errorf("last build %v, %s then %s: err %v, want one naming en/a/index.html", last, order[0], order[1], err)
				}
				got, rerr := os.ReadFile(filepath.Join(tree.Dir(), order[0]))
				if rerr != nil || string(got) != data {
					t.Errorf("last build %v, %s then %s: the first file is %d bytes, %v", last, order[0], order[1], len(got), rerr)
				}
				tree.Abort()
				assertTree(t, dest, last)
			}
		}
	}
}
