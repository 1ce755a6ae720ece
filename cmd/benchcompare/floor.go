package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// floor is the lower bound a build is compared against: goldmark alone (GFM, CJK,
// raw HTML allowed) reading every .md file under source/content, dropping its front
// matter, rendering it and writing dest/<same path>.html, on all cores. No templates,
// no repair, no alignment.
func floor(source, dest string) error {
	md := newMarkdown()
	root := filepath.Join(source, "content")
	files := make(chan string, 256)
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range errs {
		wg.Go(func() {
			var buf bytes.Buffer
			for rel := range files {
				if errs[w] == nil {
					errs[w] = renderFile(md, &buf, root, dest, rel)
				}
			}
		})
	}
	walkErr := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, name)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dest, rel), 0o755)
		}
		if strings.HasSuffix(name, ".md") {
			files <- rel
		}
		return nil
	})
	close(files)
	wg.Wait()
	return errors.Join(append(errs, walkErr)...)
}

// newMarkdown is goldmark with GFM, CJK and raw HTML passed through.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.CJK),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
}

func renderFile(md goldmark.Markdown, buf *bytes.Buffer, root, dest, rel string) error {
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return err
	}
	buf.Reset()
	if err := md.Convert(stripFrontMatter(data), buf); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dest, strings.TrimSuffix(rel, ".md")+".html"), buf.Bytes(), 0o644)
}

// stripFrontMatter drops a leading +++ … +++ block.
func stripFrontMatter(data []byte) []byte {
	rest, ok := bytes.CutPrefix(data, []byte("+++\n"))
	if !ok {
		return data
	}
	if _, body, ok := bytes.Cut(rest, []byte("\n+++\n")); ok {
		return body
	}
	return data
}
