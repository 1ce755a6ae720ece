package table

import (
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindNode is the goldmark node kind of Node.
var KindNode = ast.NewNodeKind("DocsiteTable")

// Origin says what a Node was recognised from.
type Origin uint8

const (
	OriginHTML  Origin = iota // a raw HTML block starting with <table
	OriginPipes               // pipe rows without a delimiter row
	OriginGFM                 // a table goldmark's GFM extension parsed
)

// Node is a table in a goldmark document. The block parsers fill Lines with the source; the
// extension's AST transformer then sets Table, ID, Report and Line.
type Node struct {
	ast.BaseBlock
	Origin Origin
	Table  *Table
	ID     string // unique in the document, e.g. "table-2"
	Report Report
	Line   int // 1-based line of the table's first source line

	depth    int          // raw HTML: <table> elements still open
	scanned  bool         // raw HTML: whether a closing </table> exists further down
	closer   closer       // raw HTML: where, when scanned
	trailing text.Segment // raw HTML: what follows </table> on its line
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return KindNode }

// IsRaw implements ast.Node: a table's source is not parsed as inline markdown.
func (n *Node) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *Node) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"ID": n.ID}, nil)
}

// nodeRenderer renders Node through the model.
type nodeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindNode, renderNode)
}

func renderNode(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	tn := n.(*Node)
	if entering && tn.Table != nil {
		buf := htmlBufs.Get().(*[]byte)
		class, _ := tn.AttributeString("class")
		c, _ := class.([]byte)
		*buf = appendHTML((*buf)[:0], tn.Table, tn.ID, string(c))
		_, err := w.Write(*buf)
		htmlBufs.Put(buf)
		return ast.WalkSkipChildren, err
	}
	return ast.WalkSkipChildren, nil
}

// htmlBufs holds the buffers tables are rendered into before they are written out: a table's
// HTML would otherwise grow a new slice from nothing each time. Write copies what it is given.
var htmlBufs = sync.Pool{New: func() any { return new([]byte) }}
