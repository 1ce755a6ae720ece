// Command gencorpus writes the benchmark corpus: N pages per language for en, zh and ja,
// deterministic from a seed, as a docsite site and optionally as a Hugo site.
//
//	gencorpus -n 1000 -seed 1 -out /tmp/site [-hugo /tmp/hugosite]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"docsite/internal/bench/corpus"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("gencorpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 1000, "pages per language")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same files")
	out := fs.String("out", "", "directory for the docsite site (content/<lang>/...)")
	hugo := fs.String("hugo", "", "also write the corpus as a Hugo site into this directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return errors.New("usage: gencorpus -n N -seed S -out DIR [-hugo DIR]")
	}
	roots := []string{*out}
	if *hugo != "" {
		roots = append(roots, *hugo)
		if err := corpus.WriteHugoConfig(*hugo); err != nil {
			return err
		}
	}
	return corpus.WriteContent(corpus.Options{Pages: *n, Seed: *seed}, roots...)
}
