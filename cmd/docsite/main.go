// Command docsite builds a multilingual documentation site, previews it and reviews its
// translations.
//
//	docsite build  [-source DIR] [-dest DIR] [-baseurl URL] [-strict] [-v]
//	docsite review [-source DIR] [-format text|json] [-strict] [-lang L] [-accept L]
//	docsite serve  [-source DIR] [-addr 127.0.0.1:1313]
//	docsite export -lang L -format po|xliff2|xliff [-tmx] [-stale-only] -o DIR
//	docsite import -lang L [-strict] FILES…
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one subcommand and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "build":
		return runBuild(ctx, args[1:], stderr)
	case "review":
		return runReview(ctx, args[1:], stdout, stderr)
	case "serve":
		return runServe(ctx, args[1:], stderr)
	case "export":
		return runExport(ctx, args[1:], stderr)
	case "import":
		return runImport(ctx, args[1:], stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "docsite: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: docsite <command> [flags]

commands:
  build   build the site from a site root into a directory
  review  report translation findings (text or JSON)
  serve   preview the site with live reload
  export  write a language's units for translators' tools (PO, XLIFF)
  import  write translations from PO or XLIFF files back into the pages

Run "docsite <command> -h" for a command's flags.
`)
}
