package markdown

import (
	"bytes"
	"html"
	"html/template"
	"strconv"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"docsite/internal/diag"
	"docsite/internal/shortcode"
)

// shortcodeTransformer finishes the shortcodes of a parsed page: inline pairs take their
// children, every call learns the heading level it sits under, calls without inner
// content run, and link destinations that were tags get their output.
type shortcodeTransformer struct{}

func (shortcodeTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	d := stateOf(pc)
	if d == nil {
		return
	}
	doc.AddMeta(scMeta, d)
	d.pairInline(doc)
	d.headingLevels(doc)
	d.runCalls()
	d.destinations(doc)
}

// pairInline moves the inline nodes between the tags of each inline pair into the pair.
func (d *scDoc) pairInline(doc *ast.Document) {
	var pairs []*ShortcodeInline
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if s, ok := n.(*ShortcodeInline); ok && entering && s.role == rolePair {
			pairs = append(pairs, s)
		}
		return ast.WalkContinue, nil
	})
	for _, open := range pairs {
		var end ast.Node
		for s := open.NextSibling(); s != nil; s = s.NextSibling() {
			if c, ok := s.(*ShortcodeInline); ok && c.role == roleClose && c.Tag == open.Call.Close {
				end = s
				break
			}
		}
		if end == nil {
			line, col := d.lineCol(open.Tag.Start)
			d.diags = append(d.diags, diag.Warnf("", line, col, "shortcode-span",
				"the tags of shortcode %s are in different blocks: its inner content is rendered outside it; put each tag on a line of its own", open.Name()))
			continue
		}
		for s := open.NextSibling(); s != end; {
			next := s.NextSibling()
			open.AppendChild(open, s)
			s = next
		}
		end.Parent().RemoveChild(end.Parent(), end)
	}
}

// headingLevels gives each call the level of a heading inside it: one below the heading
// it follows (the page title is level 1).
func (d *scDoc) headingLevels(doc *ast.Document) {
	last := 1
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var c *shortcode.Call
		switch n := n.(type) {
		case *ast.Heading:
			last = n.Level
		case *Shortcode:
			c = n.Call
		case *ShortcodeInline:
			c = n.Call
		}
		if c != nil && !c.Open.Close {
			d.ctxs[c.Index].HeadingLevel = min(last+1, 6)
		}
		return ast.WalkContinue, nil
	})
}

// runCalls runs every call without inner content, and records uses of unknown shortcodes.
func (d *scDoc) runCalls() {
	for _, c := range d.tree.Calls {
		t := c.Open
		switch {
		case d.left(t):
			continue
		case t.Escaped:
			d.out[c.Index] = template.HTML(template.HTMLEscapeString(t.Literal(d.src)))
		case d.set == nil || !d.set.Has(t.Name):
			if inComment(c) {
				continue // what a comment holds is not shown, nor warned about
			}
			line, col := d.lineCol(t.Start)
			d.unknown = append(d.unknown, UnknownShortcode{Name: t.Name, Line: line, Col: col})
		case !c.Paired():
			out, err := d.set.Run(d.ctxs[c.Index])
			if err != nil {
				d.diags = append(d.diags, d.callError(c, err))
				continue
			}
			d.out[c.Index] = out
			d.rawHTML = d.rawHTML || d.ctxs[c.Index].RawHTML()
			for _, w := range d.ctxs[c.Index].Warnings() {
				line, col := d.lineCol(t.Start)
				d.diags = append(d.diags, diag.Warnf("", line, col, "shortcode", "%s: %s", t.Name, w))
			}
		}
	}
}

// inComment reports whether call c is inside a comment shortcode's inner content.
func inComment(c *shortcode.Call) bool {
	for p := c.Parent; p != nil; p = p.Parent {
		if p.Open.Name == "comment" {
			return true
		}
	}
	return false
}

// callError locates an error of running call c at its opening tag.
func (d *scDoc) callError(c *shortcode.Call, err error) diag.Diagnostic {
	line, col := d.lineCol(c.Open.Start)
	return diag.Errorf("", line, col, "shortcode", "%s: %v", c.Open.Name, err)
}

// destinations replaces the masked tags in link and image destinations by their output.
func (d *scDoc) destinations(doc *ast.Document) {
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			n.Destination = d.unmask(n.Destination)
		case *ast.Image:
			n.Destination = d.unmask(n.Destination)
		}
		return ast.WalkContinue, nil
	})
}

// unmask replaces each masked tag in b (a copy of part of the masked source) by the text
// its call printed.
func (d *scDoc) unmask(b []byte) []byte { return d.unmaskAs(b, true) }

// unmaskHTML replaces each masked tag in b by the HTML its call printed.
func (d *scDoc) unmaskHTML(b []byte) []byte { return d.unmaskAs(b, false) }

func (d *scDoc) unmaskAs(b []byte, asText bool) []byte {
	if bytes.IndexByte(b, '{') < 0 {
		return b
	}
	var out []byte
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '{')
		if j < 0 {
			out = append(out, b[i:]...)
			break
		}
		out = append(out, b[i:i+j]...)
		i += j
		k, n, ok := d.maskedTagAt(b[i:])
		if !ok {
			out = append(out, '{')
			i++
			continue
		}
		if c := d.call(&d.tree.Tags[k]); c != nil && !d.tree.Tags[k].Close {
			if asText {
				out = append(out, html.UnescapeString(string(d.out[c.Index]))...)
			} else {
				out = append(out, d.out[c.Index]...)
			}
		}
		i += n
	}
	return out
}

// maskedTagAt reads a mask token at the start of b: the index of its tag and its length.
func (d *scDoc) maskedTagAt(b []byte) (int, int, bool) {
	end := bytes.IndexByte(b, '}')
	if end < 0 {
		return 0, 0, false
	}
	digits := bytes.TrimRight(b[1:end], "Q")
	k, err := strconv.ParseInt(string(digits), 36, 0)
	if err != nil || k < 0 || int(k) >= len(d.tree.Tags) {
		return 0, 0, false
	}
	t := &d.tree.Tags[k]
	if n := t.End - t.Start; n != end+1 || !bytes.Equal(maskToken(int(k), n), b[:n]) {
		return 0, 0, false
	}
	return int(k), end + 1, true
}
