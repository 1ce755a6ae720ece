package search

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// scan reads body into r as x/net/html's tokenizer would, for the HTML the renderer
// writes: tags with quoted or plain attribute values, text with the character references
// the renderer writes and numeric ones, comments. It reports false, with r half-filled,
// at anything else: a raw-text element (script, style, textarea, title…), a < that does
// not open a tag or a comment, another reference, an id or class holding one, a carriage
// return or a NUL, a tag cut off by the end. The caller then reads the body with the
// tokenizer.
func scan(body string, r *sectionsReader) bool {
	if strings.IndexByte(body, '\r') >= 0 || strings.IndexByte(body, 0) >= 0 {
		return false
	}
	var unescaped []byte
	for i := 0; i < len(body); {
		lt := strings.IndexByte(body[i:], '<')
		if lt < 0 {
			lt = len(body) - i
		}
		if lt > 0 {
			run := body[i : i+lt]
			var ok bool
			if unescaped, ok = unescape(unescaped[:0], run); !ok {
				return false
			}
			r.chars(unescaped)
			i += lt
			continue
		}
		// body[i] is '<'
		if i+1 >= len(body) {
			return false
		}
		switch c := body[i+1]; {
		case asciiLetter(c):
			end, ok := scanStartTag(body, i+1, r)
			if !ok {
				return false
			}
			i = end
		case c == '/':
			end, ok := scanEndTag(body, i+2, r)
			if !ok {
				return false
			}
			i = end
		case c == '!':
			end, ok := scanComment(body, i)
			if !ok {
				return false
			}
			i = end
		default:
			return false
		}
	}
	return true
}

// scanStartTag reads the start tag whose name begins at body[i]; end is just past its >.
func scanStartTag(body string, i int, r *sectionsReader) (end int, ok bool) {
	j := i
	for j < len(body) && tagNameByte(body[j]) {
		j++
	}
	if j == len(body) {
		return 0, false
	}
	var lower [16]byte
	name := appendLower(lower[:0], body[i:j])
	if rawText(name) {
		return 0, false
	}
	var t tag
	for {
		k := j
		for k < len(body) && tagSpace(body[k]) {
			k++
		}
		if k == len(body) {
			return 0, false
		}
		switch body[k] {
		case '>':
			r.startTag(name, t)
			return k + 1, true
		case '/':
			if k+1 < len(body) && body[k+1] == '>' {
				r.selfClosing(name)
				return k + 2, true
			}
			return 0, false
		}
		if k == j { // attributes are separated from the name and from each other
			return 0, false
		}
		// An attribute: key, then maybe = and a value.
		ks := k
		for k < len(body) && plainByte(body[k]) {
			k++
		}
		if k == ks || k == len(body) {
			return 0, false
		}
		var klower [32]byte
		key := appendLower(klower[:0], body[ks:k])
		for k < len(body) && tagSpace(body[k]) {
			k++
		}
		var val string
		if k < len(body) && body[k] == '=' {
			k++
			for k < len(body) && tagSpace(body[k]) {
				k++
			}
			if k == len(body) {
				return 0, false
			}
			switch q := body[k]; q {
			case '"', '\'':
				e := strings.IndexByte(body[k+1:], q)
				if e < 0 {
					return 0, false
				}
				val = body[k+1 : k+1+e]
				// Only an id's and a class's value is read: a reference in one (which
				// would need unescaping) hands the body over; in a link's it is skipped.
				if strings.IndexByte(val, '&') >= 0 && (string(key) == "id" || string(key) == "class") {
					return 0, false
				}
				k += e + 2
				// A quoted value is followed by white space, / or > (HTML allows a
				// key straight after it, which the renderer never writes).
				if k < len(body) && !tagSpace(body[k]) && body[k] != '/' && body[k] != '>' {
					return 0, false
				}
			default:
				vs := k
				for k < len(body) && plainByte(body[k]) {
					k++
				}
				if k == vs || k == len(body) || !tagSpace(body[k]) && body[k] != '>' {
					return 0, false
				}
				val = body[vs:k]
			}
		}
		t.attr(key, val)
		j = k
	}
}

