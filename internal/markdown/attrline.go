package markdown

import (
	"bytes"
	"regexp"
	"strconv"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/text/language"

	"docsite/internal/config"
)

// An attribute line is a line of goldmark attributes alone, "{.class}", "{#id .class}",
// "{key=value}", right after a block (or after the blank lines that follow it), as Hugo
// reads them with block attributes on: the block gets the attributes, and the line is not
// printed. Like a fence, it ends the paragraph before it, so "text\n{.lead}" is a
// paragraph of class lead and "- item\n{.list}" a list of class list.
//
// The attributes kept are those that cannot run script or load anything: id, class, lang,
// dir, title and data-*, each value of the form the sanitiser allows in raw HTML (see
// internal/sanitize); the rest (on* handlers, style, URLs such as cite or href) are
// dropped. An element given a lang and no dir gets its language's direction.
type attrLine struct {
	ast.BaseBlock
	attrs parser.Attributes
}

var kindAttrLine = ast.NewNodeKind("AttributeLine")

func (n *attrLine) Kind() ast.NodeKind { return kindAttrLine }

func (n *attrLine) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type attrLineParser struct{}

func (attrLineParser) Trigger() []byte { return []byte{'{'} }

func (attrLineParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	if parent.LastChild() == nil {
		return nil, parser.NoChildren // nothing before it to give the attributes to
	}
	line, seg := reader.PeekLine()
	r := text.NewReader(line)
	attrs, ok := parser.ParseAttributes(r)
	if !ok || len(attrs) == 0 {
		return nil, parser.NoChildren
	}
	_, pos := r.Position()
	if len(bytes.TrimSpace(line[pos.Start:])) != 0 {
		return nil, parser.NoChildren // text after the braces: not an attribute line
	}
	n := &attrLine{attrs: attrs}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (attrLineParser) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}

func (attrLineParser) Close(ast.Node, text.Reader, parser.Context) {}

func (attrLineParser) CanInterruptParagraph() bool { return true }

func (attrLineParser) CanAcceptIndentedLine() bool { return false }

// attrLineTransformer moves each attribute line's attributes onto the block before it and
// removes the line, and keeps only the safe attributes of headings ({.class} after a
// heading's text, which goldmark reads itself).
type attrLineTransformer struct{}

func (attrLineTransformer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var lines []*attrLine
	var headings []*ast.Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *attrLine:
			lines = append(lines, n)
		case *ast.Heading:
			headings = append(headings, n)
		}
		return ast.WalkContinue, nil
	})
	for _, h := range headings {
		keepSafe(h)
	}
	for _, l := range lines {
		target := l.PreviousSibling()
		l.Parent().RemoveChild(l.Parent(), l)
		if target == nil {
			continue
		}
		for _, a := range l.attrs {
			v := attrValue(a.Value)
			if bytes.Equal(a.Name, []byte("class")) {
				if old, ok := target.AttributeString("class"); ok {
					v = append(append(append([]byte{}, attrBytes(old)...), ' '), v...)
				}
			}
			target.SetAttribute(a.Name, v)
		}
		keepSafe(target)
	}
}

// attrValue is an attribute's value as text: goldmark reads numbers and booleans too.
func attrValue(v any) []byte {
	switch v := v.(type) {
	case []byte:
		return v
	case string:
		return []byte(v)
	case float64:
		return strconv.AppendFloat(nil, v, 'f', -1, 64)
	case bool:
		return strconv.AppendBool(nil, v)
	}
	return nil
}

var (
	attrID    = regexp.MustCompile(`^[^\s"'<>&]+$`)
	attrClass = regexp.MustCompile(`^[\p{L}\p{N}_ -]*$`)
	attrLang  = regexp.MustCompile(`^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`)
	attrDir   = regexp.MustCompile(`^(ltr|rtl|auto)$`)
	attrData  = regexp.MustCompile(`^data-[a-z0-9_.-]+$`)
)

// safeAttr says whether an attribute an author set in markdown may be written out.
func safeAttr(name string, value []byte) bool {
	switch name {
	case "id":
		return attrID.Match(value)
	case "class":
		return attrClass.Match(value)
	case "lang":
		return attrLang.Match(value)
	case "dir":
		return attrDir.Match(value)
	case "title", OwnIDAttribute:
		return true
	}
	return attrData.MatchString(name)
}

// keepSafe removes n's unsafe attributes and gives an element with a lang its direction.
func keepSafe(n ast.Node) {
	attrs := n.Attributes()
	n.RemoveAttributes()
	for _, a := range attrs {
		if v := attrValue(a.Value); safeAttr(string(a.Name), v) {
			n.SetAttribute(a.Name, v)
		}
	}
	lang, ok := n.AttributeString("lang")
	if _, hasDir := n.AttributeString("dir"); !ok || hasDir {
		return
	}
	if tag, err := language.Parse(string(attrValue(lang))); err == nil {
		dir := "ltr"
		if (config.Lang{Tag: tag}).RTL() {
			dir = "rtl"
		}
		n.SetAttributeString("dir", []byte(dir))
	}
}
