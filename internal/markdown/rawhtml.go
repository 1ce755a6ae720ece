package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
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
	d := docState(n)
	if entering {
		for i := range n.Lines().Len() {
			if err := writeRaw(w, src, d, n.Lines().At(i)); err != nil {
				return ast.WalkStop, err
			}
		}
	} else if n.HasClosure() {
		return ast.WalkContinue, writeRaw(w, src, d, n.ClosureLine)
	}
	return ast.WalkContinue, nil
}

// writeRaw writes a segment of raw HTML, its shortcode tags replaced by their output.
func writeRaw(w util.BufWriter, src []byte, d *scDoc, seg text.Segment) error {
	if !d.hasTags(seg.Start, seg.Stop) {
		w.Write(seg.Value(src))
		return nil
	}
	s, err := d.expand(seg.Start, seg.Stop, false)
	w.WriteString(s)
	return err
}

func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		d := docState(n)
		for i := range n.Segments.Len() {
			if err := writeRaw(w, src, d, n.Segments.At(i)); err != nil {
				return ast.WalkStop, err
			}
		}
	}
	return ast.WalkSkipChildren, nil
}

// HasRawHTML reports whether the document holds raw HTML (blocks or inline) that must be
// sanitised before it reaches a page.
func HasRawHTML(root ast.Node) bool {
	if doc, ok := root.(*ast.Document); ok {
		if d, _ := doc.Meta()[scMeta].(*scDoc); d != nil && d.rawHTML {
			return true
		}
	}
	found := false
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if k := n.Kind(); entering && (k == ast.KindHTMLBlock || k == ast.KindRawHTML || isRawShortcode(n)) {
			found = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// isRawShortcode: the inner content of an inline {{< >}} pair is raw HTML from the page.
func isRawShortcode(n ast.Node) bool {
	s, ok := n.(*ShortcodeInline)
	return ok && s.role == roleRaw
}
