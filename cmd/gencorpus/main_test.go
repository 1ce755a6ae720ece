package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWritesBothSites(t *testing.T) {
	dir := t.TempDir()
	site, hugo := filepath.Join(dir, "site"), filepath.Join(dir, "hugo")
	if err := run([]string{"-n", "3", "-seed", "2", "-out", site, "-hugo", hugo}, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{site, hugo} {
		files, _ := filepath.Glob(filepath.Join(root, "content", "*", "*", "page-*.md"))
		nested, _ := filepath.Glob(filepath.Join(root, "content", "*", "*", "*", "page-*.md"))
		deeper, _ := filepath.Glob(filepath.Join(root, "content", "*", "*", "*", "*", "page-*.md"))
		if got := len(files) + len(nested) + len(deeper); got != 9 {
			t.Errorf("%s: %d pages, want 3 in each of 3 languages", root, got)
		}
	}
	if _, err := os.Stat(filepath.Join(hugo, "hugo.toml")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(site, "hugo.toml")); err == nil {
		t.Error("the docsite site got a hugo.toml")
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"-n", "0", "-out", t.TempDir()}, {"-out", t.TempDir(), "stray"}, {"-bogus"}} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
