package markdown

import (
	"bytes"

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
		return ast.WalkContinue, writeRawURLs(w, src, n, n.Lines(), d)
	} else if n.HasClosure() {
		return ast.WalkContinue, writeRaw(w, src, d, n.ClosureLine)
	}
	return ast.WalkContinue, nil
}

// writeRawURLs writes the segments of raw HTML node n, with the URLs of its links and
// images resolved when the document asks for it (SetURLs).
func writeRawURLs(w util.BufWriter, src []byte, n ast.Node, segs *text.Segments, d *scDoc) error {
	fn, line := urlsOf(n)
	if fn == nil || segs.Len() == 0 {
		for i := range segs.Len() {
			if err := writeRaw(w, src, d, segs.At(i)); err != nil {
				return err
			}
		}
		return nil
	}
	var b bytes.Buffer
	for i := range segs.Len() {
		if err := writeRaw(bufWriter{&b}, src, d, segs.At(i)); err != nil {
			return err
		}
	}
	_, err := w.WriteString(rewriteURLs(b.String(), line(segs.At(0).Start), fn))
	return err
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
		if err := writeRawURLs(w, src, n, n.Segments, docState(n)); err != nil {
			return ast.WalkStop, err
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
