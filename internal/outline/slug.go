package outline

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug turns heading text into an anchor id: folded (Fold) and lower-cased, letters and
// digits of every script kept, every other run of characters one hyphen, no hyphen at either
// end. A CJK heading keeps its characters ("为什么选择 GPU 云服务器" → "为什么选择-gpu-云服务器"):
// HTML ids and URL fragments may hold any non-space character, browsers show them readably,
// and no transliteration is both available offline and right. Text without a letter or digit
// gives "".
func Slug(text string) string {
	var sb strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(Fold(text)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			if hyphen && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			hyphen = false
			sb.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return sb.String()
}

// setSlugs gives every section a slug unique within its page: the author's id when the
// heading has one ({#id}), else one made from its text; a heading without letters or
// digits becomes "section-N" (N its position among the page's sections). A slug already taken
// is prefixed with its parent section's slug ("阿里云-产品价格" for the second "产品价格"),
// which keeps it stable when sections are added elsewhere in the page, and only then
// numbered ("-2", "-3", …). The intro has the empty slug.
func setSlugs(p *Page) {
	used := slugsUsed{"": 1}
	for _, s := range p.Sections {
		if s.Explicit != "" {
			used[s.Explicit] = 1
		}
	}
	for i, s := range p.Sections {
		if s.Level == 0 {
			continue
		}
		if s.Explicit != "" {
			s.Slug = s.Explicit
			continue
		}
		base := Slug(s.Title)
		if base == "" {
			base = "section-" + strconv.Itoa(i+1)
		}
		if used[base] > 0 && s.Parent >= 0 && p.Sections[s.Parent].Slug != "" {
			base = p.Sections[s.Parent].Slug + "-" + base
		}
		s.Slug = unique(base, used)
	}
}

// slugsUsed holds the slugs of a page taken so far, each with the number unique tries
// first after it (1 for a slug never given as a base): every base-n below that number is
// taken already, and stays taken, so a page of many like headings is not numbered from 2
// again for each one.
type slugsUsed map[string]int

// unique returns base, or base-2, base-3, … whichever is first unused, and marks it used.
func unique(base string, used slugsUsed) string {
	n := max(used[base], 1)
	id := base
	if n > 1 {
		id = base + "-" + strconv.Itoa(n)
	}
	for used[id] > 0 {
		n++
		id = base + "-" + strconv.Itoa(n)
	}
	used[id] = max(used[id], 1)
	used[base] = n + 1
	return id
}

// SetIDs writes every section's ID as the id attribute of its heading node, so the renderer
// emits <h2 id="…">. Call it after alignment has given a translation its source's IDs.
func SetIDs(p *Page) {
	for _, s := range p.Sections {
		if s.Heading == nil || s.ID == "" {
			continue
		}
		if v, ok := s.Heading.AttributeString("id"); ok {
			if b, _ := v.([]byte); string(b) == s.ID {
				continue // set already, by the alignment of another translation
			}
		}
		s.Heading.SetAttributeString("id", []byte(s.ID))
	}
}
