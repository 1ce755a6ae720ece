package markdown

import (
	"bytes"
	"html"
	"regexp"
	"strconv"
	"strings"
)

// jsxTag is a JSX tag as written: <Name a="x" b={…} c>, </Name>, <Name … />.
type jsxTag struct {
	name         string
	attrs        []jsxAttr
	close, empty bool // </Name>; <Name … />
	start, end   int  // byte offsets of < and after >
	tail         int  // offset of the "/>" or ">" that ends the tag
}

// jsxAttr is one attribute: name="value", name='value', name={expression} or name alone.
// A spread, {...props}, has no name.
type jsxAttr struct {
	name       string
	value      string // a string's value, or the expression as written (braces included)
	expr, bare bool
	start, end int // the attribute's bytes, after the blank before it
	blank      int // where the blank before it starts
}

// parseJSXTag reads the tag starting with the < at i; ok is false when there is none
// (a "<" of text, an autolink, an HTML comment).
func parseJSXTag(src []byte, i int) (t jsxTag, ok bool) {
	t.start = i
	j := i + 1
	if j < len(src) && src[j] == '/' {
		t.close = true
		j++
	}
	n := j
	for n < len(src) && (isAlnum(src[n]) || n > j && (src[n] == '.' || src[n] == '-' || src[n] == '_')) {
		n++
	}
	if n == j && !(n < len(src) && src[n] == '>') { // <> and </> are fragments
		return t, false
	}
	if n > j && !isLetter(src[j]) {
		return t, false
	}
	t.name = string(src[j:n])
	for j = n; ; {
		if j-i > maxJS {
			return t, false
		}
		b := j
		for j < len(src) && isBlank(src[j]) {
			j++
		}
		if j >= len(src) {
			return t, false
		}
		switch {
		case src[j] == '>':
			t.tail, t.end = j, j+1
			return t, true
		case src[j] == '/' && j+1 < len(src) && src[j+1] == '>' && !t.close:
			t.tail, t.end, t.empty = j, j+2, true
			return t, true
		case t.close || j == b:
			return t, false // a closing tag has no attributes; attributes are apart
		}
		a, k, ok := parseJSXAttr(src, j)
		if !ok {
			return t, false
		}
		a.blank = b
		t.attrs = append(t.attrs, a)
		j = k
	}
}

// parseJSXAttr reads the attribute at j and returns the offset after it.
func parseJSXAttr(src []byte, j int) (jsxAttr, int, bool) {
	a := jsxAttr{start: j}
	if src[j] == '{' { // {...props}
		end := jsEnd(src, j)
		if end < 0 {
			return a, 0, false
		}
		a.value, a.expr, a.end = string(src[j:end]), true, end
		return a, end, true
	}
	n := j
	for n < len(src) && (isAlnum(src[n]) || src[n] == '-' || src[n] == '_' || src[n] == ':' || src[n] == '.') {
		n++
	}
	if n == j {
		return a, 0, false
	}
	a.name = string(src[j:n])
	k := n
	for k < len(src) && isBlank(src[k]) {
		k++
	}
	if k >= len(src) || src[k] != '=' {
		a.bare, a.end = true, n
		return a, n, true
	}
	k++
	for k < len(src) && isBlank(src[k]) {
		k++
	}
	if k >= len(src) {
		return a, 0, false
	}
	switch q := src[k]; q {
	case '"', '\'':
		e := bytes.IndexByte(src[k+1:], q)
		if e < 0 {
			return a, 0, false
		}
		a.value, a.end = html.UnescapeString(string(src[k+1:k+1+e])), k+2+e
	case '{':
		end := jsEnd(src, k)
		if end < 0 {
			return a, 0, false
		}
		a.value, a.expr, a.end = string(src[k:end]), true, end
	default:
		return a, 0, false
	}
	return a, a.end, true
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func isAlnum(b byte) bool { return isLetter(b) || b >= '0' && b <= '9' }

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// literal is the string an attribute gives: its value, or the string of an expression
// that is a string ({"x"}, {'x'}, {`x`}), useBaseUrl of one or require of one (the
// module's default export: the file's URL, as Docusaurus writes images); ok is false
// for any other expression.
func (a jsxAttr) literal() (string, bool) {
	if a.bare {
		return "", true
	}
	if !a.expr {
		return a.value, true
	}
	if a.name == "" {
		return "", false
	}
	e := strings.TrimSpace(a.value[1 : len(a.value)-1])
	if inner, ok := strings.CutPrefix(e, "useBaseUrl("); ok {
		e = strings.TrimSpace(strings.TrimSuffix(inner, ")"))
	} else if inner, ok := strings.CutPrefix(e, "require("); ok {
		inner = strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(inner, ".default")), ")")
		e = strings.TrimSpace(inner)
	}
	return jsString(e)
}

