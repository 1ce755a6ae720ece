package review

import "slices"

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
		h, ok := st.hash(c.page, s.ID)
		if !ok || h == s.Hash {
			continue
		}
		c.add(Stale, s, s.Line, t.Line, "source section %s changed since this translation was accepted", describeSection(s))
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
