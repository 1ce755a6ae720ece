package build

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/load"
	"docsite/internal/markdown"
)

// A page's summary is what a feed says of it: its description, else the text of its
// first paragraph (its lead). Only dated pages are in feeds, so only they have a lead;
// the build cache keeps it with the body (cachedBody.Lead), for pages written again
// around their bodies (whose description may have changed).

// lead is the text of the first paragraph of page p's body; "" for an undated page.
func lead(p *load.Page, doc *markdown.Doc) string {
	if pageDate(&p.Meta).IsZero() {
		return ""
	}
	for n := doc.Root.FirstChild(); n != nil; n = n.NextSibling() {
		if para, ok := n.(*ast.Paragraph); ok {
			return paragraphText(para, doc.Src)
		}
	}
	return ""
}

// summary is page p's summary, lead being its first paragraph's text: "" for an undated
// page.
func summary(p *load.Page, lead string) string {
	if pageDate(&p.Meta).IsZero() {
		return ""
	}
	if p.Meta.Description != "" {
		return p.Meta.Description
	}
	return lead
}

// paragraphText is the text of paragraph para as a reader sees it: its words, without
// markup or raw HTML, its lines joined by spaces.
func paragraphText(para *ast.Paragraph, src []byte) string {
	var b strings.Builder
	ast.Walk(para, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(n.Segment.Value(src))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}
