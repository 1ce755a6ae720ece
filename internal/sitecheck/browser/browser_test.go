package browser

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

const (
	chromium = "/usr/bin/chromium"
	axe      = "../tools/node_modules/axe-core/axe.min.js"
)

// options returns the browser's paths. Outside CI a machine without chromium or axe-core
// skips the test; in CI (CI=true) that is a failure, so the checks cannot silently vanish.
func options(t *testing.T) Options {
	t.Helper()
	_, errC := os.Stat(chromium)
	_, errA := os.Stat(axe)
	if errC == nil && errA == nil {
		return Options{Chromium: chromium, AxeScript: axe}
	}
	msg := "chromium (" + chromium + ") or axe-core (" + axe + ") missing: run .ci/install-deps"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return Options{}
}

func check(t *testing.T, dir string, o Options) (diag.List, Report) {
	t.Helper()
	tree, err := site.Load(dir, "/")
	if err != nil {
		t.Fatal(err)
	}
	l, r, err := Check(context.Background(), tree, o)
	if err != nil {
		t.Fatal(err)
	}
	return l, r
}

func TestCleanSitePassesAndIsPhotographed(t *testing.T) {
	o := options(t)
	o.Screenshots = t.TempDir()
	l, r := check(t, "../testdata/clean", o)
	for _, d := range l {
		t.Errorf("clean fixture: %s", d)
	}
	if r.Pages != 6 || r.AxeRuns != 12 || r.Switches != 8 || r.Shots != 12 {
		t.Errorf("report = %+v, want 6 pages, 12 axe runs, 8 switches, 12 shots", r)
	}
	if len(r.Redirects) != 1 || !strings.HasPrefix(r.Redirects[0], "index.html → ") {
		t.Errorf("redirects = %q, want the root chooser", r.Redirects)
	}
	for _, name := range []string{"en/page-390.png", "en/page-1280.png", "ja/index-390.png", "index-1280.png", "404-390.png"} {
		b, err := os.ReadFile(filepath.Join(o.Screenshots, name))
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("screenshot %s: not a PNG (%v)", name, err)
		}
	}
}

func TestBrokenSiteFindings(t *testing.T) {
	l, _ := check(t, "testdata/broken", options(t))
	got := map[string]bool{}
	for _, d := range l {
		rel, _ := filepath.Rel("testdata/broken", d.File)
		key := rel + " " + d.Code
		if strings.HasPrefix(d.Code, "axe/") {
			key += " " + d.Message[strings.Index(d.Message, "("):strings.Index(d.Message, ")")+1]
		}
		got[key] = true
		t.Log(d)
	}
	for _, want := range []string{
		"en/axe/index.html axe/image-alt (critical, light scheme)",
		"en/axe/index.html axe/color-contrast (serious, dark scheme)",
		"en/scroll/index.html sideways-scroll",
		"en/scroll/index.html table-scroll",
		"en/scroll/index.html broken-word",
		"en/console/index.html console",
		"en/lang/index.html lang",
		"en/lang/index.html lang-switch",
		"en/bare/index.html viewport",
		"en/bare/index.html lang-switch",
		". font",
	} {
		if !got[want] {
			t.Errorf("not found: %s", want)
		}
	}
	for _, d := range l {
		if strings.Contains(d.Message, "remote.example") {
			t.Errorf("a remote resource reached the findings: %s", d)
		}
	}
	if got["en/axe/index.html axe/color-contrast (serious, light scheme)"] {
		t.Error("color-contrast reported in the light scheme, where the fixture is readable")
	}
}

func TestShotName(t *testing.T) {
	for rel, want := range map[string]string{
		"en/a/b/index.html":          "en/a-b-390.png",
		"en/index.html":              "en/index-390.png",
		"index.html":                 "index-390.png",
		"404.html":                   "404-390.png",
		"zh/gpu-survey/index.html":   "zh/gpu-survey-390.png",
		"_review/ja/page/index.html": "_review/ja-page-390.png",
	} {
		if got := shotName(rel, 390); got != want {
			t.Errorf("shotName(%q) = %q, want %q", rel, got, want)
		}
	}
}

// A site built for a sub-path is served under it; absolute links to the site's own host
// are followed on the local server.
func TestSubPathSite(t *testing.T) {
	o := options(t)
	tree, err := site.Load("testdata/subpath", "https://example.org/sub/")
	if err != nil {
		t.Fatal(err)
	}
	l, r, err := Check(context.Background(), tree, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range l {
		t.Errorf("sub-path fixture: %s", d)
	}
	if r.Switches != 4 {
		t.Errorf("followed %d switcher links, want 4", r.Switches)
	}
}
