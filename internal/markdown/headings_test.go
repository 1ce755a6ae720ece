package markdown

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

func levels(t *testing.T, src string) string {
	t.Helper()
	p := New(Options{})
	d := p.Parse([]byte(src), nil)
	var out []string
	ast.Walk(d.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			out = append(out, string(rune('0'+h.Level)))
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(out, " ")
}

func TestHeadingLevels(t *testing.T) {
	tests := map[string]string{
		"### a\n#### b\n##### c\n#### d\n### e\n":   "2 3 4 3 2", // seed 003 starts at ###
		"# T\n## a\n#### b\n## c\n":                 "1 2 3 2",   // a skipped level closes up
		"## a\n### b\n":                             "2 3",       // already continuous
		"text\n\n# late\n## b\n":                    "2 3",       // only a leading h1 is the title
		"# T\n##### deep\n###### deeper\n## back\n": "1 2 3 2",
	}
	for src, want := range tests {
		if got := levels(t, src); got != want {
			t.Errorf("%q: levels %s, want %s", src, got, want)
		}
	}
}
