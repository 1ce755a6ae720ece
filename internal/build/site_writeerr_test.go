package build

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"docsite/internal/write"
)

// fullDisk is a sink on a full disk: every page fails as a write.Tree fails then.
type fullDisk struct{}

func (fullDisk) WriteFile(rel string, data []byte) error {
	return &write.FileError{Rel: rel, Err: &fs.PathError{Op: "write", Path: "/out/.public.docsite/spare/" + rel, Err: syscall.ENOSPC}}
}

// A full disk fails every page at once: that is one error, at the first page, with the
// count of the others, and no path of the spare tree.
func TestFullDiskIsOneError(t *testing.T) {
	var text strings.Builder
	for i := range 30 {
		fmt.Fprintf(&text, "-- content/en/p%02d.md --\n# Page %d\n", i, i)
	}
	dir := siteFromText(t, text.String())
	_, err := Run(context.Background(), Options{Source: dir}, fullDisk{})
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "content/en/p00.md: error: build: cannot write its page (en/p00/index.html): no space left on device (and 29 more files") ||
		strings.Contains(lines[0], "spare") {
		t.Errorf("%d lines:\n%s", len(lines), err)
	}
}

// A slug that leads out of the page's folder is an error at its line in memory too (as
// docsite serve builds), not a page silently written over the site's root index.html.
func TestUnsafeSlugInMemory(t *testing.T) {
	dir := siteFromText(t, "-- content/en/a.md --\n---\ntitle: A\nslug: \"..\"\n---\nA\n-- content/en/_index.md --\n# Home\n")
	files, _, err := buildDir(t, dir, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "content/en/a.md:3:") {
		t.Errorf("err = %v, want an error at content/en/a.md:3 (files %d)", err, len(files))
	}
}

// An image that is a symbolic link out of the site root is said to be one, not "not found".
func TestImageLinkOutOfRoot(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(outside, []byte("\x89PNG"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := siteFromText(t, "-- content/en/b/index.md --\n# B\n\n![x](pic.png)\n")
	if err := os.Symlink(outside, filepath.Join(dir, "content/en/b/pic.png")); err != nil {
		t.Fatal(err)
	}
	files, res := mustBuild(t, dir, Options{})
	want := `content/en/b/index.md:3: warning: missing-image: image "pic.png" (content/en/b/pic.png) is a symbolic link leading out of the site root`
	if !strings.Contains(fmt.Sprint(res.Diags), want) {
		t.Errorf("no %q in %v", want, res.Diags)
	}
	if _, ok := files["en/b/pic.png"]; ok {
		t.Error("the linked file was published")
	}
}
