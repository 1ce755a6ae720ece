package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteText writes a summary per language (pages, sections aligned, percent complete,
// findings by check), then one line per finding:
//
//	source-file:line -> target-file:line: severity: check: message
func WriteText(w io.Writer, r *Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "language\tpages\ttranslated\tfallback\tsections aligned\tcomplete\tfindings")
	for _, l := range r.Locales {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d/%d\t%.1f%%\t%s\n", l.Locale, l.Pages, l.Translated, l.Fallback,
			l.Aligned, l.Sections, l.Complete, byCheck(r.Findings, l.Locale))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, f := range r.Findings {
		if _, err := fmt.Fprintf(w, "%s -> %s: %s: %s: %s\n", f.Source, f.Target, f.Severity, f.Check, f.Message); err != nil {
			return err
		}
	}
	return nil
}

// String is "file:line", or "file" when the line is unknown.
func (p Pos) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// byCheck counts a language's findings per check, in the order of Checks: "stale 2, untranslated 1".
func byCheck(fs []Finding, locale string) string {
	var parts []string
	for _, c := range Checks {
		n := 0
		for _, f := range fs {
			if f.Locale == locale && f.Check == c.ID {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", c.ID, n))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}
