package serve

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"docsite/internal/build"
	"docsite/internal/write"
)

// codeStyle is what the page computes for its code: the font of inline code, of a code
// block and of the paragraph around them, and the colours of inline code.
type codeStyle struct {
	Body, Inline, Block  string
	InlineBg, InlineFg   string
	BlockInlineBg, Plain string // the background of code inside a block, and of the page
}

// Code looks like code in every language of the bundled theme, light and dark: inline
// code and code blocks are set in a monospace stack, not in the language's text font
// (":lang(zh)" once outranked "code"), and inline code is set off by a background of its
// own whose text keeps an AA contrast; code in a block has no second background.
func TestCodeLooksLikeCodeInBrowser(t *testing.T) {
	tab := newBrowser(t)
	src := t.TempDir()
	page := "# T\n\nRun `--config` now.\n\n```sh\necho hi\n```\n"
	for _, l := range []string{"en", "zh", "ja", "ko", "ar", "ru"} {
		writeFile(t, src, "content/"+l+"/code.md", page)
	}
	root := serveBuilt(t, src)
	for _, scheme := range []string{"light", "dark"} {
		for _, l := range []string{"en", "zh", "ja", "ko", "ar", "ru"} {
			what := l + " " + scheme
			within(t, tab, 60*time.Second, "open "+what, colorScheme(scheme), chromedp.Navigate(root+l+"/code/"),
				chromedp.WaitReady(chromedp.CSS("pre code")))
			s, err := chromedp.Run(tab, chromedp.Evaluate[codeStyle](`(() => {
  const cs = (sel) => getComputedStyle(document.querySelector(sel));
  return { Body: cs("main p").fontFamily, Inline: cs("main p code").fontFamily, Block: cs("main pre code").fontFamily,
    InlineBg: cs("main p code").backgroundColor, InlineFg: cs("main p code").color,
    BlockInlineBg: cs("main pre code").backgroundColor, Plain: cs("body").backgroundColor };
})()`))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			for name, font := range map[string]string{"inline code": s.Inline, "a code block": s.Block} {
				if !strings.HasPrefix(font, "ui-monospace") || !strings.HasSuffix(font, "monospace") || font == s.Body {
					t.Errorf("%s: %s is set in %q (the text around it: %q)", what, name, font, s.Body)
				}
			}
			if s.InlineBg == s.Plain || s.InlineBg == "rgba(0, 0, 0, 0)" {
				t.Errorf("%s: inline code has no background of its own (%s on a page of %s)", what, s.InlineBg, s.Plain)
			}
			if c := contrast(s.InlineFg, s.InlineBg); c < 4.5 {
				t.Errorf("%s: inline code %s on %s has contrast %.2f, under AA's 4.5", what, s.InlineFg, s.InlineBg, c)
			}
			if s.BlockInlineBg != "rgba(0, 0, 0, 0)" {
				t.Errorf("%s: code in a block has a background of its own: %s", what, s.BlockInlineBg)
			}
		}
	}
}

// serveBuilt builds the site at src with the bundled theme and serves the output; it
// returns the root URL.
func serveBuilt(t *testing.T, src string) string {
	t.Helper()
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: src}, mem); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range mem.Files() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

func colorScheme(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
		return err
	})
}

// contrast is WCAG's contrast ratio of two opaque CSS colours "rgb(r, g, b)"; 0 when
// either is not one.
func contrast(a, b string) float64 {
	la, okA := luminance(a)
	lb, okB := luminance(b)
	if !okA || !okB {
		return 0
	}
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(c string) (float64, bool) {
	var r, g, b float64
	if _, err := fmt.Sscanf(c, "rgb(%g, %g, %g)", &r, &g, &b); err != nil {
		return 0, false
	}
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b), true
}