// jsString is the value of a JavaScript string literal without substitutions.
func jsString(e string) (string, bool) {
	if len(e) < 2 || e[0] != e[len(e)-1] || !strings.ContainsRune(`"'`+"`", rune(e[0])) {
		return "", false
	}
	body := e[1 : len(e)-1]
	if e[0] == '`' && strings.Contains(body, "${") || strings.ContainsRune(body, rune(e[0])) && !strings.Contains(body, `\`) {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) {
			i++
			switch body[i] {
			case 'n':
				b.WriteByte('\n')
				continue
			case 't':
				b.WriteByte('\t')
				continue
			}
		}
		b.WriteByte(body[i])
	}
	return b.String(), true
}

// attr returns the string of the attribute named name, and whether the tag has it.
func (t jsxTag) attr(name string) (string, bool) {
	for _, a := range t.attrs {
		if a.name == name {
			v, ok := a.literal()
			return v, ok
		}
	}
	return "", false
}

// tag handles the < at i: a component, an HTML element with JSX attributes, or text.
func (c *mdxConv) tag(i int) int {
	if bytes.HasPrefix(c.src[i:], []byte("<!--")) {
		if k := bytes.Index(c.src[i+4:], []byte("-->")); k >= 0 {
			c.out = append(c.out, c.src[i:i+7+k]...)
			return i + 7 + k
		}
	}
	t, ok := parseJSXTag(c.src, i)
	switch {
	case !ok:
		c.out = append(c.out, '<')
		return i + 1
	case t.name == "": // a fragment: structure only
		c.newlines(t.start, t.end)
	case t.name[0] >= 'A' && t.name[0] <= 'Z' || strings.Contains(t.name, "."):
		if t.name == "CodeBlock" && !t.close {
			return c.codeBlock(t)
		}
		c.component(t)
	default:
		c.element(t)
	}
	return t.end
}

// component writes what docsite makes of a component's tag.
func (c *mdxConv) component(t jsxTag) {
	var rep string
	if t.close {
		rep = c.closeComponent(t)
	} else {
		rep = c.openComponent(t)
	}
	c.out = append(c.out, rep...)
	c.newlines(t.start, t.end)
}

// openComponent is what docsite writes for the opening tag t (or a tag closed at once).
func (c *mdxConv) openComponent(t jsxTag) string {
	o := mdxOpen{name: t.name}
	var open, close string
	switch t.name {
	case "Tabs":
		open, close = "{{% tabs", "{{% /tabs %}}"
		if g, ok := t.attr("groupId"); ok && g != "" {
			open += " sync=" + strconv.Quote(g)
		}
		o.labels = tabLabels(t)
		o.def, _ = t.attr("defaultValue")
		o.argsEnd = len(c.out) + len(open)
		open += " %}}"
	case "TabItem":
		label := c.tabLabel(t)
		open, close = "{{% tab "+strconv.Quote(label)+" %}}", "{{% /tab %}}"
		c.defaultTab(t, label)
	case "Admonition":
		open, close = "{{% alert"+admonitionArgs(t)+" %}}", "{{% /alert %}}"
	case "Link":
		to, _ := t.attr("to")
		if to == "" {
			to, _ = t.attr("href")
		}
		open, close = `<a href="`+html.EscapeString(to)+`">`, "</a>"
	case "Details":
		open, close = "<details>", "</details>"
	default:
		c.warn(t.start, "mdx-component", "unknown MDX component <%s>: docsite cannot render it; its tags are left out, its children shown", t.name)
	}
	if t.empty {
		if t.name == "Tabs" || t.name == "TabItem" || t.name == "Admonition" {
			return open + close
		}
		return ""
	}
	c.open = append(c.open, o)
	return open
}

// closeComponent is what docsite writes for the closing tag t.
func (c *mdxConv) closeComponent(t jsxTag) string {
	k := len(c.open) - 1
	for k >= 0 && c.open[k].name != t.name {
		k--
	}
	if k < 0 {
		return "" // closes nothing: MDX would refuse the page
	}
	c.open = c.open[:k]
	switch t.name {
	case "Tabs":
		return "{{% /tabs %}}"
	case "TabItem":
		return "{{% /tab %}}"
	case "Admonition":
		return "{{% /alert %}}"
	case "Link":
		return "</a>"
	case "Details":
		return "</details>"
	}
	return ""
}

var (
	jsObject = regexp.MustCompile(`\{[^{}]*\}`)
	jsField  = regexp.MustCompile(`\b(label|value)\s*:\s*('[^']*'|"[^"]*"|` + "`[^`]*`" + `)`)
)

// tabLabels reads the labels of Tabs' values={[{label: 'A', value: 'a'}, …]}, by value.
func tabLabels(t jsxTag) map[string]string {
	labels := map[string]string{}
	for _, a := range t.attrs {
		if a.name != "values" || !a.expr {
			continue
		}
		for _, obj := range jsObject.FindAllString(a.value[1:len(a.value)-1], -1) {
			var label, value string
			for _, m := range jsField.FindAllStringSubmatch(obj, -1) {
				s, _ := jsString(m[2])
				if m[1] == "label" {
					label = s
				} else {
					value = s
				}
			}
			if value != "" && label != "" {
				labels[value] = label
			}
		}
	}
	return labels
}

// tabLabel is a TabItem's label: its own, else the one its Tabs give its value, else
// its value.
func (c *mdxConv) tabLabel(t jsxTag) string {
	if l, _ := t.attr("label"); l != "" {
		return l
	}
	v, _ := t.attr("value")
	for k := len(c.open) - 1; k >= 0; k-- {
		if c.open[k].name == "Tabs" {
			if l := c.open[k].labels[v]; l != "" {
				return l
			}
			break
		}
	}
	if v == "" {
		return "Tab"
	}
	return v
}

// defaultTab gives the enclosing Tabs' shortcode the label of TabItem t as its default
// tab when t is the one its defaultValue names, or is marked default. The Tabs is the
// innermost open component, so no offset kept of the output moves.
func (c *mdxConv) defaultTab(t jsxTag, label string) {
	k := len(c.open) - 1
	if k < 0 || c.open[k].name != "Tabs" || c.open[k].defaults {
		return
	}
	tabs := &c.open[k]
	_, marked := t.attr("default")
	if v, _ := t.attr("value"); !marked && (tabs.def == "" || v != tabs.def) {
		return
	}
	arg := " default=" + strconv.Quote(label)
	c.out = append(c.out[:tabs.argsEnd], append([]byte(arg), c.out[tabs.argsEnd:]...)...)
	tabs.defaults = true
}

// admonitionArgs are the alert shortcode's arguments for an Admonition: its title, and
// the colour of its type (caution, Docusaurus's older name for warning, is one).
func admonitionArgs(t jsxTag) string {
	var s string
	if title, _ := t.attr("title"); title != "" {
		s += " title=" + strconv.Quote(title)
	}
	typ, _ := t.attr("type")
	switch strings.ToLower(typ) {
	case "tip", "success":
		s += ` color="success"`
	case "caution", "warning":
		s += ` color="warning"`
	case "danger":
		s += ` color="danger"`
	}
	return s
}

// element writes an HTML element's tag, its JSX attributes made HTML: className is
// class, htmlFor for, a string expression its string; other expressions are left out
// with a warning. A tag without JSX attributes is copied as written.
func (c *mdxConv) element(t jsxTag) {
	jsx := false
	for _, a := range t.attrs {
		jsx = jsx || a.expr || a.name == "className" || a.name == "htmlFor"
	}
	if !jsx {
		c.out = append(c.out, c.src[t.start:t.end]...)
		return
	}
	at := t.start + 1 + len(t.name)
	c.out = append(c.out, c.src[t.start:at]...)
	for _, a := range t.attrs {
		v, ok := a.literal()
		if !ok {
			what := "a JavaScript expression"
			if a.name == "style" {
				what = "a style object (JavaScript)"
			}
			name := a.name
			if name == "" {
				name = "{…}"
			}
			c.warn(a.start, "mdx-expression", "attribute %s of <%s> is %s, which docsite cannot evaluate: left out", name, t.name, what)
			c.newlines(a.blank, a.end)
			continue
		}
		c.out = append(c.out, c.src[a.blank:a.start]...)
		name := a.name
		switch name {
		case "className":
			name = "class"
		case "htmlFor":
			name = "for"
		}
		c.out = append(c.out, name...)
		if !a.bare {
			c.out = append(c.out, `="`+html.EscapeString(v)+`"`...)
		}
	}
	c.out = append(c.out, c.src[t.attrsEnd():t.end]...)
}

// attrsEnd is where the tag's last attribute ends.
func (t jsxTag) attrsEnd() int {
	if len(t.attrs) == 0 {
		return t.start + 1 + len(t.name)
	}
	return t.attrs[len(t.attrs)-1].end
}

// codeBlock writes a CodeBlock component as a fenced code block, or, where its tags do
// not stand on lines of their own, as the highlight shortcode.
func (c *mdxConv) codeBlock(t jsxTag) int {
	closeAt := bytes.Index(c.src[t.end:], []byte("</CodeBlock>"))
	if t.empty || closeAt < 0 {
		c.warn(t.start, "mdx-component", "<CodeBlock> without its closing tag: left out")
		c.newlines(t.start, t.end)
		return t.end
	}
	closeAt += t.end
	end := closeAt + len("</CodeBlock>")
	code := strings.TrimSpace(string(c.src[t.end:closeAt]))
	if strings.HasPrefix(code, "{") && strings.HasSuffix(code, "}") {
		if s, ok := jsString(strings.TrimSpace(code[1 : len(code)-1])); ok {
			code = s
		}
	}
	code = strings.Trim(code, "\n")
	lang, _ := t.attr("language")
	info := lang
	if title, _ := t.attr("title"); title != "" {
		info += " title=" + strconv.Quote(title)
	}
	if _, ok := t.attr("showLineNumbers"); ok {
		info += " showLineNumbers"
	}
	lineStart := bytes.LastIndexByte(c.src[:t.start], '\n') + 1
	indent := c.src[lineStart:t.start]
	after := c.lineAt(end)
	var rep string
	if len(bytes.TrimLeft(indent, " \t")) == 0 && len(bytes.TrimSpace(after)) == 0 &&
		strings.Count(code, "\n")+2 <= bytes.Count(c.src[t.start:end], []byte("\n")) {
		fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
		rep = fence + info + "\n" + code + "\n" + string(indent) + fence
	} else {
		rep = "{{< highlight " + strconv.Quote(lang) + " >}}" + code + "{{< /highlight >}}"
	}
	c.out = append(c.out, rep...)
	for range bytes.Count(c.src[t.start:end], []byte("\n")) - strings.Count(rep, "\n") {
		c.out = append(c.out, '\n')
	}
	return end
}

// longestRun is the length of the longest run of b in s.
func longestRun(s string, b byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}
