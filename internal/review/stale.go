package review

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"docsite/internal/outline"
)

// stale reports every aligned section whose source changed since it was accepted and returns
// their ids in page order.
func (c *checker) stale(st *State) []string {
	if st == nil {
		return nil
	}
	var ids []string
	for _, sp := range c.a.Sections {
		if sp.Source < 0 || sp.Target < 0 {
			continue
		}
		s, t := c.srcSec(sp.Source), c.tgtSec(sp.Target)
		e, ok := st.entry(c.page, s.ID)
		renamed := ""
		if !ok {
			if commit, added := c.addedSince(s); added {
				// Paired with a section of the translation, which cannot be its translation.
				c.add(New, s, s.Line, t.Line, "section %s was added to the source since %s, the revision this translation was made from: translate it",
					sectionName(s, c.srcText), shortCommit(commit))
				ids = append(ids, s.ID)
				continue
			}
			if e, ok = c.renamedFrom(s); !ok {
				continue
			}
			renamed = fmt.Sprintf(" (its heading too: it was #%s)", e.Section)
		}
		if e.Hash == s.Hash {
			continue
		}
		if e.Commit == "" {
			c.add(Stale, s, s.Line, t.Line, "source section %s changed since this translation was accepted", sectionName(s, c.srcText))
		} else {
			c.add(Stale, s, s.Line, t.Line, "source section %s changed%s since %s, the revision this translation was made from",
				sectionName(s, c.srcText), renamed, shortCommit(e.Commit))
			if c.srcText != nil {
				c.findings[len(c.findings)-1].Diff = lineDiff(e.Old, SectionText(c.srcText, s))
			}
		}
		ids = append(ids, s.ID)
	}
	return ids
}

// Stale reports whether section (an id) of page is stale in locale: its source changed after
// the translation was accepted. The renderer shows a notice linking to the source section.
func (r *Report) Stale(locale, page, section string) bool {
	return slices.Contains(r.StaleSections(locale, page), section)
}

// StaleSections lists the ids of page's stale sections in locale, in page order.
func (r *Report) StaleSections(locale, page string) []string {
	for i := range r.Pages {
		if r.Pages[i].Page != page {
			continue
		}
		if tr := r.Pages[i].translation(locale); tr != nil {
			return tr.Stale
		}
	}
	return nil
}

// SourceLocale returns the language page is translated from, "" for an unknown page.
func (r *Report) SourceLocale(page string) string {
	for _, p := range r.Pages {
		if p.Page == page {
			return p.Source
		}
	}
	return ""
}

// addedSince reports whether source section s was added since the source revision the
// translation records, and that revision: the translation records one, and no section of
// that revision has s's id or most of its text (renamedFrom).
func (c *checker) addedSince(s *outline.Section) (string, bool) {
	if c.state == nil {
		return "", false
	}
	old := c.state.pageEntries(c.page)
	if len(old) == 0 || old[0].Commit == "" {
		return "", false
	}
	if _, ok := c.state.entry(c.page, s.ID); ok {
		return "", false
	}
	if _, ok := c.renamedFrom(s); ok {
		return "", false
	}
	return old[0].Commit, true
}

// addedSections marks the source sections added since the revision the translation
// records (addedSince); nil when it records none.
func (c *checker) addedSections() []bool {
	if c.state == nil {
		return nil
	}
	old := c.state.pageEntries(c.page)
	if len(old) == 0 || old[0].Commit == "" {
		return nil
	}
	var added []bool
	for i, s := range c.a.Source.Sections {
		if _, ok := c.addedSince(s); ok {
			if added == nil {
				added = make([]bool, len(c.a.Source.Sections))
			}
			added[i] = true
		}
	}
	return added
}

// renamedFrom finds the section of the recorded source revision that s was before its
// heading changed (so its id did): of the old sections whose id no section has now, the
// one whose lines are most like s's, when at least half of them are.
func (c *checker) renamedFrom(s *outline.Section) (Accepted, bool) {
	if c.state == nil || c.srcText == nil {
		return Accepted{}, false
	}
	now := SectionText(c.srcText, s)
	best, bestScore := Accepted{}, 0.5
	for _, e := range c.state.pageEntries(c.page) {
		if e.Commit == "" || e.Old == "" || c.hasSection(e.Section) {
			continue
		}
		if score := lineSimilarity(e.Old, now); score >= bestScore {
			best, bestScore = e, score
		}
	}
	return best, best.Page != ""
}

// hasSection reports whether the source has a section of that id.
func (c *checker) hasSection(id string) bool {
	for _, s := range c.a.Source.Sections {
		if s.ID == id {
			return true
		}
	}
	return false
}

// lineSimilarity is how alike two sections' texts are, but for their first line (the
// heading): twice the lines they share over the lines they have, blank lines left out.
func lineSimilarity(a, b string) float64 {
	count := func(s string) map[string]int {
		m := map[string]int{}
		for i, l := range strings.Split(s, "\n") {
			if l = strings.TrimSpace(l); i > 0 && l != "" {
				m[l]++
			}
		}
		return m
	}
	ca, cb := count(a), count(b)
	shared, total := 0, 0
	for l, n := range ca {
		shared += min(n, cb[l])
		total += n
	}
	for _, n := range cb {
		total += n
	}
	if total == 0 {
		return 0
	}
	return 2 * float64(shared) / float64(total)
}

// SectionText is the source of section s of src as the outline reads it: its heading's
// line and the lines of its blocks, in order, each line once. The lines of shortcode tags
// around its blocks (a tab it is in closing, the next tab opening) are no part of it, so
// the text of a revision and of the current source compare by what the section says,
// however the page around it is laid out.
func SectionText(src []byte, s *outline.Section) string {
	need := 0 // the section's last line: the file is indexed up to the start of the next
	if s.Level > 0 {
		need = s.Line
	}
	for _, blk := range s.Blocks {
		need = max(need, blk.EndLine, blk.Line)
	}
	var starts []int // of each line, 1-based: starts[l-1]
	for off := 0; off < len(src) && len(starts) <= need; {
		starts = append(starts, off)
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	var b strings.Builder
	last := 0 // the last line written
	write := func(from, to int) {
		for l := max(from, last+1); l <= to && l <= len(starts); l++ {
			end := len(src)
			if l < len(starts) {
				end = starts[l]
			}
			b.Write(src[starts[l-1]:end])
			last = l
		}
	}
	if s.Level > 0 {
		write(s.Line, s.Line)
	}
	for _, blk := range s.Blocks {
		write(blk.Line, max(blk.EndLine, blk.Line))
	}
	return b.String()
}

func shortCommit(c string) string { return c[:min(len(c), 10)] }

// lineDiff writes the lines that differ between old and new, "-" before an old line and
// "+" before a new one, in order (a longest common subsequence of lines is kept out).
// Sections are short; past 400 lines a side it gives up and says how many lines each has.
func lineDiff(old, new string) string {
	a, b := strings.Split(strings.TrimRight(old, "\n"), "\n"), strings.Split(strings.TrimRight(new, "\n"), "\n")
	if len(a) > 400 || len(b) > 400 {
		return fmt.Sprintf("(%d lines then, %d now)", len(a), len(b))
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if strings.TrimRight(a[i], " \t\r") == strings.TrimRight(b[j], " \t\r") {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && strings.TrimRight(a[i], " \t\r") == strings.TrimRight(b[j], " \t\r"):
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, "-"+a[i])
			i++
		default:
			out = append(out, "+"+b[j])
			j++
		}
	}
	return strings.Join(out, "\n")
}
