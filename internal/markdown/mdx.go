package markdown

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/parser"

	"docsite/internal/diag"
)

// MDX pages (.mdx files, as Docusaurus sites write them) are markdown with JavaScript
// modules and JSX in it. docsite runs no JavaScript, so before goldmark parses such a
// page, fromMDX rewrites what of MDX is not markdown into docsite's markdown, line for
// line: every line keeps its number (columns may move), so diagnostics point into the
// file as written.
//
//   - ESM blocks (import and export statements at the top level, up to a blank line)
//     are module plumbing: left out, without a word.
//   - MDX comments, {/* … */}, are left out.
//   - Docusaurus's components become docsite's: <Tabs>/<TabItem> the tabs shortcode pair
//     (the label from TabItem's label, else from Tabs' values, else its value; groupId
//     is sync), <Admonition type="…" title="…"> the alert pair (a callout), <CodeBlock
//     language="…" title="…"> a fenced code block, <Link to="…"> and <Details> the HTML
//     elements. Children are markdown, as in MDX.
//   - Any other capitalised component is an mdx-component warning: its tags are left
//     out, its children shown.
//   - A JSX expression, {…}, in text is shown as written, with an mdx-expression
//     warning; a string ({" "}) is its text.
//   - On HTML elements, JSX attributes are made HTML: className is class, htmlFor for,
//     a string in braces, useBaseUrl('…') or require('…') its string; a style object or
//     any other expression is left out with an mdx-expression warning.
//
// Code (fenced blocks, code spans) is left as it is.

var mdxKey = parser.NewContextKey()

// SetMDX tells the parse that the page is MDX (a .mdx file). Call it from the setup
// function of Parse.
func SetMDX(pc parser.Context) { pc.Set(mdxKey, true) }

// isMDX reports whether SetMDX was called for the parse.
func isMDX(pc parser.Context) bool {
	v, _ := pc.Get(mdxKey).(bool)
	return v
}

// mdxConv is one MDX page being rewritten.
type mdxConv struct {
	src   []byte
	out   []byte
	lines LineIndex
	diags diag.List
	open  []mdxOpen // components opened and not yet closed, innermost last
	last  position  // the last offset warn located: warnings come in order
}

// mdxOpen is an open component: its name and, for Tabs, the labels of its values, its
// defaultValue and where its shortcode's arguments end in the output (a TabItem marked
// default adds one there).
type mdxOpen struct {
	name     string
	labels   map[string]string
	def      string
	argsEnd  int
	defaults bool // a default tab is given
}

// fromMDX rewrites src, an MDX page, as docsite markdown (see above); the diagnostics
// have no file.
func fromMDX(src []byte) ([]byte, diag.List) {
	c := &mdxConv{src: src, out: make([]byte, 0, len(src)+len(src)/8), lines: NewLineIndex(src)}
	c.run()
	return c.out, c.diags
}

// run walks the page: line starts (fences, ESM), then the text of each line.
func (c *mdxConv) run() {
	i, prevBlank := 0, true
	for i < len(c.src) {
		line := c.lineAt(i)
		blank := len(bytes.TrimSpace(line)) == 0
		switch {
		case isFence(line):
			i = c.copyFence(i)
		case prevBlank && len(c.open) == 0 && isESM(line):
			i = c.dropESM(i)
		default:
			i = c.text(i)
		}
		prevBlank = blank
	}
}

// lineAt is the line starting at i, without its line break.
func (c *mdxConv) lineAt(i int) []byte {
	line := c.src[i:]
	if k := bytes.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	return line
}

// next is the offset after the line starting at i (after its line break).
func (c *mdxConv) next(i int) int {
	if k := bytes.IndexByte(c.src[i:], '\n'); k >= 0 {
		return i + k + 1
	}
	return len(c.src)
}

// isFence reports whether line opens a fenced code block.
func isFence(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~"))
}

// copyFence copies the fenced code block whose opening line starts at i, through its
// closing line (or the end of the page), and returns the offset after it.
func (c *mdxConv) copyFence(i int) int {
	open := bytes.TrimLeft(c.lineAt(i), " \t")
	n := 0
	for n < len(open) && open[n] == open[0] {
		n++
	}
	fence := open[:n]
	j := c.next(i)
	for j < len(c.src) {
		t := bytes.TrimSpace(c.lineAt(j))
		j = c.next(j)
		if bytes.HasPrefix(t, fence) && len(bytes.Trim(t, string(fence[:1]))) == 0 {
			break
		}
	}
	c.out = append(c.out, c.src[i:j]...)
	return j
}

var esmStart = regexp.MustCompile(`^(import[\s{*'"]|export\s+(const|let|var|function|class|async|default)\b|export\s*[{*])`)

// isESM reports whether line starts an import or export statement.
func isESM(line []byte) bool { return esmStart.Match(line) }

// dropESM leaves out the ESM block starting at i, up to the next blank line, keeping its
// line breaks.
func (c *mdxConv) dropESM(i int) int {
	for i < len(c.src) {
		line := c.lineAt(i)
		if len(bytes.TrimSpace(line)) == 0 {
			return i
		}
		j := c.next(i)
		c.newlines(i, j)
		i = j
	}
	return i
}

