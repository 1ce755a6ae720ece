package gpu

import (
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/text/language"
)

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, diags := Load(repoFS, "content/data"); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

// BenchmarkParseSeedPages parses the two survey pages with and without the mention linker.
func BenchmarkParseSeedPages(b *testing.B) {
	c, _ := Load(repoFS, "content/data")
	var srcs [][]byte
	for _, f := range []string{"content/zh/gpu-survey.md", "content/zh/gpu-platforms.md"} {
		s, err := os.ReadFile("../../" + f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, blankFrontMatter(s))
	}
	linker := NewLinker(c, language.Chinese, func(id string) string { return GPUPath("zh", id) })
	for _, bc := range []struct {
		name string
		opts []parser.Option
	}{
		{"plain", nil},
		{"linked", []parser.Option{parser.WithASTTransformers(util.Prioritized(linker, 500))}},
	} {
		md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK), goldmark.WithParserOptions(bc.opts...))
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				for _, s := range srcs {
					md.Parser().Parse(text.NewReader(s), parser.WithContext(parser.NewContext()))
				}
			}
		})
	}
}

func BenchmarkPricingView(b *testing.B) {
	c, _ := Load(repoFS, "content/data")
	l := Lang{Code: "ja", Tag: language.Japanese}
	for b.Loop() {
		c.PricingView(l)
	}
}
