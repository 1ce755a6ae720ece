package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"docsite/internal/bench/corpus"
)

// corpusDirs locates one generated corpus: the docsite site and the Hugo site.
type corpusDirs struct {
	site, hugo string
	pages      int // per language
	seed       uint64
}

// ensureCorpus generates the corpus of n pages per language under work, or reuses it
// when a previous run finished it with the same generator. The stamp is a hash of
// page 0, so a changed generator regenerates the corpus.
func ensureCorpus(work string, n int, seed uint64, log io.Writer) (corpusDirs, error) {
	opt := corpus.Options{Pages: n, Seed: seed}
	root := filepath.Join(work, fmt.Sprintf("corpus-n%d-seed%d", n, seed))
	c := corpusDirs{site: filepath.Join(root, "site"), hugo: filepath.Join(root, "hugo"), pages: n, seed: seed}
	stampFile := filepath.Join(root, "complete")
	want := stamp(opt)
	if got, err := os.ReadFile(stampFile); err == nil && bytes.Equal(got, want) {
		fmt.Fprintf(log, "reusing corpus %s\n", root)
		return c, corpus.WriteHugoConfig(c.hugo) // cheap, and picks up changed layouts
	}
	fmt.Fprintf(log, "generating %d pages per language into %s\n", n, root)
	if err := os.RemoveAll(root); err != nil {
		return c, err
	}
	if err := corpus.WriteHugoConfig(c.hugo); err != nil {
		return c, err
	}
	if err := corpus.WriteContent(opt, c.site, c.hugo); err != nil {
		return c, err
	}
	return c, os.WriteFile(stampFile, want, 0o644)
}

func stamp(opt corpus.Options) []byte {
	h := sha256.New()
	for _, f := range append(corpus.PageFiles(opt, 0), corpus.SectionFiles()...) {
		h.Write(f.Data)
	}
	return fmt.Appendf(nil, "%x\n", h.Sum(nil))
}
