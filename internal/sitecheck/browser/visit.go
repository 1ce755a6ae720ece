package browser

import (
	"context"
	"fmt"
	"net/url"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// pageResult is what one page's visit found.
type pageResult struct {
	diags    diag.List
	axeRuns  int
	switches int
	redirect string // where the page sent the browser by script, if it did
	fonts    []FontUse
	shots    int
}

// visit checks one page in one tab.
type visit struct {
	tab   *tab
	tree  *site.Tree
	srv   *server
	axe   string
	shots string
	page  string
	res   pageResult
	probe langProbe // what checkLang saw, for checkSwitcher
}

// The widths the pages are checked and photographed at.
const (
	phoneWidth   = 390
	desktopWidth = 1280
)

// run loads the page and checks it: as loaded at desktop width in light and dark
// schemes, then at phone width, then follows its language switcher.
func (v *visit) run() (pageResult, error) {
	steps := []func() error{v.load, v.checkConsole, v.checkAxe, v.checkLang, v.shoot(desktopWidth),
		v.checkLayout, v.shoot(phoneWidth), v.checkSwitcher}
	for _, step := range steps {
		if err := step(); err != nil {
			return v.res, fmt.Errorf("could not check the page: %w", err)
		}
	}
	return v.res, nil
}

// errorf and warnf add a finding on the page. URLs of the local server are shown as paths,
// so the report does not change with the port.
func (v *visit) errorf(code, format string, args ...any) {
	v.res.diags = append(v.res.diags, diag.Errorf(v.tree.Path(v.page), 0, 0, code, "%s", v.srv.strip(fmt.Sprintf(format, args...))))
}

func (v *visit) warnf(code, format string, args ...any) {
	v.res.diags = append(v.res.diags, diag.Warnf(v.tree.Path(v.page), 0, 0, code, "%s", v.srv.strip(fmt.Sprintf(format, args...))))
}

// load opens the page at desktop width in the light scheme. A page that sends the browser
// elsewhere by script (the root language chooser) is loaded again with the page's own scripts
// off, so the checks see the page itself as a visitor without JavaScript does; scripts are
// switched back on after the load, for axe-core and the probes (the page's do not run again).
func (v *visit) load() error {
	target := v.srv.url(v.page)
	err := v.tab.do(viewport(desktopWidth, false), scheme("light"), scriptsOff(false), chromedp.Navigate(target))
	if err != nil {
		return err
	}
	at, err := eval[string](v.tab, "location.href")
	if err != nil {
		return err
	}
	if samePage(at, target) {
		return nil
	}
	v.res.redirect = v.srv.strip(at)
	return v.tab.do(scriptsOff(true), chromedp.Navigate(target), scriptsOff(false))
}

// samePage reports whether two URLs name the same document, ignoring fragments.
func samePage(a, b string) bool {
	ua, errA := url.Parse(a)
	ub, errB := url.Parse(b)
	return errA == nil && errB == nil && ua.Host == ub.Host && ua.Path == ub.Path
}

func (v *visit) checkConsole() error {
	msgs, err := v.tab.errors()
	for _, m := range msgs {
		where := ""
		if m.URL != "" {
			where = fmt.Sprintf(" (%s:%d)", m.URL, m.Line+1)
		}
		v.errorf("console", "%s%s", m, where)
	}
	return err
}

func viewport(width int64, mobile bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: width, Height: 800, DeviceScaleFactor: 1, Mobile: mobile})
		return err
	})
}

func scheme(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
		return err
	})
}

func scriptsOff(off bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off})
		return err
	})
}
