package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// HeadingText is the text of heading h of the document without its markup: its text
// nodes' bytes, as a table of contents or a citation of the section shows it.
func (d *Doc) HeadingText(h *ast.Heading) string {
	var b strings.Builder
	ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := n.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(d.Src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
