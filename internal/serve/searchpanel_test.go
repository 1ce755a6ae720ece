package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// The results page works as a link: /<lang>/search/?q= lists what the query finds, the
// generated page and a site's own page at that path (Docsy's content/<lang>/search.md);
// the panel's last option links to it.
func TestSearchResultsPage(t *testing.T) {
	tab := newBrowser(t)
	bundled := serveBuilt(t, "../..")
	own := t.TempDir()
	writeFile(t, own, "site.toml", "title = \"Own\"\n[languages.en]\ntag = \"en\"\n")
	writeFile(t, own, "content/en/index.md", "---\ntitle: Home\n---\nWelcome.\n")
	writeFile(t, own, "content/en/search.md", "---\ntitle: Search Results\nlayout: search\n---\n")
	writeFile(t, own, "content/en/exporters.md", "---\ntitle: Exporters\n---\nAn exporter sends telemetry.\n\n## Console\n\nThe console exporter prints.\n")
	ownSite := serveBuilt(t, own)
	for _, tc := range []struct{ page, want string }{
		{bundled + "en/search/?q=tesla%20v100", "en/gpus/v100/"},
		{bundled + "ja/search/?q=%E6%96%99%E9%87%91", "ja/pricing/"}, // 料金
		{ownSite + "en/search/?q=expoter", "en/exporters/"},          // a typo, on the site's own page
	} {
		within(t, tab, 60*time.Second, "open "+tc.page, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(tc.page),
			chromedp.WaitVisible(chromedp.CSS("main .search-page-results li a")))
		first, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("main .search-page-results li a").getAttribute("href")`))
		if err != nil || !strings.Contains(decoded(first), tc.want) {
			t.Errorf("%s: first result %q (%v), want %s", tc.page, first, err, tc.want)
		}
	}
	within(t, tab, 60*time.Second, "open the bundled site", chromedp.Navigate(bundled+"en/gpu-cloud/"),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	within(t, tab, 30*time.Second, "type", chromedp.Focus(chromedp.CSS("#search-input")),
		chromedp.SendKeys(chromedp.CSS("#search-input"), "prices"),
		chromedp.WaitVisible(chromedp.CSS("#search-result-all a")))
	all, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("#search-results [role=option]:last-child a").href`))
	if err != nil || all != bundled+"en/search/?q=prices" {
		t.Errorf("the panel's last option links to %q (%v), want the results page", all, err)
	}
}
