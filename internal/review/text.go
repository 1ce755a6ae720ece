package review

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"docsite/internal/diag"
)

// WriteText writes a summary per language (pages, sections aligned, percent complete,
// findings by check), what each language's translators have to do, in order, then the
// findings grouped by the file they are in, each file with its counts: files with errors
// first, then those with stale or new sections, then the others, and each file's findings
// in its order. Every finding is one line that starts where it is in the translation,
// file:line, as editors and CI annotations read it; the place in the source ends it:
//
//	content/ja/a.md: 2 errors, 1 warning
//	content/ja/a.md:12: error: untranslated: same text as the source: "…" (source content/en/a.md:10)
func WriteText(w io.Writer, r *Report) error { return WriteTextLimit(w, r, 0) }

// WriteTextLimit is WriteText showing at most perPage findings of each file (0: all), with a
// line saying how many more there are. With a limit, a language's missing pages are one
// line that counts them, before the files, rather than one group a page.
func WriteTextLimit(w io.Writer, r *Report, perPage int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "language\tpages\ttranslated\tstand-ins\tsections aligned\tcomplete\tfindings")
	for _, l := range r.Locales {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d/%d\t%.1f%%\t%s\n", l.Locale, l.Pages, l.Translated, l.StandIns,
			l.Aligned, l.Sections, l.Complete, byCheck(r.Findings, l.Locale))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	writeToDo(&b, r)
	findings := r.Findings
	if perPage > 0 {
		findings = foldMissingPages(&b, r)
	}
	byFile := map[string][]Finding{}
	var files []string
	for _, f := range findings {
		file := f.where().File
		if byFile[file] == nil {
			files = append(files, file)
		}
		byFile[file] = append(byFile[file], f)
	}
	// Files in the order of the work: those with errors, then those with stale or new
	// sections, then the others; each by name.
	rank := func(file string) int {
		r := 2
		for _, f := range byFile[file] {
			switch {
			case f.Severity == diag.Error:
				return 0
			case f.Check == Stale || f.Check == New:
				r = 1
			}
		}
		return r
	}
	slices.SortFunc(files, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
	for _, file := range files {
		fs := byFile[file]
		slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.where().Line, b.where().Line) })
		errs := 0
		for _, f := range fs {
			if f.Severity == diag.Error {
				errs++
			}
		}
		fmt.Fprintf(&b, "\n%s: %s\n", file, counts(errs, len(fs)-errs))
		for i, f := range fs {
			if perPage > 0 && i == perPage {
				fmt.Fprintf(&b, "%s: … %d more (-all shows every finding)\n", file, len(fs)-perPage)
				break
			}
			fmt.Fprintf(&b, "%s: %s: %s: %s", f.where(), f.Severity, f.Check, f.Message)
			if f.Target.File != "" && f.Source.File != "" {
				fmt.Fprintf(&b, " (source %s)", f.Source)
			}
			b.WriteByte('\n')
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

// writeToDo writes, for each language with findings, what its translators have to do, in
// the order to do it: errors first (what readers get wrong), then the sections whose source
// changed or was added, then the pages not translated.
func writeToDo(b *strings.Builder, r *Report) {
	type todo struct {
		errs, stale, added, missing int
		errFiles, staleFiles        map[string]bool
	}
	by := map[string]*todo{}
	for _, f := range r.Findings {
		t := by[f.Locale]
		if t == nil {
			t = &todo{errFiles: map[string]bool{}, staleFiles: map[string]bool{}}
			by[f.Locale] = t
		}
		switch {
		case f.Check == MissingPage:
			t.missing++
		case f.Severity == diag.Error:
			t.errs++
			t.errFiles[f.where().File] = true
		case f.Check == Stale || f.Check == New:
			if f.Check == Stale {
				t.stale++
			} else {
				t.added++
			}
			t.staleFiles[f.where().File] = true
		}
	}
	first := true
	for _, l := range r.Locales {
		t := by[l.Locale]
		if t == nil {
			continue
		}
		var steps []string
		if t.errs > 0 {
			steps = append(steps, fmt.Sprintf("fix %s (%s)", plural(t.errs, "error"), plural(len(t.errFiles), "file")))
		}
		if t.stale+t.added > 0 {
			steps = append(steps, fmt.Sprintf("update %d stale and translate %d new %s (%s)", t.stale, t.added,
				map[bool]string{true: "section", false: "sections"}[t.added == 1], plural(len(t.staleFiles), "file")))
		}
		if t.missing > 0 {
			steps = append(steps, "translate "+plural(t.missing, "missing page"))
		}
		if len(steps) == 0 {
			continue
		}
		if first {
			b.WriteByte('\n')
			first = false
		}
		fmt.Fprintf(b, "%s: to do: %s\n", l.Locale, strings.Join(steps, ", then "))
	}
}

// plural says "1 error", "2 errors".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// where is the place a finding is reported at: in the translation, or in the source for a
// finding that has no translation (the GPU data's).
func (f Finding) where() Pos {
	if f.Target.File != "" {
		return f.Target
	}
	return f.Source
}

// foldMissingPages writes one line per language that lacks pages, counting them, and
// returns the other findings.
func foldMissingPages(b *strings.Builder, r *Report) []Finding {
	missing := map[string]int{}
	dir := map[string]string{}
	var rest []Finding
	for _, f := range r.Findings {
		if f.Check != MissingPage {
			rest = append(rest, f)
			continue
		}
		if missing[f.Locale] == 0 {
			dir[f.Locale] = langDir(f.Target.File, f.Locale)
		}
		missing[f.Locale]++
	}
	if len(missing) == 0 {
		return rest
	}
	b.WriteByte('\n')
	for _, l := range r.Locales {
		if n := missing[l.Locale]; n > 0 {
			fmt.Fprintf(b, "%s: %s: %s: %d of %d pages not translated; their source is shown (-all lists them)\n",
				dir[l.Locale], SeverityOf(MissingPage), MissingPage, n, l.Pages)
		}
	}
	return rest
}

// langDir is the folder of locale's pages that file is in: "content/ja/" for
// "content/ja/guide/a.md".
func langDir(file, locale string) string {
	parts := strings.Split(file, "/")
	for i, p := range parts[:max(len(parts)-1, 0)] {
		if p == locale {
			return strings.Join(parts[:i+1], "/") + "/"
		}
	}
	return file
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
