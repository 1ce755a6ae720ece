package markdown

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"docsite/internal/diag"
	"docsite/internal/sanitize"
	"docsite/internal/shortcode"
)

// This file is what the parser renders for shortcode templates (shortcode.Render):
// markdown text (markdownify), files of markdown included in a page (include, readfile)
// and code (highlight), the way the page's own are.

// bindShortcodes hands the parser's renderers to its shortcode templates.
func (p *Parser) bindShortcodes(t shortcode.Strings) {
	if p.shortcodes == nil {
		return
	}
	if t == nil {
		t = englishStrings
	}
	code := codeRenderer{t}
	p.shortcodes.SetRender(shortcode.Render{
		Markdown:  p.markdownify,
		Page:      p.includePage,
		Highlight: code.highlight,
	})
}

// markdownify renders markdown text that reached a template (an argument, or inner
// content), without reading shortcodes in it again. Raw HTML in it is sanitised: the page
// it lands in may not know it has any.
func (p *Parser) markdownify(src string) (template.HTML, error) {
	b := []byte(src)
	root := p.md.Parser().Parse(text.NewReader(b))
	var buf bytes.Buffer
	if err := p.md.Renderer().Render(bufWriter{&buf}, b, root); err != nil {
		return "", err
	}
	out := buf.Bytes()
	if HasRawHTML(root) {
		out = sanitize.Body(out)
	}
	return template.HTML(strings.TrimRight(string(out), "\n")), nil
}

// includePage renders the markdown of file, included by the call ctx, as part of its
// page: its shortcodes run with that page as .Page. What its parse reports comes back as
// warnings of the call, naming the file and line; an error fails the call.
func (p *Parser) includePage(ctx *shortcode.Context, file string, src []byte) (template.HTML, error) {
	page := ctx.Page.Included()
	doc := p.Parse(src, func(pc parser.Context) { SetPage(pc, page, ctx.Resolver()) })
	ds := doc.MarkupDiagnostics(file)
	for _, u := range doc.UnknownShortcodes() {
		ds = append(ds, diag.Warnf(file, u.Line, u.Col, "unknown-shortcode", "unknown shortcode %q", u.Name))
	}
	for _, d := range ds {
		if d.Severity == diag.Error {
			return "", fmt.Errorf("%s", d.Error())
		}
		ctx.Warnf("%s", d.Error())
	}
	out, err := p.RenderString(doc, nil)
	if err != nil {
		return "", err
	}
	if HasRawHTML(doc.Root) {
		ctx.MarkRawHTML()
	}
	return template.HTML(out), nil
}

// highlight writes code as a fenced block of language lang would be, with Hugo's
// highlight options (comma-separated key=value: linenos, hl_lines, linenostart).
func (r codeRenderer) highlight(code, lang, opts string) (template.HTML, error) {
	info := parseCodeInfo(lang)
	for kv := range strings.SplitSeq(opts, ",") {
		if kv = strings.TrimSpace(kv); kv != "" {
			info.option(kv)
		}
	}
	code = strings.TrimLeft(code, "\n")
	if code != "" && !strings.HasSuffix(code, "\n") {
		code += "\n"
	}
	var b bytes.Buffer
	if err := r.write(bufWriter{&b}, code, info, nil, nil); err != nil {
		return "", err
	}
	return template.HTML(strings.TrimRight(b.String(), "\n")), nil
}
