package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func runSitecheck(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCleanSiteExitsZero(t *testing.T) {
	code, out, errOut := runSitecheck("-dir", "../../internal/sitecheck/testdata/clean", "-no-vnu", "-no-browser")
	if code != 0 || !strings.HasSuffix(out, "sitecheck: ok\n") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestFindingsFailAndAreListedBeforeTheSummary(t *testing.T) {
	code, out, _ := runSitecheck("-dir", "../../internal/sitecheck/links/testdata/broken", "-no-vnu", "-no-browser")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "../../internal/sitecheck/links/testdata/broken/index.html:9:4: error: broken-link:") {
		t.Errorf("first line %q, want the first finding", lines[0])
	}
	if last := lines[len(lines)-1]; last != "sitecheck: FAIL" {
		t.Errorf("last line %q, want sitecheck: FAIL", last)
	}
	if !strings.Contains(out, "sitecheck: links: 2 pages, 1 style sheets, 0 sitemaps: 5 errors, 1 remote URLs") {
		t.Errorf("no links summary in:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	if code, _, errOut := runSitecheck("-nope"); code != 2 || !strings.Contains(errOut, "-nope") {
		t.Errorf("unknown flag: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runSitecheck("extra"); code != 2 || !strings.Contains(errOut, `"extra"`) {
		t.Errorf("extra argument: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runSitecheck("-dir", "testdata/does-not-exist"); code != 1 || !strings.Contains(errOut, "does-not-exist") {
		t.Errorf("missing site: exit %d, stderr %q", code, errOut)
	}
}
