package markdown

import (
	"bytes"
	"html/template"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindCallout is the kind of Callout nodes.
var KindCallout = ast.NewNodeKind("Callout")

// Callout is a note, tip or warning set apart from the text: a GitHub alert
// (> [!NOTE]) or a container directive (:::note). Its children are its content, after a
// CalloutTitle when the author gave a title (:::note[Title]).
type Callout struct {
	ast.BaseBlock
	Variant string // note, tip, important, warning, caution or danger
	colons  int    // for a directive: the length of its fence of colons
}

func (n *Callout) Kind() ast.NodeKind { return KindCallout }

func (n *Callout) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Variant": n.Variant}, nil)
}

// KindCalloutTitle is the kind of CalloutTitle nodes.
var KindCalloutTitle = ast.NewNodeKind("CalloutTitle")

// CalloutTitle is the title an author gave a callout; its children are inline markdown.
type CalloutTitle struct{ ast.BaseBlock }

func (n *CalloutTitle) Kind() ast.NodeKind { return KindCalloutTitle }

func (n *CalloutTitle) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// calloutTypes are the callout types and the UI string of each one's default title.
// GitHub's five alerts, and the directives of Docusaurus and Starlight (info is
// Docusaurus's name for a note).
var calloutTypes = map[string]string{
	"note":      "CalloutNote",
	"info":      "CalloutNote",
	"tip":       "CalloutTip",
	"important": "CalloutImportant",
	"warning":   "CalloutWarning",
	"caution":   "CalloutCaution",
	"danger":    "CalloutDanger",
}

// calloutType normalises a name to a type: "info" is drawn as a note.
func calloutType(name string) (string, bool) {
	name = strings.ToLower(name)
	if _, ok := calloutTypes[name]; !ok {
		return "", false
	}
	if name == "info" {
		return "note", true
	}
	return name, true
}

// alertTransformer turns block quotes whose first line is [!NOTE], [!TIP], [!IMPORTANT],
// [!WARNING] or [!CAUTION] (any case) into callouts. The marker stands alone on its line,
// as GitHub reads it, or is followed by the callout's title, as Hugo reads it
// ("> [!NOTE] Before you start").
type alertTransformer struct{}

func (alertTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var quotes []*ast.Blockquote
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if q, ok := n.(*ast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return ast.WalkContinue, nil
	})
	for _, q := range quotes {
		p, ok := q.FirstChild().(*ast.Paragraph)
		if !ok || p.Lines().Len() == 0 {
			continue
		}
		first := p.Lines().At(0)
		typ, at, ok := alertMarker(first.Value(src))
		if !ok {
			continue
		}
		title := alertTitle(p, first.Start+at, first.Stop)
		if p.ChildCount() == 0 {
			q.RemoveChild(q, p)
		}
		co := &Callout{Variant: typ}
		co.SetPos(first.Start)
		if title != nil {
			co.AppendChild(co, title)
		}
		for c := q.FirstChild(); c != nil; {
			next := c.NextSibling()
			co.AppendChild(co, c)
			c = next
		}
		q.Parent().ReplaceChild(q.Parent(), q, co)
	}
}

var alertNames = []string{"note", "tip", "important", "warning", "caution"}

// alertMarker reads "[!TYPE]" at the start of a line; title is the offset in line where
// the text after it starts (len(line) when the marker is alone).
func alertMarker(line []byte) (typ string, title int, ok bool) {
	start := len(line) - len(bytes.TrimLeft(line, " \t"))
	s := line[start:]
	end := bytes.IndexByte(s, ']')
	if len(s) < 4 || s[0] != '[' || s[1] != '!' || end < 0 {
		return "", 0, false
	}
	rest := s[end+1:]
	if len(bytes.TrimSpace(rest)) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		return "", 0, false // "[!NOTE]text": not a marker
	}
	name := strings.ToLower(string(s[2:end]))
	for _, n := range alertNames {
		if n == name {
			title = start + end + 1
			title += len(rest) - len(bytes.TrimLeft(rest, " \t"))
			return n, title, true
		}
	}
	return "", 0, false
}

// alertTitle takes the first line's inline content out of paragraph p, the alert's first:
// the marker, which ends before offset at, is dropped, and what follows it on the line
// (up to offset stop) becomes the callout's title, returned; nil when there is none.
func alertTitle(p *ast.Paragraph, at, stop int) *CalloutTitle {
	title := &CalloutTitle{}
	for c := p.FirstChild(); c != nil; {
		next := c.NextSibling()
		start, end, ok := inlineSpan(c)
		switch {
		case !ok || start >= stop:
			next = nil // past the first line
		case end <= at:
			p.RemoveChild(p, c) // the marker
		default:
			if t, isText := c.(*ast.Text); isText && start < at {
				t.Segment = t.Segment.WithStart(at)
			}
			if t, isText := c.(*ast.Text); isText && (t.SoftLineBreak() || t.HardLineBreak()) {
				t.SetSoftLineBreak(false)
				t.SetHardLineBreak(false)
				next = nil // the title ends with the line
			}
			title.AppendChild(title, c)
		}
		c = next
	}
	if title.ChildCount() == 0 {
		return nil
	}
	return title
}

// inlineSpan is where inline node n's text starts and ends in the source: its first and
// last text segments.
func inlineSpan(n ast.Node) (start, end int, ok bool) {
	start, end = -1, -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, isText := c.(*ast.Text); isText && entering {
			if start < 0 {
				start = t.Segment.Start
			}
			end = t.Segment.Stop
		}
		return ast.WalkContinue, nil
	})
	return start, end, start >= 0
}

// calloutRenderer writes a callout as a note landmark-free region: role note, named by
// its title, with a decorative icon.
type calloutRenderer struct {
	t func(id string, data ...map[string]any) string
}

func (r calloutRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindCallout, r.renderCallout)
	reg.Register(KindCalloutTitle, r.renderTitle)
}

func (r calloutRenderer) renderCallout(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Callout)
	if !entering {
		w.WriteString("</div>\n")
		return ast.WalkContinue, nil
	}
	title, custom := r.t(calloutTypes[n.Variant]), false
	if t, ok := n.FirstChild().(*CalloutTitle); ok {
		title, custom = plainText(t, src), true
	}
	w.WriteString(`<div class="callout callout-` + n.Variant + `" role="note" aria-label="` + template.HTMLEscapeString(title) + `">` + "\n")
	if !custom {
		w.WriteString(`<p class="callout-title"><span class="callout-icon" aria-hidden="true"></span>` + template.HTMLEscapeString(title) + "</p>\n")
	}
	return ast.WalkContinue, nil
}

func (r calloutRenderer) renderTitle(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		w.WriteString(`<p class="callout-title"><span class="callout-icon" aria-hidden="true"></span>`)
	} else {
		w.WriteString("</p>\n")
	}
	return ast.WalkContinue, nil
}

// plainText is the text of n's inline content, for an accessible name.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.CodeSpan:
			for g := t.FirstChild(); g != nil; g = g.NextSibling() {
				if tt, ok := g.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
