// Command docsite builds a multilingual documentation site, previews it and reviews its
// translations. "docsite help" lists its commands and their flags: the usage is made
// from each command's flag set (commands, in main.go), so it cannot leave one out.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// command is a subcommand of docsite: what it does, its flags and how to run it.
type command struct {
	name, summary string
	flags         func() *flag.FlagSet
	required      []string // the flags it cannot do without, in the order the usage shows them
	args          string   // what follows the flags, if anything
	run           func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

// commands are docsite's subcommands, in the order the usage lists them.
var commands = []command{
	{name: "build", summary: "build the site from a site root into a directory",
		flags: func() *flag.FlagSet { fs, _ := newBuildFlags(); return fs },
		run: func(ctx context.Context, args []string, _, stderr io.Writer) int {
			return runBuild(ctx, args, stderr)
		}},
	{name: "review", summary: "report translation findings (text or JSON)",
		flags: func() *flag.FlagSet { fs, _ := newReviewFlags(); return fs },
		run:   runReview},
	{name: "serve", summary: "preview the site with live reload",
		flags: func() *flag.FlagSet { fs, _ := newServeFlags(); return fs },
		run: func(ctx context.Context, args []string, _, stderr io.Writer) int {
			return runServe(ctx, args, stderr)
		}},
	{name: "export", summary: "write a language's units for translators' tools (PO, XLIFF)",
		flags:    func() *flag.FlagSet { fs, _ := newExportFlags(); return fs },
		required: []string{"lang", "o"},
		run: func(ctx context.Context, args []string, _, stderr io.Writer) int {
			return runExport(ctx, args, stderr)
		}},
	{name: "import", summary: "write translations from PO or XLIFF files back into the pages",
		flags:    func() *flag.FlagSet { fs, _ := newImportFlags(); return fs },
		required: []string{"lang"},
		args:     "FILES…",
		run: func(ctx context.Context, args []string, _, stderr io.Writer) int {
			return runImport(ctx, args, stderr)
		}},
}

// run executes one subcommand and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "docsite: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

// usage prints the commands, then each one's synopsis, made from its flag set.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage: docsite <command> [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-7s %s\n", c.name, c.summary)
	}
	b.WriteString("\n")
	for _, c := range commands {
		b.WriteString(synopsis(c))
	}
	b.WriteString("\nRun \"docsite <command> -h\" for what each flag does.\n")
	io.WriteString(w, b.String())
}

// synopsisWidth is where synopsis lines are wrapped.
const synopsisWidth = 100

// synopsis is the usage line of c, wrapped at synopsisWidth under its first flag: the
// required flags, the others in the flag set's (alphabetical) order, each with the name
// of its value as its help text gives it (-source directory → [-source DIRECTORY]); a
// flag that is on by default is shown turned off.
func synopsis(c command) string {
	fs := c.flags()
	var words []string
	for _, name := range c.required {
		words = append(words, flagWord(fs.Lookup(name)))
	}
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(c.required, f.Name) {
			words = append(words, "["+flagWord(f)+"]")
		}
	})
	if c.args != "" {
		words = append(words, c.args)
	}
	lead := fmt.Sprintf("docsite %-6s ", c.name)
	var b strings.Builder
	line := lead
	for i, word := range words {
		if i > 0 && len(line)+1+len(word) > synopsisWidth {
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", len(lead)) + word
			continue
		}
		if i > 0 {
			line += " "
		}
		line += word
	}
	return b.String() + line + "\n"
}

// flagWord is how the synopsis names f: -name VALUE, -name for a boolean, -name=false
// for one that is true by default.
func flagWord(f *flag.Flag) string {
	if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
		if f.DefValue == "true" {
			return "-" + f.Name + "=false"
		}
		return "-" + f.Name
	}
	value, _ := flag.UnquoteUsage(f)
	return "-" + f.Name + " " + strings.ToUpper(value)
}
