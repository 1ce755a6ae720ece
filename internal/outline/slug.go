package outline

import (
	"iter"
	"strconv"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/markdown"
)

// setSlugs gives every section the id Hugo gives its heading by default (see
// markdown.HeadingSlug), unique within its page: the author's id when the heading has one
// ({#id}), else one made from the heading's last source line (src holds it), numbered
// "-1", "-2", … in document order when taken already. The intro has the empty slug.
// A heading of doc that is no section (one inside a quote or a list item) keeps the id the
// parser gave it, and takes its place in the numbering, as Hugo's: "> ## Note" then
// "## Note" are note and note-1, never two notes.
func setSlugs(p *Page, src []byte, doc ast.Node) {
	ids := markdown.NewHeadingIDs()
	secs := p.Sections
	next := 0 // the next section to number, in document order
	slug := func(s *Section) {
		switch {
		case s.Level == 0:
		case s.Explicit != "":
			s.Slug = s.Explicit
			ids.Put([]byte(s.Explicit))
		default:
			s.Slug = ids.Add(markdown.HeadingSlug(lastLine(s.Heading, src)))
		}
	}
	if doc != nil {
		headings(doc, func(h *ast.Heading) {
			for next < len(secs) && secs[next].Heading == nil {
				slug(secs[next]) // the intro
				next++
			}
			if next < len(secs) && secs[next].Heading == h {
				slug(secs[next])
				next++
				return
			}
			if v, ok := h.AttributeString("id"); ok {
				if id, _ := v.([]byte); len(id) > 0 {
					ids.Put(id)
				}
			}
		})
	}
	for ; next < len(secs); next++ {
		slug(secs[next])
	}
}

// headings calls f with every heading of doc, in document order, nested ones too.
func headings(doc ast.Node, f func(*ast.Heading)) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if h, ok := n.(*ast.Heading); ok {
			f(h)
			return ast.WalkSkipChildren, nil
		}
		if c := n.FirstChild(); c == nil || c.Type() == ast.TypeInline {
			return ast.WalkSkipChildren, nil // a leaf block: no heading inside
		}
		return ast.WalkContinue, nil
	})
}

// lastLine is the source of a heading's last line, what Hugo makes its id from.
func lastLine(h *ast.Heading, src []byte) []byte {
	if h == nil || h.Lines().Len() == 0 {
		return nil
	}
	seg := h.Lines().At(h.Lines().Len() - 1)
	return seg.Value(src)
}

// setIDs writes every section's ID as the id attribute of its heading node, so the renderer
// emits <h2 id="…"> (the parser's own id for a heading is a slug too, but it numbers
// headings the outline does not count, such as one inside a quote).
func setIDs(p *Page) {
	for _, s := range p.Sections {
		if s.Heading == nil || s.ID == "" {
			continue
		}
		if v, ok := s.Heading.AttributeString("id"); ok {
			if b, _ := v.([]byte); string(b) == s.ID {
				continue // it has it already (mostly the parser's)
			}
		}
		s.Heading.SetAttributeString("id", []byte(s.ID))
	}
}

// ShareIDs gives the sections of tgt, a translation of src, their anchors once alignment
// has paired them: pairs yields, in the alignment's order, the index in tgt of each of its
// sections and the index in src of the section it translates, -1 for one only the
// translation has. A paired section takes its source's ID; an unpaired one keeps its own
// slug, made unique against the source's IDs ("-2", "-3", …). The IDs are written as the
// id attributes of tgt's headings, and a heading whose ID is not its own slug keeps the
// slug as a second anchor (setOwnIDs).
func ShareIDs(src, tgt *Page, pairs iter.Seq2[int, int]) {
	used := map[string]bool{"": true}
	for _, s := range src.Sections {
		used[s.ID] = true
	}
	for t, from := range pairs {
		if from >= 0 {
			tgt.Sections[t].ID = src.Sections[from].ID
		} else {
			s := tgt.Sections[t]
			s.ID = uniqueID(s.Slug, used)
		}
	}
	setIDs(tgt)
	setOwnIDs(tgt)
}

// uniqueID is base, or base-2, base-3, … when taken; it marks the one it returns used.
func uniqueID(base string, used map[string]bool) string {
	if base == "" {
		return ""
	}
	id := base
	for n := 2; used[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	used[id] = true
	return id
}

// setOwnIDs gives the heading of every section whose ID is not its own slug (a translated
// heading carries its source's ID, which the language switcher and #fragment links across
// languages need) its slug as a second anchor (markdown.OwnIDAttribute), so that a link
// written for the translated page as Hugo publishes it still lands. A slug that is another
// section's ID, or another heading's second anchor already, is left out: one id, one place.
func setOwnIDs(p *Page) {
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
