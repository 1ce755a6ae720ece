package write

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// ReplaceFiles replaces every file, makes the new ones, keeps permissions and links, and
// leaves no temporary file.
func TestReplaceFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("old a"), 0o600)
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.WriteFile(filepath.Join(dir, "real", "b.md"), []byte("old b"), 0o644)
	if err := os.Symlink(filepath.Join("real", "b.md"), filepath.Join(dir, "b.md")); err != nil {
		t.Fatal(err)
	}
	err := ReplaceFiles([]File{
		{filepath.Join(dir, "a.md"), []byte("new a")},
		{filepath.Join(dir, "b.md"), []byte("new b")},
		{filepath.Join(dir, "c.toml"), []byte("new c")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.md": "new a", "real/b.md": "new b", "c.toml": "new c"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if info, _ := os.Stat(filepath.Join(dir, "a.md")); info.Mode().Perm() != 0o600 {
		t.Errorf("a.md: mode %v, want 0600 kept", info.Mode().Perm())
	}
	if info, _ := os.Lstat(filepath.Join(dir, "b.md")); info.Mode()&os.ModeSymlink == 0 {
		t.Error("b.md: the link was replaced by a file")
	}
	if got := names(t, dir); !slices.Equal(got, []string{"a.md", "b.md", "c.toml", "real"}) {
		t.Errorf("the folder holds %q", got)
	}
}

// A failure while the new contents are written, the third file's half written as a full
// disk would leave it, changes no file, makes none and leaves no temporary file.
func TestReplaceFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	old := map[string]string{"a.md": "old a", "b.md": "old b", "c.md": "old c"}
	for name, data := range old {
		os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
	}
	real := writeData
	defer func() { writeData = real }()
	calls := 0
	writeData = func(f *os.File, data []byte) error {
		if calls++; calls == 3 {
			f.Write(data[:len(data)/2])
			return syscall.ENOSPC
		}
		return real(f, data)
	}
	err := ReplaceFiles([]File{
		{filepath.Join(dir, "a.md"), []byte("new a")},
		{filepath.Join(dir, "new.md"), []byte("new")},
		{filepath.Join(dir, "c.md"), []byte("new c, longer")},
		{filepath.Join(dir, "b.md"), []byte("new b")},
	})
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "c.md: no space left on device") {
		t.Fatalf("err = %v, want the third file's", err)
	}
	assertTree(t, dir, old)
}
