package exchange

import (
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"

	"docsite/internal/load"
	"docsite/internal/markdown"
	"docsite/internal/outline"
)

// Parse reads a page's file as a build does (front matter blanked, so positions are the
// file's) and outlines it; setup, when not nil, prepares the parser's context as the
// build does for the page (its extensions read settings there).
func Parse(file string, raw []byte, md *markdown.Parser, setup func(parser.Context)) (*Page, error) {
	body, err := load.Body(raw)
	if err != nil {
		return nil, err
	}
	doc := md.Parse(body, setup)
	o := outline.Build(doc.Root, doc.Src, file)
	return &Page{File: file, Raw: raw, Doc: doc, Outline: o}, nil
}

// reference is the destination of the link reference definition label names in the page.
func (p *Page) reference(label string) (string, bool) {
	r, ok := p.Doc.Context().Reference(util.ToLinkReference([]byte(label)))
	if !ok {
		return "", false
	}
	return string(r.Destination()), true
}
