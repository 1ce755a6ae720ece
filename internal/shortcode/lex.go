// Package shortcode reads Hugo's shortcode syntax in page sources and runs shortcode templates.
//
// A page writes {{< name arg key="v" >}} (its inner content, if paired, is HTML) or
// {{% name %}} (inner content is markdown), closes a pair with {{< /name >}}, may
// self-close with {{< name />}}, and prints a tag literally with {{</* name */>}}. Scan
// finds every tag of a source with its byte offsets; Parse pairs them into calls; a Set
// holds the templates (templates/shortcodes/NAME.html) that render calls.
package shortcode

import (
	"bytes"
	"strings"
)

// Tag is one shortcode tag as written in a source.
type Tag struct {
	Start, End int  // byte offsets of the tag in the source, delimiters included
	Delim      byte // '<' or '%'
	Name       string
	Close      bool  // {{< /name >}}
	SelfClose  bool  // {{< name />}}
	Escaped    bool  // {{</* name */>}}: printed as written, less the comment marks
	Args       []Arg // in order
}

// Arg is one argument of a tag.
type Arg struct {
	Key   string // "" for a positional argument
	Value string
	Off   int // byte offset where the argument starts
}

// Error is a malformed tag: what is wrong and the byte offset where it was noticed.
type Error struct {
	Off int
	Msg string
	// Warning is set for tags that pair loosely (a closing tag without an opening one, a
	// pair whose delimiters differ): Hugo builds such pages, so they are reported and the
	// page is built.
	Warning bool
}

func (e Error) Error() string { return e.Msg }

// Literal is what an escaped tag prints: the tag without its comment marks,
// "{{< name args >}}".
func (t *Tag) Literal(src []byte) string {
	s := string(src[t.Start:t.End])
	open, close := "{{"+string(t.Delim), closing(t.Delim)
	inner := strings.TrimSuffix(strings.TrimPrefix(s, open), close)
	inner = strings.TrimSpace(inner)
	inner = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(inner, "/*"), "*/"))
	return open + " " + inner + " " + close
}

// Scan finds every shortcode tag in src, in order, and every malformed one. After a
// malformed tag it goes on three bytes further, so one mistake is reported once.
func Scan(src []byte) ([]Tag, []Error) {
	var tags []Tag
	var errs []Error
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("{{"))
		if k < 0 {
			return tags, errs
		}
		i += k
		if i+2 >= len(src) || (src[i+2] != '<' && src[i+2] != '%') {
			i += 2
			continue
		}
		s := scanner{src: src, pos: i + 3, delim: src[i+2]}
		t, err := s.tag(i)
		if err != nil {
			errs = append(errs, *err)
			i += 3
			continue
		}
		tags = append(tags, t)
		i = t.End
	}
}

type scanner struct {
	src   []byte
	pos   int
	delim byte
}

func (s *scanner) fail(off int, msg string) *Error { return &Error{Off: off, Msg: msg} }

