package table

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// parseSeed parses a seed page and returns its table nodes in document order.
func parseSeed(t testing.TB, name string) ([]*Node, []byte) {
	t.Helper()
	src, err := os.ReadFile("testdata/seeds/" + name + ".md")
	if err != nil {
		t.Fatal(err)
	}
	return parseTables(src), src
}

func parseTables(src []byte) []*Node {
	doc := newMarkdown().Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
	var nodes []*Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if tn, ok := n.(*Node); ok && entering {
			nodes = append(nodes, tn)
		}
		return ast.WalkContinue, nil
	})
	return nodes
}

// htmlTexts returns the text tokens of an HTML fragment, as the tokenizer (not the tree
// builder the normaliser uses) sees them, without text inside script, style and template.
func htmlTexts(src []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(src))
	var out []string
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			if name, _ := z.TagName(); isDroppedElem(string(name)) {
				skip++
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); isDroppedElem(string(name)) && skip > 0 {
				skip--
			}
		case html.TextToken:
			if skip == 0 {
				out = append(out, string(z.Text()))
			}
		}
	}
}

// noSpace removes all white space, so that texts compare whatever the line breaking.
func noSpace(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// missingTexts returns the source texts that do not appear in out's text.
func missingTexts(texts []string, out []byte) []string {
	have := noSpace(strings.ToValidUTF8(strings.Join(htmlTexts(out), ""), "\uFFFD"))
	var missing []string
	for _, s := range texts {
		if s = noSpace(strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD")); s != "" && !strings.Contains(have, s) {
			missing = append(missing, s)
		}
	}
	return missing
}

var (
	rawTable  = regexp.MustCompile(`(?is)<table.*?</table>`)
	underline = regexp.MustCompile(`(?i)</?u>`)
	stars     = regexp.MustCompile(`\*\*+`)
)

// sourceTexts returns the texts of the tables in a seed page read straight from the source:
// the text tokens of each raw <table>…</table> and the cells of each pipe row, with the
// emphasis debris the normaliser is meant to strip taken out.
func sourceTexts(src []byte) [][]string {
	var tables [][]string
	for _, m := range rawTable.FindAll(src, -1) {
		tables = append(tables, htmlTexts(m))
	}
	var cur []string
	for _, line := range strings.Split(string(src), "\n") {
		if !IsPipeRow(line) {
			if cur != nil {
				tables = append(tables, cur)
			}
			cur = nil
			continue
		}
		for _, c := range SplitPipeRow(line) {
			cur = append(cur, stars.ReplaceAllString(underline.ReplaceAllString(c, ""), ""))
		}
	}
	return tables
}

// withoutLines returns a copy of t with the row lines cleared, for comparing models built from
// different sources.
func withoutLines(t *Table) Table {
	c := *t
	c.Head = clearLines(t.Head)
	c.Body = clearLines(t.Body)
	return c
}

func clearLines(rows []Row) []Row {
	if rows == nil {
		return nil
	}
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = Row{Cells: r.Cells}
	}
	return out
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
