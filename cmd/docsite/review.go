package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"docsite/internal/build"
	"docsite/internal/diag"
	"docsite/internal/load"
	"docsite/internal/review"
	"docsite/internal/route"
	"docsite/internal/write"
)

// reviewFlags are the flags of docsite review.
type reviewFlags struct {
	source, format, lang, accept, checks, severity string
	baseline, writeBaseline, html                  string
	strict, all                                    bool
}

func newReviewFlags() (*flag.FlagSet, *reviewFlags) {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	f := &reviewFlags{}
	fs.StringVar(&f.source, "source", ".", "site root `directory`")
	fs.StringVar(&f.format, "format", "text", "output `format`: text or json")
	fs.BoolVar(&f.strict, "strict", false, "exit 1 when any finding is an error (for CI)")
	fs.StringVar(&f.lang, "lang", "", "report only this `language` (folder code)")
	fs.StringVar(&f.accept, "accept", "", "record the current source of every aligned section as reviewed in `language`")
	fs.StringVar(&f.checks, "check", "", "report only these `checks` (comma-separated IDs: untranslated,stale,…)")
	fs.StringVar(&f.severity, "severity", "warning", "report findings of at least this `severity`: warning or error")
	fs.StringVar(&f.baseline, "baseline", "", "leave out the findings listed in this baseline `file` (CI fails only on new ones)")
	fs.StringVar(&f.writeBaseline, "write-baseline", "", "write the findings' IDs to this baseline `file` and exit")
	fs.BoolVar(&f.all, "all", false, "text output: every finding of every page (else the first 20 a page)")
	fs.StringVar(&f.html, "html", "", "also write the side-by-side review as HTML into `directory` (DIR/_review/index.html)")
	return fs, f
}

// runReview reviews the site's translations: it checks the flags, reviews, writes the
// HTML review, then either accepts a language, writes a baseline, or reports the
// findings the flags select.
func runReview(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, f := newReviewFlags()
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	sel, code := f.selection(stderr)
	if code != 0 {
		return code
	}
	rep, err := build.Review(ctx, build.Options{Source: f.source, Review: f.html != ""})
	if err != nil {
		printErr(stderr, err)
		return 1
	}
	if f.html != "" {
		if code := writeReviewHTML(rep, f.html, stderr); code != 0 {
			return code
		}
	}
	if f.accept != "" {
		return acceptLang(rep, f.source, f.accept, stderr)
	}
	rep = sel.narrow(rep)
	if f.writeBaseline != "" {
		return writeBaselineFile(rep, f.writeBaseline, stderr)
	}
	if f.baseline != "" {
		if rep, code = withoutBaseline(rep, f.baseline, stderr); code != 0 {
			return code
		}
	}
	return f.report(rep, stdout, stderr)
}

// findingSelection is what of the report -lang, -check and -severity keep.
type findingSelection struct {
	lang   string
	checks []string
	min    diag.Severity
}

// selection checks the flags' values before anything is reviewed: the findings they
// select, or the exit code of a bad value (2, said on stderr).
func (f *reviewFlags) selection(stderr io.Writer) (findingSelection, int) {
	sel := findingSelection{lang: f.lang, min: diag.Warning}
	switch f.severity {
	case "warning":
	case "error":
		sel.min = diag.Error
	default:
		fmt.Fprintf(stderr, "docsite review: -severity must be warning or error, not %q\n", f.severity)
		return sel, 2
	}
	if f.checks != "" {
		for _, c := range strings.Split(f.checks, ",") {
			if !review.KnownCheck(strings.TrimSpace(c)) {
				fmt.Fprintf(stderr, "docsite review: -check: no check %q\n", c)
				return sel, 2
			}
			sel.checks = append(sel.checks, strings.TrimSpace(c))
		}
	}
	if f.format != "text" && f.format != "json" {
		fmt.Fprintf(stderr, "docsite review: -format must be text or json, not %q\n", f.format)
		return sel, 2
	}
	if f.html != "" {
		if err := checkDest("-html", f.source, f.html); err != nil {
			fmt.Fprintf(stderr, "docsite review: %v\n", err)
			return sel, 2
		}
	}
	return sel, 0
}

// narrow keeps the findings of the selected language, checks and severity.
func (sel findingSelection) narrow(rep *review.Report) *review.Report {
	if sel.lang != "" {
		rep = rep.ForLocale(sel.lang)
	}
	return rep.Filter(sel.checks, sel.min)
}