func (s *scanner) space() {
	for s.pos < len(s.src) && isSpace(s.src[s.pos]) {
		s.pos++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *scanner) has(p string) bool { return bytes.HasPrefix(s.src[s.pos:], []byte(p)) }

// closing is the delimiter that ends the tag: ">}}" or "%}}".
func (s *scanner) closing() string { return closing(s.delim) }

// closing is the delimiter that ends a tag opened with {{ and delim.
func closing(delim byte) string {
	if delim == '<' {
		return ">}}"
	}
	return "%}}"
}

// other is the closing delimiter of the other kind, a sign of a mismatched tag.
func (s *scanner) other() string {
	if s.delim == '<' {
		return "%}}"
	}
	return ">}}"
}

func (s *scanner) tag(start int) (Tag, *Error) {
	t := Tag{Start: start, Delim: s.delim}
	open := "{{" + string(s.delim)
	s.space()
	if s.has("/*") {
		t.Escaped = true
		s.pos += 2
		s.space()
	}
	if s.has("/") {
		t.Close = true
		s.pos++
		s.space()
	}
	nameAt := s.pos
	for s.pos < len(s.src) && isNameByte(s.src[s.pos]) {
		s.pos++
	}
	t.Name = string(s.src[nameAt:s.pos])
	if t.Name == "" || strings.HasPrefix(t.Name, "/") || strings.HasSuffix(t.Name, "/") {
		if s.pos >= len(s.src) {
			return t, s.fail(start, "unclosed shortcode tag: "+open+" without "+s.closing())
		}
		return t, s.fail(nameAt, "shortcode tag without a valid name after "+open)
	}
	for {
		s.space()
		if s.pos >= len(s.src) {
			return t, s.fail(start, "unclosed shortcode tag "+open+" "+t.Name+": no "+s.closing())
		}
		if t.Escaped && s.has("*/") {
			s.pos += 2
			s.space()
			if !s.has(s.closing()) {
				return t, s.fail(s.pos, "escaped shortcode "+t.Name+": */ must come right before "+s.closing())
			}
			s.pos += 3
			break
		}
		if s.has(s.closing()) {
			if t.Escaped {
				return t, s.fail(s.pos, "escaped shortcode "+t.Name+": no */ before "+s.closing())
			}
			s.pos += 3
			break
		}
		if s.has("/") && s.selfClosing() {
			t.SelfClose = true
			continue
		}
		if s.has(s.other()) {
			return t, s.fail(s.pos, "shortcode "+t.Name+" opened with "+open+" is closed with "+s.other()+"; write "+s.closing())
		}
		if s.has("{{") {
			return t, s.fail(start, "unclosed shortcode tag "+open+" "+t.Name+": no "+s.closing()+" before the next {{")
		}
		a, err := s.arg()
		if err != nil {
			return t, err
		}
		t.Args = append(t.Args, a)
	}
	t.End = s.pos
	return t, s.check(&t)
}

// selfClosing consumes the "/" of "/>}}" (or "/ */>}}" when escaped) and reports whether it was one.
func (s *scanner) selfClosing() bool {
	save := s.pos
	s.pos++
	s.space()
	if s.has(s.closing()) || s.has("*/") {
		return true
	}
	s.pos = save
	return false
}

// check applies the rules that need the whole tag.
func (s *scanner) check(t *Tag) *Error {
	if t.Close && len(t.Args) > 0 {
		return s.fail(t.Args[0].Off, "closing tag of "+t.Name+" takes no arguments")
	}
	if t.Close && t.SelfClose {
		return s.fail(t.Start, "tag of "+t.Name+" is both closing and self-closing")
	}
	named, positional := false, false
	for _, a := range t.Args {
		if a.Key == "" {
			positional = true
		} else {
			named = true
		}
	}
	if named && positional {
		return s.fail(t.Args[0].Off, "shortcode "+t.Name+" mixes named and positional arguments")
	}
	return nil
}

// isNameByte: names are letters, digits and _ - . / (a slash names a template in a sub-folder).
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '-' || c == '.' || c == '/' || c >= 0x80
}

// arg reads one argument: a value, or key=value; values are "quoted" (backslash escapes),
// `raw` or bare words.
func (s *scanner) arg() (Arg, *Error) {
	a := Arg{Off: s.pos}
	if s.src[s.pos] == '"' || s.src[s.pos] == '`' {
		v, err := s.quoted()
		a.Value = v
		return a, err
	}
	w := s.word()
	if w == "" {
		return a, s.fail(s.pos, "unexpected "+strings.TrimSpace(string(s.src[s.pos:min(s.pos+3, len(s.src))]))+" in shortcode tag")
	}
	if s.pos < len(s.src) && s.src[s.pos] == '=' {
		s.pos++
		a.Key = w
		if s.pos >= len(s.src) || isSpace(s.src[s.pos]) {
			return a, s.fail(s.pos, "argument "+w+"= has no value")
		}
		if s.src[s.pos] == '"' || s.src[s.pos] == '`' {
			v, err := s.quoted()
			a.Value = v
			return a, err
		}
		a.Value = s.word()
		return a, nil
	}
	a.Value = w
	return a, nil
}

// word reads a bare word: up to a space, '=', a quote or the tag's end.
func (s *scanner) word() string {
	start := s.pos
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if isSpace(c) || c == '=' || c == '"' || c == '`' || s.has(s.closing()) || s.has(s.other()) || s.has("{{") ||
			s.has("/"+s.closing()) || s.has("*/") {
			break
		}
		s.pos++
	}
	return string(s.src[start:s.pos])
}

// quoted reads a "double-quoted" (with \" and \\ escapes) or `raw` string. A
// double-quoted string ends at its line, so that a missing quote is reported where it is.
func (s *scanner) quoted() (string, *Error) {
	q := s.src[s.pos]
	start := s.pos
	s.pos++
	var b strings.Builder
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == q:
			s.pos++
			return b.String(), nil
		case c == '\n' && q == '"':
			return "", s.fail(start, "unterminated quoted argument: no closing \" on its line")
		case c == '\\' && q == '"' && s.pos+1 < len(s.src):
			b.WriteByte(s.src[s.pos+1])
			s.pos += 2
		default:
			b.WriteByte(c)
			s.pos++
		}
	}
	return "", s.fail(start, "unterminated quoted argument: no closing "+string(q))
}
