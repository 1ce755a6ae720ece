package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"docsite/internal/build"
	"docsite/internal/serve"
)

// serveFlags are the flags of docsite serve.
type serveFlags struct {
	source, addr string
	quiet        time.Duration
}

func newServeFlags() (*flag.FlagSet, *serveFlags) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	f := &serveFlags{}
	fs.StringVar(&f.source, "source", ".", "site root `directory`")
	fs.StringVar(&f.addr, "addr", serve.DefaultAddr, "`host:port` to listen on; loopback unless told otherwise")
	fs.DurationVar(&f.quiet, "quiet", serve.DefaultQuiet, "a change after the sources were quiet for this `duration` is built as soon as its files settle; the rest of a burst of changes once they are quiet this long again (too short splits a burst into more builds on a loaded machine)")
	return fs, f
}

func runServe(ctx context.Context, args []string, stderr io.Writer) int {
	fs, f := newServeFlags()
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	live, err := build.NewLive(build.Options{Source: f.source, BaseURL: "http://" + f.addr + "/", Drafts: true, Review: true})
	if err != nil {
		fmt.Fprintf(stderr, "docsite serve: %v\n", err)
		return 1
	}
	defer live.Close()
	b := &liveBuilder{live: live, log: stderr}
	err = serve.Run(ctx, serve.Options{Addr: f.addr, SourceDir: f.source, Log: stderr, Quiet: f.quiet}, b)
	if err != nil {
		fmt.Fprintf(stderr, "docsite serve: %v\n", err)
		return 1
	}
	return 0
}

// liveBuilder adapts the live builder to the preview server: every good build becomes an
// immutable in-memory site; the warnings a build newly finds and a summary go to the
// terminal.
type liveBuilder struct {
	live *build.Live
	log  io.Writer
	last *serve.Site // the site of the last good build
}

func (b *liveBuilder) Build(ctx context.Context, changed []string) (*serve.Site, error) {
	snap, err := b.live.Build(ctx, changed)
	if err != nil {
		return nil, err
	}
	if snap.Same && b.last != nil {
		return b.last, nil
	}
	for _, d := range snap.NewDiags {
		fmt.Fprintln(b.log, d.Error())
	}
	fmt.Fprintf(b.log, "docsite: %s\n", snap.Result.Summary())
	site := &serve.Site{FS: snap.Files, Languages: snap.Result.Langs, BasePath: "/"}
	b.last = site
	return site, nil
}
