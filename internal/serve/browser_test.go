package serve

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium, which the browser tests drive.
const chromiumPath = "/usr/bin/chromium"

// newBrowser starts a headless chromium with a fresh profile for the test
// and returns a context for one tab in it. Without chromium the test is
// skipped, except on CI, where the browser test must run.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI needs %s for the browser test: %v", chromiumPath, err)
		}
		t.Skipf("no %s: %v", chromiumPath, err)
	}
	profile := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath),
		// chromium leaves its singleton socket's folder in TMPDIR when it is
		// stopped: keep it in the profile, which the test removes.
		chromedp.Env("TMPDIR="+profile),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
	)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	// The first run starts the browser, which lives as long as its context:
	// no timeout here, timeouts go on each later step.
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath, err)
	}
	return tab
}

// within runs actions in tab, failing the test after d.
func within(t *testing.T, tab context.Context, d time.Duration, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, d)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func TestBrowserReloadsAndShowsErrors(t *testing.T) {
	tab := newBrowser(t)
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", `<p id="v1">first</p>`)
	base := startServer(t, Options{SourceDir: dir}, &dirBuilder{dir: dir})
	page := base.String() + "en/index.html"
	within(t, tab, 60*time.Second, "open the page", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#v1")))

	writeFile(t, dir, "content/en/index.md", `<p id="v2">second</p>`)
	within(t, tab, 30*time.Second, "reload after an edit", chromedp.WaitVisible(chromedp.CSS("#v2")))

	writeFile(t, dir, "content/en/broken", "")
	within(t, tab, 30*time.Second, "overlay after a failed build",
		chromedp.WaitVisible(chromedp.CSS("#docsite-build-errors")),
		chromedp.WaitVisible(chromedp.CSS("#v2")))
	overlay, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("#docsite-build-errors")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(overlay, "content/en/broken:1: broken: this page is broken") {
		t.Errorf("overlay says %q", overlay)
	}
	// A page opened while the error stands shows it too.
	within(t, tab, 30*time.Second, "overlay on page load",
		chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#docsite-build-errors")))

	if err := os.Remove(filepath.Join(dir, "content/en/broken")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "content/en/index.md", `<p id="v3">fixed</p>`)
	within(t, tab, 30*time.Second, "reload after the fix",
		chromedp.WaitVisible(chromedp.CSS("#v3")),
		chromedp.WaitNotPresent(chromedp.CSS("#docsite-build-errors")))
}

// TestBrowserHiddenTabClosesStream hides the tab as a browser does when the
// user switches away: it must stop listening, so an edit does not reload
// it, and catch up as soon as it is shown again.
func TestBrowserHiddenTabClosesStream(t *testing.T) {
	tab := newBrowser(t)
	dir := t.TempDir()
	writeFile(t, dir, "content/en/index.md", `<p id="v1">first</p>`)
	base := startServer(t, Options{SourceDir: dir}, &dirBuilder{dir: dir})
	within(t, tab, 60*time.Second, "open the page",
		chromedp.Navigate(base.String()+"en/index.html"), chromedp.WaitVisible(chromedp.CSS("#v1")))

	setHidden := func(hidden bool) chromedp.Action[chromedp.Void] {
		js := `Object.defineProperty(document, "hidden", {value: ` + strconv.FormatBool(hidden) +
			`, configurable: true}); document.dispatchEvent(new Event("visibilitychange"));`
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[any](js)(ctx, t)
			return err
		})
	}
	within(t, tab, 10*time.Second, "hide the tab", setHidden(true))
	writeFile(t, dir, "content/en/index.md", `<p id="v2">second</p>`)
	time.Sleep(10 * DefaultQuiet) // time enough to build and, were the stream open, to reload
	stale, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.getElementById("v1") !== null`))
	if err != nil {
		t.Fatal(err)
	}
	if !stale {
		t.Fatal("a hidden tab reloaded: its stream stayed open")
	}
	within(t, tab, 30*time.Second, "show the tab", setHidden(false), chromedp.WaitVisible(chromedp.CSS("#v2")))
}
