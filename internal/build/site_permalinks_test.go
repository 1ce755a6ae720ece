package build

import (
	"testing"
	"time"

	"docsite/internal/load"
	"docsite/internal/route"
)

func TestExpandPermalink(t *testing.T) {
	p := &load.Page{Lang: "en", Path: "docs/guides/My-Page", FilePath: "docs/guides/My-Page", Kind: route.Regular}
	p.Meta.Title = "Getting Started: the Guide"
	p.Meta.Date = time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC)
	for pattern, want := range map[string]string{
		"/:section/:year/:month/:day/:title/": "docs/2024/03/05/getting-started-the-guide",
		"/:sections/:filename/":               "docs/guides/my-page",
		"/news/:monthname/:slug":              "news/march/getting-started-the-guide",
		"/:slugorfilename/":                   "my-page",
	} {
		if got := expandPermalink(pattern, p); got != want {
			t.Errorf("%s: got %q, want %q", pattern, got, want)
		}
	}
	p.Meta.Slug = "short"
	if got := expandPermalink("/:section/:slug/", p); got != "docs/short" {
		t.Errorf("with a slug: got %q", got)
	}
}
