package table

import (
	"bytes"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"docsite/internal/bench/corpus"
)

// The fast path of FromHTML (scanTokens) must give exactly what x/net/html's tokenizer gives.
// These tests compare the two paths.

// trickyTables exercise the tokens the scanner reads, and some it leaves to the tokenizer.
var trickyTables = []string{
	`<table><tr><th>a<td>b</table>`,
	`<TABLE CLASS=x><TR><TH>R&amp;D</TD><TD><ul><li>x<li>y<ul></div></TABLE>`,
	`<table><caption>c <b>d</b></caption><colgroup><col><col span=2></colgroup><thead><tr><th colspan=2>h</th></tr></thead><tbody><tr><td rowspan=2>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>`,
	`<table><tr><td><b>x</b><br><a href="javascript:alert(1)">y</a><script>z</script></td></tr></table>`,
	`<table>text<tr><td>x</td></tr></table>`,
	`<table><tr><td><div><b>x</div>y</td><td>z</td></tr></table>`,
	`<table><tr><td><b>x<div>y</b>z</div></td></tr></table>`,
	`<table><tr><td><a href="/a">x<a href="/b">y</a></td></tr></table>`,
	`<table><tr><td><b><b><b><b>x</b></b></b></b></td></tr></table>`,
	`<table><tr><td><p>a<p>b</p></p><li>c<li>d</td></tr></table>`,
	`<table><tr><td>a</p>b</td></tr></table>`,
	`<table><tr><td><table><tr><td>inner</td></tr></table>outer</td></tr></table>`,
	`<table><tr><td>a</td></tr></table><p>after</p>`,
	`<table><tr><td>a</td></tr></table>  ` + "\n\n",
	`  <table><tr><td>a</td></tr></table>`,
	`<table><!-- c --><tr><td>a<!-- d -->b</td></tr></table>`,
	`<table><tr><td><span class="x" class="y">a</span></td><td class="stress-item" class=highlight>b</td></tr></table>`,
	`<table><tr><td ALIGN=Right SCOPE=row>a</td><td align="center" colspan=" 3 ">b</td></tr></table>`,
	`<table><tr><td><img alt="a&amp;b" src=x>c</td></tr></table>`,
	`<table><tr><td><a href="?a=1&b=2">l</a></td></tr></table>`,
	`<table><tr/><td/>x<br/>y</table>`,
	`<table><tr><td>a</td></tr></tbody></thead></table></table>`,
	`<table><thead><tr><th>a</thead><tr><td>b</tr><tfoot><tr><td>c</table>`,
	`<table><caption>c<tr><td>a</td></tr></table>`,
	`<table><colgroup>x<tr><td>a</td></tr></table>`,
	`<table><colgroup> <col> </colgroup><td>a</table>`,
	`<table><tr><td><ul><li>a</ul></li></td><td></span></div></ol>b</td></tr></table>`,
	`<table><tr><td><em>a<strong>b</em>c</strong></td></tr></table>`,
	`<table><tr><td><i>a</td><td>b</i>c</td></tr></table>`,
	`<table><tr><td><code>x  y</code><kbd>k</kbd><sup>2</sup><x-y>z</x-y></td></tr></table>`,
	`<table><tr><td><h3>t</h3><pre>p</pre><form>f</form></td></tr></table>`,
	`<table><tr><td>` + "a\r\nb\x00c" + `</td></tr></table>`,
	`<table><tr><td><div class="gradient ">&lt;x&gt; &nbsp; &#x4e2d;</div></td></tr></table>`,
	`<table><tr><td a=/>x</td><td/ >y</td><td =x>z</td></tr></table>`,
	`<table><tr><td>a</td><th>b</td><td>c</th></tr></table>`,
	`<table><tr><td>a<td>b<tr><th>c`,
	`<table><tr><td>a</td></tr></table><table><tr><td>b</td></tr></table>`,
	`<table><tr><td>a</td></tr><`,
	`<table><tr><td>a < b</td></tr></table>`,
	`<table><tr><td>a</td></tr></table`,
	`<table></table>`,
	`<table><td>`,
	// attributes the fast path leaves out, next to those it keeps
	`<table border=1 class="t"><colgroup span=2><col class="c2" style="width: 6%;" /><col style=w/></colgroup><tr id=r CLASS=x><td style="a" class="stress-item" data-x='q'>a</td><td  class = 'a b'  title=t/>b</td><th title=x/>c</th></tr></table>`,
	`<table><tr><td class=a CLASS=b style=c Scope=ROW>a</td><td style=x colspan=2 ROWSPAN='3' align=right/>b</td><td class>c</td><td =x class=highlight>d</td></tr></table>`,
	`<table><tr><td><div class="gradient " id=d><span class="unit-text" title='t'>x</span></div><ul class="text-list"><li value=3>y</li></ul><p style=s>z</p><img src=i alt="A" title=t/></td></tr></table>`,
	`<table><tr><td><b class=x>a</b><b class=y>b</b><a href="/x" class=l title=t>c</a><input type=hidden name=n><font color=red>f</font></td></tr></table>`,
	`<table><tr data-docsite-line=9><td data-docsite-line="7" style=x>a</td></tr><tr style=y><td>b</td></tr></table>`,
	// white space around the tags of table parts, in the states the tree builder meets them in
	"<table>\n <tbody>\n <tr>\n <td>\n a</td>\n <th> <b>b</b> </th>\n </tr>\n <tr> <td>\n\t</td><td> </td></tr>\n</tbody>\n</table>\n",
	"<table> <caption> c </caption> <tr> <td> a <tr> <td> b</table>",
	"<table> <caption> c <tr> <td> a </td></caption> <td> b</td> </table>",
	"<table> <colgroup> <col> <tr> <td> a </td> <colgroup> <td> b </td></table>",
	"<table> <div> x <tr> <div> y <td> a <td> <select> <option> o <td> b </td> <tbody> <span> z <tr> <td> c</table>",
	"<table> <tr> <td> <b> a <td> <i> b </i> <tr> <th> <a href=/x> c </a> </th> </tr> </table> after",
	"<table> <thead> <tr> <th> h <tbody> <tr> <td> d <tfoot> <tr> <td> f </table>",
	"<table> <tr> <td> <table> <tr> <td> inner </td> </tr> </table> </td> </tr> </table>",
	"<table> <tr> <td> <svg> <td> x </td> </svg> </td> </tr> </table>",
	"<table> <tr> <td> <template> <tr> <td> t </td> </tr> </template> </td> </tr> </table>",
	" <table> <tr> <td> a </td> </tr> </table>",
	"<table> <tr> <td> a </td> </tr> </table> <table> <tr> <td> b </td> </tr> </table>",
	"<table> <tr/> <td/> a <th/> b </table>",
	`<table><caption class=c style=s>cap</caption><thead style=x><tr><th class="highlight" style=y>h</th></tr></thead><tbody id=b><tr><td>a</td></tr></tbody><tfoot class=f><tr><td>f</td></tr></tfoot></table>`,
}

