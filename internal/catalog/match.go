package catalog

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
)

// Matcher finds mentions of the catalog's GPU models in plain text.
//
// A mention is one of a model's `mentions` forms, optionally after a brand word (Tesla, Quadro, and
// on Chinese and Japanese pages their transliterations 特斯拉, 夸德罗, テスラ, クアドロ), which is
// then part of the link. Inside a form, a space and the step from letters to digits match an
// optional space, so "M40" finds "M 40"; letters match in either case. It is not a mention when:
//   - a Latin letter or digit touches it on either side ("AM40X", "P4000" for P4, "GN4"), except
//     a plural "s" ("P40s", linked; "V100S" with a capital S is another model and is not) and the
//     translation debris "T2", "T3", "T5" the seed tables glue to names ("V100T3");
//   - it starts with a lower-case letter followed by a space ("a 4000 W"), which prose uses freely;
//   - it stands in a list next to a bare code that is not a GPU ("P3、P4、G3" lists EC2 instance
//     families, not the Tesla P4; a neighbour with a brand word, "特斯拉 M60、T4", is a GPU).
type Matcher struct {
	re     *regexp.Regexp
	ids    []string // ids[i] is the GPU of capture group i+1
	brands []string
}

// Match is one mention: the GPU id and its byte range in the text, brand word included.
type Match struct {
	GPU        string
	Start, End int
}

// brands are the words that may precede a model name, by language.
var brands = map[string][]string{
	"en": {"Tesla", "Quadro"},
	"zh": {"Tesla", "Quadro", "特斯拉", "夸德罗"},
	"ja": {"Tesla", "Quadro", "テスラ", "クアドロ"},
}

// NewMatcher compiles the mention forms of every GPU in c for pages in lang.
func NewMatcher(c *Catalog, lang language.Tag) *Matcher {
	type form struct{ pattern, id string }
	var forms []form
	for _, g := range c.GPUs {
		for _, m := range g.Mentions {
			forms = append(forms, form{m, g.ID})
		}
	}
	// Longer forms first, so "A100" wins over "A10" and "K40M" over "K40".
	slices.SortStableFunc(forms, func(a, b form) int {
		return cmp.Or(cmp.Compare(len(b.pattern), len(a.pattern)), cmp.Compare(a.pattern, b.pattern))
	})
	m := &Matcher{}
	alts := make([]string, len(forms))
	for i, f := range forms {
		alts[i] = "(" + formPattern(f.pattern) + ")"
		m.ids = append(m.ids, f.id)
	}
	m.brands = brands[langBase(lang)]
	if m.brands == nil {
		m.brands = brands["en"]
	}
	quoted := make([]string, len(m.brands))
	for i, b := range m.brands {
		quoted[i] = regexp.QuoteMeta(b)
	}
	expr := `(?i)(?:(?:` + strings.Join(quoted, "|") + `)` + optSpace + `)?(?:` + strings.Join(alts, "|") + `)`
	if len(alts) == 0 {
		expr = `[^\s\S]` // matches nothing
	}
	m.re = regexp.MustCompile(expr)
	return m
}

const optSpace = `[ \x{00A0}\x{3000}]?`

// formPattern turns "RTX A6000" into RTX␣?A␣?6000.
func formPattern(form string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range form {
		switch {
		case r == ' ':
			b.WriteString(optSpace)
			prev = 0
			continue
		case unicode.IsDigit(r) && unicode.IsLetter(prev):
			b.WriteString(optSpace)
		}
		b.WriteString(regexp.QuoteMeta(string(r)))
		prev = r
	}
	return b.String()
}

// Find returns the mentions in text, in order, not overlapping.
func (m *Matcher) Find(text string) []Match {
	var out []Match
	for pos := 0; pos < len(text); {
		loc := m.re.FindStringSubmatchIndex(text[pos:])
		if loc == nil {
			break
		}
		start, end := pos+loc[0], pos+loc[1]
		id, formStart := m.group(loc, pos)
		if m.accept(text, start, formStart, end) {
			out = append(out, Match{GPU: id, Start: start, End: end})
			pos = end
			continue
		}
		_, size := utf8.DecodeRuneInString(text[start:])
		pos = start + max(size, 1)
	}
	return out
}

// group returns the GPU of the alternative that matched and where the model form starts.
func (m *Matcher) group(loc []int, pos int) (string, int) {
	for i := range m.ids {
		if s := loc[2+2*i]; s >= 0 {
			return m.ids[i], pos + s
		}
	}
	return "", pos + loc[0]
}

func (m *Matcher) accept(text string, start, formStart, end int) bool {
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); isAlnum(r) {
		return false
	}
	if !boundaryAfter(text[end:]) {
		return false
	}
	form := text[formStart:end]
	if r, _ := utf8.DecodeRuneInString(form); unicode.IsLower(r) && strings.ContainsAny(form, " \u00a0\u3000") {
		return false
	}
	return !listedWithNonGPU(m, text[:start], text[end:])
}

func isAlnum(r rune) bool {
	return r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

var debris = regexp.MustCompile(`^(?:s|T[0-9])`)

// boundaryAfter reports whether what follows a form ends the word: nothing alphanumeric, or a
// plural s or table debris followed by nothing alphanumeric.
func boundaryAfter(rest string) bool {
	if d := debris.FindString(rest); d != "" {
		rest = rest[len(d):]
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !isAlnum(r)
}

var (
	codeBefore = regexp.MustCompile(`(?:^|[^A-Za-z0-9])([A-Za-z][0-9]+[A-Za-z]?)\s*[、,，/]\s*$`)
	codeAfter  = regexp.MustCompile(`^\s*[、,，/]\s*([A-Za-z][0-9]+[A-Za-z]?)(?:[^A-Za-z0-9]|$)`)
)

// listedWithNonGPU reports a list neighbour that looks like a model code but is neither one of
// the catalog's forms nor preceded by a brand word.
func listedWithNonGPU(m *Matcher, before, after string) bool {
	if sm := codeBefore.FindStringSubmatchIndex(before); sm != nil {
		code := before[sm[2]:sm[3]]
		if !m.isForm(code) && !m.hasBrand(before[:sm[2]]) {
			return true
		}
	}
	if sm := codeAfter.FindStringSubmatch(after); sm != nil && !m.isForm(sm[1]) {
		return true
	}
	return false
}

// isForm reports whether code, whole, is a mention form (without the list check: no recursion).
func (m *Matcher) isForm(code string) bool {
	loc := m.re.FindStringIndex(code)
	return loc != nil && loc[0] == 0 && loc[1] == len(code)
}

func (m *Matcher) hasBrand(text string) bool {
	text = strings.TrimRight(text, " \u00a0\u3000")
	for _, b := range m.brands {
		if len(text) >= len(b) && strings.EqualFold(text[len(text)-len(b):], b) {
			return true
		}
	}
	return false
}
