package gpu

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
)

// Matcher finds mentions of the catalog's GPU models in plain text.
//
// A mention is one of a model's `mentions` forms, optionally after a brand word (Tesla, Quadro, and
// on Chinese and Japanese pages their transliterations 特斯拉, 夸德罗, テスラ, クアドロ), which is
// then part of the link. Inside a form, a space and the step from letters to digits may hold one
// space, so "M40" finds "M 40"; Latin letters match in either case. It is not a mention when:
//   - a Latin letter or digit touches it on either side ("AM40X", "P4000" for P4, "GN4"), except
//     a plural "s" ("P40s", linked; "V100S" with a capital S is another model and is not) and the
//     translation debris "T2", "T3", "T5" the seed tables glue to names ("V100T3");
//   - it starts with a lower-case letter followed by a space ("a 4000 W"), which prose uses freely;
//   - it stands in a list next to a bare code that is not a GPU ("P3、P4、G3" lists EC2 instance
//     families, not the Tesla P4; a neighbour with a brand word, "特斯拉 M60、T4", is a GPU).
//
// It scans by hand rather than with one large regular expression: a mention must start at a
// Latin letter that begins a word, so most of the text is skipped at the cost of a byte compare.
type Matcher struct {
	forms  map[string]form // by key: upper case, spaces removed ("RTXA6000")
	maxKey int
	brands []string
}

type form struct {
	gpu    string
	spaces uint64 // bit i: a space may come before key byte i
}

// Match is one mention: the GPU id and its byte range in the text, brand word included.
type Match struct {
	GPU        string
	Start, End int
}

// NewMatcher indexes the mention forms of every GPU in c for pages in lang. When two models share
// a form, the first in catalog order keeps it.
func NewMatcher(c *Catalog, lang language.Tag) *Matcher {
	m := &Matcher{forms: map[string]form{}}
	m.brands = append(m.brands, c.Brands["all"]...)
	m.brands = append(m.brands, c.Brands[langBase(lang)]...)
	if s := lang.String(); s != langBase(lang) {
		m.brands = append(m.brands, c.Brands[s]...)
	}
	for _, g := range c.GPUs {
		for _, f := range g.Mentions {
			key, spaces := formKey(f)
			if _, dup := m.forms[key]; !dup && key != "" && len(key) < 64 {
				m.forms[key] = form{g.ID, spaces}
				m.maxKey = max(m.maxKey, len(key))
			}
		}
	}
	return m
}

// formKey turns "RTX A6000" into "RTXA6000" and the places a space may stand: the form's own
// spaces and each step from a letter to a digit.
func formKey(f string) (string, uint64) {
	var key []byte
	var spaces uint64
	for i := 0; i < len(f); i++ {
		b := f[i]
		switch {
		case b == ' ':
			spaces |= 1 << len(key)
			continue
		case isDigit(b) && len(key) > 0 && isLetter(key[len(key)-1]):
			spaces |= 1 << len(key)
		}
		key = append(key, upper(b))
	}
	return string(key), spaces
}