// writeReviewHTML writes the side-by-side review into dir/_review/.
func writeReviewHTML(rep *review.Report, dir string, stderr io.Writer) int {
	err := review.WriteHTML(rep, nil, func(rel string, data []byte) error {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		return os.WriteFile(name, data, 0o644)
	})
	if err != nil {
		fmt.Fprintf(stderr, "docsite review: -html: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite review: side-by-side review in %s\n", filepath.Join(dir, filepath.FromSlash(route.File(route.ReviewIndex))))
	return 0
}

// writeBaselineFile records the findings' IDs in file (-write-baseline).
func writeBaselineFile(rep *review.Report, file string, stderr io.Writer) int {
	var b strings.Builder
	err := review.WriteBaseline(&b, rep)
	if err == nil {
		err = write.ReplaceFiles([]write.File{{Name: file, Data: []byte(b.String())}})
	}
	if err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite review: %d findings written to %s\n", len(rep.Findings), file)
	return 0
}

// withoutBaseline leaves out of rep the findings the baseline file lists (-baseline).
func withoutBaseline(rep *review.Report, file string, stderr io.Writer) (*review.Report, int) {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return nil, 2
	}
	known, err := review.ReadBaseline(data, file)
	if err != nil {
		printErr(stderr, err)
		return nil, 2
	}
	return rep.Without(known), 0
}

// report prints rep as text or JSON to stdout; under -strict an error finding exits 1.
func (f *reviewFlags) report(rep *review.Report, stdout, stderr io.Writer) int {
	perPage := 20
	if f.all {
		perPage = 0
	}
	writeReport := func(w io.Writer, r *review.Report) error { return review.WriteTextLimit(w, r, perPage) }
	if f.format == "json" {
		writeReport = review.WriteJSON
	}
	if err := writeReport(stdout, rep); err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return 1
	}
	if f.strict && rep.HasErrors() {
		return 1
	}
	return 0
}

// acceptLang writes the reviewed state of language code beside the content.
func acceptLang(rep *review.Report, source, code string, stderr io.Writer) int {
	known := false
	for _, l := range rep.Langs {
		known = known || l.Code == code
	}
	if !known {
		fmt.Fprintf(stderr, "docsite review: -accept %s: no such language\n", code)
		return 2
	}
	if rep.RevisionKeyUsed {
		return acceptRevision(rep, source, code, stderr)
	}
	st := review.Accept(rep, code)
	file := filepath.Join(source, "content", filepath.FromSlash(review.StateFile(code)))
	if err := write.ReplaceFiles([]write.File{{Name: file, Data: st.Marshal()}}); err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite review: recorded the reviewed state of %s in %s\n", code, file)
	return 0
}

// acceptRevision records, in the front matter of each translation of language code, the
// source commit it is now accepted against: the work tree's HEAD, in the site's revision
// key, one line edited or added, every other byte kept. All the pages are changed or none:
// a page that cannot be edited, or a failure writing any of them, changes nothing.
func acceptRevision(rep *review.Report, source, code string, stderr io.Writer) int {
	head, err := exec.Command("git", "-C", source, "rev-parse", "HEAD").Output()
	if err != nil {
		fmt.Fprintf(stderr, "docsite review: -accept %s: translations record their source commit in %s, but the site root is not in a git work tree: %v\n", code, rep.RevisionKey, err)
		return 1
	}
	commit := strings.TrimSpace(string(head))
	var changed []write.File
	failed := false
	for _, p := range rep.Pages {
		for _, tr := range p.Translations {
			if tr.Locale != code || tr.Missing {
				continue
			}
			file := filepath.Join(source, filepath.FromSlash(tr.File))
			data, err := os.ReadFile(file)
			if err != nil {
				fmt.Fprintf(stderr, "docsite review: %v\n", err)
				return 1
			}
			out, err := load.SetKey(data, rep.RevisionKey, commit)
			if err != nil {
				fmt.Fprintf(stderr, "docsite review: %s: %v\n", tr.File, err)
				failed = true
				continue
			}
			if string(out) != string(data) {
				changed = append(changed, write.File{Name: file, Data: out})
			}
		}
	}
	if failed {
		fmt.Fprintf(stderr, "docsite review: -accept %s: no page changed\n", code)
		return 1
	}
	if err := write.ReplaceFiles(changed); err != nil {
		fmt.Fprintf(stderr, "docsite review: -accept %s: %v\n", code, err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite review: set %s to %s in %d %s pages\n", rep.RevisionKey, commit[:min(len(commit), 10)], len(changed), code)
	return 0
}