// newlines writes the line breaks of src[i:j], and nothing else of it.
func (c *mdxConv) newlines(i, j int) {
	for range bytes.Count(c.src[i:j], []byte("\n")) {
		c.out = append(c.out, '\n')
	}
}

// text rewrites the text from i to the end of its line, or further when a tag or an
// expression spans lines; it returns the offset of the next line's start.
func (c *mdxConv) text(i int) int {
	for i < len(c.src) {
		switch b := c.src[i]; b {
		case '\n':
			c.out = append(c.out, b)
			return i + 1
		case '\\':
			j := min(i+2, len(c.src))
			if j == i+2 && c.src[i+1] == '\n' {
				j--
			}
			c.out = append(c.out, c.src[i:j]...)
			i = j
		case '`':
			i = c.codeSpan(i)
		case '{':
			i = c.expression(i)
		case '<':
			i = c.tag(i)
		default:
			c.out = append(c.out, b)
			i++
		}
		if i > 0 && c.src[i-1] == '\n' {
			return i
		}
	}
	return i
}

// codeSpan copies the code span opening at i, or its backticks when none closes them in
// the paragraph.
func (c *mdxConv) codeSpan(i int) int {
	n := 0
	for i+n < len(c.src) && c.src[i+n] == '`' {
		n++
	}
	for j := i + n; j < len(c.src); {
		k := bytes.IndexByte(c.src[j:], '`')
		if k < 0 || bytes.Contains(c.src[j:j+k], []byte("\n\n")) {
			break
		}
		j += k
		m := 0
		for j+m < len(c.src) && c.src[j+m] == '`' {
			m++
		}
		if m == n {
			c.out = append(c.out, c.src[i:j+m]...)
			return j + m
		}
		j += m
	}
	c.out = append(c.out, c.src[i:i+n]...)
	return i + n
}

// expression handles the { at i: an MDX comment is left out, any other expression is
// shown as written, with a warning.
func (c *mdxConv) expression(i int) int {
	end := jsEnd(c.src, i)
	if end < 0 {
		c.out = append(c.out, '{')
		return i + 1
	}
	inner := bytes.TrimSpace(c.src[i+1 : end-1])
	if bytes.HasPrefix(inner, []byte("/*")) && bytes.HasSuffix(inner, []byte("*/")) {
		c.newlines(i, end)
		return end
	}
	if s, ok := jsString(string(inner)); ok { // {" "}, as JSX formatters write a space
		c.out = append(c.out, strings.ReplaceAll(s, "\n", " ")...)
		c.newlines(i, end)
		return end
	}
	c.warn(i, "mdx-expression", "JSX expression %s is not evaluated (docsite runs no JavaScript): shown as written", quoteShort(c.src[i:end]))
	c.out = append(c.out, c.src[i:end]...)
	return end
}

// maxJS is how far an expression, or a tag, may reach: past it, or past a blank line
// outside a template literal, or braces nested deeper than maxJSDepth, a "{" or a "<"
// is text. So a page of unclosed braces costs time in proportion to its length.
const (
	maxJS      = 8 << 10
	maxJSDepth = 32
)

// jsEnd returns the offset after the } that closes the { at i, skipping JavaScript
// strings, template literals and comments; -1 when none does (within maxJS).
func jsEnd(src []byte, i int) int {
	depth := 0
	src = src[:min(len(src), i+maxJS)]
	for j := i; j < len(src); j++ {
		switch b := src[j]; b {
		case '\n':
			if k := j + 1 + len(blankPrefix(src[j+1:])); k < len(src) && src[k] == '\n' {
				return -1
			}
		case '{':
			if depth++; depth > maxJSDepth {
				return -1
			}
		case '}':
			if depth--; depth == 0 {
				return j + 1
			}
		case '\'', '"', '`':
			k := j + 1
			for k < len(src) && src[k] != b {
				if src[k] == '\\' {
					k++
				} else if b != '`' && src[k] == '\n' {
					return -1
				}
				k++
			}
			if k >= len(src) {
				return -1
			}
			j = k
		case '/':
			if j+1 < len(src) && src[j+1] == '*' {
				k := bytes.Index(src[j+2:], []byte("*/"))
				if k < 0 {
					return -1
				}
				j += 2 + k + 1
			}
		}
	}
	return -1
}

// blankPrefix is the run of spaces and tabs b starts with.
func blankPrefix(b []byte) []byte {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t') {
		n++
	}
	return b[:n]
}

// quoteShort quotes an expression for a message, cut to a readable length.
func quoteShort(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		s = string(r[:57]) + "…"
	}
	return s
}

// warn adds a warning located at byte offset off.
func (c *mdxConv) warn(off int, code, format string, args ...any) {
	line := c.lines.Line(off)
	from, col := c.lines.Start(line), 1
	if p := c.last; p.line == line && p.off <= off { // counted up to there already
		from, col = p.off, p.col
	}
	col += utf8.RuneCount(c.src[from:off])
	c.last = position{off, line, col}
	c.diags = append(c.diags, diag.Warnf("", line, col, code, format, args...))
}
