package table

import (
	"strings"
	"unicode/utf8"
)

// normalizeInlines collapses white space the way HTML displays it, trims it at the start and end
// of the paragraph and around line breaks, drops line breaks at either end and repeated ones,
// merges neighbouring text and removes empty containers.
func normalizeInlines(ins []Inline) []Inline {
	return normalizeInlinesIn(nil, ins)
}

// normalizeInlinesIn is normalizeInlines, taking the slices it makes from a (from the heap when
// a is nil).
func normalizeInlinesIn(a *cellArena, ins []Inline) []Inline {
	start, space := true, true
	ins = squeeze(a, ins, &start, &space)
	end := true
	return trimEnd(ins, &end)
}

// squeeze is the forward pass of normalizeInlines. start: nothing visible emitted yet;
// space: the last thing emitted ends in white space or is a line break.
func squeeze(a *cellArena, ins []Inline, start, space *bool) []Inline {
	var out []Inline // made on the first append: most white space between blocks yields nothing
	add := func(in Inline) {
		if out == nil {
			out = a.inlineSlice(len(ins)) // one per input at most: it never grows
		}
		out = append(out, in)
	}
	for _, in := range ins {
		switch in.Kind {
		case Text:
			s := collapseSpace(in.Text)
			if *space {
				s = strings.TrimLeft(s, " ")
			}
			if s == "" {
				continue
			}
			*start, *space = false, strings.HasSuffix(s, " ")
			if n := len(out); n > 0 && out[n-1].Kind == Text {
				out[n-1].Text += s
				continue
			}
			add(Inline{Kind: Text, Text: s})
		case Code:
			s := strings.TrimSpace(collapseSpace(in.Text))
			if s == "" {
				continue
			}
			*start, *space = false, false
			add(Inline{Kind: Code, Text: s})
		case Image:
			*start, *space = false, false
			add(Inline{Kind: Image, Href: strings.ToValidUTF8(in.Href, "\uFFFD"), Text: collapseSpace(in.Text)})
		case Break:
			if *start {
				continue
			}
			*space = true
			add(Inline{Kind: Break})
		default:
			kids := squeeze(a, in.Children, start, space)
			if len(kids) == 0 {
				continue
			}
			href := strings.ToValidUTF8(in.Href, "\uFFFD")
			add(Inline{Kind: in.Kind, Href: href, Children: kids})
		}
	}
	return out
}

// trimEnd is the backward pass of normalizeInlines. end: only line breaks or nothing follow.
// It works in place: squeeze made ins and their children.
func trimEnd(ins []Inline, end *bool) []Inline {
	w := len(ins) // ins[w:] is the output so far
	for i := len(ins) - 1; i >= 0; i-- {
		in := ins[i]
		switch in.Kind {
		case Text:
			if *end {
				in.Text = strings.TrimRight(in.Text, " ")
			}
			if in.Text == "" {
				continue
			}
			*end = false
		case Code, Image:
			*end = false
		case Break:
			if *end {
				continue
			}
			*end = true
		default:
			in.Children = trimEnd(in.Children, end)
			if len(in.Children) == 0 {
				continue
			}
		}
		w--
		ins[w] = in
	}
	if w == len(ins) {
		return nil
	}
	return ins[w:]
}

// collapseSpace replaces each run of HTML white space (space, tab, newline, carriage return,
// form feed) with one space. Other spaces, such as U+00A0 and U+3000, are text. Invalid UTF-8
// and NUL become U+FFFD, as HTML parsers would read them.
func collapseSpace(s string) string {
	if collapsed(s) {
		return s
	}
	if strings.Trim(s, htmlSpace) == "" {
		return " " // the white space between the tags of a cell: no copy
	}
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	inSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			if !inSpace {
				b.WriteByte(' ')
			}
			inSpace = true
			continue
		}
		inSpace = false
		b.WriteByte(c)
	}
	return b.String()
}

// htmlSpace holds the characters HTML counts as white space.
const htmlSpace = " \t\n\r\f"

// collapsed reports whether collapseSpace would return s unchanged: valid UTF-8 without NUL,
// and no white space but single spaces.
func collapsed(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 0, '\t', '\n', '\r', '\f':
			return false
		case ' ':
			if i > 0 && s[i-1] == ' ' {
				return false
			}
		default:
			if c >= utf8.RuneSelf {
				ascii = false
			}
		}
	}
	return ascii || utf8.ValidString(s)
}