func checkSamePaths(t *testing.T, src []byte) {
	t.Helper()
	fastT, fastR, fastErr := fromHTML(src, 3, true)
	slowT, slowR, slowErr := fromHTML(src, 3, false)
	if (fastErr == nil) != (slowErr == nil) || fastErr != nil && fastErr.Error() != slowErr.Error() {
		t.Fatalf("errors differ for %q:\nfast %v\nslow %v", src, fastErr, slowErr)
	}
	if !reflect.DeepEqual(fastT, slowT) {
		t.Fatalf("tables differ for %q:\nfast %#v\nslow %#v", src, fastT, slowT)
	}
	if fastR != slowR {
		t.Fatalf("reports differ for %q:\nfast %v\nslow %v", src, fastR, slowR)
	}
}

// takesFastPath reports whether FromHTML tokenizes src without x/net/html's tokenizer.
func takesFastPath(src []byte) bool {
	_, ok := scanTokens(src, 1, nil)
	return ok
}

func TestFastPathTricky(t *testing.T) {
	fast := 0
	for _, s := range trickyTables {
		checkSamePaths(t, []byte(s))
		if takesFastPath([]byte(s)) {
			fast++
		}
	}
	// Both paths must be exercised, or the comparison says nothing.
	if fast == 0 || fast == len(trickyTables) {
		t.Errorf("%d of %d tricky tables take the fast path", fast, len(trickyTables))
	}
}

