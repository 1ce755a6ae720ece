package browser

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// tab is one browser tab and the console messages it has not handed out yet.
type tab struct {
	origin  string // the local server's origin; network errors elsewhere are remote URLs
	ctx     context.Context
	cancel  context.CancelFunc
	console chan chromedp.ConsoleMessage
	marks   int
}

func openTab(bctx context.Context, origin string) (*tab, error) {
	ctx, cancel := chromedp.NewContext(bctx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	tb := &tab{origin: origin, ctx: ctx, cancel: cancel, console: make(chan chromedp.ConsoleMessage, 256)}
	messages := chromedp.Console(ctx)
	go func() {
		defer close(tb.console)
		for m, err := range messages {
			if err != nil {
				return
			}
			tb.console <- m
		}
	}()
	return tb, nil
}

func (tb *tab) close() { tb.cancel() }

// withTimeout returns the tab's context limited to one step's time.
func withTimeout(tb *tab) (context.Context, context.CancelFunc) {
	return context.WithTimeout(tb.ctx, 60*time.Second)
}

// do runs actions with a time limit, so that a page that hangs fails alone.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := withTimeout(tb)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// eval evaluates a script expression in the tab and decodes its value into v.
func eval[T any](tb *tab, expr string, opts ...chromedp.EvaluateOption) (T, error) {
	ctx, cancel := withTimeout(tb)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, opts...))
}

// errors returns the console errors and uncaught exceptions logged since the last call.
// It writes a marker to the console and reads up to it, so no late message of one page
// is blamed on the next.
func (tb *tab) errors() ([]chromedp.ConsoleMessage, error) {
	tb.marks++
	mark := "sitecheck-mark-" + strconv.Itoa(tb.marks)
	if _, err := eval[chromedp.Void](tb, "console.debug("+strconv.Quote(mark)+")"); err != nil {
		return nil, err
	}
	var errs []chromedp.ConsoleMessage
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-tb.console:
			switch {
			case !ok:
				return errs, fmt.Errorf("console closed")
			case m.Type == chromedp.ConsoleDebug && m.Text == mark:
				return errs, nil
			case remoteResource(m, tb.origin):
				// Remote URLs are not fetched (the browser has no way out); the link check
				// lists each one as a warning where it occurs.
			case implicitFavicon(m):
				// Chrome fetches /favicon.ico by itself for a page that declares no icon, at a time
				// not tied to the page's load, so its 404 would be blamed on whichever page is open.
				// A declared icon that is missing is a broken link, which the link check reports.
			case m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException:
				errs = append(errs, m)
			}
		case <-timeout:
			return errs, fmt.Errorf("console marker %s never arrived", mark)
		}
	}
}

// implicitFavicon reports whether m is the 404 of the icon the browser looks for on its own.
func implicitFavicon(m chromedp.ConsoleMessage) bool {
	u, err := url.Parse(m.URL)
	return err == nil && m.Source == "network" && strings.HasSuffix(u.Path, "/favicon.ico")
}

// remoteResource reports whether m is the failure of a request to a host other than origin.
func remoteResource(m chromedp.ConsoleMessage, origin string) bool {
	return m.Source == "network" && m.URL != "" && !strings.HasPrefix(m.URL, origin+"/")
}
