package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"docsite/internal/build"
	"docsite/internal/review"
)

func runReview(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	source := fs.String("source", ".", "site root `directory`")
	format := fs.String("format", "text", "output `format`: text or json")
	strict := fs.Bool("strict", false, "exit 1 when any finding is an error (for CI)")
	lang := fs.String("lang", "", "report only this `language` (folder code)")
	accept := fs.String("accept", "", "record the current source of every aligned section as reviewed in `language`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "docsite review: -format must be text or json, not %q\n", *format)
		return 2
	}
	rep, err := build.Review(ctx, build.Options{Source: *source})
	if err != nil {
		printErr(stderr, err)
		return 1
	}
	if *accept != "" {
		return acceptLang(rep, *source, *accept, stderr)
	}
	if *lang != "" {
		rep = rep.ForLocale(*lang)
	}
	write := review.WriteText
	if *format == "json" {
		write = review.WriteJSON
	}
	if err := write(stdout, rep); err != nil {
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
	st := review.Accept(rep, code)
	file := filepath.Join(source, "content", filepath.FromSlash(review.StateFile(code)))
	if err := os.WriteFile(file, st.Marshal(), 0o644); err != nil {
		fmt.Fprintf(stderr, "docsite review: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite review: recorded the reviewed state of %s in %s\n", code, file)
	return 0
}
