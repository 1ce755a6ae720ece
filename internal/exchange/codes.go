package exchange

import (
	"slices"
	"strings"
)

// A unit's inline markup, read from its markdown: code spans, shortcodes, HTML tags,
// autolinks, footnote references and {#id} are placeholders (XLIFF <ph>); links, images
// and emphasis wrap text (<pc>), their syntax and destination the codes around it.
// Joining the tokens' Text and Code.Data gives the unit's text back.

// Token is a piece of text or a code.
type Token struct {
	Text string
	Code *Code // nil for text
}

// Role is what a code is in its unit's text.
type Role int

const (
	Placeholder Role = iota // stands alone
	Open                    // opens a pair
	Close                   // closes the pair of the same ID
)

// Code is inline markup a translator moves but does not change.
type Code struct {
	ID   int
	Role Role
	Data string // the markdown it stands for
	// Guard is what the import check compares (a link's destination, the code itself),
	// "" for emphasis, which a translation may drop or add.
	Guard string
}

// Tokenize reads the inline markup of a unit's text.
func Tokenize(s string) []Token {
	t := &tokenizer{}
	t.run(s)
	t.flush()
	return t.out
}

type tokenizer struct {
	out  []Token
	text strings.Builder
	id   int
}

func (t *tokenizer) flush() {
	if t.text.Len() > 0 {
		t.out = append(t.out, Token{Text: t.text.String()})
		t.text.Reset()
	}
}

func (t *tokenizer) code(role Role, id int, data, guard string) {
	t.flush()
	t.out = append(t.out, Token{Code: &Code{ID: id, Role: role, Data: data, Guard: guard}})
}

func (t *tokenizer) next() int {
	t.id++
	return t.id
}

func (t *tokenizer) run(s string) {
	for i := 0; i < len(s); {
		if n := t.at(s, i); n > 0 {
			i += n
			continue
		}
		t.text.WriteByte(s[i])
		i++
	}
}

// at reads the markup starting at s[i], if any, and returns its length.
func (t *tokenizer) at(s string, i int) int {
	rest := s[i:]
	switch {
	case rest[0] == '\\' && len(rest) > 1:
		t.text.WriteString(rest[:2])
		return 2
	case rest[0] == '`':
		if n := codeSpan(rest); n > 0 {
			t.code(Placeholder, t.next(), rest[:n], "code "+rest[:n])
			return n
		}
		run := len(rest) - len(strings.TrimLeft(rest, "`"))
		t.text.WriteString(rest[:run]) // an unmatched run is text, whole
		return run
	case strings.HasPrefix(rest, "{{<") || strings.HasPrefix(rest, "{{%"):
		closer := ">}}"
		if rest[2] == '%' {
			closer = "%}}"
		}
		if end := strings.Index(rest, closer); end > 0 {
			n := end + len(closer)
			t.code(Placeholder, t.next(), rest[:n], "shortcode "+strings.Join(strings.Fields(rest[:n]), " "))
			return n
		}
	case strings.HasPrefix(rest, "{#"):
		if end := strings.IndexByte(rest, '}'); end > 0 && !strings.ContainsAny(rest[:end], " \n") {
			t.code(Placeholder, t.next(), rest[:end+1], "id "+rest[:end+1])
			return end + 1
		}
	case rest[0] == '<':
		if n := htmlTag(rest); n > 0 {
			t.code(Placeholder, t.next(), rest[:n], "html "+rest[:n])
			return n
		}
	case strings.HasPrefix(rest, "[^"):
		if end := strings.IndexByte(rest, ']'); end > 2 && !strings.ContainsAny(rest[:end], " \n[") {
			t.code(Placeholder, t.next(), rest[:end+1], "footnote "+rest[:end+1])
			return end + 1
		}
	case rest[0] == '[' || strings.HasPrefix(rest, "!["):
		return t.link(rest)
	case strings.HasPrefix(rest, "**") || strings.HasPrefix(rest, "__") || strings.HasPrefix(rest, "~~"):
		return t.pair(rest, rest[:2])
	case rest[0] == '*':
		return t.pair(rest, "*")
	}
	return 0
}

