// Command benchcompare builds the benchmark corpus with docsite, Hugo and the goldmark
// floor, alternating the tools run by run, and prints the median wall time, CPU time,
// peak RSS (from /usr/bin/time -v), pages per second and the ratios between tools: for
// each output folder (the ordinary disk, a tmpfs) and each scenario (a fresh build;
// rebuilds into the existing output with nothing changed, after a body edit, after a
// title edit; scenario.go).
//
//	benchcompare -sizes 1000,10000 -runs 5 [-docsite PATH] [-hugo PATH] [-work DIR] [-out DIR,DIR]
//	             [-scenarios fresh,noop,body,title]
//	benchcompare -floor -source SITE -dest DIR    # the floor alone, as one process
//
// Corpora are generated into -work once and reused. The first run of every tool at
// every size warms the page cache and is discarded. The output is Markdown, ready for
// BENCHMARKS.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
}

// config is what one comparison measures.
type config struct {
	sizes     []int // pages per language
	runs      int   // measured runs per tool and size, after one warm-up run
	seed      uint64
	work      string
	outs      []string   // folders the tools write their sites into, each measured
	scenarios []scenario // fresh builds and rebuilds
	docsite   string     // path to the docsite binary; empty leaves docsite out
	hugo      string     // path to the hugo binary; empty leaves Hugo out
	self      string     // this binary, run with -floor
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchcompare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	floorMode := fs.Bool("floor", false, "run the goldmark floor once on -source, writing -dest")
	source := fs.String("source", "", "with -floor: site root holding content/<lang>/")
	dest := fs.String("dest", "", "with -floor: output directory")
	sizes := fs.String("sizes", "1000,10000", "comma-separated pages per language")
	runs := fs.Int("runs", 5, "measured runs per tool and size (one more warm-up run is discarded)")
	seed := fs.Uint64("seed", 1, "corpus seed")
	work := fs.String("work", filepath.Join(os.TempDir(), "docsite-bench"), "directory for the corpora")
	out := fs.String("out", "", "comma-separated `directories` the tools write into, each measured (default WORK/out); a tmpfs such as /dev/shm/… takes the disk out of the measurement")
	scen := fs.String("scenarios", "fresh", "comma-separated: fresh (empty output), noop (rebuild, nothing changed), body (rebuild after a page body edit), title (after a title edit)")
	docsite := fs.String("docsite", "", "docsite binary; leave empty to skip docsite")
	hugo := fs.String("hugo", "", "hugo binary; leave empty to skip Hugo")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *floorMode {
		if *source == "" || *dest == "" {
			return errors.New("-floor needs -source and -dest")
		}
		return floor(*source, *dest)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cfg := config{runs: *runs, seed: *seed, work: *work, docsite: *docsite, hugo: *hugo, self: self}
	for o := range strings.SplitSeq(*out, ",") {
		if o = strings.TrimSpace(o); o != "" {
			cfg.outs = append(cfg.outs, o)
		}
	}
	if len(cfg.outs) == 0 {
		cfg.outs = []string{filepath.Join(cfg.work, "out")}
	}
	for _, o := range cfg.outs {
		if err := os.MkdirAll(o, 0o755); err != nil {
			return err
		}
	}
	if cfg.scenarios, err = parseScenarios(*scen); err != nil {
		return err
	}
	if cfg.sizes, err = parseSizes(*sizes); err != nil {
		return err
	}
	if cfg.runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	return compare(cfg, stdout, stderr)
}

func parseSizes(s string) ([]int, error) {
	var sizes []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-sizes: %q is not a positive page count", f)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}
