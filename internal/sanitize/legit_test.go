package sanitize

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// TestBodyKeepsContentText runs the site's real pages through goldmark and
// Body: every word survives, nothing unsafe is left, a second pass is a no-op.
func TestBodyKeepsContentText(t *testing.T) {
	pages, err := filepath.Glob("../../content/*/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in ../../content: %v", err)
	}
	for _, page := range pages {
		t.Run(filepath.ToSlash(page), func(t *testing.T) {
			src, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			in := renderMarkdown(t, withoutFrontMatter(src))
			out := Body(in)
			if err := CheckSafe(out); err != nil {
				t.Error(err)
			}
			want := strings.Join(strings.Fields(textContent(t, reserialised(t, in))), " ")
			if got := strings.Join(strings.Fields(textContent(t, out)), " "); got != want {
				t.Errorf("text changed\nwant: %s\ngot:  %s", want, got)
			}
			if again := Body(out); !bytes.Equal(again, out) {
				t.Error("not idempotent")
			}
		})
	}
}

// withoutFrontMatter drops a leading TOML (+++) or YAML (---) block.
func withoutFrontMatter(src []byte) []byte {
	for _, fence := range []string{"+++\n", "---\n"} {
		if rest, ok := bytes.CutPrefix(src, []byte(fence)); ok {
			if _, body, ok := bytes.Cut(rest, []byte("\n"+fence)); ok {
				return body
			}
		}
	}
	return src
}
