package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"docsite/internal/build"
	"docsite/internal/exchange"
	"docsite/internal/write"
)

// formats are the exchange formats export writes, by -format, with their file extension.
var formats = map[string]struct {
	ext   string
	write func(io.Writer, *exchange.Document) error
}{
	"po":     {".po", exchange.WritePO},
	"xliff2": {".xlf", exchange.WriteXLIFF2},
	"xliff":  {".xlf", exchange.WriteXLIFF12},
}

// exportFlags are the flags of docsite export.
type exportFlags struct {
	source, lang, format, out string
	staleOnly, tmx            bool
}

func newExportFlags() (*flag.FlagSet, *exportFlags) {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fl := &exportFlags{}
	fs.StringVar(&fl.source, "source", ".", "site root `directory`")
	fs.StringVar(&fl.lang, "lang", "", "the `language` to translate into (folder code)")
	fs.StringVar(&fl.format, "format", "po", "exchange `format`: po, xliff2 or xliff (XLIFF 1.2)")
	fs.StringVar(&fl.out, "o", "", "write the files into `directory`/LANG/")
	fs.BoolVar(&fl.staleOnly, "stale-only", false, "only the units that are fuzzy or untranslated, and the pages that have some")
	fs.BoolVar(&fl.tmx, "tmx", false, "also write DIR/LANG.tmx, a translation memory of the aligned pairs")
	return fs, fl
}

func runExport(ctx context.Context, args []string, stderr io.Writer) int {
	fs, fl := newExportFlags()
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	f, ok := formats[fl.format]
	switch {
	case fl.lang == "" || fl.out == "":
		fmt.Fprintln(stderr, "docsite export: -lang and -o are required")
		return 2
	case !ok:
		fmt.Fprintf(stderr, "docsite export: -format must be po, xliff2 or xliff, not %q\n", fl.format)
		return 2
	}
	x, err := build.Exchange(ctx, build.Options{Source: fl.source}, build.ExchangeOptions{Lang: fl.lang})
	if err != nil {
		printErr(stderr, err)
		return 1
	}
	for _, d := range x.Diags {
		fmt.Fprintln(stderr, d.Error())
	}
	docs, stale := exportDocuments(x, fl.staleOnly)
	var files []write.File
	var tr, fz, un int
	for _, d := range docs {
		var b bytes.Buffer
		if err := f.write(&b, d); err != nil {
			fmt.Fprintf(stderr, "docsite export: %v\n", err)
			return 1
		}
		files = append(files, write.File{Name: filepath.Join(fl.out, fl.lang, filepath.FromSlash(d.Page)+f.ext), Data: b.Bytes()})
		t, z, u := d.Counts()
		tr, fz, un = tr+t, fz+z, un+u
	}
	if fl.tmx {
		var b bytes.Buffer
		if err := exchange.WriteTMX(&b, docs); err != nil {
			fmt.Fprintf(stderr, "docsite export: %v\n", err)
			return 1
		}
		files = append(files, write.File{Name: filepath.Join(fl.out, fl.lang+".tmx"), Data: b.Bytes()})
	}
	if err := mkdirs(files); err != nil {
		fmt.Fprintf(stderr, "docsite export: %v\n", err)
		return 1
	}
	if err := write.ReplaceFiles(files); err != nil {
		fmt.Fprintf(stderr, "docsite export: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "docsite export: %s: %d pages, %d units: %d translated, %d fuzzy (%d stale), %d untranslated; written to %s\n",
		fl.lang, len(docs), tr+fz+un, tr, fz, stale, un, filepath.Join(fl.out, fl.lang))
	return 0
}

// exportDocuments pairs every page's units with the language's translation, marks those
// whose source changed since the translation's recorded revision, and returns a document
// per page and how many units are stale.
func exportDocuments(x *build.ExchangeSite, staleOnly bool) ([]*exchange.Document, int) {
	var docs []*exchange.Document
	stale := 0
	for _, p := range x.Pages {
		pairing := pairPage(p)
		d := &exchange.Document{Page: p.Key, SourceFile: p.Source.File, TargetFile: p.TargetFile,
			SourceLang: p.SourceLang.Tag.String(), TargetLang: x.Lang.Tag.String(),
			Revision: x.Head, Date: cmpOr(x.HeadDate, "1970-01-01 00:00+0000"), Glossary: x.Glossary}
		for _, e := range pairing.Entries {
			if e.Previous != "" {
				stale++
			}
			if staleOnly && e.State == exchange.Translated {
				continue
			}
			d.Entries = append(d.Entries, e)
		}
		if len(d.Entries) == 0 {
			continue // nothing to translate (or, with -stale-only, nothing to do)
		}
		docs = append(docs, d)
	}
	return docs, stale
}

// pairPage pairs a page's source units with its translation's, stale ones marked.
func pairPage(p build.ExchangePage) *exchange.Pairing {
	pairing := exchange.Pair(p.Source, p.Target)
	if p.Old != nil {
		pairing.MarkStale(p.Source, p.Old)
	}
	return pairing
}

// mkdirs makes the folders the files go in.
func mkdirs(files []write.File) error {
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.Name), 0o755); err != nil {
			return err
		}
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
