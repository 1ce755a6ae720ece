package sanitize

import (
	"bytes"
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	goldhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"
)

// renderMarkdown renders a page as docsite's build does: GFM, CJK, footnotes,
// heading ids, raw HTML passed through.
func renderMarkdown(t *testing.T, src []byte) []byte {
	t.Helper()
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.CJK, extension.Footnote),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(goldhtml.WithUnsafe()),
	)
	var out bytes.Buffer
	if err := md.Convert(src, &out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// reserialised is what Body must return for markup it keeps whole: the same
// fragment, only parsed and rendered again.
func reserialised(t *testing.T, fragment []byte) []byte {
	t.Helper()
	nodes, err := html.ParseFragment(bytes.NewReader(fragment), fragmentContext())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, n := range nodes {
		if err := html.Render(&out, n); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

func legitBodies(t *testing.T) map[string][]byte {
	md, err := os.ReadFile("testdata/legit/markdown.md")
	if err != nil {
		t.Fatal(err)
	}
	site, err := os.ReadFile("testdata/legit/site.html")
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"markdown.md": renderMarkdown(t, md), "site.html": site}
}

// TestBodyKeepsLegitimateMarkup: everything goldmark and the site's own
// renderers produce passes through unchanged but for serialisation, and is
// byte-stable under a second pass.
func TestBodyKeepsLegitimateMarkup(t *testing.T) {
	for name, in := range legitBodies(t) {
		t.Run(name, func(t *testing.T) {
			want := reserialised(t, in)
			got := Body(in)
			if !bytes.Equal(got, want) {
				t.Errorf("markup changed\nin:   %s\nwant: %s\ngot:  %s", in, want, got)
			}
			if again := Body(got); !bytes.Equal(again, got) {
				t.Errorf("not idempotent\nonce:  %s\ntwice: %s", got, again)
			}
			if err := CheckSafe(got); err != nil {
				t.Error(err)
			}
		})
	}
}
