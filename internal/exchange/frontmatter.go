package exchange

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"docsite/internal/config"
)

// frontMatter makes units of the front matter's text keys (Page.TextKeys) that hold
// a one-line string; every other byte of the block is skeleton. A key written in a form
// this does not read (a YAML block scalar, a value on the next line) stays as it is.
func (s *segmenter) frontMatter() {
	src := s.src
	skip := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		skip = 3
	}
	rest := src[skip:]
	var sep byte
	switch {
	case bytes.HasPrefix(rest, []byte("---")):
		sep = ':'
	case bytes.HasPrefix(rest, []byte("+++")):
		sep = '='
	case bytes.HasPrefix(bytes.TrimLeft(rest, " \t"), []byte("{")):
		sep = 'j'
	default:
		return
	}
	fence := string(rest[:3])
	at := skip + bytes.IndexByte(rest, '\n') + 1
	if at <= skip {
		return
	}
	if sep == 'j' {
		at = skip // JSON keys may sit on the first line
	}
	for at < len(src) {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src) - at
		}
		line := src[at : at+end]
		trimmed := strings.TrimRight(string(line), "\r \t")
		if sep != 'j' && trimmed == fence {
			return
		}
		if sep == 'j' && strings.HasPrefix(trimmed, "}") {
			return
		}
		s.frontMatterLine(line, at, sep)
		at += end + 1
	}
}

// frontMatterLine makes a unit of one line of the front matter at offset at, when it sets
// a text key to a string.
func (s *segmenter) frontMatterLine(line []byte, at int, sep byte) {
	name, valStart := keyOf(line, sep)
	if name == "" {
		return
	}
	field := ""
	keys := s.p.TextKeys
	if keys == nil {
		keys = config.DefaultFrontMatterKeys
	}
	for _, k := range keys {
		if strings.EqualFold(k, name) {
			field = strings.ToLower(k)
		}
	}
	if field == "" {
		return
	}
	v := line[valStart:]
	v = v[:len(bytes.TrimRight(v, "\r \t,"))]
	lead := len(v) - len(bytes.TrimLeft(v, " \t"))
	v = v[lead:]
	start := at + valStart + lead
	text, enc, n, ok := decodeValue(v, sep)
	if !ok || !translatable(text) {
		return
	}
	s.units = append(s.units, Unit{Key: Key{Section: -1, Block: -1, Field: field}, What: "front matter " + name,
		Line: bytes.Count(s.src[:at], []byte("\n")) + 1, Text: text,
		Hole: Hole{Start: start, End: start + n, OneLine: true, Enc: enc}})
}

// keyOf reads the key a top-level front matter line sets and where its value starts.
func keyOf(line []byte, sep byte) (string, int) {
	if sep == 'j' {
		t := bytes.TrimLeft(line, " \t{")
		off := len(line) - len(t)
		if len(t) == 0 || t[0] != '"' {
			return "", 0
		}
		end := bytes.IndexByte(t[1:], '"')
		if end < 0 {
			return "", 0
		}
		colon := bytes.IndexByte(t[end+2:], ':')
		if colon < 0 || len(bytes.TrimSpace(t[end+2:end+2+colon])) != 0 {
			return "", 0
		}
		return string(t[1 : end+1]), off + end + 2 + colon + 1
	}
	if len(line) == 0 || line[0] == ' ' || line[0] == '\t' {
		return "", 0 // not a top-level key
	}
	i := bytes.IndexByte(line, sep)
	if i <= 0 {
		return "", 0
	}
	name := strings.TrimSpace(string(line[:i]))
	for _, c := range []byte(name) {
		if !isNameByte(c) {
			return "", 0
		}
	}
	return name, i + 1
}

// decodeValue reads a one-line string value and says how it is written and how many
// bytes it takes.
func decodeValue(v []byte, sep byte) (text string, enc Encoding, n int, ok bool) {
	if len(v) == 0 {
		return "", 0, 0, false
	}
	switch v[0] {
	case '"':
		end := closingQuote(v)
		if end < 0 {
			return "", 0, 0, false
		}
		t, err := strconv.Unquote(string(v[:end+1]))
		if sep == 'j' {
			err = json.Unmarshal(v[:end+1], &t)
		}
		enc := YAMLDouble
		switch sep {
		case '=':
			enc = TOMLBasic
		case 'j':
			enc = JSONString
		}
		return t, enc, end + 1, err == nil && commentOnly(v[end+1:], sep)
	case '\'':
		if sep == 'j' {
			return "", 0, 0, false
		}
		if sep == '=' {
			end := bytes.IndexByte(v[1:], '\'')
			if end < 0 || !commentOnly(v[end+2:], sep) {
				return "", 0, 0, false
			}
			return string(v[1 : end+1]), TOMLLiteral, end + 2, true
		}
		var b strings.Builder
		for i := 1; i < len(v); i++ {
			if v[i] == '\'' {
				if i+1 < len(v) && v[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				return b.String(), YAMLSingle, i + 1, commentOnly(v[i+1:], sep)
			}
			b.WriteByte(v[i])
		}
		return "", 0, 0, false
	}
	if sep != ':' || bytes.ContainsAny(v[:1], "|>[{&*!%@`#") {
		return "", 0, 0, false
	}
	t := v
	if c := bytes.Index(t, []byte(" #")); c >= 0 {
		t = t[:c]
	}
	t = bytes.TrimRight(t, " \t")
	return string(t), YAMLPlain, len(t), true
}

// closingQuote is the index of the quote that closes a double-quoted string at v[0].
func closingQuote(v []byte) int {
	for i := 1; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// commentOnly reports whether what follows a value is only a comment (or nothing).
func commentOnly(rest []byte, sep byte) bool {
	rest = bytes.TrimLeft(rest, " \t")
	return len(rest) == 0 || sep != 'j' && rest[0] == '#'
}
