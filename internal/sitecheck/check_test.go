package sitecheck

import (
	"context"
	"strings"
	"testing"
)

func TestRunLinksOnly(t *testing.T) {
	res, err := Run(context.Background(), Config{Dir: "links/testdata/broken", SkipHTML: true, SkipBrowser: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Diags.HasErrors() {
		t.Error("the broken fixture passed")
	}
	if len(res.Summary) != 1 || !strings.HasPrefix(res.Summary[0], "links: 2 pages, 1 style sheets, 0 sitemaps: 5 errors, 1 remote URLs (") {
		t.Errorf("summary = %q", res.Summary)
	}
}

func TestRunReportsAMissingSite(t *testing.T) {
	if _, err := Run(context.Background(), Config{Dir: "testdata/nothing-here"}); err == nil {
		t.Error("no error for a missing site")
	}
}

func TestDefaults(t *testing.T) {
	c := Config{}.withDefaults()
	if c.Dir != "public" || c.Base != "/" || c.Tools != "internal/sitecheck/tools" || c.Java != "java" || c.Chromium != "/usr/bin/chromium" {
		t.Errorf("defaults = %+v", c)
	}
}
