package exchange

import (
	"strings"
)

// Reference links whose label is their text, [Text][] and [Text], break when the text is
// translated: the label no longer names a definition of the page. The check sees a
// shortcut reference by the destination its label has (Tokenize cannot: it does not know
// the page's definitions), and relabel gives a translated one its source's label back,
// [訳][Text], so that it keeps its destination.

// refLink is a reference link in a unit's text.
type refLink struct {
	start, end int    // the whole link
	text       string // between the first brackets
	label      string // what it refers to
	shortcut   bool   // [text], and not [text][]
	collapsed  bool   // [text][]
}

// refLinks finds the collapsed and shortcut reference links of s whose label ref
// resolves, and the collapsed ones that do not (shortcut ones that do not are brackets).
func refLinks(s string, ref func(string) (string, bool)) []refLink {
	var out []refLink
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
			continue
		case s[i] == '`':
			if n := codeSpan(s[i:]); n > 0 {
				i += n - 1
			}
			continue
		case s[i] == '<':
			if n := htmlTag(s[i:]); n > 0 {
				i += n - 1
			}
			continue
		case strings.HasPrefix(s[i:], "{{<") || strings.HasPrefix(s[i:], "{{%"):
			if end := strings.Index(s[i:], "}}"); end > 0 {
				i += end + 1
			}
			continue
		case s[i] != '[' || strings.HasPrefix(s[i:], "[^"):
			continue
		}
		close := matchingBracket(s, i)
		if close < 0 {
			continue
		}
		l := refLink{start: i, text: s[i+1 : close]}
		after := s[close+1:]
		switch {
		case strings.HasPrefix(after, "[]"):
			l.collapsed, l.label, l.end = true, l.text, close+3
		case strings.HasPrefix(after, "("):
			if end := matchingParen(after); end >= 0 {
				close += end + 1
			}
			i = close // an inline link: the tokenizer's
			continue
		case strings.HasPrefix(after, "["):
			if end := strings.IndexByte(after, ']'); end >= 0 {
				close += end + 1
			}
			i = close // a full reference: the tokenizer's
			continue
		default:
			l.shortcut, l.label, l.end = true, l.text, close+1
			if _, ok := ref(l.label); !ok {
				continue // brackets
			}
		}
		if i > 0 && s[i-1] == '!' {
			continue // an image's alt is text of its own
		}
		out = append(out, l)
		i = l.end - 1
	}
	return out
}

// shortcutGuards are the destinations of the shortcut references of s, as guards.
func shortcutGuards(s string, ref func(string) (string, bool)) []string {
	var out []string
	for _, l := range refLinks(s, ref) {
		if l.shortcut {
			dest, _ := ref(l.label)
			out = append(out, "link "+dest)
		}
	}
	return out
}

// relabel gives each collapsed or shortcut reference of a translation whose label its page
// does not define the label of the source's reference in the same place among them, when
// the page defines that one: [訳][] and [訳] become [訳][Text].
func relabel(translation, source string, srcRef, tgtRef func(string) (string, bool)) string {
	var want []refLink
	for _, l := range refLinks(source, srcRef) {
		if l.shortcut || l.collapsed {
			want = append(want, l)
		}
	}
	// a translated shortcut reference is brackets to refLinks: look for every bracket pair
	anyRef := func(string) (string, bool) { return "", true }
	have := refLinks(translation, anyRef)
	var b strings.Builder
	at, k := 0, 0
	for _, l := range have {
		if !l.shortcut && !l.collapsed {
			continue
		}
		if k >= len(want) {
			break
		}
		w := want[k]
		k++
		if _, ok := tgtRef(l.label); ok {
			continue // still a reference of its own
		}
		if _, ok := tgtRef(w.label); !ok {
			continue
		}
		b.WriteString(translation[at:l.start])
		b.WriteString("[" + l.text + "][" + w.label + "]")
		at = l.end
	}
	if at == 0 {
		return translation
	}
	b.WriteString(translation[at:])
	return b.String()
}
