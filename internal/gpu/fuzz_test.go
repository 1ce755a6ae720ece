package gpu

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/text/language"
)

// FuzzLoad feeds arbitrary data files to Load: it must not panic, and every diagnostic it reports
// must name the data file or the cited seed.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"gpus.toml", "offers-survey.toml", "rate.toml", "providers.toml"} {
		b, err := os.ReadFile("../../content/data/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("[[offer]]\nid = \"x\"\nreadings = [{ field = \"gpu\" }, 3]\n"))
	seed, err := os.ReadFile("testdata/warnings/seed.md")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"data/a.toml": {Data: data}, "seed.md": {Data: seed}}
		_, diags := Load(fsys, "data")
		for _, d := range diags {
			if d.File == "" {
				t.Errorf("diagnostic without a file: %v", d)
			}
		}
	})
}

// FuzzLinker runs the mention linker over arbitrary markdown: no panic, and the rendering holds
// no link inside a link.
func FuzzLinker(f *testing.F) {
	c, _ := Load(repoFS, "content/data")
	for _, s := range []string{"P4/P40 and M 40", "`V100` [V100](x) **特斯拉 V100T3**", "P3、P4、G3", "# K40\n\nK40M"} {
		f.Add(s)
	}
	linker := NewLinker(c, language.Chinese, func(id string) string { return GPUPath("zh", id) })
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linker, 500))))
	f.Fuzz(func(t *testing.T, src string) {
		pc := parser.NewContext()
		doc := md.Parser().Parse(text.NewReader([]byte(src)), parser.WithContext(pc))
		for _, m := range Mentions(pc) {
			if m.Link != nil && m.Link.Parent() == nil {
				t.Errorf("mention link detached from the tree")
			}
		}
		_ = doc
	})
}