func isDigit(b byte) bool  { return '0' <= b && b <= '9' }
func isLetter(b byte) bool { return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' }
func isAlnumByte(b byte) bool {
	return isDigit(b) || isLetter(b)
}
func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// Find returns the mentions in text, in order, not overlapping.
func (m *Matcher) Find(text string) []Match {
	// Every form holds a digit; most prose holds none.
	if !strings.ContainsAny(text, "0123456789") {
		return nil
	}
	var out []Match
	for i := 0; i < len(text); i++ {
		if !isLetter(text[i]) || (i > 0 && isAlnumByte(text[i-1])) {
			continue
		}
		gpu, end, ok := m.longest(text, i)
		if !ok || !m.accept(text, i, end) {
			continue
		}
		start := m.brandStart(text, i)
		out = append(out, Match{GPU: gpu, Start: start, End: end})
		i = end - 1
	}
	return out
}

// longest finds the longest form starting at i, and where it ends in the text.
func (m *Matcher) longest(text string, i int) (string, int, bool) {
	var key []byte
	var spaces uint64
	ends := make([]int, 0, m.maxKey)
	for j := i; j < len(text) && len(key) < m.maxKey; {
		if n := spaceAt(text, j); n > 0 && len(key) > 0 && j+n < len(text) && isAlnumByte(text[j+n]) {
			spaces |= 1 << len(key)
			j += n
			continue
		}
		if !isAlnumByte(text[j]) {
			break
		}
		key = append(key, upper(text[j]))
		j++
		ends = append(ends, j)
	}
	for k := len(key); k > 0; k-- {
		f, ok := m.forms[string(key[:k])]
		if ok && spaces&(1<<k-1)&^f.spaces == 0 && boundaryAfter(text[ends[k-1]:]) {
			return f.gpu, ends[k-1], true
		}
	}
	return "", 0, false
}

// spaceAt returns the length of the space (ASCII, no-break or ideographic) at text[j], or 0.
func spaceAt(text string, j int) int {
	switch {
	case text[j] == ' ':
		return 1
	case strings.HasPrefix(text[j:], "\u00a0"):
		return len("\u00a0")
	case strings.HasPrefix(text[j:], "\u3000"):
		return len("\u3000")
	}
	return 0
}

var debris = regexp.MustCompile(`^(?:s|T[0-9])`)

// boundaryAfter reports whether what follows a form ends the word: nothing alphanumeric, or a
// plural s or table debris followed by nothing alphanumeric.
func boundaryAfter(rest string) bool {
	if d := debris.FindString(rest); d != "" {
		rest = rest[len(d):]
	}
	return rest == "" || !isAlnumByte(rest[0])
}

func (m *Matcher) accept(text string, start, end int) bool {
	form := text[start:end]
	if unicode.IsLower(rune(form[0])) && strings.ContainsAny(form, " \u00a0\u3000") {
		return false
	}
	return !m.listedWithNonGPU(text[:start], text[end:])
}

// brandStart moves the start of a mention back over a brand word and one space before it.
func (m *Matcher) brandStart(text string, start int) int {
	before := text[:start]
	trimmed := before
	if r, n := utf8.DecodeLastRuneInString(before); r == ' ' || r == '\u00a0' || r == '\u3000' {
		trimmed = before[:len(before)-n]
	}
	for _, b := range m.brands {
		if len(trimmed) < len(b) || !strings.EqualFold(trimmed[len(trimmed)-len(b):], b) {
			continue
		}
		s := len(trimmed) - len(b)
		if s > 0 && isAlnumByte(text[s-1]) && isLetter(b[0]) {
			continue // "XTesla" is not the brand
		}
		return s
	}
	return start
}

var (
	codeBefore = regexp.MustCompile(`(?:^|[^A-Za-z0-9])([A-Za-z][0-9]+[A-Za-z]?)\s*[、,，/]\s*$`)
	codeAfter  = regexp.MustCompile(`^\s*[、,，/]\s*([A-Za-z][0-9]+[A-Za-z]?)(?:[^A-Za-z0-9]|$)`)
)

// listedWithNonGPU reports a list neighbour that looks like a model code but is neither one of
// the catalog's forms nor preceded by a brand word.
func (m *Matcher) listedWithNonGPU(before, after string) bool {
	if !endsWithSeparator(strings.TrimRight(before, " ")) && !startsWithSeparator(strings.TrimLeft(after, " ")) {
		return false
	}
	if len(before) > 64 {
		before = before[len(before)-64:]
	}
	if sm := codeBefore.FindStringSubmatchIndex(before); sm != nil {
		code := before[sm[2]:sm[3]]
		if !m.isForm(code) && m.brandStart(before, sm[2]) == sm[2] {
			return true
		}
	}
	if len(after) > 64 {
		after = after[:64]
	}
	if sm := codeAfter.FindStringSubmatch(after); sm != nil && !m.isForm(sm[1]) {
		return true
	}
	return false
}

func endsWithSeparator(s string) bool {
	return strings.HasSuffix(s, "、") || strings.HasSuffix(s, ",") || strings.HasSuffix(s, "，") || strings.HasSuffix(s, "/")
}

func startsWithSeparator(s string) bool {
	return strings.HasPrefix(s, "、") || strings.HasPrefix(s, ",") || strings.HasPrefix(s, "，") || strings.HasPrefix(s, "/")
}

// isForm reports whether code, whole, is a mention form.
func (m *Matcher) isForm(code string) bool {
	_, end, ok := m.longest(code, 0)
	return ok && end == len(code)
}
