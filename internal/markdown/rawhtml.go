package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// rawHTML writes raw HTML blocks and inline raw HTML as written. goldmark itself is left in
// safe mode, so markdown links and images with dangerous URLs are still dropped; the raw
// HTML this passes on is untrusted and the build sends such bodies through the sanitiser
// (see HasRawHTML).
type rawHTML struct{}

func (rawHTML) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindRawHTML, renderRawHTML)
}

func renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.HTMLBlock)
	if entering {
		for i := range n.Lines().Len() {
			line := n.Lines().At(i)
			w.Write(line.Value(src))
		}
	} else if n.HasClosure() {
		w.Write(n.ClosureLine.Value(src))
	}
	return ast.WalkContinue, nil
}

func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			w.Write(seg.Value(src))
		}
	}
	return ast.WalkSkipChildren, nil
}

// HasRawHTML reports whether the document holds raw HTML (blocks or inline) that must be
// sanitised before it reaches a page.
func HasRawHTML(root ast.Node) bool {
	found := false
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if k := n.Kind(); entering && (k == ast.KindHTMLBlock || k == ast.KindRawHTML) {
			found = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}
