package serve

import (
	"golang.org/x/text/language"

	"docsite/internal/config"
)

// maxAcceptLanguage bounds the header the matcher is asked to parse; a longer
// one is not from a browser and gets the default language.
const maxAcceptLanguage = 1024

// negotiator picks a site language for an Accept-Language header.
type negotiator struct {
	matcher language.Matcher
	codes   []string // URL folders, in the order of the matcher's supported tags
}

func newNegotiator(langs []config.Lang) negotiator {
	tags := make([]language.Tag, len(langs))
	codes := make([]string, len(langs))
	for i, l := range langs {
		tags[i], codes[i] = l.Tag, l.Code
	}
	return negotiator{matcher: language.NewMatcher(tags), codes: codes}
}

// code returns the URL folder of the best language for header, or of the
// default language when the header is missing, malformed or matches nothing.
// The matcher knows that zh-TW and zh-CN are both best served by zh-Hans
// when no zh-Hant site exists, and that ja-JP is ja.
func (n negotiator) code(header string) string {
	if len(n.codes) == 0 {
		return ""
	}
	if len(header) > maxAcceptLanguage {
		return n.codes[0]
	}
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return n.codes[0]
	}
	_, i, confidence := n.matcher.Match(tags...)
	if confidence == language.No || i < 0 || i >= len(n.codes) {
		return n.codes[0]
	}
	return n.codes[i]
}
