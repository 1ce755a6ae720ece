package table

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestProductShapes checks that the three language versions of the product page normalise to the
// same shapes: a header row plus 5×3, and a header row plus 3×3.
func TestProductShapes(t *testing.T) {
	for _, lang := range []string{"en", "zh", "ja"} {
		nodes, _ := parseSeed(t, "product-"+lang)
		if len(nodes) != 2 {
			t.Fatalf("%s: %d tables, want 2", lang, len(nodes))
		}
		for i, want := range [][2]int{{5, 3}, {3, 3}} {
			tb := nodes[i].Table
			rows, cols := tb.Shape()
			if rows != want[0] || cols != want[1] || len(tb.Head) != 1 {
				t.Errorf("%s table %d: %d header rows + %d×%d, want 1 + %d×%d", lang, i+1, len(tb.Head), rows, cols, want[0], want[1])
			}
			if tb.CaptionText() == "" {
				t.Errorf("%s table %d: no caption", lang, i+1)
			}
			for _, r := range tb.Body {
				if !r.Cells[0].Header {
					t.Errorf("%s table %d line %d: first cell is not a row header", lang, i+1, r.Line)
				}
			}
		}
		if h := nodes[0].Table.Highlight; h != 1 {
			t.Errorf("%s: highlighted column %d, want 1", lang, h)
		}
	}
}

// TestRowLines checks that rows know their file line.
func TestRowLines(t *testing.T) {
	nodes, src := parseSeed(t, "product-en")
	lines := strings.Split(string(src), "\n")
	for _, n := range nodes {
		for _, r := range append(append([]Row{}, n.Table.Head...), n.Table.Body...) {
			if r.Line < 1 || !strings.Contains(lines[r.Line-1], "<tr>") {
				t.Errorf("row %q: line %d is not a <tr> line", r.Text(), r.Line)
			}
		}
	}
	nodes, src = parseSeed(t, "platforms-zh")
	lines = strings.Split(string(src), "\n")
	for _, n := range nodes {
		for _, r := range n.Table.Body {
			first := strings.TrimSpace(r.Cells[0].Text())
			if !strings.Contains(lines[r.Line-1], first) {
				t.Errorf("row %q: line %d is %q", r.Text(), r.Line, lines[r.Line-1])
			}
		}
	}
}

// TestPlatformsPipeTables checks that the seven pipe tables without a delimiter row are tables
// whose first row is the header.
func TestPlatformsPipeTables(t *testing.T) {
	nodes, _ := parseSeed(t, "platforms-zh")
	if len(nodes) != 7 {
		t.Fatalf("%d tables, want 7", len(nodes))
	}
	for i, n := range nodes {
		if n.Origin != OriginPipes || len(n.Table.Head) != 1 || n.Table.CaptionText() == "" {
			t.Errorf("table %d: origin %d, %d header rows, caption %q", i+1, n.Origin, len(n.Table.Head), n.Table.CaptionText())
		}
		for _, c := range n.Table.Head[0].Cells {
			if strings.Contains(c.Text(), "*") {
				t.Errorf("table %d: header %q keeps emphasis debris", i+1, c.Text())
			}
		}
	}
	if got := nodes[0].Table.Head[0].Cells[0].Text(); got != "实例" {
		t.Errorf("first header %q, want 实例", got)
	}
}

// TestNothingLost checks that every text of every seed table appears in the rendered page.
func TestNothingLost(t *testing.T) {
	for _, file := range seedFiles(t) {
		src := mustRead(t, file)
		out, _ := convert(t, src)
		for i, texts := range sourceTexts(src) {
			if missing := missingTexts(texts, []byte(out)); len(missing) > 0 {
				t.Errorf("%s table %d lost %q", file, i+1, missing)
			}
		}
	}
}

// TestIdempotent checks that normalising a rendered table again gives the same model and the
// same HTML.
func TestIdempotent(t *testing.T) {
	for _, file := range seedFiles(t) {
		for i, n := range parseTables(mustRead(t, file)) {
			checkIdempotent(t, fmt.Sprintf("%s table %d", file, i+1), n.Table)
		}
	}
}