var rawTableCase = regexp.MustCompile(`(?is)<table.*?</table>`)

// TestFastPathSeedsAndCorpus compares the paths on every raw table of the seed pages and of a
// generated corpus, and checks that the corpus's tables, the damage docsite meets daily, all
// take the fast path.
func TestFastPathSeedsAndCorpus(t *testing.T) {
	for _, name := range []string{"platforms-zh", "product-en", "product-ja", "product-zh", "survey-zh"} {
		for _, m := range rawTableCase.FindAll(mustRead(t, "testdata/seeds/"+name+".md"), -1) {
			checkSamePaths(t, m)
		}
	}
	n := 0
	for i := range 60 {
		for _, f := range corpus.PageFiles(corpus.Options{Pages: 60, Seed: 1}, i) {
			for _, m := range rawTableCase.FindAll(f.Data, -1) {
				checkSamePaths(t, m)
				if !takesFastPath(m) {
					t.Errorf("%s/%s: a corpus table takes the slow path:\n%s", f.Lang, f.Path, m)
				}
				n++
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d corpus tables", n)
	}
}

// FuzzFastPath compares the fast and the slow path of FromHTML on arbitrary input.
func FuzzFastPath(f *testing.F) {
	for _, s := range trickyTables {
		f.Add([]byte(s))
	}
	for _, file := range []string{"product-en", "product-zh"} {
		for _, m := range rawTableCase.FindAll(mustRead(f, "testdata/seeds/"+file+".md"), -1) {
			f.Add(m)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSamePaths(t, src)
	})
}

// boldCells are header cells the bold shortcut of parseCell must read as goldmark does, or
// leave to goldmark.
var boldCells = []string{
	"**GPU memory**", "**实例**", "**GPU 内存**", "**On-demand price**", "**a**", "**(a)**",
	"** a**", "**a **", "**a*b**", "**a_b**", "****", "*****", "**x** y **z**", "**é**",
	"**\u00a0a**", "**a\u3000**", "**１２**", "**a\\**", "**a&amp;**", "**`a`**", "**www.x.org**",
}

func checkSameCell(t *testing.T, src string) {
	t.Helper()
	var repFast, repSlow Report
	fast := normalizeInlines(new(cellArena).parseCell(src, &repFast))
	slow := normalizeInlines(parseCellMarkdown(src, &repSlow))
	if !reflect.DeepEqual(fast, slow) || repFast != repSlow {
		t.Fatalf("cell %q: shortcut %#v (%v), goldmark %#v (%v)", src, fast, repFast, slow, repSlow)
	}
}

func TestBoldCellShortcut(t *testing.T) {
	short := 0
	for _, s := range boldCells {
		checkSameCell(t, s)
		if _, ok := boldCell(s); ok {
			short++
		}
	}
	if short == 0 || short == len(boldCells) {
		t.Errorf("%d of %d cells take the shortcut", short, len(boldCells))
	}
}

// FuzzParseCell compares parseCell's shortcuts with goldmark on arbitrary cells.
func FuzzParseCell(f *testing.F) {
	for _, s := range boldCells {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, ok := boldCell(src); ok {
			checkSameCell(t, src)
		}
	})
}

// FuzzInlineCell compares inlineCell's shortcut for one text with normalizeInlines.
func FuzzInlineCell(f *testing.F) {
	for _, s := range []string{"", " ", " a ", "a  b", "\t中\u3000文\n", "a\x00b", "\xff x", "  \u00a0 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := new(cellArena).inlineCell([]Inline{{Kind: Text, Text: s}})
		want := Cell{ColSpan: 1, RowSpan: 1}
		if p := normalizeInlines([]Inline{{Kind: Text, Text: s}}); len(p) > 0 {
			want.Blocks = []Block{{Kind: Paragraph, Inlines: p}}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: shortcut %#v, normalizeInlines %#v", s, got, want)
		}
	})
}

