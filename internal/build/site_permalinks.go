package build

import (
	"path"
	"strings"
	"unicode"

	"docsite/internal/load"
	"docsite/internal/route"
)

// Permalinks: a Hugo configuration's permalinks give the regular pages of a top section
// URLs made of their date, title, slug or file name ("/:section/:year/:slug/" makes
// blog/post.md /en/blog/2024/my-post/), lowercased as Hugo makes its URLs. Links to the
// file (post.md) still lead to the page, as with a slug.

// permalink gives p the URL its top section's permalink pattern makes, if any.
func (s *site) permalink(p *load.Page) {
	if len(s.cfg.Permalinks) == 0 || p.Kind != route.Regular && p.Kind != route.Bundle {
		return
	}
	section, _, _ := strings.Cut(p.FilePath, "/")
	pattern, ok := s.cfg.Permalinks[section]
	if !ok || section == p.FilePath {
		return
	}
	made := expandPermalink(pattern, p)
	for seg := range strings.SplitSeq(made, "/") {
		if route.Segment(seg) != "" {
			return // a token gave nothing, or what no URL can hold: the page keeps its path
		}
	}
	p.Path = made
}

// expandPermalink is pattern with p's values for its tokens, as a page path.
func expandPermalink(pattern string, p *load.Page) string {
	base := path.Base(p.FilePath)
	slug := p.Meta.Slug
	date := p.Meta.Date
	value := map[string]string{
		":year":                  date.Format("2006"),
		":month":                 date.Format("01"),
		":monthname":             date.Format("January"),
		":day":                   date.Format("02"),
		":section":               strings.SplitN(p.FilePath, "/", 2)[0],
		":sections":              path.Dir(p.FilePath),
		":title":                 urlize(p.Title()),
		":slug":                  orElse(slug, urlize(p.Title())),
		":slugorfilename":        orElse(slug, base),
		":slugorcontentbasename": orElse(slug, base),
		":filename":              base,
		":contentbasename":       base,
	}
	var b strings.Builder
	for rest := pattern; rest != ""; {
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i:]
		j := 1
		for j < len(rest) && unicode.IsLetter(rune(rest[j])) {
			j++
		}
		b.WriteString(value[strings.ToLower(rest[:j])])
		rest = rest[j:]
	}
	var segs []string
	for seg := range strings.SplitSeq(strings.ToLower(b.String()), "/") {
		if seg != "" {
			segs = append(segs, seg)
		}
	}
	return strings.Join(segs, "/")
}

func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// urlize makes a title a URL segment as Hugo does: spaces become -, and only letters,
// digits and - _ . ~ stay.
func urlize(title string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(title) {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('-')
		case unicode.IsLetter(r), unicode.IsDigit(r), strings.ContainsRune("-_.~", r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
