package table

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// FuzzFromHTML feeds arbitrary HTML to the normaliser: it must not panic, and whatever table it
// makes must keep the text of the table it parsed and survive a round trip unchanged.
func FuzzFromHTML(f *testing.F) {
	for _, s := range []string{
		`<table><tr><th>a<td>b</table>`,
		`<TABLE CLASS=x><TR><TH>R&amp;D</TD><TD><ul><li>x<li>y<ul></div></TABLE>`,
		`<table><caption>c</caption><thead><tr><th colspan=2>h</th></tr></thead><tbody><tr><td rowspan=2>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>`,
		`<table><tr><td><b>x</b><br><a href="javascript:alert(1)">y</a><script>z</script></td></tr></table>`,
		`<table>text<tr><td>x</td></tr></table>`,
	} {
		f.Add([]byte(s))
	}
	for _, file := range []string{"product-en", "product-ja"} {
		src := mustRead(f, "testdata/seeds/"+file+".md")
		for _, m := range rawTable.FindAll(src, -1) {
			f.Add(m)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		tb, _, err := FromHTML(src, 1)
		if err != nil {
			return
		}
		out := AppendHTML(nil, tb, "t")
		if missing := missingTexts(domTableTexts(src), out); len(missing) > 0 {
			t.Errorf("lost %q\nout: %s", missing, out)
		}
		checkRoundTrip(t, tb, out)
	})
}

// FuzzFromPipeRows feeds arbitrary pipe-table text to the normaliser.
func FuzzFromPipeRows(f *testing.F) {
	f.Add("| ******实例** |  | **GPU 内存** |\n| 特斯拉 V100T3 | 13 | 32 GB |")
	f.Add("| a \\| b | `c|d` | [l](http://x) |\n| <u>x</u> | **y | *z* |\n| 1 |")
	f.Add("|a|\n|b|")
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Split(src, "\n")
		tb, _, err := FromPipeRows(lines, 1)
		if err != nil {
			return
		}
		out := AppendHTML(nil, tb, "t")
		checkPlainCells(t, lines, out)
		checkRoundTrip(t, tb, out)
	})
}

// checkRoundTrip checks that normalising out, the rendering of tb, gives tb again.
func checkRoundTrip(t *testing.T, tb *Table, out []byte) {
	t.Helper()
	again, _, err := FromHTML(out, 1)
	if err != nil {
		t.Fatalf("rendered table does not parse: %v\n%s", err, out)
	}
	if a, b := withoutLines(tb), withoutLines(again); !reflect.DeepEqual(a, b) {
		t.Fatalf("round trip changed the model\nbefore %#v\nafter  %#v\nhtml %s", a, b, out)
	}
	if !utf8.Valid(out) {
		t.Fatalf("invalid UTF-8 in output")
	}
}

// domTableTexts returns the text nodes under the first table of the tree the HTML parser builds
// from src, leaving out script, style and template.
func domTableTexts(src []byte) []string {
	doc, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		return nil
	}
	var table *html.Node
	var find func(*html.Node)
	find = func(n *html.Node) {
		if table != nil {
			return
		}
		if isElem(n, "table") {
			table = n
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(doc)
	var texts []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			texts = append(texts, n.Data)
		}
		if n.Type == html.ElementNode && isDroppedElem(n.Data) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	if table != nil {
		walk(table)
	}
	return texts
}

// checkPlainCells checks that the text of cells without markdown other than emphasis reaches
// the output (less the emphasis markers).
func checkPlainCells(t *testing.T, lines []string, out []byte) {
	var texts []string
	for _, l := range lines {
		for _, c := range SplitPipeRow(l) {
			if strings.ContainsAny(c, "[]<>`\\&!|_*") {
				continue
			}
			texts = append(texts, c)
		}
	}
	if missing := missingTexts(texts, out); len(missing) > 0 {
		t.Fatalf("lost %q\nout: %s", missing, out)
	}
}

// FuzzMarkdown runs arbitrary markdown through goldmark with the extension: no panic, the same
// input always gives the same output, and every table it makes survives a round trip.
func FuzzMarkdown(f *testing.F) {
	f.Add("Intro:\n<table><tr><td>a</td></tr></table>\nafter *x*\n")
	f.Add("**T**\n\n| a | b |\n| 1 | 2 |\n\n| a |\n|---|\n| 1 |\n")
	f.Add("> <TABLE>\n> <tr><td>a\n>\n> </table>x\n- <table><tr><td>b\n")
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // goldmark's CJK extension panics on invalid UTF-8 ("\x95\n0"); the loader must reject it
		}
		out1, d1 := convert(t, []byte(src))
		out2, d2 := convert(t, []byte(src))
		if out1 != out2 || d1 != d2 {
			t.Fatalf("two runs differ:\n%s\n%s", out1, out2)
		}
		for _, n := range parseTables([]byte(src)) {
			checkRoundTrip(t, n.Table, AppendHTML(nil, n.Table, n.ID))
		}
	})
}

// FuzzIsPipeRow checks that the byte version of IsPipeRow, with its early rejection, agrees
// with it.
func FuzzIsPipeRow(f *testing.F) {
	for _, s := range []string{"| a |", "  | a | b |  ", "\u3000| a |", "a | b |", "\t|x|\n", "|\\|", "\xff|a|", "\u00a0|a|\u00a0", "||"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isPipeRow([]byte(s)), IsPipeRow(s); got != want {
			t.Fatalf("isPipeRow(%q) = %v, IsPipeRow = %v", s, got, want)
		}
	})
}

var htmlSpaceRun = regexp.MustCompile(`[ \t\n\r\f]+`)

// FuzzCollapseSpace compares collapseSpace, with its shortcuts for text that needs nothing
// and for white space alone, with collapsing by a regular expression.
func FuzzCollapseSpace(f *testing.F) {
	for _, s := range []string{"", " ", "  ", "\n\t\t", "a b", "a  b", " a\n", "\x00", "\xff ", "中\u3000文", "\f\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := htmlSpaceRun.ReplaceAllString(strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD"), " ")
		if got := collapseSpace(s); got != want {
			t.Fatalf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	})
}
