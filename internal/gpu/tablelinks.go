package gpu

import (
	"github.com/yuin/goldmark/ast"

	"docsite/internal/table"
)

// LinkTables links GPU model names inside the cells and captions of the tables under root,
// which the Linker, a goldmark transformer, does not see (they hold the table model, not
// markdown text), and returns the headings of the sections where it linked each GPU. Code
// and existing links are left alone; url gives a GPU's link target.
func LinkTables(root ast.Node, m *Matcher, url func(gpuID string) string) (found []TableMention) {
	var heading *ast.Heading
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			heading = n
		case *table.Node:
			seen := map[string]bool{}
			l := &cellLinker{m: m, url: url, seen: seen}
			n.Table.Caption = l.inlines(n.Table.Caption)
			for _, rows := range [][]table.Row{n.Table.Head, n.Table.Body} {
				for ri := range rows {
					for ci := range rows[ri].Cells {
						l.blocks(rows[ri].Cells[ci].Blocks)
					}
				}
			}
			for _, id := range l.order {
				found = append(found, TableMention{GPU: id, Heading: heading})
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// TableMention is a GPU named in a table, in the section under Heading (nil: before any).
type TableMention struct {
	GPU     string
	Heading *ast.Heading
}

type cellLinker struct {
	m     *Matcher
	url   func(string) string
	seen  map[string]bool
	order []string // GPUs in the order first linked
}

func (l *cellLinker) blocks(bs []table.Block) {
	for i := range bs {
		bs[i].Inlines = l.inlines(bs[i].Inlines)
		for j := range bs[i].Items {
			l.blocks(bs[i].Items[j].Blocks)
		}
	}
}

func (l *cellLinker) inlines(ins []table.Inline) []table.Inline {
	var out []table.Inline
	for _, in := range ins {
		switch in.Kind {
		case table.Text:
			out = append(out, l.split(in.Text)...)
		case table.Strong, table.Emphasis:
			in.Children = l.inlines(in.Children)
			out = append(out, in)
		default: // code, links and breaks stay as they are
			out = append(out, in)
		}
	}
	return out
}

// split cuts text at the GPU names it holds into text and link inlines.
func (l *cellLinker) split(text string) []table.Inline {
	matches := l.m.Find(text)
	if len(matches) == 0 {
		return []table.Inline{{Kind: table.Text, Text: text}}
	}
	var out []table.Inline
	last := 0
	for _, m := range matches {
		if m.Start > last {
			out = append(out, table.Inline{Kind: table.Text, Text: text[last:m.Start]})
		}
		out = append(out, table.Inline{Kind: table.Link, Href: l.url(m.GPU),
			Children: []table.Inline{{Kind: table.Text, Text: text[m.Start:m.End]}}})
		if !l.seen[m.GPU] {
			l.seen[m.GPU] = true
			l.order = append(l.order, m.GPU)
		}
		last = m.End
	}
	if last < len(text) {
		out = append(out, table.Inline{Kind: table.Text, Text: text[last:]})
	}
	return out
}
