package build

import (
	"context"
	"fmt"
	"io/fs"
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
	if err == nil || !strings.HasPrefix(err.Error(), "content/en/a.md:3: error: ") {
		t.Errorf("err = %v, want an error at content/en/a.md:3 (files %d)", err, len(files))
	}
}
