package review

import (
	"bytes"
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// Tally is the review of a site kept up to date while its pages are reviewed again: the
// preview server's builder takes a page's old result out and puts its new one in, and the
// summary, the length-ratio medians and outliers and the index follow at a cost that grows
// with what changed (and with the outliers), not with the site. Assemble is a Tally filled
// once, so a live build's report is the one a full build makes.
type Tally struct {
	in    Input // Default and Locales; Docs and States are not used
	langs []string
	pages []*tallied // sorted by page key, then by when added
	by    map[*PageResult]*tallied
	sums  []localeSums // per language, in site order
	// ratios holds every judged unit by language pair, sorted by ratio: the median is the
	// middle, and the outliers are a prefix and a suffix.
	ratios map[string]*unitList
	extra  []Finding
	seq    int
}

type tallied struct {
	res  *PageResult
	seq  int
	line []byte // the page's line of the index; nil until WriteIndex renders it
}

// localeSums are the running totals of one language over the tallied pages.
type localeSums struct {
	pages                                      int // the pages published in the language
	translated, sections, aligned, done, total int
	errors, warnings                           int // the pages' findings; outliers are counted apart
}

// NewTally returns an empty tally of the site in (its Default and Locales).
func NewTally(in Input) *Tally {
	in.Docs, in.States = nil, nil
	return &Tally{in: in, langs: codes(in.Locales), by: map[*PageResult]*tallied{},
		sums: make([]localeSums, len(in.Locales)), ratios: map[string]*unitList{}}
}

// Update takes the results in remove (each given to an earlier Update) out of the tally and
// puts those in add in. A result must not be changed while it is in the tally; Compact is fine.
func (t *Tally) Update(remove, add []*PageResult) {
	gone := map[*tallied]bool{}
	var goneUnits, newUnits []*ratioUnit
	for _, res := range remove {
		tp := t.by[res]
		if tp == nil {
			continue
		}
		delete(t.by, res)
		gone[tp] = true
		t.fold(res, -1)
		goneUnits = appendUnits(goneUnits, res)
	}
	var fresh []*tallied
	for _, res := range add {
		if t.by[res] != nil {
			continue
		}
		t.seq++
		tp := &tallied{res: res, seq: t.seq}
		t.by[res] = tp
		fresh = append(fresh, tp)
		t.fold(res, 1)
		newUnits = appendUnits(newUnits, res)
	}
	slices.SortFunc(fresh, compareTallied)
	t.pages = mergeSorted(t.pages, func(tp *tallied) bool { return gone[tp] }, fresh, compareTallied)
	t.updateRatios(goneUnits, newUnits)
}

func compareTallied(a, b *tallied) int {
	return cmp.Or(strings.Compare(a.res.Review.Page, b.res.Review.Page), cmp.Compare(a.seq, b.seq))
}

func appendUnits(us []*ratioUnit, res *PageResult) []*ratioUnit {
	for i := range res.ratios.units {
		us = append(us, &res.ratios.units[i])
	}
	return us
}

// mergeSorted returns old, sorted by cmp, without the elements drop reports, merged with
// add, sorted by cmp too: one pass, in a new slice.
func mergeSorted[T any](old []T, drop func(T) bool, add []T, cmp func(a, b T) int) []T {
	out := make([]T, 0, len(old)+len(add))
	i := 0
	for _, x := range old {
		if drop(x) {
			continue
		}
		for i < len(add) && cmp(add[i], x) < 0 {
			out = append(out, add[i])
			i++
		}
		out = append(out, x)
	}
	return append(out, add[i:]...)
}

// fold adds (sign 1) or takes away (sign -1) a page's share of every language's totals.
func (t *Tally) fold(res *PageResult, sign int) {
	p := &res.Review
	for i, l := range t.langs {
		s := &t.sums[i]
		if p.Source != l && p.translation(l) == nil {
			continue // an orphan the language does not publish
		}
		s.pages += sign
		s.total += sign * p.Blocks
		if p.Source == l {
			s.translated += sign
			s.done += sign * p.Blocks
		} else if tr := p.translation(l); tr != nil && !tr.Missing {
			s.translated += sign
			s.sections += sign * p.Sections
			s.done += sign * tr.Done
			s.aligned += sign * len(tr.Aligned)
		}
		for _, f := range res.findings {
			if f.Locale != l {
				continue
			}
			if f.Severity == diag.Error {
				s.errors += sign
			} else {
				s.warnings += sign
			}
		}
	}
}

// updateRatios takes the units gone out of the sorted units of their pairs and merges the
// new ones in.
func (t *Tally) updateRatios(gone, added []*ratioUnit) {
	byPair := func(us []*ratioUnit) map[string][]*ratioUnit {
		m := map[string][]*ratioUnit{}
		for _, u := range us {
			m[u.of.pair] = append(m[u.of.pair], u)
		}
		return m
	}
	goneBy, addBy := byPair(gone), byPair(added)
	pairs := slices.Collect(maps.Keys(goneBy))
	for p := range addBy {
		if goneBy[p] == nil {
			pairs = append(pairs, p)
		}
	}
	for _, p := range pairs {
		l := t.ratios[p]
		if l == nil {
			l = &unitList{}
			t.ratios[p] = l
		}
		l.update(goneBy[p], addBy[p])
		if l.n == 0 {
			delete(t.ratios, p)
		}
	}
}

func compareUnits(a, b *ratioUnit) int { return cmp.Compare(a.ratio, b.ratio) }

// SetExtra replaces the findings from elsewhere (the catalog's data warnings, say) that the
// report holds besides the pages' own. Set each finding's Severity yourself.
func (t *Tally) SetExtra(fs []Finding) { t.extra = slices.Clone(fs) }

// outliers returns a finding for every unit whose ratio lies outside [m/ratioFactor,
// m·ratioFactor] for its pair's median m, sorted as the report sorts findings.
func (t *Tally) outliers() []Finding {
	var out []Finding
	for _, p := range slices.Sorted(maps.Keys(t.ratios)) {
		l := t.ratios[p]
		m := l.median()
		l.outside(m/ratioFactor, m*ratioFactor, func(u *ratioUnit) { out = append(out, u.finding(m)) })
	}
	sortFindings(out, t.langs)
	return out
}

// locales sums every language up.
func (t *Tally) locales() []LocaleSummary {
	var out []LocaleSummary
	for i, l := range t.langs {
		s := t.sums[i]
		ls := LocaleSummary{Locale: l, Pages: s.pages, Translated: s.translated,
			StandIns: s.pages - s.translated, Sections: s.sections, Aligned: s.aligned}
		if s.total > 0 {
			ls.Complete = math.Round(1000*float64(s.done)/float64(s.total)) / 10
		}
		out = append(out, ls)
	}
	return out
}

// Report makes the whole report of the tallied pages, findings sorted.
func (t *Tally) Report() *Report {
	r := &Report{Source: t.in.Default, Langs: t.in.Locales}
	for _, tp := range t.pages {
		r.results = append(r.results, tp.res)
		r.Pages = append(r.Pages, tp.res.Review)
		r.Findings = append(r.Findings, tp.res.findings...)
	}
	r.Findings = append(r.Findings, t.outliers()...)
	r.Findings = append(r.Findings, t.extra...)
	r.Locales = t.locales()
	sortFindings(r.Findings, t.langs)
	r.Findings = learnTerms(r.Findings)
	numberShared(r.Findings) // a page's are told apart already (distinguish); others may not be
	return r
}

// WriteIndex writes _review/review.css and _review/index.html as WriteIndex does for the
// report of the tallied pages. A page's line is rendered once and kept while its result is
// in the tally, so url must answer the same for a page for as long as its result is there.
func (t *Tally) WriteIndex(url PageURL, write func(rel string, data []byte) error) error {
	if url == nil {
		url = DefaultPageURL
	}
	outliers := t.outliers()
	for _, f := range t.extra {
		if f.Check == LengthRatio {
			outliers = append(outliers, f)
		}
	}
	sortFindings(outliers, t.langs)
	reviewed := map[string]bool{}
	for _, tp := range t.pages {
		reviewed[tp.res.Review.Page] = true
	}
	v := indexView{Outliers: outlierViews(outliers, t.in.Locales), SiteWide: outlierViews(siteWide(t.extra, reviewed), t.in.Locales)}
	for i, ls := range t.locales() {
		lv := localeView{LocaleSummary: ls, Errors: t.sums[i].errors, Warnings: t.sums[i].warnings}
		for _, f := range outliers {
			lv.count(f)
		}
		for _, f := range t.extra {
			if f.Check != LengthRatio {
				lv.count(f)
			}
		}
		v.Locales = append(v.Locales, lv)
	}
	var b bytes.Buffer
	size := 4096 + 512*len(outliers)
	for _, tp := range t.pages {
		if tp.line == nil {
			if err := htmlTemplates.ExecuteTemplate(&b, "index-page", pageLine(t.in.Locales, &tp.res.Review, url)); err != nil {
				return err
			}
			tp.line = bytes.Clone(b.Bytes())
			b.Reset()
		}
		size += len(tp.line)
	}
	return writeIndex(write, v, size, func(b *bytes.Buffer) error {
		for _, tp := range t.pages {
			b.Write(tp.line)
		}
		return nil
	})
}
