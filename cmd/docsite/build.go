package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"docsite/internal/build"
	"docsite/internal/cache"
	"docsite/internal/diag"
	"docsite/internal/write"
)

// buildFlags are the flags of docsite build.
type buildFlags struct {
	opts                                    build.Options
	wopts                                   write.Options
	dest, cacheRoot, cpuProfile, memProfile string
	search                                  bool
}

func newBuildFlags() (*flag.FlagSet, *buildFlags) {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	f := &buildFlags{}
	opts, wopts := &f.opts, &f.wopts
	fs.StringVar(&f.dest, "dest", "public", "output `directory`; replaced atomically")
	fs.StringVar(&opts.Source, "source", ".", "site root `directory` holding content/<lang>/ and an optional site.toml")
	fs.StringVar(&opts.BaseURL, "baseurl", "", "base `URL` the site is published at (overrides site.toml)")
	fs.BoolVar(&opts.Strict, "strict", false, "treat a translation that cannot be built as an error")
	fs.BoolVar(&opts.Drafts, "drafts", false, "publish pages whose front matter says draft: true, marked as drafts")
	fs.BoolVar(&opts.Future, "future", false, "publish pages whose publishDate is still to come")
	fs.BoolVar(&opts.Expired, "expired", false, "publish pages whose expiryDate has passed")
	fs.BoolVar(&opts.Review, "review", false, "also write the translation review's pages under _review/")
	fs.BoolVar(&f.search, "search", true, "write the search index under _search/ and show the search box; -search=false leaves both out")
	fs.BoolVar(&opts.Verbose, "v", false, "list every repair made to the source")
	fs.StringVar(&f.cacheRoot, "cache", "", "build cache `directory` (default: docsite under the user's cache directory); off builds without one")
	fs.BoolVar(&wopts.Durable, "durable", false, "flush the output to disk before publishing it, so a power loss leaves the old or the new site")
	fs.BoolVar(&wopts.Force, "force", false, "replace -dest even when it holds files and is not docsite's output")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile to `file` (go tool pprof)")
	fs.StringVar(&f.memProfile, "memprofile", "", "write a heap profile to `file` after the build")
	return fs, f
}

func runBuild(ctx context.Context, args []string, stderr io.Writer) int {
	fs, f := newBuildFlags()
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opts, wopts := f.opts, f.wopts
	opts.Log = stderr
	opts.NoSearch = !f.search
	tuneGC()
	opts.Loaded = sizeGC
	if f.cpuProfile != "" {
		stop, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "docsite build: %v\n", err)
			return 1
		}
		defer stop()
	}
	if f.memProfile != "" {
		defer writeHeapProfile(f.memProfile, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "docsite build: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := checkDest("-dest", opts.Source, f.dest); err != nil {
		fmt.Fprintf(stderr, "docsite build: %v\n", err)
		return 2
	}
	var warns []string
	opts.Cache, warns = cacheFolder(f.cacheRoot, opts.Source, f.dest)
	for _, w := range warns {
		fmt.Fprintln(stderr, w)
	}
	tree, err := write.Begin(f.dest, wopts)
	if err != nil {
		fmt.Fprintf(stderr, "docsite build: %v\n", err)
		if _, foreign := err.(*write.NotOutputError); foreign {
			return 2
		}
		return 1
	}
	res, err := build.Run(ctx, opts, tree)
	if err != nil {
		tree.Abort()
		printErr(stderr, outputError(err, f.dest))
		fmt.Fprintf(stderr, "docsite build: failed; %s left untouched\n", f.dest)
		return 1
	}
	if err := tree.Commit(); err != nil {
		fmt.Fprintf(stderr, "docsite build: %v\n", err)
		return 1
	}
	// One write for all the warnings, not one system call per line: a corpus with a
	// warning per page would otherwise print thousands of lines one by one.
	w := bufio.NewWriter(stderr)
	for _, d := range res.Diags {
		fmt.Fprintln(w, d.Error())
	}
	fmt.Fprintf(w, "docsite: %s → %s\n", res.Summary(), f.dest)
	w.Flush()
	return 0
}

// outputError names, for a file of the output that no page or alias makes (a listing, a
// GPU page, the search index) and that could not be written, that file under dest, as a
// diagnostic; the file system's error loses the path of the spare tree it was written in.
func outputError(err error, dest string) error {
	var fe *write.FileError
	switch err.(type) {
	case diag.ErrorList, diag.Diagnostic:
		return err
	}
	if !errors.As(err, &fe) {
		return err
	}
	cause := fe.Err
	var pe *fs.PathError
	if errors.As(cause, &pe) {
		cause = pe.Err
	}
	return diag.Errorf(filepath.Join(dest, filepath.FromSlash(fe.Rel)), 0, 0, "build", "cannot write it: %v", cause)
}

// cacheFolder is the build cache's folder for the site at source built into dest, under
// root ("" for the default, "off" for none); what keeps it from being used is a warning.
func cacheFolder(root, source, dest string) (string, []string) {
	if root == "off" {
		return "", nil
	}
	if root == "" {
		var err error
		if root, err = cache.DefaultRoot(); err != nil {
			return "", []string{fmt.Sprintf("docsite build: warning: building without the cache: %v (give one with -cache DIR)", err)}
		}
	}
	return cache.Folder(root, source, dest), nil
}

// printErr prints an error one diagnostic per line.
func printErr(out io.Writer, err error) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	switch e := err.(type) {
	case diag.ErrorList:
		for _, d := range e {
			fmt.Fprintln(w, d.Error())
		}
	default:
		fmt.Fprintln(w, err.Error())
	}
}
