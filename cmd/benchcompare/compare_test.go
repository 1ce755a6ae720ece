package main

import (
	"os"
	"path/filepath"
	"testing"
)

// warm only has to read; what the test can see is that it walks the folder and reports a
// folder or file it cannot read.
func TestWarmReportsMissingAndUnreadable(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "content", "en"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "content", "en", "a.md"), []byte("# a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := warm(dir); err != nil {
		t.Fatalf("warm: %v", err)
	}
	if err := warm(filepath.Join(dir, "missing")); err == nil {
		t.Error("warm of a missing folder: no error")
	}
	if os.Geteuid() != 0 { // root reads files whatever their mode
		locked := filepath.Join(dir, "content", "en", "b.md")
		if err := os.WriteFile(locked, []byte("b"), 0o000); err != nil {
			t.Fatal(err)
		}
		if err := warm(dir); err == nil {
			t.Error("warm with an unreadable file: no error")
		}
	}
}
