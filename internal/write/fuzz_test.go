package write

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/route"
)

// FuzzWritePaths writes the files a page publishes, from a content file name, a slug and
// an alias as route places them, and those three names as output paths themselves, to a
// Tree and to a Memory: whatever the names, nothing may be written outside the
// destination and its state folder. (That every path the Tree took is in the published
// tree does not hold yet: a page at en/index.html/index.html is removed by a file at
// en/index.html, issue 31 H5.)
func FuzzWritePaths(f *testing.F) {
	for _, s := range [][3]string{
		{"guide/javascript:alert(1)%2F%2F", "", "old"},
		{"a/b", "..", "../../../../etc/passwd"},
		{"../../x", "../..", "/../../x"},
		{"index", "index.html", "/"},
		{"a\\b/c", "a\x00b", "//evil.example/x"},
		{"..", ".", "./."},
	} {
		f.Add(s[0], s[1], s[2])
	}
	isLang := func(code string) bool { return code == "en" || code == "ja" }
	f.Fuzz(func(t *testing.T, name, slug, alias string) {
		rels := []string{name, slug, alias}
		if src, ok := route.Parse("content/en/" + name + ".md"); ok {
			dir := path.Dir(src.Path)
			if dir == "." {
				dir = ""
			}
			rels = append(rels, route.File(route.URL("en", route.WithSlug(src.Path, slug))),
				route.File(route.Alias("en", dir, alias, isLang)))
		}
		parent := t.TempDir()
		dest := filepath.Join(parent, "site", "public")
		tree, err := Begin(dest, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var took []string
		for _, rel := range rels {
			if tree.WriteFile(rel, []byte(rel)) == nil {
				took = append(took, rel)
			}
		}
		if tree.Commit() != nil {
			tree.Abort()
		}
		filepath.WalkDir(parent, func(p string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(parent, p)
			rel = filepath.ToSlash(rel)
			if rel != "." && rel != "site" && !under(rel, "site/public") && !under(rel, "site/.public.docsite") {
				t.Errorf("names %q: %s written outside the destination", rels, rel)
			}
			return nil
		})
		for _, rel := range took {
			if !fs.ValidPath(rel) || rel == "." {
				t.Errorf("WriteFile(%q) took a path that is not inside the tree", rel)
			}
		}
		mem := NewMemory()
		for _, rel := range rels {
			mem.WriteFile(rel, nil)
		}
		for rel := range mem.Files() {
			if !fs.ValidPath(rel) || rel == "." {
				t.Errorf("Memory holds %q, not a path inside the tree", rel)
			}
		}
	})
}

// under reports whether slash path p is dir or below it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }
