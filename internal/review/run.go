package review

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"docsite/internal/align"
	"docsite/internal/config"
	"docsite/internal/outline"
)

// Run aligns every translation against its source, runs every check and summarises each
// language. As a side effect every translated heading gets its source section's id
// (outline.ShareIDs, once alignment has paired the sections), so run it before rendering.
// The report keeps every page's alignment, so WriteHTML can write the review pages.
func Run(in Input) *Report {
	var results []*PageResult
	for _, key := range pageKeys(in.Docs) {
		results = append(results, reviewOne(in, key))
	}
	return Assemble(in, results)
}

// PageResult is the review of one page, made while a build streams through the site;
// Assemble sums the results up. Until Compact it holds the page's outlines and alignments,
// which WritePage needs; after it, only what Assemble needs.
type PageResult struct {
	Review   PageReview
	findings []Finding
	ratios   ratioSet
	detail   *pageDetail
}

// Page reviews one page of the site in, given all its language versions (in.Docs is not
// used), and gives every heading of every translation its source section's id: call it
// after parsing and before rendering. Pages may be reviewed concurrently.
func Page(in Input, key string, docs []Doc) *PageResult {
	in.Docs = docs
	return reviewOne(in, key)
}

// Compact releases the page's outlines and alignments (and with them the parsed documents
// they point into): call it once the page's review HTML is written, or at once when none is.
func (res *PageResult) Compact() { res.detail = nil }

func reviewOne(in Input, key string) *PageResult {
	res := &PageResult{}
	res.detail, res.findings = reviewPage(in, key, &res.ratios)
	res.Review = compact(res.detail)
	return res
}

// Assemble makes the report of the site in from its pages' results: it judges length
// ratios against the medians of the whole site, sums up each language, and sorts.
func Assemble(in Input, results []*PageResult) *Report {
	t := NewTally(in)
	t.Update(nil, results)
	return t.Report()
}

// StaleSections returns the ids of the sections of locale's version that are stale.
func (p *PageReview) StaleSections(locale string) []string {
	if tr := p.translation(locale); tr != nil {
		return tr.Stale
	}
	return nil
}

// compact is what the report keeps of a page.
func compact(d *pageDetail) PageReview {
	src := d.Source.Outline
	pr := PageReview{Page: d.Page, Source: d.Source.Locale, File: d.Source.File,
		Blocks: blockCount(src), Sections: len(src.Sections)}
	for i := range d.Translations {
		tr := &d.Translations[i]
		t := TranslationReview{Locale: tr.Locale, File: tr.File, Missing: tr.Align == nil, Stale: tr.Stale}
		if tr.Align != nil {
			t.Aligned, t.Done = translatedBlocks(tr)
		}
		pr.Translations = append(pr.Translations, t)
	}
	return pr
}

// pageKeys returns the distinct page keys, sorted.
func pageKeys(docs []Doc) []string {
	var keys []string
	for _, d := range docs {
		keys = append(keys, d.Page)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// versions returns the page's versions in site order, the source first.
func versions(in Input, key string) (src *Doc, others []*Doc) {
	byLocale := func(l string) *Doc {
		for i := range in.Docs {
			if in.Docs[i].Page == key && in.Docs[i].Locale == l {
				return &in.Docs[i]
			}
		}
		return nil
	}
	buildable := func(d *Doc) bool { return d != nil && d.Errs == nil }
	if d := byLocale(in.Default); buildable(d) {
		src = d
	}
	for _, l := range codes(in.Locales) {
		if d := byLocale(l); buildable(d) && src == nil {
			src = d
		}
	}
	for i := range in.Docs {
		if src == nil && in.Docs[i].Page == key && in.Docs[i].Errs == nil {
			src = &in.Docs[i] // a language missing from in.Locales
		}
	}
	for _, l := range codes(in.Locales) {
		if l != src.Locale {
			others = append(others, byLocale(l))
		}
	}
	return src, others
}

func reviewPage(in Input, key string, ratios *ratioSet) (*pageDetail, []Finding) {
	src, others := versions(in, key)
	var srcOutline *outline.Page
	if in.AlignOnly {
		srcOutline = outline.BuildForSections(src.Root, src.Src, src.File, true)
	} else {
		srcOutline = outline.Build(src.Root, src.Src, src.File)
	}
	pd := &pageDetail{Page: key, Source: version{Locale: src.Locale, File: src.File, Outline: srcOutline}, langs: in.Locales}
	ratios.page, ratios.file = key, src.File
	var findings []Finding
	texts := newSourceTexts(textCount(srcOutline))
	locales := otherLocales(codes(in.Locales), src.Locale)
	orphan := in.Default != "" && src.Locale != in.Default
	if orphan {
		findings = append(findings, orphanPage(in, key, src))
	}
	var prepared *align.Source // once a translation needs it
	for i, d := range others {
		locale := locales[i]
		if d == nil && orphan {
			continue // not published in locale: nothing is missing there
		}
		if orphan {
			findings = append(findings, orphanPage(in, key, d))
		}
		if d == nil || d.Errs != nil {
			pd.Translations = append(pd.Translations, translation{version: version{Locale: locale, File: siblingFile(src.File, src.Locale, locale)}})
			if d == nil {
				findings = append(findings, missingPage(key, src, locale))
			} else {
				findings = append(findings, pageError(key, src, d))
			}
			continue
		}
		if prepared == nil {
			prepared = align.Prepare(srcOutline)
		}
		c := &checker{page: key, locale: locale, src: src.Locale, own: scriptsOf(locale), a: &align.Page{Source: srcOutline}, ratios: ratios,
			pair: ratios.pair(src.Locale, locale, d.File), texts: texts, terms: in.Glossary[locale],
			srcText: src.Src, tgtText: d.Src, state: stateFor(in.States, locale)}
		// A section added to the source since the revision the translation was made from
		// has no counterpart there: it is not paired with one.
		prepared.Unpaired(c.addedSections())
		tr := translate(d, prepared, !in.AlignOnly)
		c.a, c.prep = tr.Align, prepared
		if !in.AlignOnly {
			c.run()
		}
		tr.Stale = c.stale(c.state)
		distinguish(c.findings, c.srcText, c.tgtText)
		findings = append(findings, c.findings...)
		pd.Translations = append(pd.Translations, tr)
	}
	return pd, findings
}

// translate aligns d against src: only its sections when blocks is false, which is all
// that sharing their IDs and marking the stale ones needs.
func translate(d *Doc, src *align.Source, blocks bool) translation {
	var a *align.Page
	var tgt *outline.Page // only the source's hashes are recorded
	if blocks {
		tgt = outline.BuildUnhashed(d.Root, d.Src, d.File)
		a = src.Align(tgt)
	} else {
		tgt = outline.BuildForSections(d.Root, d.Src, d.File, false)
		a = src.AlignSections(tgt)
	}
	outline.ShareIDs(a.Source, tgt, a.TargetSections())
	return translation{version: version{Locale: d.Locale, File: d.File, Outline: tgt}, Align: a}
}

func codes(ls []config.Lang) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Code
	}
	return out
}

func otherLocales(all []string, src string) []string {
	var out []string
	for _, l := range all {
		if l != src {
			out = append(out, l)
		}
	}
	return out
}

// siblingFile is where the page's version in locale would live: the source file with its
// language folder replaced.
func siblingFile(file, from, to string) string {
	parts := strings.Split(file, "/")
	for i, p := range parts {
		if p == from {
			parts[i] = to
			return strings.Join(parts, "/")
		}
	}
	return to + "/" + file
}

func missingPage(key string, src *Doc, locale string) Finding {
	return Finding{
		Check: MissingPage, Severity: SeverityOf(MissingPage), Locale: locale, Page: key,
		Source:  Pos{File: src.File, Line: 1},
		Target:  Pos{File: siblingFile(src.File, src.Locale, locale)},
		Message: "page not translated; the " + src.Locale + " version is shown",
	}
}

