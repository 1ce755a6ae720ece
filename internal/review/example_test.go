package review_test

import (
	"fmt"
	"os"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"docsite/internal/config"
	"docsite/internal/review"
)

// The review command in miniature: parse every language version of every page, Run, print.
// A build does the same before rendering, then asks Stale per section and writes WriteHTML.
func Example() {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK))
	parse := func(locale, file, src string) review.Doc {
		return review.Doc{Locale: locale, Page: "start", File: file, Src: []byte(src),
			Root: md.Parser().Parse(text.NewReader([]byte(src)))}
	}
	in := review.Input{
		Default: "en",
		Locales: []config.Lang{{Code: "en", BCP47: "en"}, {Code: "ja", BCP47: "ja"}},
		Docs: []review.Doc{
			parse("en", "content/en/start.md", "## Install\n\nDownload 2.4 GB and run the installer.\n"),
			parse("ja", "content/ja/start.md", "## インストール\n\n2.6 GB をダウンロードしてインストーラを実行します。\n"),
		},
	}
	r := review.Run(in)
	review.WriteText(os.Stdout, r)
	fmt.Println("strict exit 1:", r.HasErrors())
	// Output:
	// language  pages  translated  stand-ins  sections aligned  complete  findings
	// en        1      1           0          0/0               100.0%    -
	// ja        1      1           0          1/1               100.0%    number-mismatch 1
	//
	// ja: to do: fix 1 error (1 file)
	//
	// content/ja/start.md: 1 error
	// content/ja/start.md:3: error: number-mismatch: numbers differ: source has 2.4; translation has 2.6 (source content/en/start.md:3)
	// strict exit 1: true
}
