package review

import (
	"fmt"
	"slices"
	"strings"
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
		if !ok || e.Hash == s.Hash {
			continue
		}
		if e.Commit == "" {
			c.add(Stale, s, s.Line, t.Line, "source section %s changed since this translation was accepted", sectionName(s, c.srcText))
		} else {
			c.add(Stale, s, s.Line, t.Line, "source section %s changed since %s, the revision this translation was made from",
				sectionName(s, c.srcText), shortCommit(e.Commit))
			if c.srcLines != nil {
				c.findings[len(c.findings)-1].Diff = lineDiff(e.Old, c.srcLines(s.Line, s.EndLine))
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
