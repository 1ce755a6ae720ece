package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// codeRenderer writes code blocks highlighted at build time by chroma, with CSS classes
// (static/chroma.css has a light and a dark palette), inside a frame that shows the
// block's title and language. The copy button is added by static/markup.js, which reads
// its labels from the frame's data attributes; without script the code reads the same.
// A language chroma does not know is plain code.
type codeRenderer struct {
	t func(id string, data ...map[string]any) string
}

func (r codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.render)
	reg.Register(ast.KindCodeBlock, r.render)
}

func (r codeRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	var info codeInfo
	if f, ok := node.(*ast.FencedCodeBlock); ok && f.Info != nil {
		info = parseCodeInfo(string(f.Info.Segment.Value(src)))
	} else {
		info.Start = 1
	}
	code, err := codeText(node, src)
	if err != nil {
		return ast.WalkStop, err
	}
	if err := r.write(w, code, info, codeCacheOf(node), heldCodeOf(node)); err != nil {
		return ast.WalkStop, err
	}
	return ast.WalkSkipChildren, nil
}

// write writes a code block: its frame, its head (title, language) and the code
// highlighted, through cache c and held back from the sanitiser by h when they are set.
func (r codeRenderer) write(w util.BufWriter, code string, info codeInfo, c *CodeCache, h *heldCode) error {
	lexer, name := lexerFor(info.Lang)
	w.WriteString(`<div class="code-block" data-copy="` + esc(r.t("CodeCopy")) + `" data-copied="` + esc(r.t("CodeCopied")) + `">` + "\n")
	if info.Title != "" || name != "" {
		w.WriteString(`<div class="code-head">`)
		if info.Title != "" {
			w.WriteString(`<span class="code-title">` + esc(info.Title) + `</span>`)
		}
		if name != "" {
			w.WriteString(`<span class="code-lang">` + esc(name) + `</span>`)
		}
		w.WriteString("</div>\n")
	}
	w.WriteString(`<pre class="chroma" tabindex="0" dir="ltr"><code`) // left to right on every page
	if info.Lang != "" && isLangClass(info.Lang) {
		w.WriteString(` class="language-` + info.Lang + `"`)
	}
	w.WriteString(">")
	out, err := highlighted(c, lexer, code, info)
	if err != nil {
		return err
	}
	if h != nil && !strings.ContainsAny(out, "\x00\r") {
		// (The filter's parser drops a NUL and reads a carriage return as a line feed:
		// code with either goes through it.)
		out = h.hold(out)
	}
	w.WriteString(out)
	w.WriteString("</code></pre>\n</div>\n")
	return nil
}

func esc(s string) string {
	var b bytes.Buffer
	b.Write(util.EscapeHTML([]byte(s)))
	return b.String()
}

// isLangClass: the language goes into a class only in the shape the sanitiser keeps.
func isLangClass(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.+#-", r)) {
			return false
		}
	}
	return true
}

// codeText is the code of a block, its shortcode tags replaced by their output.
func codeText(n ast.Node, src []byte) (string, error) {
	d := docState(n)
	var b strings.Builder
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		if d.hasTags(seg.Start, seg.Stop) {
			s, err := d.expand(seg.Start, seg.Stop, true)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			continue
		}
		// Capped at the line's end: goldmark ends a code line that has no line break by
		// appending one, which would write over the byte after it in the page's source
		// (a shortcode tag whose line the tag masking cut short, say).
		b.Write(seg.Value(src[:seg.Stop:seg.Stop]))
	}
	return b.String(), nil
}

// lexers are looked up once per language name: chroma's registry search normalises and
// compares names and aliases on every call.
var lexerCache sync.Map // language as written → lexerEntry

type lexerEntry struct {
	lexer chroma.Lexer
	name  string // the language's display name, "" for none given
}

// lexerFor returns the lexer of a language as written in an info string (plain text when
// chroma does not know it) and the name to show.
func lexerFor(lang string) (chroma.Lexer, string) {
	if e, ok := lexerCache.Load(lang); ok {
		e := e.(lexerEntry)
		return e.lexer, e.name
	}
	e := lexerEntry{lexer: untimedFallback(), name: lang}
	if lang != "" {
		if l := untimed().Get(lang); l != nil {
			e.lexer, e.name = l, l.Config().Name
		}
	}
	e.lexer = chroma.Coalesce(e.lexer)
	lexerCache.Store(lang, e)
	return e.lexer, e.name
}

// formatters: the two common ones are made once; blocks with highlighted lines or
// another first line number get their own.
var (
	plainFormatter    = html.New(formatterOptions()...)
	numberedFormatter = html.New(append(formatterOptions(), html.WithLineNumbers(true))...)
	// classStyle is passed to the formatter, which with classes only reads its background.
	classStyle = styles.Get("modus-operandi")
)

