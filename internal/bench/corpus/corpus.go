// Package corpus generates the benchmark corpus: N parallel pages per language for en, zh
// and ja, deterministic from a seed, damaged the way the seed pages are, in Hugo's layout:
// every folder a section with an _index.md (sections.go).
//
// Every page is built once as a language-independent structure (sections, blocks,
// tables and the facts they quote) and rendered in each language, so the three files
// of a page line up block for block. About one page in five diverges on purpose in one
// language: a paragraph left out, or a changed price in a spec table.
//
// The damage mirrors /work/shared/seeds: a GFM pipe table, a pipe table without its
// delimiter row, and a raw HTML comparison table whose highlighted cells are opened
// with <th> (or <td>) and closed with </td>, whose lists are "closed" with <ul>, with
// div/span wrappers, class="stress-item", sometimes an unclosed <li> or a blank line
// inside a cell, and sometimes the whole table on one line with the caption and image
// markdown right after it and no blank line between.
package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// Languages are the corpus languages, in the order every page is rendered.
var Languages = []string{"en", "zh", "ja"}

// Options selects a corpus.
type Options struct {
	Pages int    // pages per language
	Seed  uint64 // same seed and Pages give byte-identical files
}

// File is one generated markdown file.
type File struct {
	Lang string // one of Languages
	Path string // slash-separated, relative to content/<Lang>
	Data []byte
}

// PageFiles returns page i (0 <= i < opt.Pages) in every language.
func PageFiles(opt Options, i int) []File {
	p := newPage(opt.Seed, i, opt.Pages)
	rel := relPath(opt.Seed, i)
	files := make([]File, len(Languages))
	for lang, name := range Languages {
		files[lang] = File{Lang: name, Path: rel, Data: p.render(lang)}
	}
	return files
}

// WriteContent writes the corpus under content/<lang>/ of every root, using all cores.
func WriteContent(opt Options, roots ...string) error {
	if opt.Pages < 1 {
		return fmt.Errorf("corpus: need at least one page per language, got %d", opt.Pages)
	}
	if err := makeDirs(roots); err != nil {
		return err
	}
	next := make(chan int)
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range errs {
		wg.Go(func() {
			for i := range next {
				if errs[w] == nil {
					errs[w] = writePage(opt, i, roots)
				}
			}
		})
	}
	for i := range opt.Pages {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return writeFiles(SectionFiles(), roots)
}

func makeDirs(roots []string) error {
	for _, root := range roots {
		for _, lang := range Languages {
			for _, d := range sectionDirs() {
				if err := os.MkdirAll(filepath.Join(root, "content", lang, filepath.FromSlash(d)), 0o755); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func writePage(opt Options, i int, roots []string) error {
	return writeFiles(PageFiles(opt, i), roots)
}

func writeFiles(files []File, roots []string) error {
	for _, f := range files {
		for _, root := range roots {
			name := filepath.Join(root, "content", f.Lang, filepath.FromSlash(f.Path))
			if err := os.WriteFile(name, f.Data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
