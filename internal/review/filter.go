package review

import "docsite/internal/diag"

// HasErrors reports whether any finding is an error (for -strict).
func (r *Report) HasErrors() bool {
	for _, f := range r.Findings {
		if f.Severity == diag.Error {
			return true
		}
	}
	return false
}

// ForLocale returns the report narrowed to one language (for -lang): its summary line and
// findings. Pages stay whole, so Stale and the HTML writer still work.
func (r *Report) ForLocale(code string) *Report {
	out := &Report{Source: r.Source, Pages: r.Pages, Langs: r.Langs, Findings: []Finding{}}
	for _, l := range r.Locales {
		if l.Locale == code {
			out.Locales = append(out.Locales, l)
		}
	}
	for _, f := range r.Findings {
		if f.Locale == code {
			out.Findings = append(out.Findings, f)
		}
	}
	return out
}

// Add puts findings from elsewhere into the report (the catalog's data-inconsistent warnings,
// say), keeping the order the writers rely on. Set each finding's Severity yourself.
func (r *Report) Add(fs ...Finding) {
	r.Findings = append(r.Findings, fs...)
	sortFindings(r.Findings, codes(r.Langs))
}
