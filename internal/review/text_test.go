package review

import (
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/width"

	"docsite/internal/outline"
	"docsite/internal/script"
)

// The sentence helpers were rewritten for speed (one pass over the bytes, no []rune copies).
// These are the first, plain versions; the fast ones must agree with them on every text.

func plainSentences(s string) []string {
	var out []string
	start := 0
	rs := []rune(s)
	for i, r := range rs {
		end := strings.ContainsRune("。！？!?", r) ||
			r == '.' && (i+1 == len(rs) || unicode.IsSpace(rs[i+1]))
		if end {
			out = plainAppendTrimmed(out, string(rs[start:i+1]))
			start = i + 1
		}
	}
	return plainAppendTrimmed(out, string(rs[start:]))
}

func plainAppendTrimmed(out []string, s string) []string {
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, s)
	}
	return out
}

func plainKey(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(outline.Fold(s))), " ")
}

func plainScriptOf(r rune) script.Script { return script.Of(r) }

func plainProfile(s string) profile {
	var p profile
	rs := []rune(s)
	isLD := func(r rune) bool { return plainScriptOf(r) == latin || unicode.IsDigit(r) }
	for i := 0; i < len(rs); {
		if !isLD(rs[i]) {
			p.counts[plainScriptOf(rs[i])]++
			i++
			continue
		}
		j := i
		for j < len(rs) && isLD(rs[j]) {
			j++
		}
		lower, digit := false, false
		for _, r := range rs[i:j] {
			lower = lower || unicode.IsLower(r)
			digit = digit || unicode.IsDigit(r)
		}
		if lower && !digit {
			p.counts[latin] += j - i
		}
		i = j
	}
	return p
}

func plainTranslatable(s string) bool {
	words, lower, function := 0, 0, false
	for _, tok := range strings.Fields(s) {
		w := strings.TrimFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) })
		if len([]rune(w)) < 2 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			continue
		}
		words++
		if strings.ToLower(w) == w {
			lower++
		}
		function = function || functionWords[strings.ToLower(w)]
	}
	p := plainProfile(s)
	return words >= 3 && (lower >= 2 || function) || p.counts[han]+p.counts[kana]+p.counts[hangul] >= 4
}

// checkText compares the fast helpers with the plain ones on one text.
func checkText(t *testing.T, s string) {
	t.Helper()
	got, want := sentences(s), plainSentences(s)
	if !slices.Equal(got, want) {
		t.Fatalf("sentences(%q) = %q, want %q", s, got, want)
	}
	if got, want := trimSpace(s, classes()), strings.TrimSpace(s); got != want {
		t.Fatalf("trimSpace(%q) = %q, want %q", s, got, want)
	}
	// sourceTexts profiles a text whole: it must count what its sentences count.
	var whole, sum profile
	whole.add(s)
	for _, x := range want {
		var p profile
		p.add(x)
		sum.plus(&p)
	}
	if !slices.Equal(whole.counts[latin:], sum.counts[latin:]) {
		t.Fatalf("profile of %q: %v whole, %v by sentence", s, whole, sum)
	}
	// forSentences profiles each sentence as add does, counts of no script aside.
	var p profile
	k := 0
	forSentences(s, false, &p, func(x string) bool {
		var q profile
		q.add(x)
		if x != want[k] || !slices.Equal(p.counts[latin:], q.counts[latin:]) {
			t.Fatalf("sentence %d of %q: %q profiled %v, want %q %v", k, s, x, p, want[k], q)
		}
		k++
		return true
	})
	for _, x := range want {
		if k, w := key(x), plainKey(x); k != w {
			t.Fatalf("key(%q) = %q, want %q", x, k, w)
		}
		var p profile
		p.add(x)
		if w := plainProfile(x); p != w {
			t.Fatalf("profile(%q) = %v, want %v", x, p, w)
		}
		if tr, w := translatable(x, &p), plainTranslatable(x); tr != w || tr && len(x) < minTranslatable {
			t.Fatalf("translatable(%q) = %v, want %v", x, tr, w)
		}
		// hasKey skips a source sentence only when its key certainly differs.
		for _, y := range append([]string{strings.ToUpper(x), strings.ToLower(x), " " + x, width.Widen.String(x), s}, want...) {
			if key(x) == key(y) && !startOf(x, false).mayEqual(startOf(y, false)) {
				t.Fatalf("keys of %q and %q are equal, starts %v and %v differ", x, y, startOf(x, false), startOf(y, false))
			}
		}
		if !outline.FoldsByRune(x) {
			continue
		}
		for _, k := range []string{key(x), key(x) + " a", strings.TrimSuffix(key(x), "."), key(s), s, "x\xff"} {
			if got := isKeyOf(k, x); got != (k == key(x)) {
				t.Fatalf("isKeyOf(%q, %q) = %v, key %q", k, x, got, key(x))
			}
		}
	}
}

func TestSentenceHelpersAgreeOnSeeds(t *testing.T) {
	in := site(t)
	in.Docs = append(in.Docs, seeds(t, nil).Docs...)
	n := 0
	for _, d := range in.Docs {
		for _, s := range outline.Build(d.Root, d.Src, d.File).Sections {
			checkText(t, s.Title)
			for _, b := range s.Blocks {
				for _, seg := range b.Segments {
					checkText(t, seg.Text)
					n++
				}
			}
		}
	}
	for _, s := range []string{"", "a.b. c", "ＡＢＣ　ｄｅｆ. Ｇｈ", "İstanbul ǅemal ǈ", "x\xffy. z\xfe!", "ﾃｽﾄ ﾃﾞｽ。", "Ⅻ Ⅷ ⅻ", "ß ẞ ǰ", "\u3000\u00a0 x \u2029\x85", " \xff \u3000"} {
		checkText(t, s)
	}
	if n < 100 {
		t.Fatalf("only %d segments checked", n)
	}
}

func TestScriptTable(t *testing.T) {
	for r := range rune(0x10000) {
		if got, want := scriptOf(r), plainScriptOf(r); got != want {
			t.Fatalf("scriptOf(%U) = %v, want %v", r, got, want)
		}
		if got, want := isLatinOrDigit(r), plainScriptOf(r) == latin || unicode.IsDigit(r); got != want {
			t.Fatalf("isLatinOrDigit(%U) = %v, want %v", r, got, want)
		}
	}
}

func FuzzSentenceHelpers(f *testing.F) {
	src, err := os.ReadFile(seedsDir + "/ja/gpu-cloud.md")
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range strings.Split(string(src), "\n") {
		f.Add(l)
	}
	f.Fuzz(checkText)
}