// tagSoup are the pieces FuzzFastPathSoup strings together: the tags the fast path handles
// (and some it leaves to the parser), in every order the fuzzer finds.
var tagSoup = []string{
	"<table>", "</table>", "<caption>", "</caption>", "<colgroup>", "</colgroup>", "<col>",
	"<thead>", "</thead>", "<tbody>", "</tbody>", "<tfoot>", "</tfoot>", "<tr>", "</tr>",
	"<td>", "</td>", "<th>", "</th>", `<td class="stress-item" colspan=2>`, `<th scope=row align=right>`,
	"<div>", "</div>", "<span>", "</span>", "<p>", "</p>", "<ul>", "</ul>", "<ol>", "</ol>",
	"<li>", "</li>", "<b>", "</b>", "<strong>", "</strong>", "<em>", "</em>", "<i>", "</i>",
	`<a href="/x">`, "</a>", "<code>", "</code>", "<br>", `<img alt="i">`, "<sup>", "</sup>",
	"<section>", "</section>", "<h3>", "<x-y>", "</x-y>", "<u>", "</u>",
	"text", " ", "\n\t", "中文", "&amp;", "**", "<!-- c -->",
	// attributes the fast path leaves out, on elements whose others it keeps
	`<div class="gradient " id=d>`, `<span style='s' class=u>`, `<col class="c" style="width: 6%;" />`,
	`<tr id=r style=x>`, `<td style=x class=highlight/>`, `<th title=t scope=row CLASS=stress-item>`,
	`<ul class=l>`, `<li value=2 style=s>`, `<p class=p>`, `<img src=x alt=a title=t/>`,
	`<table class=t border=1>`, `<b class=x>`, `<b class=y>`, `<a href="/y" class=z>`,
	`<input type=hidden style=s>`, `<td colspan=2 style=s rowspan=2 align=center/ >`,
	"<select>", "<option>", "<svg>", "</svg>", "<template>", "</template>", "\n ",
}

// FuzzFastPathSoup compares the two paths of FromHTML on tables made of tagSoup pieces, which
// reach the fast path far more often than random bytes do.
func FuzzFastPathSoup(f *testing.F) {
	f.Add([]byte{13, 17, 2, 59, 3, 18, 59, 1})
	f.Add([]byte{13, 21, 23, 33, 31, 58, 35, 29, 16, 1})
	f.Add([]byte{17, 37, 27, 58, 23, 38, 58, 24, 36, 18, 1})
	f.Fuzz(func(t *testing.T, picks []byte) {
		var b strings.Builder
		b.WriteString("<table>")
		for _, p := range picks {
			b.WriteString(tagSoup[int(p)%len(tagSoup)])
		}
		checkSamePaths(t, []byte(b.String()))
	})
}

// TestFastPathLeavesOutUnreadAttributes checks what the fast path gives the HTML parser: the
// attributes the converter reads, none of those it does not, formatting elements whole.
func TestFastPathLeavesOutUnreadAttributes(t *testing.T) {
	src := []byte(`<table class=t><col style="width: 6%;" /><tr id=r><td style=x CLASS="a b" colspan=2/>a</td>` +
		`<td><div class="gradient "><img src=i alt='A' title=t></div><b class=x>b</b></td></tr></table>`)
	toks, ok := scanTokens(src, 1, nil)
	if !ok {
		t.Fatal("not on the fast path")
	}
	var out bytes.Buffer
	got := string(writeTokens(&out, src, toks, true, true))
	want := `<table><col /><tr data-docsite-line="1"><td data-docsite-line="1" CLASS="a b" colspan=2/>a</td>` + // "2/" is the value: not self-closing
		`<td data-docsite-line="1"><div><img src=i alt='A'></div><b class=x>b</b></td></tr></table>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	checkSamePaths(t, src)
}
