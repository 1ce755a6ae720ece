package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// KindNotice is the kind of Notice nodes.
var KindNotice = ast.NewNodeKind("Notice")

// Notice is a block of HTML the build itself puts into a page (a localized notice that a
// section's source changed). It is trusted markup, unlike raw HTML from the source.
type Notice struct {
	ast.BaseBlock
	HTML string
}

// NewNotice returns a notice block holding html.
func NewNotice(html string) *Notice { return &Notice{HTML: html} }

func (n *Notice) Kind() ast.NodeKind { return KindNotice }

func (n *Notice) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type noticeRenderer struct{}

func (noticeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindNotice, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString(n.(*Notice).HTML)
			w.WriteByte('\n')
		}
		return ast.WalkSkipChildren, nil
	})
}
