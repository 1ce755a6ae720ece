package build

import (
	"fmt"
	"strings"
	"testing"
)

// deepDivs is raw HTML of n divs nested in each other around text, on one line.
func deepDivs(n int, text string) string {
	return strings.Repeat("<div>", n) + text + strings.Repeat("</div>", n)
}

// warningsOf lists the warnings of code in res, as file:line.
func warningsOf(res *Result, code string) []string {
	var out []string
	for _, d := range res.Diags {
		if d.Code == code {
			out = append(out, fmt.Sprintf("%s:%d", d.File, d.Line))
		}
	}
	return out
}

// TestDeepHTML: raw HTML nested deeper than the HTML parser accepts (512 elements) keeps
// the page: the block is flattened, every word of the page is kept, and a warning names
// the block's line. The parser's refusal once emptied the whole body, silently.
func TestDeepHTML(t *testing.T) {
	for _, tt := range []struct {
		name, block string
		line        int
	}{
		{"divs", deepDivs(600, "deep text"), 5},
		{"table", "<table><tr><td>" + deepDivs(600, "deep text") + "</td></tr></table>", 5},
		{"lines", "<div>\n" + strings.Repeat("<div>", 300) + "\n" + deepDivs(300, "deep text") + strings.Repeat("</div>", 300) + "\n</div>", 6},
		{"quotes", strings.Repeat(">", 600) + " deep text\n\n<span>raw HTML</span>", 5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files, res := mustBuild(t, siteFromText(t, "-- content/en/a.md --\n# Deep\n\nBefore the block.\n\n"+tt.block+"\n\nAfter the block.\n"), Options{})
			page := string(files["en/a/index.html"])
			for _, want := range []string{"Before the block.", "deep text", "After the block."} {
				if !strings.Contains(page, want) {
					t.Errorf("the page lost %q", want)
				}
			}
			if got := warningsOf(res, "deep-nesting"); len(got) != 1 || got[0] != fmt.Sprintf("content/en/a.md:%d", tt.line) {
				t.Errorf("deep-nesting warnings %v, want one at content/en/a.md:%d; all: %v", got, tt.line, res.Diags)
			}
			for _, d := range res.Diags {
				if d.Code == "table-unfit" && strings.Contains(d.Message, "unchanged") {
					t.Errorf("%v", d)
				}
			}
		})
	}
}

// TestDeepShortcodes: shortcode pairs nested deeper than 32 are left out, their inner
// content kept inside the 32nd, with one warning at the first pair left out. Each level
// once rendered and copied all of its inner content, and the parser kept a record per
// open pair for each line: 6,000 details took 2.4 GB.
func TestDeepShortcodes(t *testing.T) {
	var src strings.Builder
	for i := range 40 {
		fmt.Fprintf(&src, "{{%% details \"s%d\" %%}}\ntext %d\n", i, i)
	}
	for range 40 {
		src.WriteString("{{% /details %}}\n")
	}
	src.WriteString("\nafter\n")
	files, res := mustBuild(t, siteFromText(t, "-- content/en/a.md --\n"+src.String()), Options{})
	page := string(files["en/a/index.html"])
	for i := range 40 {
		if !strings.Contains(page, fmt.Sprintf("text %d<", i)) && !strings.Contains(page, fmt.Sprintf("text %d\n", i)) {
			t.Errorf("the page lost text %d", i)
		}
	}
	if n := strings.Count(page, `<details class="details"`); n != 32 || !strings.Contains(page, "after") || strings.Contains(page, "{{") {
		t.Errorf("%d details (want 32), or a tag or the text after them lost:\n%s", n, page)
	}
	var got []string
	for _, d := range res.Diags {
		if d.Code == "deep-nesting" {
			got = append(got, fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Col))
		}
	}
	if len(got) != 1 || got[0] != "content/en/a.md:65:1" {
		t.Errorf("deep-nesting warnings %v, want one at content/en/a.md:65:1", got)
	}
}
