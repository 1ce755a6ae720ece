package sanitize

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// Finding is one thing in parsed HTML that could run script or load active content.
type Finding struct {
	Element string // element name as parsed, prefixed with its namespace ("svg:a")
	Attr    string // offending attribute, empty when the element itself is the problem
	Reason  string
}

func (f Finding) String() string {
	if f.Attr == "" {
		return fmt.Sprintf("<%s>: %s", f.Element, f.Reason)
	}
	return fmt.Sprintf("<%s %s>: %s", f.Element, f.Attr, f.Reason)
}

// UnsafeError lists every finding of CheckSafe in document order.
type UnsafeError []Finding

func (e UnsafeError) Error() string {
	parts := make([]string, len(e))
	for i, f := range e {
		parts[i] = f.String()
	}
	return "unsafe HTML: " + strings.Join(parts, "; ")
}

// CheckSafe parses html as a browser would (scripting enabled, foreign
// content, template contents) and returns an UnsafeError listing every
// script element, event-handler attribute, javascript:/vbscript:/data: URL,
// embedding or document-changing element (iframe, object, embed, base, meta
// http-equiv, …) and style that can load or run code. It returns nil when
// there is none.
func CheckSafe(doc []byte) error {
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	var found UnsafeError
	for n := range root.Descendants() {
		if n.Type == html.ElementNode {
			found = append(found, checkElement(n)...)
		}
	}
	if len(found) > 0 {
		return found
	}
	return nil
}

// dangerousElements may not appear at all: each runs script, embeds another
// document or changes how the page's URLs and headers are read.
var dangerousElements = map[string]string{
	"script":   "script element",
	"iframe":   "embedded document",
	"frame":    "embedded document",
	"frameset": "embedded document",
	"object":   "embedded object",
	"embed":    "embedded object",
	"applet":   "embedded object",
	"portal":   "embedded document",
	"base":     "changes the base URL",
}

func checkElement(n *html.Node) []Finding {
	name := qualified(n.Namespace, n.Data)
	var found []Finding
	if reason, ok := dangerousElements[n.Data]; ok {
		found = append(found, Finding{Element: name, Reason: reason})
	}
	if n.Data == "meta" && attrValue(n, "http-equiv") != "" {
		found = append(found, Finding{Element: name, Attr: "http-equiv", Reason: "meta http-equiv"})
	}
	if n.Data == "style" && cssIsActive(textOf(n)) {
		found = append(found, Finding{Element: name, Reason: "style sheet loads or runs code"})
	}
	for _, a := range n.Attr {
		if reason := checkAttr(n, a); reason != "" {
			found = append(found, Finding{Element: name, Attr: qualified(a.Namespace, a.Key), Reason: reason})
		}
	}
	return found
}

func checkAttr(n *html.Node, a html.Attribute) string {
	key := strings.ToLower(a.Key)
	switch {
	case strings.HasPrefix(key, "on"):
		return "event handler"
	case key == "style" && cssIsActive(a.Val):
		return "style loads or runs code"
	case key == "srcset" || key == "imagesrcset":
		for _, candidate := range strings.Split(a.Val, ",") {
			if f := strings.Fields(candidate); len(f) > 0 && activeScheme(f[0]) != "" {
				return activeScheme(f[0]) + " URL"
			}
		}
	case urlAttrs[key] || animatesURL(n, key):
		if s := activeScheme(a.Val); s != "" {
			return s + " URL"
		}
	}
	return ""
}

// urlAttrs are attributes a browser reads as a URL that it may navigate to,
// load or execute, in HTML, SVG or MathML.
var urlAttrs = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true,
	"data": true, "codebase": true, "cite": true, "background": true,
	"poster": true, "lowsrc": true, "dynsrc": true, "longdesc": true,
	"ping": true, "manifest": true, "icon": true, "archive": true,
	"classid": true, "profile": true, "usemap": true,
}

// animatesURL reports whether key is a value attribute of an SVG animation
// element that targets href, which sets the URL when the animation runs.
func animatesURL(n *html.Node, key string) bool {
	switch n.Data {
	case "animate", "set", "animatemotion", "animatetransform":
	default:
		return false
	}
	switch key {
	case "values", "to", "from", "by":
		target := strings.ToLower(attrValue(n, "attributename"))
		return strings.HasSuffix(target, "href")
	}
	return false
}

// activeScheme returns the scheme of a URL that runs code or smuggles a
// document (javascript:, vbscript:, livescript:, data:), read the way a
// browser reads it: surrounding spaces and controls stripped, tabs and
// newlines inside removed, case ignored. It returns "" for other URLs.
func activeScheme(raw string) string {
	u := strings.TrimLeft(raw, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	u = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
	u = strings.ToLower(u)
	for _, s := range []string{"javascript", "vbscript", "livescript", "data"} {
		if strings.HasPrefix(u, s+":") {
			return s + ":"
		}
	}
	return ""
}

// cssIsActive reports whether CSS text can fetch a resource or run code once
// comments and escapes are undone.
func cssIsActive(css string) bool {
	s := strings.ToLower(unescapeCSS(stripCSSComments(css)))
	s = strings.Join(strings.Fields(s), "")
	for _, needle := range []string{"url(", "image(", "image-set(", "expression(", "javascript:", "vbscript:", "behavior:", "-moz-binding", "@import"} {
		if strings.Contains(s, needle) {
			return true
		}
	}
	return false
}

func stripCSSComments(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		s = s[i+2+j+2:]
	}
}

// unescapeCSS undoes CSS escapes: "\75 rl(" is "url(", "\(" is "(".
func unescapeCSS(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && j < i+7 && isHex(s[j]) {
			j++
		}
		if j == i+1 {
			if s[j] != '\n' {
				b.WriteByte(s[j])
			}
			i = j
			continue
		}
		r, _ := strconv.ParseUint(s[i+1:j], 16, 32)
		if r == 0 || r > unicode.MaxRune {
			r = unicode.ReplacementChar
		}
		b.WriteRune(rune(r))
		if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func qualified(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + ":" + name
}

func attrValue(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for c := range n.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}
