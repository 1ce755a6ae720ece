package exchange

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Hole is where a unit's text lies in its file, and how a new text is written there.
type Hole struct {
	Start, End int // bytes of the file
	// Seps are the bytes between the text's lines in the file (a line break and the
	// quote or indentation that continues the block); Prefix continues a line added after
	// them.
	Seps   []string
	Prefix string
	// OneLine holes (headings, cells, attributes, front matter) take a text's line
	// breaks as spaces.
	OneLine bool
	Enc     Encoding
	// Raw holes are empty places where a new block is added: its text is written as is.
	Raw bool
}

// Encoding is how a front matter value is written; body text is written as it is.
type Encoding int

const (
	Markdown Encoding = iota
	YAMLPlain
	YAMLDouble
	YAMLSingle
	TOMLBasic
	TOMLLiteral
	JSONString
)

// A Fill is the new text of one hole.
type Fill struct {
	Hole Hole
	Old  string // the unit's text as the file holds it now
	New  string
}

// Rebuild returns raw with each fill's hole holding its new text: a text equal to the old
// one but for white space keeps the file's bytes. Holes must not overlap.
func Rebuild(raw []byte, fills []Fill) []byte {
	fills = slices.Clone(fills)
	slices.SortStableFunc(fills, func(a, b Fill) int { return a.Hole.Start - b.Hole.Start })
	var out bytes.Buffer
	out.Grow(len(raw))
	at := 0
	for _, f := range fills {
		out.Write(raw[at:f.Hole.Start])
		if sameText(f.Old, f.New) {
			out.Write(raw[f.Hole.Start:f.Hole.End])
		} else {
			out.WriteString(f.Hole.write(f.New))
		}
		at = f.Hole.End
	}
	out.Write(raw[at:])
	return out.Bytes()
}

// sameText reports whether a and b differ at most in white space.
func sameText(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}

// write is text as the hole's place in the file needs it.
func (h Hole) write(text string) string {
	if h.Raw {
		return text
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if h.OneLine || h.Enc != Markdown {
		text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", " ")), " ")
	}
	switch h.Enc {
	case YAMLPlain:
		if plainYAML(text) {
			return text
		}
		return quoteDouble(text)
	case YAMLDouble, TOMLBasic:
		return quoteDouble(text)
	case YAMLSingle:
		return "'" + strings.ReplaceAll(text, "'", "''") + "'"
	case TOMLLiteral:
		if strings.ContainsRune(text, '\'') {
			return quoteDouble(text)
		}
		return "'" + text + "'"
	case JSONString:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(text)
		return strings.TrimSuffix(b.String(), "\n")
	}
	lines := strings.Split(strings.TrimRight(flank(text), "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			switch {
			case i-1 < len(h.Seps):
				b.WriteString(h.Seps[i-1])
			case len(h.Seps) > 0:
				b.WriteString(h.Seps[len(h.Seps)-1])
			default:
				b.WriteString("\n" + h.Prefix)
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// quoteDouble writes s as a double-quoted string that YAML, TOML and JSON all read.
func quoteDouble(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// plainYAML reports whether s reads back as itself written as a plain YAML scalar.
func plainYAML(s string) bool {
	if s == "" || s != strings.TrimSpace(s) || strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`") {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "~":
		return false
	}
	return strings.IndexFunc(s[:1], func(r rune) bool { return r >= '0' && r <= '9' }) < 0
}
