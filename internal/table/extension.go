package table

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"docsite/internal/diag"
)

// Option configures the extension.
type Option func(*config)

type config struct {
	idPrefix string
}

// WithIDPrefix sets the prefix of the table ids, "table" by default: tables get ids "table-1",
// "table-2", … in document order, and their captions "table-1-caption", ….
func WithIDPrefix(prefix string) Option {
	return func(c *config) { c.idPrefix = prefix }
}

// NewExtension returns the goldmark extension that sends every table through the model:
// raw HTML blocks starting with <table (up to the matching </table>, blank lines included), pipe
// rows without a delimiter row, and GFM tables (when goldmark's GFM or Table extension is also
// enabled). It takes a table's caption from the paragraph that introduces it and records what it
// repaired; read that with Diagnostics after parsing.
func NewExtension(opts ...Option) goldmark.Extender {
	cfg := config{idPrefix: "table"}
	for _, o := range opts {
		o(&cfg)
	}
	return &extender{cfg: cfg}
}

type extender struct {
	cfg config
}

// Extend implements goldmark.Extender. The HTML table parser runs just before goldmark's HTML
// block parser (900); the pipe-row transformer after the GFM table transformer (200); the AST
// transformer after GFM's (0).
func (e *extender) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(htmlTableParser{}, 890)),
		parser.WithParagraphTransformers(util.Prioritized(pipeTransformer{}, 300)),
		parser.WithASTTransformers(util.Prioritized(&transformer{cfg: e.cfg}, 500)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(nodeRenderer{}, 500)))
}

var diagKey = parser.NewContextKey()

// Diagnostics returns what the extension reported while parsing with pc: one "table-repair"
// warning per repaired table (only when repairs is set: their messages are written only when
// asked for, and most builds drop them) and one "table-unfit" warning per table passed
// through unchanged. File is left empty for the caller to fill in.
func Diagnostics(pc parser.Context, repairs bool) []diag.Diagnostic {
	found, _ := pc.Get(diagKey).(*[]finding)
	if found == nil {
		return nil
	}
	var ds []diag.Diagnostic
	for _, f := range *found {
		if f.rep != nil {
			if !repairs {
				continue
			}
			f.d.Message = f.rep.String()
		}
		ds = append(ds, f.d)
	}
	return ds
}

// finding is one diagnostic kept in the parser context. A table-repair warning keeps its
// table's report instead of a message, which Diagnostics writes when it is asked for: the
// Node's own, which nothing changes after the transformer.
type finding struct {
	d   diag.Diagnostic
	rep *Report // for a table-repair warning
}

func addFinding(pc parser.Context, f finding) {
	found, _ := pc.Get(diagKey).(*[]finding)
	if found == nil {
		found = new([]finding)
		pc.Set(diagKey, found)
	}
	*found = append(*found, f)
}

func addDiagnostic(pc parser.Context, d diag.Diagnostic) {
	addFinding(pc, finding{d: d})
}
