package markdown

import (
	"bytes"
	"html"
	"html/template"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"docsite/internal/shortcode"
)

// shortcodeRenderer writes shortcode nodes: the output of their templates, or, for a
// shortcode without one, its inner content alone. Tags never reach the page.
type shortcodeRenderer struct {
	md renderer.Renderer // set once goldmark is configured: pairs render their children with it
}

func (r *shortcodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindShortcode, r.renderBlock)
	reg.Register(KindShortcodeInline, r.renderInline)
}

func (r *shortcodeRenderer) renderBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*Shortcode)
	d := docState(n)
	c := n.Call
	if !c.Paired() {
		out := string(d.out[c.Index])
		// As Hugo's markdown pass would, a {{% %}} call's text output becomes a paragraph.
		if c.Open.Delim == '%' && out != "" && !strings.HasPrefix(strings.TrimSpace(out), "<") {
			out = "<p>" + strings.TrimSpace(out) + "</p>"
		}
		if !c.Open.Escaped {
			out = rewriteAt(n, out, c.Open.Start)
		}
		w.WriteString(out)
		w.WriteByte('\n')
		return ast.WalkSkipChildren, nil
	}
	inner, err := r.children(n, src)
	if err != nil {
		return ast.WalkStop, err
	}
	out, err := d.runPair(c, inner)
	if err != nil {
		return ast.WalkStop, err
	}
	w.WriteString(string(out))
	w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

func (r *shortcodeRenderer) renderInline(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ShortcodeInline)
	d := docState(n)
	var out template.HTML
	var err error
	switch n.role {
	case roleLiteral:
		out = d.out[n.Call.Index]
	case roleCall:
		out = template.HTML(rewriteAt(n, string(d.out[n.Call.Index]), n.Call.Open.Start))
	case rolePair:
		var inner template.HTML
		if inner, err = r.children(n, src); err == nil {
			out, err = d.runPair(n.Call, inner)
		}
	case roleRaw:
		var inner string
		if inner, err = d.expand(n.Tag.End, n.Call.Close.Start, false); err == nil {
			out, err = d.runPair(n.Call, template.HTML(inner))
		}
	}
	if err != nil {
		return ast.WalkStop, err
	}
	w.WriteString(string(out))
	return ast.WalkSkipChildren, nil
}

// children renders the children of n: a pair's inner content.
func (r *shortcodeRenderer) children(n ast.Node, src []byte) (template.HTML, error) {
	// A template sees its inner content (its length, say), so the code in it is written
	// in place, not held back from the sanitiser (heldcode.go).
	if doc := n.OwnerDocument(); doc != nil {
		if h := heldCodeOf(n); h != nil {
			delete(doc.Meta(), heldCodeMeta)
			defer doc.AddMeta(heldCodeMeta, h)
		}
	}
	var b bytes.Buffer
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if err := r.md.Render(bufWriter{&b}, src, c); err != nil {
			return "", err
		}
	}
	return template.HTML(b.String()), nil
}

// runPair runs pair c with its rendered inner content; a pair without a template is its
// inner content.
func (d *scDoc) runPair(c *shortcode.Call, inner template.HTML) (template.HTML, error) {
	if d.set == nil || !d.set.Has(c.Open.Name) {
		return inner, nil
	}
	ctx := d.ctxs[c.Index]
	ctx.Inner = inner
	out, err := d.set.Run(ctx)
	if err != nil {
		return "", d.callError(c, err)
	}
	return out, nil
}

// expand returns src[start:end] with every tag in it replaced by its output: as HTML
// (raw HTML and the inner content of {{< >}} pairs), or as text when asText (code,
// where the text is escaped and highlighted afterwards).
func (d *scDoc) expand(start, end int, asText bool) (string, error) {
	tags := d.tree.Tags
	i := sort.Search(len(tags), func(i int) bool { return tags[i].Start >= start })
	var b strings.Builder
	pos := start
	for ; i < len(tags) && tags[i].End <= end; i++ {
		t := &tags[i]
		if t.Start < pos {
			continue // inside a pair already written
		}
		b.Write(d.src[pos:t.Start])
		pos = t.End
		c := d.call(t)
		if c == nil || t.Close || d.left(t) {
			continue
		}
		out := d.out[c.Index]
		if c.Paired() && !t.Escaped {
			if c.Close.End > end {
				continue
			}
			inner, err := d.expand(t.End, c.Close.Start, asText)
			if err != nil {
				return "", err
			}
			if asText {
				inner = template.HTMLEscapeString(inner)
			}
			if out, err = d.runPair(c, template.HTML(inner)); err != nil {
				return "", err
			}
			pos = c.Close.End
		}
		if asText {
			b.WriteString(html.UnescapeString(string(out)))
		} else {
			b.WriteString(string(out))
		}
	}
	b.Write(d.src[pos:end])
	return b.String(), nil
}

// hasTags reports whether a tag starts in src[start:end].
func (d *scDoc) hasTags(start, end int) bool {
	if d == nil {
		return false
	}
	tags := d.tree.Tags
	i := sort.Search(len(tags), func(i int) bool { return tags[i].Start >= start })
	return i < len(tags) && tags[i].Start < end
}
