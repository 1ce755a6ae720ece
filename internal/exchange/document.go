package exchange

import (
	"sort"
	"strings"
)

// Document is one exchange file: one page's units going to one language.
type Document struct {
	Page                   string // the page's key, as the review names it
	SourceFile, TargetFile string // content/en/guide.md, content/ja/guide.md
	SourceLang, TargetLang string // BCP 47 tags
	// Revision is the source commit the export was made from ("" outside git); Date is
	// that commit's date, so that the same export gives the same bytes.
	Revision, Date string
	Entries        []Entry
	Glossary       []string // the target language's terms kept as in the source
}

// Header is what an exchange file says of itself.
type Header struct {
	Page     string
	Revision string
	Lang     string // the target language's tag
}

// Counts tallies a document's entries by state.
func (d *Document) Counts() (translated, fuzzy, untranslated int) {
	for _, e := range d.Entries {
		switch e.State {
		case Translated:
			translated++
		case Fuzzy:
			fuzzy++
		default:
			untranslated++
		}
	}
	return
}

// terms are the glossary terms a unit's source text holds, as it writes them, sorted.
// Glossary terms are lower case (review.ReadGlossaries) and match whatever the case.
func (d *Document) terms(text string) []string {
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		return nil // case folding changed lengths: no place in text is known
	}
	var out []string
	for _, t := range d.Glossary {
		if i := strings.Index(lower, t); t != "" && i >= 0 {
			out = append(out, text[i:i+len(t)])
		}
	}
	sort.Strings(out)
	return out
}

// context is a unit's gettext msgctxt: its page and ID.
func (d *Document) context(e *Entry) string { return d.Page + "#" + e.Unit.ID }

// idOf reads the unit ID back from a msgctxt.
func idOf(ctx string) string {
	if i := strings.IndexByte(ctx, '#'); i >= 0 {
		return ctx[i+1:]
	}
	return ctx
}
