package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// headingLevels makes the heading outline of a page continuous under its title: the page
// title is the <h1> (a leading level-one heading of the body, else the template's), and no
// heading skips a level below its parent. Authors skip levels often (a page that starts at
// ###); validators and screen readers then see holes in the outline. Relative nesting is
// kept: a heading is one level below the nearest preceding heading of a smaller original
// level. The same text gets the same levels in every language, so alignment is unaffected.
type headingLevels struct{}

type levelFrame struct{ orig, out int }

func (headingLevels) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	stack := []levelFrame{{orig: 0, out: 1}} // the page title
	first := true
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			if _, leaf := n.(*ast.Paragraph); leaf { // inline content holds no headings
				return ast.WalkSkipChildren, nil
			}
			return ast.WalkContinue, nil
		}
		if first && h.Level == 1 && h == doc.FirstChild() {
			stack = []levelFrame{{orig: 1, out: 1}}
			first = false
			return ast.WalkSkipChildren, nil
		}
		first = false
		for len(stack) > 1 && stack[len(stack)-1].orig >= h.Level {
			stack = stack[:len(stack)-1]
		}
		out := min(stack[len(stack)-1].out+1, 6)
		stack = append(stack, levelFrame{orig: h.Level, out: out})
		h.Level = out
		return ast.WalkSkipChildren, nil
	})
}
