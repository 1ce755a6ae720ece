package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// codeSpanRenderer writes code spans as goldmark does, with the shortcode tags in them
// replaced by their output, as Hugo users expect (`v{{% param version %}}`).
type codeSpanRenderer struct{}

func (codeSpanRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindCodeSpan, renderCodeSpan)
}

func renderCodeSpan(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		w.WriteString("</code>")
		return ast.WalkContinue, nil
	}
	w.WriteString(`<code dir="ltr">`) // code reads left to right on every page
	d := docState(n)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			continue
		}
		value := t.Segment.Value(src)
		if d.hasTags(t.Segment.Start, t.Segment.Stop) {
			s, err := d.expand(t.Segment.Start, t.Segment.Stop, true)
			if err != nil {
				return ast.WalkStop, err
			}
			value = []byte(s)
		}
		if v, ok := bytes.CutSuffix(value, []byte("\n")); ok {
			w.Write(util.EscapeHTML(v))
			w.WriteByte(' ')
		} else {
			w.Write(util.EscapeHTML(value))
		}
	}
	return ast.WalkSkipChildren, nil
}
