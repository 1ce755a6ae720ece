package table

import (
	"errors"
	"strconv"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"docsite/internal/diag"
)

// transformer builds the model of every table in a document, in document order: it converts GFM
// tables into Nodes, repairs raw HTML and pipe tables, takes captions from introducing
// paragraphs, numbers the tables and reports.
type transformer struct {
	cfg config
}

func (x *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var found []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *Node, *extast.Table:
			if entering {
				found = append(found, n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.Heading, *ast.TextBlock: // inline content holds no tables
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(found) == 0 {
		return
	}
	src := &source{b: reader.Source()}
	lines := newLineCounter(src.b)
	if u, ok := pc.Get(unmaskKey).(unmasks); ok {
		src.unmask, src.unmaskHTML = u.text, u.html
		if len(u.real) == len(src.b) { // offsets into one are offsets into the other
			lines = newLineCounter(u.real)
		}
	}
	count := 0
	for _, n := range found {
		src.setWindow(window(n, len(src.b)))
		tn, ok := n.(*Node)
		if !ok {
			tn = fromGFMNode(n.(*extast.Table), src, lines)
		}
		if !x.build(tn, src, lines, pc) {
			continue
		}
		count++
		tn.ID = x.cfg.idPrefix + "-" + strconv.Itoa(count)
		takeCaption(tn, src, lines)
		if !tn.Report.Empty() {
			addFinding(pc, finding{d: diag.Diagnostic{Line: tn.Line, Severity: diag.Warning, Code: "table-repair"}, rep: &tn.Report})
		}
	}
}

// window returns the part of the source that the texts of table n and of the paragraph before
// it (its caption, perhaps) lie in, as far as a look at their first and last lines tells: a
// raw HTML table's texts are parsed from bytes, a pipe table ends with its last line, a GFM
// table before the next block.
func window(n ast.Node, size int) (lo, hi int) {
	lo, hi = n.Pos(), size
	if t, ok := n.(*Node); ok && t.Lines().Len() > 0 {
		lo = t.Lines().At(0).Start
		switch t.Origin {
		case OriginHTML:
			hi = lo
		case OriginPipes:
			hi = t.Lines().At(t.Lines().Len() - 1).Stop
		}
	}
	if next := n.NextSibling(); next != nil && next.Type() == ast.TypeBlock && next.Lines().Len() > 0 {
		hi = min(hi, next.Lines().At(0).Start)
	}
	if p, ok := n.PreviousSibling().(*ast.Paragraph); ok && p.Lines().Len() > 0 {
		lo = min(lo, p.Lines().At(0).Start)
	}
	return lo, hi
}

// build fills in n.Table, or replaces n with the raw HTML it came from and warns.
func (x *transformer) build(n *Node, src *source, lines *lineCounter, pc parser.Context) bool {
	if n.Table != nil {
		return true
	}
	if n.Lines().Len() == 0 {
		return false
	}
	n.Line = lines.line(n.Lines().At(0).Start)
	var err error
	switch n.Origin {
	case OriginPipes:
		rows := make([]string, n.Lines().Len())
		for i := range rows {
			rows[i] = src.text(n.Lines().At(i)) // the source's string: no copy
		}
		n.Table, n.Report, err = FromPipeRows(rows, n.Line)
	default:
		v := linesValue(n.Lines(), src.b)
		if src.unmaskHTML != nil {
			v = src.unmaskHTML(v)
		}
		n.Table, n.Report, err = FromHTML(v, n.Line)
	}
	if n.Origin == OriginHTML && n.depth > 0 {
		n.Report.add(NoCloser, 1)
	}
	if n.trailing.Len() > 0 {
		passThrough(n, n.trailing, true)
		addDiagnostic(pc, diag.Warnf("", lines.line(n.trailing.Start), 0, "table-unfit",
			"content after </table> on the same line passed through as raw HTML"))
	}
	if err != nil {
		passThrough(n, text.Segment{}, false)
		// Too deep for the HTML parser, the raw HTML will not pass the sanitiser
		// unchanged either: it flattens the page there, with a warning of its own.
		how := "unchanged"
		if errors.Is(err, errTooDeep) {
			how = "as raw HTML"
		}
		addDiagnostic(pc, diag.Warnf("", n.Line, 0, "table-unfit", "cannot make a table of this HTML (%v); passed through %s", err, how))
		return false
	}
	return true
}

// linesValue returns the source of lines: a slice of src when they are contiguous, as the lines
// of a table at the top level are, else a copy joining them.
func linesValue(lines *text.Segments, src []byte) []byte {
	n := lines.Len()
	if n == 0 {
		return nil
	}
	size := 0
	contiguous := true
	for i := range n {
		seg := lines.At(i)
		size += seg.Len()
		if seg.Padding != 0 || i > 0 && lines.At(i-1).Stop != seg.Start {
			contiguous = false
		}
	}
	if contiguous {
		return src[lines.At(0).Start:lines.At(n-1).Stop:lines.At(n-1).Stop]
	}
	out := make([]byte, 0, size+n) // padding adds a little
	for i := range n {
		seg := lines.At(i)
		out = append(out, seg.Value(src)...)
	}
	return out
}

// passThrough puts raw HTML next to n: its trailing segment after it (keep), or all of n's lines
// in its place.
func passThrough(n *Node, seg text.Segment, keep bool) {
	block := ast.NewHTMLBlock(ast.HTMLBlockType6)
	parent := n.Parent()
	if keep {
		block.Lines().Append(seg)
		parent.InsertAfter(parent, n, block)
		return
	}
	block.SetLines(n.Lines())
	parent.ReplaceChild(parent, n, block)
}

var unmaskKey = parser.NewContextKey()

// SetUnmask tells the table model that the source it reads is masked (the shortcode parse
// gives goldmark a copy whose tags are inert words of the same length) and how to turn a
// text of it back: text replaces each masked tag by the text of its output, html by its
// HTML (in HTML tables). real is the page's own source, whose lines the tables' are: the
// mask also turns the blank before a tag that closes a block on the line of its text into
// a line break, so its lines are not the page's.
func SetUnmask(pc parser.Context, real []byte, text, html func([]byte) []byte) {
	pc.Set(unmaskKey, unmasks{real, text, html})
}

type unmasks struct {
	real       []byte
	text, html func([]byte) []byte
}
