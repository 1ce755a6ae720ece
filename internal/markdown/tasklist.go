package markdown

import (
	extast "github.com/yuin/goldmark/extension/ast"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// taskRenderer writes the check boxes of GFM task lists named by their item's text:
// goldmark's have no name, which screen readers announce as an unlabelled control (and
// axe reports).
type taskRenderer struct{}

func (taskRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(extast.KindTaskCheckBox, renderTask)
}

func renderTask(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*extast.TaskCheckBox)
	w.WriteString(`<input type="checkbox" disabled=""`)
	if n.IsChecked {
		w.WriteString(` checked=""`)
	}
	if p := n.Parent(); p != nil {
		w.WriteString(` aria-label="` + esc(plainText(p, src)) + `"`)
	}
	w.WriteString("> ")
	return ast.WalkContinue, nil
}
