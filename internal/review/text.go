package review

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"docsite/internal/diag"
)

// WriteText writes a summary per language (pages, sections aligned, percent complete,
// findings by check), then the findings grouped by the page they are in, each page with
// its counts, every finding on a line:
//
//	content/ja/a.md: 2 errors, 1 warning
//	  12: error: untranslated: same text as the source: "…" (content/en/a.md:10)
func WriteText(w io.Writer, r *Report) error { return WriteTextLimit(w, r, 0) }

// WriteTextLimit is WriteText showing at most perPage findings of each page (0: all),
// with a line saying how many more there are.
func WriteTextLimit(w io.Writer, r *Report, perPage int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "language\tpages\ttranslated\tfallback\tsections aligned\tcomplete\tfindings")
	for _, l := range r.Locales {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d/%d\t%.1f%%\t%s\n", l.Locale, l.Pages, l.Translated, l.Fallback,
			l.Aligned, l.Sections, l.Complete, byCheck(r.Findings, l.Locale))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	byFile := map[string][]Finding{}
	var files []string
	for _, f := range r.Findings {
		if byFile[f.Target.File] == nil {
			files = append(files, f.Target.File)
		}
		byFile[f.Target.File] = append(byFile[f.Target.File], f)
	}
	slices.Sort(files)
	var b strings.Builder
	for _, file := range files {
		fs := byFile[file]
		errs := 0
		for _, f := range fs {
			if f.Severity == diag.Error {
				errs++
			}
		}
		fmt.Fprintf(&b, "\n%s: %s\n", file, counts(errs, len(fs)-errs))
		for i, f := range fs {
			if perPage > 0 && i == perPage {
				fmt.Fprintf(&b, "  … %d more (-all shows every finding)\n", len(fs)-perPage)
				break
			}
			fmt.Fprintf(&b, "  %d: %s: %s: %s (%s)\n", f.Target.Line, f.Severity, f.Check, f.Message, f.Source)
			for _, l := range strings.Split(f.Diff, "\n") {
				if l != "" {
					fmt.Fprintf(&b, "      %s\n", l)
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// counts says "2 errors, 1 warning".
func counts(errs, warns int) string {
	var parts []string
	for _, c := range []struct {
		n    int
		word string
	}{{errs, "error"}, {warns, "warning"}} {
		switch {
		case c.n == 1:
			parts = append(parts, "1 "+c.word)
		case c.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.word))
		}
	}
	return strings.Join(parts, ", ")
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
