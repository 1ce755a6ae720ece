package gpu

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/text/language"
)

// Linker is a goldmark parser.ASTTransformer that turns GPU mentions in text into links to the
// GPUs' pages and records every mention in the parser.Context, for Mentions.
//
// It leaves alone code spans and blocks, raw HTML, links, autolinks and images. In headings it
// records the mention but adds no link, so a heading stays a plain target for its anchor. One
// Linker serves every page of one language; it keeps no state between documents.
type Linker struct {
	m   *Matcher
	url func(gpuID string) string
}

// Mention is one GPU mention in a document.
type Mention struct {
	GPU     string
	Text    *ast.Text    // the text of the mention (the link's child, or the heading's text)
	Link    *ast.Link    // nil when not linked (in a heading)
	Heading *ast.Heading // the nearest heading at or before the mention; nil before the first
}

var (
	mentionsKey = parser.NewContextKey()
	urlKey      = parser.NewContextKey()
)

// SetLinkURL makes the Linker use url, instead of the one it was built with, for the document
// parsed with pc: one goldmark instance per language can then give each page relative links.
func SetLinkURL(pc parser.Context, url func(gpuID string) string) {
	pc.Set(urlKey, url)
}

// NewLinker returns a Linker for pages in lang; url gives the link target of a GPU id (typically
// rel(GPUPath(lang, id)) for the page being parsed, or the site-root path).
func NewLinker(c *Catalog, lang language.Tag, url func(gpuID string) string) *Linker {
	return &Linker{m: NewMatcher(c, lang), url: url}
}

// Mentions returns the mentions the Linker recorded while parsing with pc, in document order.
func Mentions(pc parser.Context) []Mention {
	ms, _ := pc.Get(mentionsKey).([]Mention)
	return ms
}

// Transform implements parser.ASTTransformer.
func (l *Linker) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var found []*ast.Text
	var headings []*ast.Heading
	var heading *ast.Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			heading = n
		case *ast.CodeSpan, *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock, *ast.RawHTML,
			*ast.Link, *ast.AutoLink, *ast.Image:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			mergeFollowing(n, source)
			found = append(found, n)
			headings = append(headings, heading)
		}
		return ast.WalkContinue, nil
	})
	url := l.url
	if u, ok := pc.Get(urlKey).(func(string) string); ok {
		url = u
	}
	ms := Mentions(pc)
	for i, t := range found {
		ms = append(ms, linkMentions(t, headings[i], source, l.m, url)...)
	}
	pc.Set(mentionsKey, ms)
}

// linkMentions splits t around its mentions, wrapping each in a link unless t is in a heading.
func linkMentions(t *ast.Text, h *ast.Heading, source []byte, mt *Matcher, url func(string) string) []Mention {
	seg := t.Segment
	matches := mt.Find(string(seg.Value(source)))
	if len(matches) == 0 {
		return nil
	}
	var ms []Mention
	if inHeading(t) {
		for _, m := range matches {
			ms = append(ms, Mention{GPU: m.GPU, Text: t, Heading: h})
		}
		return ms
	}
	parent, last := t.Parent(), ast.Node(t)
	insert := func(n ast.Node) {
		parent.InsertAfter(parent, last, n)
		last = n
	}
	pos := 0
	for _, m := range matches {
		if m.Start > pos {
			insert(ast.NewTextSegment(text.NewSegment(seg.Start+pos, seg.Start+m.Start)))
		}
		a := ast.NewLink()
		a.Destination = []byte(url(m.GPU))
		a.SetAttributeString("class", []byte("gpu-mention"))
		inner := ast.NewTextSegment(text.NewSegment(seg.Start+m.Start, seg.Start+m.End))
		a.AppendChild(a, inner)
		insert(a)
		ms = append(ms, Mention{GPU: m.GPU, Text: inner, Link: a, Heading: h})
		pos = m.End
	}
	rest := ast.NewTextSegment(text.NewSegment(seg.Start+pos, seg.Stop))
	rest.SetSoftLineBreak(t.SoftLineBreak())
	rest.SetHardLineBreak(t.HardLineBreak())
	insert(rest)
	parent.RemoveChild(parent, t)
	return ms
}

// mergeFollowing joins the text siblings that continue t in the source. Inline parsers split text
// at their trigger characters (GFM's linkify at every space), which would cut "M 40" in two; the
// merged node renders the same.
func mergeFollowing(t *ast.Text, source []byte) {
	for next, ok := t.NextSibling().(*ast.Text); ok && t.Merge(next, source); next, ok = t.NextSibling().(*ast.Text) {
		t.Parent().RemoveChild(t.Parent(), next)
	}
}

func inHeading(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.Heading); ok {
			return true
		}
	}
	return false
}
