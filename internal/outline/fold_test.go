package outline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// plainFold is Fold without its shortcuts.
func plainFold(s string) string { return norm.NFKC.String(width.Fold.String(s)) }

// TestFoldShortcuts: Fold skips the transforms when they would change nothing; it must give
// the same text for every rune of the basic plane and every line of the seeds.
func TestFoldShortcuts(t *testing.T) {
	for r := range rune(0x10000) {
		for _, s := range []string{string(r), "a" + string(r) + "b", string(r) + "１"} {
			if got, want := Fold(s), plainFold(s); got != want {
				t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
			}
		}
	}
	files, _ := filepath.Glob("testdata/seeds/*/*.md")
	if len(files) == 0 {
		t.Fatal("no seeds")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(src), "\n") {
			if got, want := Fold(l), plainFold(l); got != want {
				t.Fatalf("Fold(%q) = %q, want %q", l, got, want)
			}
		}
	}
}

func FuzzFold(f *testing.F) {
	for _, s := range []string{"ＡＢＣ　１２５.６", "ﾃﾞｽ", "x\xffy", "６,１４４ ＧＢ", "①②"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Fold(s), plainFold(s); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
		}
	})
}
