package table

import "strings"

// Text returns the cell's plain text: blocks and list items on their own lines, line breaks as
// newlines, markup dropped.
func (c *Cell) Text() string {
	if len(c.Blocks) == 1 && c.Blocks[0].Kind == Paragraph && len(c.Blocks[0].Inlines) == 1 {
		if in := c.Blocks[0].Inlines[0]; in.Kind == Text || in.Kind == Code || in.Kind == Image {
			return in.Text // most cells: no builder needed
		}
	}
	var b strings.Builder
	writeBlocks(&b, c.Blocks)
	return b.String()
}

// Text returns the row's cells' plain text, separated by tabs.
func (r *Row) Text() string {
	parts := make([]string, len(r.Cells))
	for i := range r.Cells {
		parts[i] = r.Cells[i].Text()
	}
	return strings.Join(parts, "\t")
}

// CaptionText returns the caption's plain text, or "" when there is none.
func (t *Table) CaptionText() string {
	return InlineText(t.Caption)
}

// InlineText returns the plain text of inlines, line breaks as newlines.
func InlineText(ins []Inline) string {
	var b strings.Builder
	writeInlines(&b, ins)
	return b.String()
}

func writeBlocks(b *strings.Builder, blocks []Block) {
	for i, bl := range blocks {
		if i > 0 {
			b.WriteByte('\n')
		}
		if bl.Kind == Paragraph {
			writeInlines(b, bl.Inlines)
			continue
		}
		for j, it := range bl.Items {
			if j > 0 {
				b.WriteByte('\n')
			}
			writeBlocks(b, it.Blocks)
		}
	}
}

func writeInlines(b *strings.Builder, ins []Inline) {
	for _, in := range ins {
		switch in.Kind {
		case Text, Code, Image:
			b.WriteString(in.Text)
		case Break:
			b.WriteByte('\n')
		default:
			writeInlines(b, in.Children)
		}
	}
}
