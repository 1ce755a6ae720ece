package markdown

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// plainCode replaces the highlighting code renderer with one that writes code escaped
// and nothing else: the baseline of BenchmarkHighlight.
type plainCode struct{}

func (plainCode) Extend(md goldmark.Markdown) {
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(plainCode{}, 10)))
}

func (plainCode) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	f := func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString("<pre><code>")
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				w.Write(util.EscapeHTML(seg.Value(src)))
			}
			w.WriteString("</code></pre>\n")
		}
		return ast.WalkSkipChildren, nil
	}
	reg.Register(ast.KindFencedCodeBlock, f)
	reg.Register(ast.KindCodeBlock, f)
}

// BenchmarkHighlight renders pages with chroma and with plain code, one page version per
// iteration: the generated corpus (200 pages in three languages, a bash block on some),
// and, when DOCSITE_BENCH_CONTENT names a folder of markdown (a real site's content), the
// pages under it that hold fenced code. Compare ns/op of highlight=chroma and =plain.
func BenchmarkHighlight(b *testing.B) {
	sets := map[string][][]byte{"corpus": corpusPages(b, 200)}
	if dir := os.Getenv("DOCSITE_BENCH_CONTENT"); dir != "" {
		sets["site"] = sitePages(b, dir)
	}
	for name, pages := range sets {
		for _, mode := range []string{"chroma", "plain"} {
			b.Run(name+"/highlight="+mode, func(b *testing.B) {
				var opts Options
				if mode == "plain" {
					opts.Extensions = []goldmark.Extender{plainCode{}}
				}
				p := New(opts)
				docs := make([]*Doc, len(pages))
				for i, src := range pages {
					docs[i] = p.Parse(src, nil)
				}
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if _, err := p.RenderString(docs[i%len(docs)], nil); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}

// sitePages reads the markdown files under dir that have a fenced code block.
func sitePages(b *testing.B, dir string) [][]byte {
	var pages [][]byte
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(src), "```") {
			pages = append(pages, src)
		}
		return nil
	})
	if len(pages) == 0 {
		b.Fatalf("no markdown with code under %s", dir)
	}
	return pages
}