func formatterOptions() []html.Option {
	return []html.Option{html.WithClasses(true), html.WithPreWrapper(noPre{}), html.TabWidth(4)}
}

// noPre leaves the <pre><code> to the renderer.
type noPre struct{}

func (noPre) Start(bool, string) string { return "" }
func (noPre) End(bool) string           { return "" }

func highlight(w util.BufWriter, lexer chroma.Lexer, code string, info codeInfo) error {
	it, err := lexer.Tokenise(nil, code)
	if err != nil {
		// A lexer that fails on odd input: show the code plain rather than fail the page.
		it, _ = untimedFallback().Tokenise(nil, code)
	}
	f := plainFormatter
	if info.LineNos {
		f = numberedFormatter
	}
	if len(info.Highlight) > 0 || info.Start != 1 {
		opts := formatterOptions()
		if info.LineNos {
			opts = append(opts, html.WithLineNumbers(true))
		}
		ranges := make([][2]int, len(info.Highlight))
		for i, r := range info.Highlight {
			ranges[i] = [2]int{r[0] + info.Start - 1, r[1] + info.Start - 1}
		}
		f = html.New(append(opts, html.BaseLineNumber(info.Start), html.HighlightLines(ranges))...)
	}
	return f.Format(w, classStyle, it)
}

// ChromaCSS is static/chroma.css: chroma's modus-operandi palette, and modus-vivendi
// on screen when the page is dark: when the reader prefers a dark scheme and has not
// chosen the light one with the theme toggle (<html data-theme="light">), or has chosen
// the dark one. Both are made for legible contrast (WCAG AAA). Print keeps the light one.
func ChromaCSS() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("/* Code highlighting: chroma's modus-operandi (light) and modus-vivendi (dark) palettes.\n" +
		"   Generated: go test ./internal/markdown -run TestChromaCSS -update */\n")
	f := html.New(html.WithClasses(true))
	if err := f.WriteCSS(&b, styles.Get("modus-operandi")); err != nil {
		return nil, err
	}
	var dark bytes.Buffer
	if err := f.WriteCSS(&dark, styles.Get("modus-vivendi")); err != nil {
		return nil, err
	}
	// The dark rules nested under the root that is dark, once for each way it gets so.
	for _, when := range []struct{ media, root string }{
		{"screen and (prefers-color-scheme: dark)", ":root:not([data-theme=\"light\"])"},
		{"screen", ":root[data-theme=\"dark\"]"},
	} {
		b.WriteString("@media " + when.media + " {\n  " + when.root + " {\n")
		for line := range strings.Lines(dark.String()) {
			b.WriteString("    " + line)
		}
		b.WriteString("  }\n}\n")
	}
	return b.Bytes(), nil
}

// CodeCache keeps the highlighted code of the versions of one page, which mostly share
// their code blocks: each block is highlighted once for all of them. Tokenising is most
// of the cost of highlighting (chroma's lexers are regular expressions).
type CodeCache struct {
	mu sync.Mutex
	m  map[string]string
}

// NewCodeCache returns an empty cache; it lives as long as the documents that use it.
func NewCodeCache() *CodeCache { return &CodeCache{m: map[string]string{}} }

const codeCacheMeta = "docsite.codecache"

// ShareCode lets the documents share highlighted code through c; render them after.
func ShareCode(c *CodeCache, docs ...*Doc) {
	for _, d := range docs {
		if doc, ok := d.Root.(*ast.Document); ok {
			doc.AddMeta(codeCacheMeta, c)
		}
	}
}

func codeCacheOf(n ast.Node) *CodeCache {
	if doc := n.OwnerDocument(); doc != nil {
		c, _ := doc.Meta()[codeCacheMeta].(*CodeCache)
		return c
	}
	return nil
}

// highlighted is the code highlighted, through the cache c when there is one.
func highlighted(c *CodeCache, lexer chroma.Lexer, code string, info codeInfo) (string, error) {
	var key string
	if c != nil {
		key = fmt.Sprintf("%s\x00%v\x00%d\x00%v\x00%s", lexer.Config().Name, info.LineNos, info.Start, info.Highlight, code)
		c.mu.Lock()
		out, ok := c.m[key]
		c.mu.Unlock()
		if ok {
			return out, nil
		}
	}
	var b bytes.Buffer
	if err := highlight(bufWriter{&b}, lexer, code, info); err != nil {
		return "", err
	}
	out := b.String()
	if c != nil {
		c.mu.Lock()
		c.m[key] = out
		c.mu.Unlock()
	}
	return out, nil
}
