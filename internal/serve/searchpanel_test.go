package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/tools/txtar"
)

// txtarSite writes the files of a txtar archive into a new folder.
func txtarSite(t *testing.T, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f.Name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, f.Name, string(f.Data))
	}
	return dir
}

// The results panel is inside the viewport, every element of it, on a phone, a tablet
// and a laptop, on left-to-right and right-to-left pages (issue 38: 36rem wide from the
// box's start edge, it ran 59 px past a 1,280 px window, and off the left of an
// Arabic page).
func TestSearchPanelInViewport(t *testing.T) {
	tab := newBrowser(t)
	bundled := serveBuilt(t, "../..")
	fixture := serveBuilt(t, txtarSite(t, "../build/testdata/sites/hugo-sections.txtar"))
	for _, tc := range []struct{ page, query string }{
		{bundled + "en/gpu-cloud/", "gpu cloud pricing"},
		{bundled + "zh/gpu-cloud/", "显存"},
		{fixture + "en/docs/basics/", "text"},
		{fixture + "ar/docs/basics/", "نص"},
	} {
		for _, width := range []int64{390, 1024, 1280} {
			what := fmt.Sprintf("%s at %d px", tc.page, width)
			within(t, tab, 60*time.Second, "open "+what, chromedp.EmulateViewport(width, 800),
				chromedp.Navigate(tc.page), chromedp.WaitReady(chromedp.CSS("#search-input")))
			within(t, tab, 30*time.Second, "search "+what, chromedp.Focus(chromedp.CSS("#search-input")),
				chromedp.SendKeys(chromedp.CSS("#search-input"), tc.query),
				chromedp.WaitVisible(chromedp.CSS("#search-results [role=option]")))
			type box struct {
				What        string
				Left, Right float64
			}
			out, err := chromedp.Run(tab, chromedp.Evaluate[[]box](`(() => {
				const w = document.documentElement.clientWidth, out = [];
				const panel = document.querySelector(".search-panel");
				for (const e of [panel, ...panel.querySelectorAll("*")]) {
					const r = e.getBoundingClientRect();
					if (r.width === 0 && r.height === 0) continue;
					if (r.left < -0.5 || r.right > w + 0.5) {
						out.push({What: e.tagName + "." + e.className + " " + (e.textContent || "").slice(0, 30), Left: r.left, Right: r.right});
					}
				}
				return out;
			})()`))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			for _, b := range out[:min(len(out), 3)] {
				t.Errorf("%s: %s spans %.0f to %.0f px, outside the viewport", what, b.What, b.Left, b.Right)
			}
			// Where it is: against the inline end (16 px from it) on wide screens, the
			// full width less 8 px a side on a phone.
			at, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`(() => {
				const r = document.querySelector(".search-panel").getBoundingClientRect();
				const w = document.documentElement.clientWidth;
				const rtl = getComputedStyle(document.documentElement).direction === "rtl";
				return rtl ? [r.right === 0 ? 0 : w - r.right, r.left] : [r.left, w - r.right];
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			start, end := at[0], at[1] // gaps at the inline start and end
			if width == 390 && (start < 7 || start > 9 || end < 7 || end > 9) || width > 390 && (end < 15 || end > 17) {
				t.Errorf("%s: the panel is %.0f px from the inline start, %.0f from the end", what, start, end)
			}
		}
	}
}
