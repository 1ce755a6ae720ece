package render

import (
	"html/template"
	"strings"
	"unicode"
)

// MarkLang escapes s and wraps each run of Han or kana characters in a span with lang tag,
// so that words quoted from a source language inside text of another language (an English
// note citing "双卡") are announced and typeset in their own language.
func MarkLang(s, tag string) template.HTML {
	var b strings.Builder
	inRun := false
	for _, r := range s {
		cjk := isCJK(r)
		if cjk && !inRun {
			b.WriteString(`<span lang="` + template.HTMLEscapeString(tag) + `">`)
		} else if !cjk && inRun {
			b.WriteString("</span>")
		}
		inRun = cjk
		b.WriteString(template.HTMLEscapeString(string(r)))
	}
	if inRun {
		b.WriteString("</span>")
	}
	return template.HTML(b.String())
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}
