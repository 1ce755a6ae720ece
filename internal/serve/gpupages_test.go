package serve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"docsite/internal/build"
	"docsite/internal/write"
)

// The GPU pages of the bundled site as a reader sees them in chromium, at a phone's and a
// desktop's width: no file path in their text; on /gpus/, ticking two GPUs shows them side
// by side.
func TestGPUPagesInBrowser(t *testing.T) {
	tab := newBrowser(t)
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../.."}, mem); err != nil {
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
	defer srv.Close()
	text := func(url string) string {
		v, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.body.innerText`))
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		return v
	}
	for _, width := range []int64{390, 1280} {
		for _, page := range []string{"en/pricing/", "zh/pricing/", "ja/pricing/", "zh/gpus/", "zh/gpus/v100/", "ja/providers/alibaba/"} {
			url := srv.URL + "/" + page
			within(t, tab, 60*time.Second, "open "+page, chromedp.EmulateViewport(width, 900), chromedp.Navigate(url),
				chromedp.WaitReady(chromedp.CSS("table")))
			if s := text(url); strings.Contains(s, "content/") || strings.Contains(s, ".md:") {
				t.Errorf("%s at %d px shows a file path", page, width)
			}
			if !strings.HasPrefix(page, "en/") {
				english, err := chromedp.Run(tab, chromedp.Evaluate[[]string](englishJS))
				if err != nil || len(english) > 0 {
					t.Errorf("%s at %d px has English outside lang-marked names (%v): %q", page, width, err, english)
				}
			}
		}
	}
	// The pricing page's GPU filter offers each model once, and offers that name no model
	// under the page's own "model not stated", never under one row's quoted Chinese text.
	for lang, unknown := range map[string]string{"en": "model not stated", "ja": ""} {
		within(t, tab, 60*time.Second, "open pricing", chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(srv.URL+"/"+lang+"/pricing/"), chromedp.WaitVisible(chromedp.CSS("select")))
		opts, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`Array.from(document.querySelector("select[data-attr=data-gpu]").options, o => o.text)`))
		if err != nil {
			t.Fatalf("%s/pricing/: %v", lang, err)
		}
		for _, o := range opts {
			if strings.ContainsAny(o, "特斯拉") {
				t.Errorf("%s/pricing/: the GPU filter offers %q, a quote from a Chinese page", lang, o)
			}
		}
		if unknown != "" && !slices.Contains(opts, unknown) {
			t.Errorf("%s/pricing/: the GPU filter has no %q option: %q", lang, unknown, opts)
		}
	}
	for _, lang := range []string{"en", "zh", "ja"} {
		within(t, tab, 60*time.Second, "open gpus", chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(srv.URL+"/"+lang+"/gpus/"), chromedp.WaitVisible(chromedp.CSS("input.compare")))
		cols, err := chromedp.Run(tab, chromedp.Evaluate[int](`(() => {
			const boxes = document.querySelectorAll("input.compare");
			boxes[0].click(); boxes[2].click();
			return document.querySelectorAll("table.compared thead th").length;
		})()`))
		if err != nil || cols != 2 {
			t.Errorf("%s/gpus/: ticking two GPUs shows %d columns (%v), want 2", lang, cols, err)
		}
		names, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("table.compared thead").innerText`))
		t.Logf("%s compared: %s", lang, strings.Join(strings.Fields(names), " "))
	}
}

// englishJS lists the English prose on a page in another language: runs of two or more
// lower-case English words, except in short elements marked as English (names). Names
// (capitalised), units and codes do not match.
const englishJS = `(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const marked = el.closest("[lang]");
    // A name marked as English is fine; an English paragraph is not, marked or not.
    if (marked && marked.lang.startsWith("en") && marked.textContent.trim().length <= 40) continue;
    if (el.closest("script, style, code")) continue;
    const m = n.data.match(/\b[a-z]{2,}\s+[a-z]{2,}\b/);
    if (m) out.push(m[0]);
  }
  return out.slice(0, 5);
})()`