// scanEndTag reads the end tag whose name begins at body[i]; end is just past its >.
func scanEndTag(body string, i int, r *sectionsReader) (end int, ok bool) {
	if i >= len(body) || !asciiLetter(body[i]) {
		return 0, false
	}
	j := i
	for j < len(body) && tagNameByte(body[j]) {
		j++
	}
	k := j
	for k < len(body) && tagSpace(body[k]) {
		k++
	}
	if k == len(body) || body[k] != '>' {
		return 0, false
	}
	var lower [16]byte
	r.endTag(appendLower(lower[:0], body[i:j]))
	return k + 1, true
}

// scanComment skips the comment at body[i:] (<!-- … -->); end is just past it. Any other
// <! (a doctype, CDATA) and the comments the tokenizer ends early (<!-->, --!>) are not read.
func scanComment(body string, i int) (end int, ok bool) {
	rest := body[i:]
	if !strings.HasPrefix(rest, "<!--") {
		return 0, false
	}
	in := rest[4:]
	if strings.HasPrefix(in, ">") || strings.HasPrefix(in, "->") {
		return 0, false
	}
	e := strings.Index(in, "-->")
	if e < 0 || strings.Contains(in[:e+2], "--!") {
		return 0, false
	}
	return i + 4 + e + 3, true
}

// references are the character references the renderer writes (html/template's and
// goldmark's escapes, and the no-break space), with what they stand for.
var references = [...]struct{ ref, char string }{
	{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#34;", "\""},
	{"&#39;", "'"}, {"&#43;", "+"}, {"&nbsp;", "\u00a0"},
}

// unescape appends text to dst with its references replaced; ok is false at a reference
// it does not know, which the tokenizer is left to read.
func unescape(dst []byte, text string) (out []byte, ok bool) {
	for {
		amp := strings.IndexByte(text, '&')
		if amp < 0 {
			return append(dst, text...), true
		}
		dst = append(dst, text[:amp]...)
		text = text[amp:]
		known := false
		for _, e := range references {
			if strings.HasPrefix(text, e.ref) {
				dst = append(dst, e.char...)
				text = text[len(e.ref):]
				known = true
				break
			}
		}
		if !known {
			r, n := numericReference(text)
			if n == 0 {
				return dst, false
			}
			dst = utf8.AppendRune(dst, r)
			text = text[n:]
		}
	}
}

// numericReference reads a reference like &#160; or &#x21a9; (goldmark's footnotes write
// them) at the start of text: the character and the reference's length, or 0 where it is
// not one that stands for itself (the tokenizer maps &#0;, &#128; to &#159;, surrogates
// and what is past Unicode to other characters; those are left to it).
func numericReference(text string) (r rune, n int) {
	digits, base := strings.TrimPrefix(text, "&#"), 10
	if len(digits) == len(text) {
		return 0, 0
	}
	if strings.HasPrefix(digits, "x") || strings.HasPrefix(digits, "X") {
		digits, base = digits[1:], 16
	}
	semi := strings.IndexByte(digits[:min(len(digits), 8)], ';')
	if semi < 1 {
		return 0, 0
	}
	x, err := strconv.ParseUint(digits[:semi], base, 32)
	if err != nil {
		return 0, 0
	}
	switch {
	case x == '\t' || x == '\n' || 0x20 <= x && x <= 0x7e,
		0xa0 <= x && x <= 0xd7ff, 0xe000 <= x && x <= utf8.MaxRune:
		return rune(x), len(text) - len(digits) + semi + 1
	}
	return 0, 0
}

// appendLower appends s in ASCII lower case.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// rawText reports whether the tokenizer reads what follows a start tag named name as
// raw text, not as tags.
func rawText(name []byte) bool {
	switch string(name) {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

func asciiLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func asciiAlnum(c byte) bool { return asciiLetter(c) || '0' <= c && c <= '9' }

// tagSpace is white space between a tag's parts (no \r: scan leaves bodies with one alone).
func tagSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\f' }

func tagNameByte(c byte) bool { return asciiAlnum(c) || c == '-' || c == ':' }

// plainByte is a byte of an attribute's key or of a value written without quotes, as the
// renderer writes them (HTML allows more; scan hands those bodies over).
func plainByte(c byte) bool { return asciiAlnum(c) || c == '-' || c == ':' || c == '_' || c == '.' }