func checkIdempotent(t *testing.T, name string, tb *Table) {
	t.Helper()
	out := AppendHTML(nil, tb, "t")
	again, _, err := FromHTML(out, 1)
	if err != nil {
		t.Fatalf("%s: rendered table does not parse: %v\n%s", name, err, out)
	}
	if a, b := withoutLines(tb), withoutLines(again); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: model changed after a round trip:\nbefore %+v\nafter  %+v", name, a, b)
	}
	if out2 := AppendHTML(nil, again, "t"); string(out2) != string(out) {
		t.Errorf("%s: HTML changed after a round trip:\n%s\n%s", name, out, out2)
	}
}

// TestEntities checks that entities are decoded once and escaped once.
func TestEntities(t *testing.T) {
	tb, _, err := FromHTML([]byte(`<table><tr><th>R&amp;D</th><th>a &lt;b&gt; &quot;c&quot; &#x4e2d;</th></tr><tr><td>x</td><td>y</td></tr></table>`), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Head[0].Cells[0].Text(); got != "R&D" {
		t.Errorf("text %q, want R&D", got)
	}
	out := string(AppendHTML(nil, tb, "t"))
	for _, want := range []string{">R&amp;D<", ">a &lt;b&gt; &#34;c&#34; 中<"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	pipe, _, _ := FromPipeRows([]string{"| R&amp;D | a \\| b |", "| 1 | 2 |"}, 1)
	if got := pipe.Head[0].Text(); got != "R&D\ta | b" {
		t.Errorf("pipe header %q", got)
	}
}

// TestGFMRowLines checks the lines of a GFM table's rows, below other content.
func TestGFMRowLines(t *testing.T) {
	nodes := parseTables([]byte("# T\n\ntext\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n"))
	if len(nodes) != 1 || nodes[0].Origin != OriginGFM {
		t.Fatalf("want one GFM table, got %d", len(nodes))
	}
	tb := nodes[0].Table
	var got []int
	for _, r := range append(append([]Row{}, tb.Head...), tb.Body...) {
		got = append(got, r.Line)
	}
	if !reflect.DeepEqual(got, []int{5, 7, 8}) || nodes[0].Line != 5 {
		t.Errorf("row lines %v (table line %d), want [5 7 8] (5)", got, nodes[0].Line)
	}
}

// TestSpans checks that spans survive and count in the grid.
func TestSpans(t *testing.T) {
	src := `<table><tr><th colspan="2">h</th><th>i</th></tr>` +
		`<tr><td rowspan="2">a</td><td>b</td><td>c</td></tr><tr><td>d</td><td class="highlight">e</td></tr></table>`
	tb, _, err := FromHTML([]byte(src), 1)
	if err != nil {
		t.Fatal(err)
	}
	if rows, cols := tb.Shape(); rows != 2 || cols != 3 || tb.Highlight != 2 {
		t.Errorf("shape %d×%d highlight %d, want 2×3 highlight 2", rows, cols, tb.Highlight)
	}
	out := string(AppendHTML(nil, tb, "t"))
	for _, want := range []string{`<th scope="col" colspan="2">h</th>`, `<td rowspan="2">a</td>`, `<td class="highlight">e</td>`, `<th scope="col" class="highlight"><strong>i</strong></th>`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	checkIdempotent(t, "spans", tb)
}

// TestImpliedRowLines checks the lines of rows the HTML parser makes up (cells without a <tr>):
// a row's line is then its first cell's, whether or not other rows have a <tr>.
func TestImpliedRowLines(t *testing.T) {
	tests := map[string][]int{
		"<table>\n<td>a</td>\n<tr>\n<td>b</td>\n</table>":                       {11, 12},
		"<table>\n<tr><td>a</td></tr>\n</tbody>\n<th>b</td>\n</table>":          {11, 13},
		"<table>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>":           {11, 12},
		"<table><tbody>\n\n<td>a<td>b</td>\n<tr>\n\n<td>c</td></tbody></table>": {12, 13},
	}
	for src, want := range tests {
		tb, _, err := FromHTML([]byte(src), 10)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		var got []int
		for _, r := range append(append([]Row{}, tb.Head...), tb.Body...) {
			got = append(got, r.Line)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: row lines %v, want %v", src, got, want)
		}
	}
}