// orphanPage is the orphan finding of d, a version of a page without a default-language
// version: at its first line, naming the file its source would be (or, with in.Gone, was).
func orphanPage(in Input, key string, d *Doc) Finding {
	want := siblingFile(d.File, d.Locale, in.Default)
	msg := "translation without a source: " + want + " does not exist, so the page is published only in the languages that have it"
	if in.Gone != nil {
		if from, to, ok := in.Gone(want); ok && to != "" {
			msg += "; git: its source " + from + " was renamed to " + to + " (give this translation its path or translationKey)"
		} else if ok {
			msg += "; git: its source " + from + " was removed"
		}
	}
	return Finding{
		Check: Orphan, Severity: SeverityOf(Orphan), Locale: d.Locale, Page: key,
		Source: Pos{File: want}, Target: Pos{File: d.File, Line: 1}, Message: msg,
	}
}

// pageError is the one finding of a version that cannot be built, at its first error.
func pageError(key string, src *Doc, d *Doc) Finding {
	first := d.Errs[0]
	msg := fmt.Sprintf("this translation cannot be built, the %s version is shown: %s: %s", src.Locale, first.Code, first.Message)
	if n := len(d.Errs); n > 1 {
		msg += fmt.Sprintf(" (and %d more errors)", n-1)
	}
	return Finding{
		Check: PageError, Severity: SeverityOf(PageError), Locale: d.Locale, Page: key,
		Source:  Pos{File: src.File, Line: 1},
		Target:  Pos{File: d.File, Line: first.Line},
		Message: msg,
	}
}

// textCount is how many texts of the page the untranslated check may look up: its
// sections' titles, its blocks' segments and its table cells.
func textCount(p *outline.Page) int {
	n := 0
	for _, s := range p.Sections {
		n++
		for i := range s.Blocks {
			n += len(s.Blocks[i].Segments)
			if t := s.Blocks[i].Table; t != nil {
				for _, r := range t.Rows {
					n += len(r.Cells)
				}
			}
		}
	}
	return n
}

func blockCount(p *outline.Page) int {
	n := 0
	for _, s := range p.Sections {
		n += len(s.Blocks)
	}
	return n
}

// translatedBlocks lists the source sections with a counterpart and counts the source blocks
// with a counterpart in a section that is not stale.
func translatedBlocks(tr *translation) (sections []SectionHash, blocks int) {
	for _, sp := range tr.Align.Sections {
		if sp.Source < 0 || sp.Target < 0 {
			continue
		}
		sec := tr.Align.Source.Sections[sp.Source]
		sections = append(sections, SectionHash{ID: sec.ID, Hash: sec.Hash})
		if slices.Contains(tr.Stale, sec.ID) {
			continue
		}
		for _, bp := range sp.Blocks {
			if bp.Source >= 0 && bp.Target >= 0 {
				blocks++
			}
		}
	}
	return sections, blocks
}

func (p *PageReview) translation(locale string) *TranslationReview {
	for i := range p.Translations {
		if p.Translations[i].Locale == locale {
			return &p.Translations[i]
		}
	}
	return nil
}

// sortFindings orders findings by language (site order), page, source and target position,
// check and message.
func sortFindings(fs []Finding, locales []string) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(slices.Index(locales, a.Locale), slices.Index(locales, b.Locale)),
			cmp.Compare(a.Locale, b.Locale),
			cmp.Compare(a.Page, b.Page),
			cmp.Compare(a.Source.Line, b.Source.Line),
			cmp.Compare(a.Target.Line, b.Target.Line),
			cmp.Compare(a.Check, b.Check),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// Lines returns lines line..end (1-based, inclusive) of src.
func Lines(src []byte, line, end int) string {
	var b strings.Builder
	n := 1
	for l := range bytes.Lines(src) {
		if n > end {
			break
		}
		if n >= line {
			b.Write(l)
		}
		n++
	}
	return b.String()
}