// codeSpan is the length of the code span at s[0], or 0.
func codeSpan(s string) int {
	run := len(s) - len(strings.TrimLeft(s, "`"))
	for i := run; i < len(s); {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			return 0
		}
		j += i
		k := j
		for k < len(s) && s[k] == '`' {
			k++
		}
		if k-j == run {
			return k
		}
		i = k
	}
	return 0
}

// htmlTag is the length of the HTML tag, comment or autolink at s[0], or 0.
func htmlTag(s string) int {
	if strings.HasPrefix(s, "<!--") {
		if end := strings.Index(s, "-->"); end > 0 {
			return end + 3
		}
		return 0
	}
	if len(s) < 3 {
		return 0
	}
	c := s[1]
	if c == '/' {
		c = s[2]
	}
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return 0
	}
	end := strings.IndexByte(s, '>')
	if end < 0 || strings.IndexByte(s[1:end], '<') >= 0 {
		return 0
	}
	return end + 1
}

// link reads a link or image at s[0]: [text](dest "title"), [text][label], [text][] or
// a shortcut [label] that is not followed by either; text stays text.
func (t *tokenizer) link(s string) int {
	open := 1
	if s[0] == '!' {
		open = 2
	}
	close := matchingBracket(s, open-1)
	if close < 0 {
		return 0
	}
	after := s[close+1:]
	var tail, guard string
	switch {
	case strings.HasPrefix(after, "("):
		end := matchingParen(after)
		if end < 0 {
			return 0
		}
		tail = "]" + after[:end+1]
		guard = "link " + destination(after[1:end])
	case strings.HasPrefix(after, "["):
		end := strings.IndexByte(after, ']')
		if end < 0 {
			return 0
		}
		tail = "]" + after[:end+1]
		guard = "ref " + strings.ToLower(after[1:end])
		if end == 1 {
			guard = "ref " + strings.ToLower(s[open:close])
		}
	default:
		return 0 // a shortcut reference or a bracket: text
	}
	if open == 2 {
		guard = "image " + strings.TrimPrefix(guard, "link ")
	}
	id := t.next()
	t.code(Open, id, s[:open], "")
	t.run(s[open:close])
	t.code(Close, id, tail, guard)
	return close + len(tail)
}

// matchingBracket is the index of the ] that closes the [ at s[at], or -1.
func matchingBracket(s string, at int) int {
	depth := 0
	for i := at; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			if n := codeSpan(s[i:]); n > 0 {
				i += n - 1
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// matchingParen is the index of the ) that closes the ( at s[0], or -1.
func matchingParen(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// destination is a link's destination without its title.
func destination(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<") {
		if end := strings.IndexByte(s, '>'); end > 0 {
			return s[1:end]
		}
	}
	if i := strings.IndexAny(s, " \t\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// pair reads emphasis opened by delim at s[0] and closed by the next delim.
func (t *tokenizer) pair(s, delim string) int {
	inner := s[len(delim):]
	if inner == "" || inner[0] == ' ' || strings.HasPrefix(inner, delim) {
		return 0
	}
	end := strings.Index(inner, delim)
	if delim == "*" {
		for end >= 0 && end+1 < len(inner) && inner[end+1] == '*' {
			next := strings.Index(inner[end+2:], "*")
			if next < 0 {
				return 0
			}
			end += 2 + next
		}
	}
	if end <= 0 || inner[end-1] == ' ' {
		return 0
	}
	id := t.next()
	t.code(Open, id, delim, "")
	t.run(inner[:end])
	t.code(Close, id, delim, "")
	return len(delim) + end + len(delim)
}

// Guards lists, sorted, what a text's protected markup is: what the import check compares.
func Guards(tokens []Token) []string {
	var out []string
	for _, tk := range tokens {
		if tk.Code != nil && tk.Code.Guard != "" {
			// white space as markdown reads it: a line break in a code span or a label
			// is a space, and runs of spaces are one
			out = append(out, strings.Join(strings.Fields(tk.Code.Guard), " "))
		}
	}
	slices.Sort(out)
	return out
}

// Join is the text tokens stand for.
func Join(tokens []Token) string {
	var b strings.Builder
	for _, tk := range tokens {
		if tk.Code != nil {
			b.WriteString(tk.Code.Data)
		} else {
			b.WriteString(tk.Text)
		}
	}
	return b.String()
}
