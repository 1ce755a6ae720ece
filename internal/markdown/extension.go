package markdown

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"docsite/internal/shortcode"
)

// markup is docsite's vocabulary beyond GFM, one file per construct: shortcodes
// (shortcode_*.go), callouts (callout.go, directive.go), highlighted code (code.go),
// heading anchors (anchor.go), attribute lines (attrline.go), and goldmark's footnotes and definition lists.
type markup struct {
	t shortcode.Strings
}

func newMarkup(t shortcode.Strings) goldmark.Extender {
	if t == nil {
		t = englishStrings
	}
	return &markup{t: t}
}

func (m *markup) Extend(md goldmark.Markdown) {
	extension.Footnote.Extend(md)
	extension.DefinitionList.Extend(md)
	md.Parser().AddOptions(
		parser.WithBlockParsers(
			util.Prioritized(rawInnerParser{}, 1),
			util.Prioritized(shortcodeBlockParser{}, 50),
			util.Prioritized(directiveParser{}, 60),
			util.Prioritized(attrLineParser{}, 70),
		),
		parser.WithInlineParsers(util.Prioritized(shortcodeInlineParser{}, 50)),
		parser.WithASTTransformers(
			util.Prioritized(alertTransformer{}, 40),
			util.Prioritized(shortcodeTransformer{}, 60),
			util.Prioritized(attrLineTransformer{}, 600), // after the table normaliser (500) replaced its tables
		),
	)
	md.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(codeSpanRenderer{}, 100),
		util.Prioritized(calloutRenderer{m.t}, 100),
		util.Prioritized(codeRenderer{m.t}, 100),
		util.Prioritized(anchorRenderer{m.t}, 100),
		util.Prioritized(taskRenderer{}, 100),
	))
}

// englishStrings are the UI strings of a parser made without a language's: the English
// defaults of the bundled locale.
func englishStrings(id string, data ...map[string]any) string {
	s, ok := english[id]
	if !ok {
		return id
	}
	if len(data) > 0 {
		if t, ok := data[0]["Title"].(string); ok {
			s = strings.ReplaceAll(s, "{{.Title}}", t)
		}
	}
	return s
}

var english = map[string]string{
	"CalloutNote":      "Note",
	"CalloutTip":       "Tip",
	"CalloutImportant": "Important",
	"CalloutWarning":   "Warning",
	"CalloutCaution":   "Caution",
	"CalloutDanger":    "Danger",
	"CodeCopy":         "Copy",
	"CodeCopied":       "Copied",
	"HeadingAnchor":    "Link to section: {{.Title}}",
}
