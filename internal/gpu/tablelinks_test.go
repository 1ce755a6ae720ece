package gpu

import (
	"strings"
	"testing"

	"golang.org/x/text/language"

	"docsite/internal/markdown"
)

// LinkTables links the GPU names of a table's cells and caption, not those in code, and
// names each GPU once per table with the heading of its section.
func TestLinkTables(t *testing.T) {
	c := loadReal(t)
	src := []byte("# Prices\n\nIntro.\n\n## Cards\n\n| Card | Note |\n| --- | --- |\n" +
		"| Tesla V100 | faster than a P4 |\n| `P40` | another V100 |\n")
	md := markdown.New(markdown.Options{})
	doc := md.Parse(src, nil)
	found := LinkTables(doc.Root, NewMatcher(c, language.English), func(id string) string { return "/en/gpus/" + id + "/" })
	var got []string
	for _, m := range found {
		h := "-"
		if m.Heading != nil {
			h = string(m.Heading.Lines().Value(src))
		}
		got = append(got, m.GPU+"@"+h)
	}
	if want := "v100@Cards p4@Cards"; strings.Join(got, " ") != want {
		t.Errorf("mentions %q, want %q", got, want)
	}
	html, err := md.RenderString(doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<a href="/en/gpus/v100/">Tesla V100</a>`, `<a href="/en/gpus/p4/">P4</a>`,
		`<a href="/en/gpus/v100/">V100</a>`, `<code dir="ltr">P40</code>`} {
		if !strings.Contains(html, want) {
			t.Errorf("rendered table lacks %s:\n%s", want, html)
		}
	}
}
