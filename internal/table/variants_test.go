package table

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// variants damages an HTML table in the ways the issue lists, one at a time and all together.
var variants = []struct {
	name   string
	damage func(string) string
}{
	{"as is", func(s string) string { return s }},
	{"one line", func(s string) string { return strings.Join(strings.Fields(s), " ") }},
	{"upper case", func(s string) string { return regexp.MustCompile(`</?[a-z]+`).ReplaceAllStringFunc(s, strings.ToUpper) }},
	{"unquoted", replace(`="([a-z0-9-]+)"`, `=$1`)},
	{"no closers", replace(`</(td|th|tr|li)>`, ``)},
	{"wrapped", replace(`(?s)(<t[dh][^>]*>)(.*?)(</t[dh]>)`, `$1<div><span>$2</span></div>$3`)},
	{"stray closers", replace(`(</tr>)`, `$1</div></ul></span>`)},
	{"entities", replace(`(<td[^>]*>)`, `${1}R&amp;D &lt;x&gt; `)},
}

func replace(pattern, repl string) func(string) string {
	re := regexp.MustCompile(pattern)
	return func(s string) string { return re.ReplaceAllString(s, repl) }
}

// TestVariants normalises each seed HTML table under each damage: the shape stays that of the
// undamaged table, no text is lost and a second round trip changes nothing.
func TestVariants(t *testing.T) {
	for _, file := range seedFiles(t) {
		src := mustRead(t, file)
		for i, raw := range rawTable.FindAll(src, -1) {
			clean, _, err := FromHTML(raw, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variants {
				name := fmt.Sprintf("%s table %d %s", file, i+1, v.name)
				damaged := []byte(v.damage(string(raw)))
				got, _, err := FromHTML(damaged, 1)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				r1, c1 := clean.Shape()
				r2, c2 := got.Shape()
				if r1 != r2 || c1 != c2 || len(clean.Head) != len(got.Head) {
					t.Errorf("%s: shape %d×%d, want %d×%d", name, r2, c2, r1, c1)
				}
				if missing := missingTexts(htmlTexts(damaged), AppendHTML(nil, got, "t")); len(missing) > 0 {
					t.Errorf("%s: lost %q", name, missing)
				}
				checkIdempotent(t, name, got)
			}
		}
	}
}

// TestCrossLanguage checks that the English and Chinese product tables, damaged differently,
// give the same structure: the same cells are headers and the same column is highlighted.
func TestCrossLanguage(t *testing.T) {
	structure := func(tb *Table) string {
		var b strings.Builder
		for _, r := range tb.Body {
			for _, c := range r.Cells {
				fmt.Fprintf(&b, "%v/%d ", c.Header, len(c.Blocks))
			}
		}
		return fmt.Sprintf("%d %s", tb.Highlight, b.String())
	}
	var want []string
	for _, lang := range []string{"en", "zh", "ja"} {
		nodes, _ := parseSeed(t, "product-"+lang)
		var got []string
		for _, n := range nodes {
			got = append(got, structure(n.Table))
		}
		if want == nil {
			want = got
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s structure %q, want %q (as en)", lang, got, want)
		}
	}
}
