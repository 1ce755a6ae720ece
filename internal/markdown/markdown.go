// Package markdown owns the parse stage: goldmark with GFM, CJK line breaks and docsite's
// extensions turns a page's source into a document tree with file positions.
package markdown

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"docsite/internal/diag"
	"docsite/internal/shortcode"
	"docsite/internal/table"
)

// Doc is a parsed page: the tree and the bytes its positions point into.
type Doc struct {
	Root ast.Node
	Src  []byte
	ctx  parser.Context
	deep *diag.Diagnostic // lines indented too deep to parse in time (boundIndent)
	mdx  diag.List        // what of an MDX page's JSX docsite cannot render (fromMDX)

	lines     LineIndex // of Src, made when first asked for (Lines)
	linesOnce sync.Once
}

// Context returns the parser context, where extensions leave what they found.
func (d *Doc) Context() parser.Context { return d.ctx }

// Parser parses and renders markdown; one value serves concurrent builds.
type Parser struct {
	md         goldmark.Markdown
	shortcodes *shortcode.LangSet
}

// Options adds to the default set (GFM, CJK, the table normaliser, raw HTML kept).
type Options struct {
	Extensions   []goldmark.Extender
	Transformers []util.PrioritizedValue // AST transformers, e.g. the GPU mention linker
	// Shortcodes are the shortcode templates in the parser's language; without them
	// every shortcode is unknown (its inner content is rendered, its tags dropped).
	Shortcodes *shortcode.LangSet
	// T gives the UI strings of the parser's language (callout titles, labels); without
	// it they are the English defaults.
	T shortcode.Strings
}

// New returns a parser with GFM and the CJK extension (a soft line break between
// Chinese or Japanese characters is not rendered as a space). Raw HTML is kept for the
// normaliser and the sanitiser: it is written out as is, and HasRawHTML tells the
// caller to sanitise the result.
func New(opts Options) *Parser {
	exts := append([]goldmark.Extender{
		extension.GFM,
		extension.NewCJK(extension.WithEastAsianLineBreaks(extension.EastAsianLineBreaksCSS3Draft), extension.WithEscapedSpace()),
		table.NewExtension(),
		newMarkup(opts.T),
	}, opts.Extensions...)
	sc := &shortcodeRenderer{}
	md := goldmark.New(
		goldmark.WithParser(newBlockParser()),
		goldmark.WithExtensions(exts...),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute(),
			parser.WithASTTransformers(append(opts.Transformers, util.Prioritized(headingLevels{}, 50))...)),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(rawHTML{}, 100), util.Prioritized(noticeRenderer{}, 100),
			util.Prioritized(sc, 100), util.Prioritized(newSoftBreakRenderer(), 100))),
	)
	sc.md = md.Renderer()
	p := &Parser{md: md, shortcodes: opts.Shortcodes}
	p.bindShortcodes(opts.T)
	return p
}

// Parse parses src. Positions in the tree are byte offsets into src. setup, when not
// nil, prepares the parser context before parsing (extensions read per-page settings there).
func (p *Parser) Parse(src []byte, setup func(parser.Context)) *Doc {
	ctx := parser.NewContext(parser.WithIDs(NewHeadingIDs()))
	if setup != nil {
		setup(ctx)
	}
	var mdx diag.List
	if isMDX(ctx) {
		src, mdx = fromMDX(src)
	}
	// No room past the end: goldmark ends the last line of a code block that has no line
	// break by appending one to the source's bytes (text.Segment.Value, ForceNewline),
	// which wrote into the caller's array past len(src) where it had room.
	src = src[:len(src):len(src)]
	src, deep := boundIndent(src)
	parsed := src
	d := &Doc{Src: src, ctx: ctx, deep: deep, mdx: mdx}
	if sc := prepareShortcodes(src, p.shortcodes, ctx); sc != nil {
		ctx.Set(scKey, sc)
		table.SetUnmask(ctx, sc.src, sc.unmask, sc.unmaskHTML)
		parsed = sc.mask()
		d.linesOnce.Do(func() { d.lines = sc.lines }) // the same source's
	}
	d.Root = p.md.Parser().Parse(text.NewReader(parsed), parser.WithContext(ctx))
	return d
}

// Render renders the document body to HTML.
func (p *Parser) Render(d *Doc) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(d.Src) + len(d.Src)/4)
	if err := p.md.Renderer().Render(bufWriter{&buf}, d.Src, d.Root); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// RenderString renders the document body to HTML and returns it passed through filter (a
// sanitiser, say) when filter is not nil; the highlighted code, docsite's own markup, is
// kept out of the filter (heldcode.go). It renders into a buffer reused across calls, so
// that the string is the only copy of the page's HTML it leaves behind.
func (p *Parser) RenderString(d *Doc, filter func([]byte) []byte) (string, error) {
	return p.renderString(d, filter, true)
}

// renderString is RenderString; hold says whether to keep the code out of the filter.
func (p *Parser) renderString(d *Doc, filter func([]byte) []byte, hold bool) (string, error) {
	buf := renderBufs.Get().(*bytes.Buffer)
	defer renderBufs.Put(buf)
	buf.Reset()
	doc, _ := d.Root.(*ast.Document)
	if filter == nil || doc == nil {
		hold = false
	}
	var held *heldCode
	if hold {
		held = &heldCode{}
		doc.AddMeta(heldCodeMeta, held)
		defer delete(doc.Meta(), heldCodeMeta)
	}
	if err := p.md.Renderer().Render(bufWriter{buf}, d.Src, d.Root); err != nil {
		return "", err
	}
	if filter == nil {
		return buf.String(), nil
	}
	if held == nil || len(held.code) == 0 {
		return string(filter(buf.Bytes())), nil
	}
	if out, ok := held.restore(filter(buf.Bytes())); ok {
		return out, nil
	}
	delete(doc.Meta(), heldCodeMeta)
	return p.renderString(d, filter, false)
}

var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// bufWriter lets goldmark's renderer write straight into a bytes.Buffer: given a plain
// io.Writer, it puts a bufio.Writer of its own in between, a 4 kB allocation and a second
// copy of the page per render. Nothing is ever pending, so Flush has nothing to do.
type bufWriter struct{ *bytes.Buffer }

func (bufWriter) Buffered() int { return 0 }

func (bufWriter) Flush() error { return nil }

// TableDiagnostics returns what the table normaliser reported for d, located in file; the
// "table-repair" warnings (one per repaired table, listed with -v) only when repairs is set,
// and their messages are not even written otherwise.
func (d *Doc) TableDiagnostics(file string, repairs bool) diag.List {
	ds := table.Diagnostics(d.ctx, repairs)
	out := make(diag.List, len(ds))
	for i, x := range ds {
		x.File = file
		out[i] = x
	}
	return out
}

// MarkupDiagnostics returns what the parse found wrong with the page's shortcodes,
// callouts, code blocks and MDX, located in file: errors (malformed tags, a template
// that failed) and warnings.
func (d *Doc) MarkupDiagnostics(file string) diag.List {
	var out diag.List
	if d.deep != nil {
		x := *d.deep
		x.File = file
		out = append(out, x)
	}
	for _, x := range d.mdx {
		x.File = file
		out = append(out, x)
	}
	sc := stateOf(d.ctx)
	if sc == nil {
		return out
	}
	for _, x := range sc.diags {
		x.File = file
		out = append(out, x)
	}
	return out
}

// UnknownShortcodes lists the uses of shortcodes that have no template, in order.
func (d *Doc) UnknownShortcodes() []UnknownShortcode {
	if sc := stateOf(d.ctx); sc != nil {
		return sc.unknown
	}
	return nil
}
