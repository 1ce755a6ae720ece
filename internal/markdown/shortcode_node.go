package markdown

import (
	"html"

	"github.com/yuin/goldmark/ast"

	"docsite/internal/shortcode"
)

// KindShortcode is the kind of Shortcode nodes.
var KindShortcode = ast.NewNodeKind("Shortcode")

// Shortcode is a shortcode written as a block: its tags start lines. A pair holds its
// inner content as children: markdown blocks for {{% %}}, raw HTML blocks and nested
// shortcodes for {{< >}}.
type Shortcode struct {
	ast.BaseBlock
	Call *shortcode.Call
}

// Name is the shortcode's name.
func (n *Shortcode) Name() string { return n.Call.Open.Name }

func (n *Shortcode) Kind() ast.NodeKind { return KindShortcode }

func (n *Shortcode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name()}, nil)
}

// KindShortcodeInline is the kind of ShortcodeInline nodes.
var KindShortcodeInline = ast.NewNodeKind("ShortcodeInline")

// inlineRole is what an inline shortcode node stands for.
type inlineRole int

const (
	roleCall    inlineRole = iota // a call without inner content
	rolePair                      // a pair: its inline children are the inner content
	roleRaw                       // a {{< >}} pair whose inner content is the raw text between its tags
	roleClose                     // the closing tag of a pair, until the pair takes its children
	roleLiteral                   // an escaped tag, printed as written
)

// ShortcodeInline is a shortcode inside a paragraph (or any inline content).
type ShortcodeInline struct {
	ast.BaseInline
	Call *shortcode.Call
	Tag  *shortcode.Tag
	role inlineRole
}

// Name is the shortcode's name.
func (n *ShortcodeInline) Name() string { return n.Tag.Name }

func (n *ShortcodeInline) Kind() ast.NodeKind { return KindShortcodeInline }

func (n *ShortcodeInline) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name()}, nil)
}

// TableText is the text a table cell keeps of a call without inner content (the table
// model holds text, not HTML): its output as text.
func (n *ShortcodeInline) TableText() (string, bool) {
	if n.role != roleCall && n.role != roleLiteral {
		return "", false
	}
	d := docState(n)
	if d == nil || n.Call == nil {
		return "", false
	}
	return html.UnescapeString(string(d.out[n.Call.Index])), true
}
