package table

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

var newline = []byte{'\n'}

// attrSpan is one attribute of a start tag as offsets into the source: key and value, the
// value without its quotes. The scanner keeps the current tag's, to tell a duplicate key and
// whether a "/" before ">" closes the tag or ends the last attribute's value.
type attrSpan struct {
	k0, k1, v0, v1 int32
}

// scanner tokenizes the plain HTML of a typical table the way golang.org/x/net/html's tokenizer
// does, without copying: tags, their attributes and text. It gives up (ok false) on anything
// whose tokenization it does not mirror exactly: comments, doctypes, processing instructions,
// raw text elements (script, style, title, textarea, …), "</" not followed by a letter, a tag
// cut off by the end of the input, NUL and carriage returns. The caller then tokenizes with
// x/net/html.
type scanner struct {
	src   []byte
	pos   int
	toks  []token
	attrs []attrSpan // the current start tag's attributes
}

// scanTokens returns the tokens of src, appended to toks[:0], or ok false when src needs the
// full tokenizer.
func scanTokens(src []byte, firstLine int, toks []token) (_ []token, ok bool) {
	if bytes.IndexByte(src, 0) >= 0 || bytes.IndexByte(src, '\r') >= 0 {
		return nil, false
	}
	if n := 2*bytes.Count(src, []byte("<")) + 1; cap(toks) < n {
		toks = make([]token, 0, n)
	}
	var attrs [16]attrSpan
	s := scanner{src: src, toks: toks[:0], attrs: attrs[:0]}
	line := firstLine
	for s.pos < len(src) {
		start := s.pos
		t, ok := s.next()
		if !ok {
			return nil, false
		}
		t.start, t.end, t.line = int32(start), int32(s.pos), line
		s.toks = append(s.toks, t)
		line += bytes.Count(src[start:s.pos], newline)
	}
	return s.toks, true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

// next reads one token from s.pos.
func (s *scanner) next() (token, bool) {
	src := s.src
	start := s.pos
	for i := s.pos; i < len(src); i++ {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		i += j
		if i+1 >= len(src) {
			continue
		}
		c := src[i+1]
		switch {
		case isASCIILetter(c) || c == '/':
		case c == '!' || c == '?':
			return token{}, false
		default:
			continue
		}
		if i > start { // text before the tag
			s.pos = i
			return token{typ: html.TextToken}, true
		}
		if c == '/' {
			if i+2 >= len(src) || !isASCIILetter(src[i+2]) {
				return token{}, false
			}
			s.pos = i + 3
			return s.tag(html.EndTagToken)
		}
		s.pos = i + 2
		return s.tag(html.StartTagToken)
	}
	s.pos = len(src)
	return token{typ: html.TextToken}, true
}

// tag reads a tag whose name's first letter has been consumed, as x/net/html's readTag does.
func (s *scanner) tag(typ html.TokenType) (token, bool) {
	src := s.src
	n0 := s.pos - 1
	n1 := -1
	for s.pos < len(src) && n1 < 0 {
		c := src[s.pos]
		s.pos++
		switch c {
		case ' ', '\n', '\r', '\t', '\f':
			n1 = s.pos - 1
		case '/', '>':
			s.pos--
			n1 = s.pos
		}
	}
	if n1 < 0 {
		return token{}, false
	}
	t := token{typ: typ}
	s.attrs = s.attrs[:0]
	t.name, t.atom = tagName(src[n0:n1])
	if typ == html.StartTagToken && rawTextTag(t.atom) {
		return token{}, false
	}
	if !s.tagAttrs(typ == html.StartTagToken) {
		return token{}, false
	}
	if n := len(s.attrs); typ == html.StartTagToken && src[s.pos-2] == '/' && (n == 0 || s.pos-2 != int(s.attrs[n-1].v1)-1) {
		t.typ = html.SelfClosingTagToken
	}
	return t, true
}

// tagAttrs reads a tag's attributes up to and including its ">", keeping in s.attrs (when
// keep is set) those the tokenizer keeps: the first of each key, not the empty ones. ok is
// false when the input ends first.
func (s *scanner) tagAttrs(keep bool) bool {
	src := s.src
	s.skipSpace()
	for {
		if s.pos >= len(src) {
			return false
		}
		if src[s.pos] == '>' {
			s.pos++
			return true
		}
		a, ok := s.attr()
		if !ok {
			return false
		}
		if keep && a.k1 > a.k0 && !s.seen(a) {
			s.attrs = append(s.attrs, a)
		}
		s.skipSpace()
	}
}

// attr reads one attribute as x/net/html's readTagAttrKey and readTagAttrVal do; ok is false
// at the end of the input.
func (s *scanner) attr() (attrSpan, bool) {
	src := s.src
	var a attrSpan
	a.k0 = int32(s.pos)
	for {
		if s.pos >= len(src) {
			return a, false
		}
		c := src[s.pos]
		s.pos++
		if c == '=' && int(a.k0)+1 == s.pos {
			continue // an equals sign before the name starts is part of the name
		}
		if c == '=' || isHTMLSpace(c) || c == '/' || c == '>' {
			s.pos--
			break
		}
	}
	a.k1 = int32(s.pos)
	a.v0, a.v1 = int32(s.pos), int32(s.pos)
	s.skipSpace()
	if s.pos >= len(src) {
		return a, false
	}
	c := src[s.pos]
	s.pos++
	if c == '/' {
		return a, true
	}
	if c != '=' {
		s.pos--
		return a, true
	}
	s.skipSpace()
	if s.pos >= len(src) {
		return a, false
	}
	q := src[s.pos]
	s.pos++
	switch q {
	case '>':
		s.pos--
		return a, true
	case '\'', '"':
		a.v0 = int32(s.pos)
		for {
			if s.pos >= len(src) {
				return a, false
			}
			c := src[s.pos]
			s.pos++
			if c == q {
				a.v1 = int32(s.pos - 1)
				return a, true
			}
		}
	default:
		a.v0 = int32(s.pos - 1)
		for {
			if s.pos >= len(src) {
				return a, false
			}
			c := src[s.pos]
			s.pos++
			if isHTMLSpace(c) {
				a.v1 = int32(s.pos - 1)
				return a, true
			}
			if c == '>' {
				s.pos--
				a.v1 = int32(s.pos)
				return a, true
			}
		}
	}
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.src) && isHTMLSpace(s.src[s.pos]) {
		s.pos++
	}
}

