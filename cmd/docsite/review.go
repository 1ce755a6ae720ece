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

func runReview(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	source := fs.String("source", ".", "site root `directory`")
	format := fs.String("format", "text", "output `format`: text or json")
	strict := fs.Bool("strict", false, "exit 1 when any finding is an error (for CI)")
	lang := fs.String("lang", "", "report only this `language` (folder code)")
	accept := fs.String("accept", "", "record the current source of every aligned section as reviewed in `language`")
	checks := fs.String("check", "", "report only these `checks` (comma-separated IDs: untranslated,stale,…)")
	severity := fs.String("severity", "warning", "report findings of at least this `severity`: warning or error")
	baseline := fs.String("baseline", "", "leave out the findings listed in this baseline `file` (CI fails only on new ones)")
	writeBaseline := fs.String("write-baseline", "", "write the findings' IDs to this baseline `file` and exit")
	all := fs.Bool("all", false, "text output: every finding of every page (else the first 20 a page)")
	htmlDir := fs.String("html", "", "also write the side-by-side review as HTML into `directory` (DIR/_review/index.html)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	min := diag.Warning
	switch *severity {
	case "warning":
	case "error":
		min = diag.Error
	default:
		fmt.Fprintf(stderr, "docsite review: -severity must be warning or error, not %q\n", *severity)
		return 2
	}
	var checkList []string
	if *checks != "" {
		for _, c := range strings.Split(*checks, ",") {
			if !review.KnownCheck(strings.TrimSpace(c)) {
				fmt.Fprintf(stderr, "docsite review: -check: no check %q\n", c)
				return 2
			}
			checkList = append(checkList, strings.TrimSpace(c))
		}
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "docsite review: -format must be text or json, not %q\n", *format)
		return 2
	}
	if *htmlDir != "" {
		if err := checkDest("-html", *source, *htmlDir); err != nil {
			fmt.Fprintf(stderr, "docsite review: %v\n", err)
			return 2
		}
	}
	rep, err := build.Review(ctx, build.Options{Source: *source, Review: *htmlDir != ""})
	if err != nil {
		printErr(stderr, err)
		return 1
	}
	if *htmlDir != "" {
		err := review.WriteHTML(rep, nil, func(rel string, data []byte) error {
			name := filepath.Join(*htmlDir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
			return os.WriteFile(name, data, 0o644)
		})
		if err != nil {
			fmt.Fprintf(stderr, "docsite review: -html: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "docsite review: side-by-side review in %s\n", filepath.Join(*htmlDir, filepath.FromSlash(route.File(route.ReviewIndex))))
	}
	if *accept != "" {
		return acceptLang(rep, *source, *accept, stderr)
	}
	if *lang != "" {
		rep = rep.ForLocale(*lang)
	}
	rep = rep.Filter(checkList, min)
	if *writeBaseline != "" {
		var b strings.Builder
		err := review.WriteBaseline(&b, rep)
		if err == nil {
			err = write.ReplaceFiles([]write.File{{Name: *writeBaseline, Data: []byte(b.String())}})
		}
		if err != nil {
			fmt.Fprintf(stderr, "docsite review: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "docsite review: %d findings written to %s\n", len(rep.Findings), *writeBaseline)
		return 0
	}
	if *baseline != "" {
		data, err := os.ReadFile(*baseline)
		if err != nil {
			fmt.Fprintf(stderr, "docsite review: %v\n", err)
			return 2
		}
		known, err := review.ReadBaseline(data, *baseline)
		if err != nil {
			printErr(stderr, err)
			return 2
		}
		rep = rep.Without(known)
	}
	perPage := 20
	if *all {
		perPage = 0
	}
	writeReport := func(w io.Writer, r *review.Report) error { return review.WriteTextLimit(w, r, perPage) }
	if *format == "json" {
		writeReport = review.WriteJSON
	}
	if err := writeReport(stdout, rep); err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return 1
	}
	if *strict && rep.HasErrors() {
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
