// Package sitecheck runs every check of a built site (the Nu Html Checker, the link check and the
// browser checks) and gathers their findings in one list.
package sitecheck

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/browser"
	"docsite/internal/sitecheck/links"
	"docsite/internal/sitecheck/nu"
	"docsite/internal/sitecheck/site"
)

// Config says what to check and with which tools. Its zero value checks public/ built for "/".
type Config struct {
	Dir         string // the built site; "" means "public"
	Base        string // the base URL it was built for: "/", "/sub/" or "https://host/sub/"; "" means "/"
	Tools       string // the npm tools folder with node_modules; "" means "internal/sitecheck/tools"
	Java        string // "" means "java"
	Chromium    string // "" means "/usr/bin/chromium"
	Screenshots string // where screenshots go; "" takes none
	SkipHTML    bool   // leave out the Nu Html Checker
	SkipBrowser bool   // leave out the browser checks
}

// Result is every finding plus a line per checker for the closing summary.
type Result struct {
	Diags   diag.List
	Summary []string
}

// Run checks the site c describes. The error is for checks that could not run; findings,
// including errors, are in the result.
func Run(ctx context.Context, c Config) (Result, error) {
	c = c.withDefaults()
	t, err := site.Load(c.Dir, c.Base)
	if err != nil {
		return Result{}, err
	}
	var res Result
	l, err := timed(&res, "links", func() (diag.List, string, error) {
		l, err := links.Check(t)
		return l, links.Summary(t, l), err
	})
	res.Diags = append(res.Diags, l...)
	if err != nil {
		return res, err
	}
	var wg sync.WaitGroup
	var htmlRes, browserRes Result
	var htmlErr, browserErr error
	if !c.SkipHTML {
		wg.Go(func() {
			htmlRes.Diags, htmlErr = timed(&htmlRes, "vnu", func() (diag.List, string, error) { return c.html(ctx, t) })
		})
	}
	if !c.SkipBrowser {
		wg.Go(func() {
			browserRes.Diags, browserErr = timed(&browserRes, "browser", func() (diag.List, string, error) { return c.browser(ctx, t) })
		})
	}
	wg.Wait()
	for _, r := range []Result{htmlRes, browserRes} {
		res.Diags = append(res.Diags, r.Diags...)
		res.Summary = append(res.Summary, r.Summary...)
	}
	res.Diags.Sort()
	if htmlErr != nil {
		return res, htmlErr
	}
	return res, browserErr
}

func (c Config) withDefaults() Config {
	def := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	def(&c.Dir, "public")
	def(&c.Base, "/")
	def(&c.Tools, filepath.Join("internal", "sitecheck", "tools"))
	def(&c.Java, "java")
	def(&c.Chromium, "/usr/bin/chromium")
	return c
}

func (c Config) html(ctx context.Context, t *site.Tree) (diag.List, string, error) {
	jar := filepath.Join(c.Tools, "node_modules", "vnu-jar", "build", "dist", "vnu.jar")
	l, err := nu.Check(ctx, t, nu.Options{Java: c.Java, Jar: jar})
	return l, fmt.Sprintf("vnu: %d pages, %d style sheets: %s", len(t.Pages), len(t.Styles), count(l)), err
}

func (c Config) browser(ctx context.Context, t *site.Tree) (diag.List, string, error) {
	axe := filepath.Join(c.Tools, "node_modules", "axe-core", "axe.min.js")
	l, r, err := browser.Check(ctx, t, browser.Options{Chromium: c.Chromium, AxeScript: axe, Screenshots: c.Screenshots})
	return l, r.String() + "\n  " + count(l), err
}

// timed runs one checker and adds its summary line, with the time it took, to res.
func timed(res *Result, name string, f func() (diag.List, string, error)) (diag.List, error) {
	start := time.Now()
	l, summary, err := f()
	if err != nil {
		summary = fmt.Sprintf("%s: could not run: %v", name, err)
	}
	res.Summary = append(res.Summary, fmt.Sprintf("%s (%.1fs)", summary, time.Since(start).Seconds()))
	return l, err
}

// count says how many errors and warnings l holds.
func count(l diag.List) string {
	var errs, warns int
	for _, d := range l {
		if d.Severity == diag.Error {
			errs++
		} else {
			warns++
		}
	}
	return fmt.Sprintf("%d errors, %d warnings", errs, warns)
}
