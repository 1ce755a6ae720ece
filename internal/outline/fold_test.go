package outline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

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
	for _, s := range []string{"カ\u3099", "\u1100\u1161\u11a8", "e\u0301", "가\u11a8", "ｶﾞ"} {
		if got, want := Fold(s), plainFold(s); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
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
	for _, s := range []string{"ＡＢＣ　１２５.６", "ﾃﾞｽ", "x\xffy", "６,１４４ ＧＢ", "①②", "カ\u3099", "\u1100\u1161\u11a8", "e\u0301", "가\u11a8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Fold(s), plainFold(s); got != want {
			t.Fatalf("Fold(%q) = %q, want %q", s, got, want)
		}
	})
}

// plainCollapse is collapse without its shortcut.
func plainCollapse(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, strings.Join(f, " "))
		}
	}
	return strings.Join(out, "\n")
}

func FuzzCollapse(f *testing.F) {
	for _, s := range []string{"", " ", "a b", "a  b", "a\nb", "a\n\nb", " a", "a ", "a\u3000b", "a\tb", "\n", "a \nb", "x\xff y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := plainCollapse(s)
		if got := collapse(s); got != want {
			t.Fatalf("collapse(%q) = %q, want %q", s, got, want)
		}
		if got := string(appendCollapsed([]byte("x"), []byte(s))); got != "x"+want {
			t.Fatalf("appendCollapsed(%q) = %q, want %q", s, got, "x"+want)
		}
	})
}

// plainWeight is Weight without its table.
func plainWeight(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r < 0x80:
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				w++
			}
		case unicode.In(r, unicode.Han, unicode.Hangul):
			w += 3
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			w += 1.5
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w++
		}
	}
	return w
}

func TestWeightTable(t *testing.T) {
	for r := range rune(0x110000) {
		if s := string(r); Weight(s) != plainWeight(s) {
			t.Fatalf("Weight(%q) = %v, want %v", s, Weight(s), plainWeight(s))
		}
	}
}

// TestRowNumbersByLine: a row's numbers, read from its whole text, are those of each line of
// each cell read alone (the review points at them by row, and once read them line by line).
func TestRowNumbersByLine(t *testing.T) {
	files, _ := filepath.Glob("testdata/seeds/*/*.md")
	rows := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rows += checkRowNumbers(t, parse(t, f, src))
	}
	if rows < 20 {
		t.Fatalf("only %d rows", rows)
	}
}

// checkRowNumbers compares every row's numbers with its cells' read line by line and returns
// how many rows it checked.
func checkRowNumbers(t *testing.T, p *Page) int {
	t.Helper()
	rows := 0
	for _, s := range p.Sections {
		for _, b := range s.Blocks {
			if b.Table == nil {
				continue
			}
			for _, r := range b.Table.Rows {
				var want []string
				for _, c := range r.Cells {
					for _, l := range strings.Split(c.Text, "\n") {
						want = append(want, SignificantNumbers(l)...)
					}
				}
				if !slices.Equal(r.Numbers, want) {
					t.Fatalf("%s:%d: numbers %q, line by line %q", p.File, r.Line, r.Numbers, want)
				}
				rows++
			}
		}
	}
	return rows
}

// TestFoldRune: where FoldsByRune says so, folding rune by rune with FoldRune is Fold.
func TestFoldRune(t *testing.T) {
	byRune := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			b.WriteRune(FoldRune(r))
		}
		return b.String()
	}
	n := 0
	for r := range rune(0x10000) {
		for _, s := range []string{string(r), "a" + string(r) + "b", string(r) + "１"} {
			if !FoldsByRune(s) {
				continue
			}
			n++
			if got, want := byRune(s), Fold(s); got != want {
				t.Fatalf("by rune %q = %q, Fold %q", s, got, want)
			}
		}
	}
	if n < 100000 {
		t.Fatalf("only %d texts fold by rune", n)
	}
	for _, s := range []string{"e\u0301", "\xff", "\uFFFD", "𝐀"} {
		if FoldsByRune(s) {
			t.Errorf("FoldsByRune(%q)", s)
		}
	}
}

// FuzzWeight: Weight is the plain definition; scan says whether the text folds rune by rune
// and whether folding changes it, and then writeFolded is Fold.
func FuzzWeight(f *testing.F) {
	for _, s := range []string{"", "GPU 云服务器 です", "x\xff\xe4\xb8y", "ｶﾞ１２", "价格，单位：元"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Weight(s), plainWeight(s); got != want {
			t.Fatalf("Weight(%q) = %v, want %v", s, got, want)
		}
		halves, byTable, changed := scan(s)
		if float64(halves)/2 != plainWeight(s) || byTable != FoldsByRune(s) {
			t.Fatalf("scan(%q) = %v %v, want %v %v", s, halves, byTable, 2*plainWeight(s), FoldsByRune(s))
		}
		if !byTable {
			return
		}
		var b strings.Builder
		writeFolded(&b, s)
		if want := plainFold(s); changed != (want != s) || b.String() != want {
			t.Fatalf("scan(%q) changed %v, writeFolded %q; want %q", s, changed, b.String(), want)
		}
	})
}

// TestSpacePrefix: lineCollapsed decodes only characters starting with the two bytes of
// white space beyond ASCII (spacePrefix).
func TestSpacePrefix(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !unicode.IsSpace(r) {
			continue
		}
		if s := string(r); !spacePrefix(s[0], s[1]) {
			t.Errorf("%U is white space and starts with % x", r, s[:2])
		}
	}
}
