// Command sitecheck checks a built docsite site the way browsers, validators and search engines
// see it; `make check` runs it after building. It prints every finding, then a summary, and
// exits 1 when any finding is an error.
//
//	go run ./cmd/sitecheck -dir public [-base /sub/] [-screenshots out/screenshots]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"docsite/internal/sitecheck"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run parses args, checks the site and writes the report; it returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sitecheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c sitecheck.Config
	fs.StringVar(&c.Dir, "dir", "public", "the built site")
	fs.StringVar(&c.Base, "base", "/", "the base URL the site was built for: a path (/sub/) or an absolute URL")
	fs.StringVar(&c.Tools, "tools", "internal/sitecheck/tools", "the npm tools folder (node_modules with vnu-jar and axe-core)")
	fs.StringVar(&c.Java, "java", "java", "the java command for the Nu Html Checker")
	fs.StringVar(&c.Chromium, "chromium", "/usr/bin/chromium", "the chromium binary")
	fs.StringVar(&c.Screenshots, "screenshots", "", "write screenshots of every page at 390 and 1280 px here")
	fs.BoolVar(&c.SkipHTML, "no-vnu", false, "leave out the Nu Html Checker")
	fs.BoolVar(&c.SkipBrowser, "no-browser", false, "leave out the browser checks")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sitecheck: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	res, err := sitecheck.Run(ctx, c)
	for _, d := range res.Diags {
		fmt.Fprintln(stdout, d.Error())
	}
	for _, s := range res.Summary {
		fmt.Fprintln(stdout, "sitecheck: "+s)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "sitecheck: %v\n", err)
		return 1
	case res.Diags.HasErrors():
		fmt.Fprintln(stdout, "sitecheck: FAIL")
		return 1
	}
	fmt.Fprintln(stdout, "sitecheck: ok")
	return 0
}
