package review

import (
	"fmt"

	"docsite/internal/outline"
)

const (
	// ratioMinWeight leaves short texts alone: a few words vary too much to say anything.
	ratioMinWeight = 40
	// ratioFactor is how far from the language pair's median a unit must be to be reported.
	ratioFactor = 2.5
)

// ratioSet collects the weight ratio of every aligned unit (block, or table cell) across the
// site, so each is judged against the median for its language pair, known only at the end.
// A unit is kept small (a site has a few per page and language) and made a finding only
// when it is an outlier.
type ratioSet struct {
	units      []ratioUnit
	page, file string // the page being reviewed and its source file
}

// ratioPair is what the units of one translation of one page share.
type ratioPair struct {
	pair    string // "en→ja"
	page    string
	locale  string
	srcFile string
	tgtFile string
}

type ratioUnit struct {
	of               *ratioPair
	ratio            float64
	srcLine, tgtLine int32
	section          string
}

// pair starts the units of the translation of the current page into locale, kept in tgtFile.
func (r *ratioSet) pair(src, locale, tgtFile string) *ratioPair {
	return &ratioPair{pair: src + "→" + locale, page: r.page, locale: locale, srcFile: r.file, tgtFile: tgtFile}
}

// add records an aligned unit when it is long enough to judge; ws and wt are the
// outline.Weight of its source and translation.
func (r *ratioSet) add(c *checker, sec *outline.Section, srcLine, tgtLine int, ws, wt float64) {
	if ws < ratioMinWeight && wt < ratioMinWeight || ws == 0 {
		return
	}
	id := ""
	if sec != nil {
		id = sec.ID
	}
	r.units = append(r.units, ratioUnit{of: c.pair, ratio: wt / ws, srcLine: int32(srcLine), tgtLine: int32(tgtLine), section: id})
}

// finding is the unit's length-ratio finding, given the median m of its pair.
func (u *ratioUnit) finding(m float64) Finding {
	return Finding{
		Check: LengthRatio, Severity: SeverityOf(LengthRatio), Locale: u.of.locale, Page: u.of.page, Section: u.section,
		Source:  Pos{File: u.of.srcFile, Line: int(u.srcLine)},
		Target:  Pos{File: u.of.tgtFile, Line: int(u.tgtLine)},
		Message: fmt.Sprintf("translation is %.2f× as long as the source; typical for %s is %.2f×", u.ratio, u.of.pair, m),
	}
}
