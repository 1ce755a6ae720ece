// Package browser loads every page of a built site in Debian's chromium and checks what a visitor
// gets: accessibility (axe-core, light and dark), console errors, sideways scrolling on a phone,
// the language switcher and per-language text and fonts; it also takes screenshots.
package browser

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/chromedp/chromedp"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// Options say which browser and scripts to use and where screenshots go.
type Options struct {
	Chromium    string // the browser binary, e.g. /usr/bin/chromium
	AxeScript   string // axe.min.js from the axe-core npm package
	Screenshots string // directory for screenshots; empty takes none
	Tabs        int    // pages checked at once; 0 means 2
}

// Report is what the browser saw, besides the findings.
type Report struct {
	Pages     int       // pages loaded
	AxeRuns   int       // axe-core runs (two colour schemes a page)
	Switches  int       // language-switcher links followed
	Redirects []string  // pages that sent the browser elsewhere by script, checked again with scripts off
	Fonts     []FontUse // body-text font per computed language, sorted
	Shots     int       // screenshots written
}

// Check loads every page of t in chromium and reports what fails.
func Check(ctx context.Context, t *site.Tree, o Options) (diag.List, Report, error) {
	axe, err := os.ReadFile(o.AxeScript)
	if err != nil {
		return nil, Report{}, fmt.Errorf("axe-core: %w (run .ci/install-deps)", err)
	}
	srv, err := serve(t)
	if err != nil {
		return nil, Report{}, err
	}
	defer srv.Close()
	bctx, stop, err := start(ctx, o.Chromium, srv.proxy)
	if err != nil {
		return nil, Report{}, err
	}
	defer stop()
	results, err := visitAll(bctx, t, o, srv, string(axe))
	if err != nil {
		return nil, Report{}, err
	}
	return summarise(t, results)
}

// visitAll checks the pages of t in o.Tabs tabs at once and returns their results in page order.
func visitAll(bctx context.Context, t *site.Tree, o Options, srv *server, axe string) ([]pageResult, error) {
	tabs := o.Tabs
	if tabs <= 0 {
		tabs = 2
	}
	results := make([]pageResult, len(t.Pages))
	next := make(chan int)
	errs := make(chan error, tabs)
	var wg sync.WaitGroup
	for range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- work(bctx, t, o, srv, axe, next, results)
		}()
	}
	for i := range t.Pages {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// work checks pages from next in one tab until next closes.
func work(bctx context.Context, t *site.Tree, o Options, srv *server, axe string, next <-chan int, results []pageResult) error {
	tb, err := openTab(bctx, srv.origin)
	if err != nil {
		for range next {
		}
		return err
	}
	defer tb.close()
	for i := range next {
		if bctx.Err() != nil {
			continue
		}
		v := visit{tab: tb, tree: t, srv: srv, axe: axe, shots: o.Screenshots, page: t.Pages[i]}
		res, err := v.run()
		if err != nil {
			// One page that cannot be checked (it hangs, it crashes its tab) is a finding on
			// that page; the others are still checked.
			res.diags = append(res.diags, diag.Errorf(t.Path(t.Pages[i]), 0, 0, "browser", "%s", srv.strip(err.Error())))
		}
		results[i] = res
	}
	return bctx.Err()
}

// start launches chromium with a fresh profile and returns a context that owns it.
// No request leaves the machine: every host but the loopback goes to proxy, which refuses
// it, and host names other than 127.0.0.1 do not resolve.
func start(ctx context.Context, chromium, proxy string) (context.Context, func(), error) {
	if _, err := os.Stat(chromium); err != nil {
		return nil, nil, fmt.Errorf("chromium: %w (run .ci/install-deps)", err)
	}
	profile, err := os.MkdirTemp("", "sitecheck-chromium-")
	if err != nil {
		return nil, nil, err
	}
	// chromedp's defaults (headless, no first run, no background networking, no sync,
	// --disable-dev-shm-usage for small containers, …) plus ours.
	opts := slices.Concat(chromedp.DefaultExecAllocatorOptions[:], []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium), chromedp.UserDataDir(profile),
		// chromium leaves its singleton socket's folder in TMPDIR when it is
		// stopped: keep it in the profile, which stop removes.
		chromedp.Env("TMPDIR=" + profile),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.ProxyServer(proxy), chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
	})
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	stop := func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(profile) }
	if err := chromedp.Do(bctx); err != nil {
		stop()
		return nil, nil, fmt.Errorf("starting chromium: %w", err)
	}
	return bctx, stop, nil
}
