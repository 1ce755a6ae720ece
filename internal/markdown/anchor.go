package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// OwnIDAttribute names a heading's second anchor: a translated heading's own id, set by
// the outline (ShareIDs) where its id is the source's. It is written as the id of the
// heading's wrapper, never as an attribute of the heading.
const OwnIDAttribute = "docsite-own-id"

// anchorRenderer writes headings with a link to themselves beside them: a "#" that shows
// on hover and focus, named for screen readers by the heading's text ("Link to section:
// Install"). As on GitHub, heading and link share a wrapper, so that the link's name does
// not become part of the heading's.
type anchorRenderer struct {
	t func(id string, data ...map[string]any) string
}

func (r anchorRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, r.render)
}

func (r anchorRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	tag := "h" + string(rune('0'+n.Level))
	id, hasID := n.AttributeString("id")
	if entering {
		if own, ok := n.AttributeString(OwnIDAttribute); ok && hasID {
			// The wrapper carries the heading's second anchor: where the heading is.
			w.WriteString(`<div class="heading" id="`)
			w.Write(util.EscapeHTML(attrBytes(own)))
			w.WriteString(`">`)
		} else if hasID {
			w.WriteString(`<div class="heading">`)
		}
		w.WriteString("<" + tag)
		if hasID {
			w.WriteString(` id="`)
			w.Write(util.EscapeHTML(attrBytes(id)))
			w.WriteByte('"')
		}
		// The author's other attributes ({.class} after the heading), checked by the
		// attribute line transformer (attrline.go).
		for _, a := range n.Attributes() {
			if name := string(a.Name); name != "id" && name != OwnIDAttribute {
				w.WriteString(" " + name + `="`)
				w.Write(util.EscapeHTML(attrValue(a.Value)))
				w.WriteByte('"')
			}
		}
		w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	w.WriteString("</" + tag + ">")
	if hasID {
		label := r.t("HeadingAnchor", map[string]any{"Title": plainText(n, src)})
		w.WriteString(`<a class="anchor" href="#`)
		w.Write(util.EscapeHTML(attrBytes(id)))
		w.WriteString(`" aria-label="` + esc(label) + `"><span aria-hidden="true">#</span></a></div>`)
	}
	w.WriteByte('\n')
	return ast.WalkContinue, nil
}

func attrBytes(v any) []byte {
	switch v := v.(type) {
	case []byte:
		return v
	case string:
		return []byte(v)
	}
	return nil
}
