package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"docsite/internal/build"
	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/exchange"
	"docsite/internal/load"
	"docsite/internal/write"
)

// exchangeFile is one file given to import, read.
type exchangeFile struct {
	name   string
	header exchange.Header
	units  []exchange.Incoming
}

// importFlags are the flags of docsite import.
type importFlags struct {
	source, lang string
	strict       bool
}

func newImportFlags() (*flag.FlagSet, *importFlags) {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fl := &importFlags{}
	fs.StringVar(&fl.source, "source", ".", "site root `directory`")
	fs.StringVar(&fl.lang, "lang", "", "the `language` the files translate into (folder code)")
	fs.BoolVar(&fl.strict, "strict", false, "exit 1 when a unit is rejected")
	return fs, fl
}

func runImport(ctx context.Context, args []string, stderr io.Writer) int {
	fs, fl := newImportFlags()
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fl.lang == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "docsite import: -lang and at least one exchange file are required")
		return 2
	}
	var files []exchangeFile
	for _, name := range fs.Args() {
		f, err := readExchangeFile(name)
		if err != nil {
			printErr(stderr, err)
			return 1
		}
		files = append(files, f)
	}
	// Unit IDs are resolved against the source as it was when the files were exported.
	byRevision := map[string][]exchangeFile{}
	var revisions []string
	for _, f := range files {
		if byRevision[f.header.Revision] == nil {
			revisions = append(revisions, f.header.Revision)
		}
		byRevision[f.header.Revision] = append(byRevision[f.header.Revision], f)
	}
	var out []write.File
	var diags diag.List
	var imported, kept, rejected, pages int
	for _, rev := range revisions {
		x, err := build.Exchange(ctx, build.Options{Source: fl.source}, build.ExchangeOptions{Lang: fl.lang, SourceAt: rev})
		if err != nil {
			printErr(stderr, err)
			return 1
		}
		usesKey := x.RevisionKey != config.DefaultRevisionKey
		for _, p := range x.Pages {
			usesKey = usesKey || p.Revision != ""
		}
		for _, f := range byRevision[rev] {
			i := slices.IndexFunc(x.Pages, func(p build.ExchangePage) bool { return p.Key == f.header.Page })
			if i < 0 {
				diags = append(diags, diag.Warnf(f.name, 1, 0, "exchange-unknown", "page %q is not a page of the site (or its source language is %s): nothing imported from this file", f.header.Page, fl.lang))
				rejected += len(f.units)
				continue
			}
			p := x.Pages[i]
			res := exchange.Apply(pairPage(p), p.Source, p.Target, f.units)
			imported, kept, rejected = imported+res.Imported, kept+res.Kept, rejected+res.Rejected
			diags = append(diags, res.Diags...)
			if res.Data == nil {
				continue
			}
			data := res.Data
			if res.Done && res.Touched && usesKey && rev != "" {
				if set, err := load.SetKey(data, x.RevisionKey, rev); err == nil {
					data = set
				} else {
					diags = append(diags, diag.Warnf(p.TargetFile, 1, 0, "exchange-kept", "%v", err))
				}
			}
			if p.Target != nil && string(data) == string(p.Target.Raw) {
				continue
			}
			name := filepath.Join(fl.source, filepath.FromSlash(p.TargetFile))
			if _, err := os.Lstat(name); p.Target == nil && err == nil {
				diags = append(diags, diag.Warnf(p.TargetFile, 1, 0, "exchange-kept", "the file exists but is not the %s translation of %s: it is left as it is", fl.lang, p.Source.File))
				continue
			}
			out = append(out, write.File{Name: name, Data: data})
			pages++
		}
	}
	diags.Sort()
	for _, d := range diags {
		fmt.Fprintln(stderr, d.Error())
	}
	if err := mkdirs(out); err != nil {
		fmt.Fprintf(stderr, "docsite import: %v\n", err)
		return 1
	}
	if err := write.ReplaceFiles(out); err != nil {
		fmt.Fprintf(stderr, "docsite import: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite import: %s: %d files: %d units imported, %d kept, %d rejected; %d pages written\n",
		fl.lang, len(files), imported, kept, rejected, pages)
	if fl.strict && rejected > 0 {
		return 1
	}
	return 0
}

// readExchangeFile reads a PO or XLIFF file, told by its content.
func readExchangeFile(name string) (exchangeFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return exchangeFile{}, err
	}
	f := exchangeFile{name: name}
	trimmed := strings.TrimSpace(strings.TrimPrefix(string(data[:min(len(data), 512)]), "\uFEFF"))
	if strings.HasPrefix(trimmed, "<") {
		f.header, f.units, err = exchange.ReadXLIFF(data, name)
	} else {
		f.header, f.units, err = exchange.ReadPO(data, name)
	}
	return f, err
}
