package outline

import (
	"github.com/yuin/goldmark/ast"

	"docsite/internal/markdown"
)

// setSlugs gives every section the id Hugo gives its heading by default (see
// markdown.HeadingSlug), unique within its page: the author's id when the heading has one
// ({#id}), else one made from the heading's last source line (src holds it), numbered
// "-1", "-2", … in document order when taken already. The intro has the empty slug.
func setSlugs(p *Page, src []byte) {
	ids := markdown.NewHeadingIDs()
	for _, s := range p.Sections {
		switch {
		case s.Level == 0:
		case s.Explicit != "":
			s.Slug = s.Explicit
			ids.Put([]byte(s.Explicit))
		default:
			s.Slug = ids.Add(markdown.HeadingSlug(lastLine(s.Heading, src)))
		}
	}
}

// lastLine is the source of a heading's last line, what Hugo makes its id from.
func lastLine(h *ast.Heading, src []byte) []byte {
	if h == nil || h.Lines().Len() == 0 {
		return nil
	}
	seg := h.Lines().At(h.Lines().Len() - 1)
	return seg.Value(src)
}

// SetIDs writes every section's ID as the id attribute of its heading node, so the renderer
// emits <h2 id="…">. Call it after alignment has given a translation its source's IDs.
func SetIDs(p *Page) {
	for _, s := range p.Sections {
		if s.Heading == nil || s.ID == "" {
			continue
		}
		if v, ok := s.Heading.AttributeString("id"); ok {
			if b, _ := v.([]byte); string(b) == s.ID {
				continue // set already, by the alignment of another translation
			}
		}
		s.Heading.SetAttributeString("id", []byte(s.ID))
	}
}

// SetOwnIDs gives the heading of every section whose ID is not its own slug (a translated
// heading carries its source's ID, which the language switcher and #fragment links across
// languages need) its slug as a second anchor (markdown.OwnIDAttribute), so that a link
// written for the translated page as Hugo publishes it still lands. A slug that is another
// section's ID, or another heading's second anchor already, is left out: one id, one place.
func SetOwnIDs(p *Page) {
	used := map[string]bool{"": true}
	for _, s := range p.Sections {
		used[s.ID] = true
	}
	for _, s := range p.Sections {
		if s.Heading == nil || s.Slug == s.ID || used[s.Slug] {
			continue
		}
		used[s.Slug] = true
		s.Heading.SetAttributeString(markdown.OwnIDAttribute, []byte(s.Slug))
	}
}