// seen reports whether the tag's attributes already have a's key, in any case: the
// tokenizer keeps the first of duplicate attributes.
func (s *scanner) seen(a attrSpan) bool {
	key := s.src[a.k0:a.k1]
	for _, b := range s.attrs {
		if equalFoldASCII(s.src[b.k0:b.k1], key) {
			return true
		}
	}
	return false
}

func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// tagName returns a tag name in lower case (ASCII only, as the tokenizer lowers it) and its
// atom; names with an atom do not allocate.
func tagName(b []byte) (string, atom.Atom) {
	var buf [16]byte
	if len(b) <= len(buf) {
		for i, c := range b {
			buf[i] = lowerASCII(c)
		}
		if a := atom.Lookup(buf[:len(b)]); a != 0 {
			return a.String(), a
		}
		return string(buf[:len(b)]), 0
	}
	l := make([]byte, len(b))
	for i, c := range b {
		l[i] = lowerASCII(c)
	}
	return string(l), atom.Lookup(l)
}

// rawTextTag reports whether the tokenizer reads the content of a start tag a as raw text.
func rawTextTag(a atom.Atom) bool {
	switch a {
	case atom.Iframe, atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext, atom.Script,
		atom.Style, atom.Textarea, atom.Title, atom.Xmp:
		return true
	}
	return false
}
