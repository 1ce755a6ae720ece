package review

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"docsite/internal/outline"
)

// The outline keeps text to translate, and inline code is none: a heading "`otelcol` setup"
// has the title " setup". A message quotes what the author wrote, so it reads the line again
// from the file and keeps the code.

// lineOf returns line l (1-based) of src without its line break, "" past its end.
func lineOf(src []byte, l int) string {
	for n := 1; len(src) > 0; n++ {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if n == l {
			return string(bytes.TrimRight(line, "\r"))
		}
	}
	return ""
}

var (
	blockMarker = regexp.MustCompile(`^\s*(?:#{1,6}\s+|(?:>\s*)+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+|\|\s*)`)
	headingID   = regexp.MustCompile(`\s*#*\s*\{#[^}]*\}\s*$|\s+#+\s*$`)
	linkDest    = regexp.MustCompile(`!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])`)
	emphasis    = regexp.MustCompile(`\*\*|__|</?[A-Za-z][^>]*>`)
)

// plainLine is a markdown line as a message quotes it: without its block's markers (#, >,
// a list bullet, table pipes), a heading's {#id}, link destinations, emphasis and tags;
// inline code keeps its backticks.
func plainLine(line string) string {
	line = blockMarker.ReplaceAllString(line, "")
	line = headingID.ReplaceAllString(line, "")
	line = linkDest.ReplaceAllString(line, "$1")
	line = emphasis.ReplaceAllString(line, "")
	line = strings.TrimSuffix(strings.TrimSpace(line), "|")
	return strings.Join(strings.Fields(line), " ")
}

// withCode returns the part of line (a plainLine) that text, a sentence of the outline's
// text of that line, comes from, when line holds inline code: from text's first word to its
// last. Otherwise, or when it cannot be found, text.
func withCode(text, line string) string {
	words := strings.Fields(text)
	if len(words) == 0 || !strings.Contains(line, "`") {
		return text
	}
	i := strings.Index(line, words[0])
	if i < 0 {
		return text
	}
	j := strings.LastIndex(line, words[len(words)-1])
	if j < i {
		return text
	}
	return strings.TrimSpace(line[i : j+len(words[len(words)-1])])
}

// sectionName names a section for a message: its title as written (inline code too), and
// its id.
func sectionName(s *outline.Section, src []byte) string {
	if s.Level == 0 {
		return "(the introduction before the first heading)"
	}
	title := s.Title
	if src != nil {
		if t := plainLine(lineOf(src, s.Line)); strings.Contains(t, "`") {
			title = t
		}
	}
	return fmt.Sprintf("%q (#%s)", title, s.ID)
}

// blockExcerpt is what a message shows of a block: its text (inline code too), or, for a
// block without text, what it is: an image, a table, a link, or its first line of markup.
func blockExcerpt(b *outline.Block, src []byte) string {
	if t := strings.TrimSpace(b.Text()); t != "" {
		if src != nil && len(b.Segments) == 1 && b.Kind != outline.CodeBlock && b.Kind != outline.HTMLBlock {
			t = withCode(t, plainLine(lineOf(src, b.Segments[0].Line)))
		}
		return excerpt(t)
	}
	switch {
	case len(b.Anchors.Images) > 0:
		return "image " + excerpt(strings.Join(b.Anchors.Images, " "))
	case b.Table != nil:
		return fmt.Sprintf("table of %d rows", len(b.Table.Rows))
	case len(b.Anchors.Links) > 0:
		return "link to " + excerpt(strings.Join(b.Anchors.Links, " "))
	}
	if src != nil {
		if l := strings.TrimSpace(lineOf(src, b.Line)); l != "" {
			return "markup " + excerpt(l)
		}
	}
	if b.EndLine > b.Line {
		return fmt.Sprintf("lines %d-%d, no text", b.Line, b.EndLine)
	}
	return fmt.Sprintf("line %d, no text", b.Line)
}

// quoted is x, a sentence of the translation's line, as the line writes it.
func (c *checker) quoted(x string, line int) string {
	if c.tgtText == nil {
		return x
	}
	return withCode(x, plainLine(lineOf(c.tgtText, line)))
}

// externalLink is a markdown link to another site, or by reference: [text](https://…),
// [text](<…>) (a destination a shortcode fills in), [text][ref], [text][].
var externalLink = regexp.MustCompile(`\[([^\[\]]+)\](?:\((?:https?://|<)[^)]*\)|\[[^\]]*\])`)

// titleOfLink reports whether x, a sentence of the translation's line, is the text of a
// link to another site there, or its last sentences, and at most two words after it, or
// part of that text: the
// title of a talk, an article or an issue, which translations commonly keep as it was
// published. The link may run over several lines of its paragraph.
func (c *checker) titleOfLink(x string, line int) bool {
	if c.tgtText == nil {
		return false
	}
	want := strings.Join(strings.Fields(x), " ")
	inner := strings.TrimFunc(want, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	for _, m := range externalLink.FindAllStringSubmatch(paragraphAround(c.tgtText, line), -1) {
		text := strings.Join(strings.Fields(emphasis.ReplaceAllString(strings.ReplaceAll(m[1], "`", ""), "")), " ")
		if text == "" {
			continue
		}
		for tail := text; tail != ""; {
			if rest, ok := strings.CutPrefix(want, tail); ok && len(strings.Fields(rest)) <= 2 {
				return true // the title, or its last sentence, and maybe a word after it ("… by")
			}
			_, tail, _ = strings.Cut(tail, " ")
		}
		if inner != "" && strings.Contains(text, inner) {
			return true // a sentence of the title, or the title in brackets: （[Title](…)）、
		}
	}
	return false
}

// paragraphAround is the paragraph that holds line (at most 12 lines either side), its
// lines joined by spaces.
func paragraphAround(src []byte, line int) string {
	lo := max(1, line-12)
	window := strings.Split(Lines(src, lo, line+11), "\n") // the file read once, not a line at a time
	at := func(l int) string {
		if i := l - lo; i >= 0 && i < len(window) {
			return strings.TrimSpace(window[i])
		}
		return ""
	}
	first := line
	for first > lo && at(first-1) != "" {
		first--
	}
	var parts []string
	for l := first; l < line+12; l++ {
		t := at(l)
		if t == "" {
			break
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}
