package review

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"docsite/internal/config"
	"docsite/internal/table"
)

// doc parses a page the way the markdown stage does: front matter blanked line for line,
// GFM, CJK and the table normaliser.
func doc(locale, page, file string, src []byte) Doc {
	src = bytes.Clone(src)
	if bytes.HasPrefix(src, []byte("+++\n")) {
		if end := bytes.Index(src[4:], []byte("\n+++\n")); end >= 0 {
			for i := range end + 8 {
				if src[i] != '\n' {
					src[i] = ' '
				}
			}
		}
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.CJK, table.NewExtension()))
	return Doc{Locale: locale, Page: page, File: file, Root: md.Parser().Parse(text.NewReader(src)), Src: src}
}

// seedsDir holds copies of the seed product page, so tests naming lines do not move when
// content/ is edited.
const seedsDir = "../outline/testdata/seeds"

// seeds reads the product page in every language from seedsDir, applying edits (file →
// function of its source) first. Files are named as in the site: content/<lang>/<page>.md.
func seeds(t testing.TB, edits map[string]func(string) string) Input {
	return siteAt(t, seedsDir, edits)
}

// site reads the real content tree, all pages.
func site(t testing.TB) Input {
	return siteAt(t, "../../content", nil)
}

func siteAt(t testing.TB, root string, edits map[string]func(string) string) Input {
	t.Helper()
	in := Input{Default: "en", Locales: []config.Lang{{Code: "en", BCP47: "en"}, {Code: "zh", BCP47: "zh-Hans"}, {Code: "ja", BCP47: "ja"}}}
	files, err := filepath.Glob(root + "/*/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel := "content/" + strings.TrimPrefix(filepath.ToSlash(f), root+"/")
		if edit := edits[rel]; edit != nil {
			src = []byte(edit(string(src)))
		}
		parts := strings.Split(rel, "/")
		in.Docs = append(in.Docs, doc(parts[1], strings.TrimSuffix(parts[2], ".md"), rel, src))
	}
	return in
}
