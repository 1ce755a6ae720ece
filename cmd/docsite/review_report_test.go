package main

import (
	"regexp"
	"strings"
	"testing"
)

// reportSite has an English page translated into Japanese with findings, a Japanese page
// that cannot be built (two dead refs) and three pages not translated at all.
var reportSite = map[string]string{
	"content/en/a.md": "# Guide\n\n## Install {#install}\n\nThe `Gradle` task runs the build for you.\n\n" +
		"<div class=\"figure\"><img src=\"d.png\"></div>\n\n## `otelcol` setup\n\nSet it up.\n",
	"content/ja/a.md": "# ガイド\n\n## インストール {#install}\n\nThe `Gradle` task runs the build for you.\n",
	"content/en/b.md": "# B\n\nSee it.\n",
	"content/ja/b.md": "# B\n\n{{< ref \"nope.md\" >}} と {{< ref \"gone.md\" >}} を参照。\n",
	"content/en/c.md": "# C\n\nText.\n",
	"content/en/d.md": "# D\n\nText.\n",
	"content/en/e.md": "# E\n\nText.\n",
}

// The text report is one a translator can work through: missing pages are one line per
// language (-all lists them), every finding line starts with the translation's file:line,
// messages quote inline code, a block without text says what it is, and a translation
// that cannot be built is one error while the rest of the site is still reviewed.
func TestReviewTextReportForTranslators(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, reportSite)
	code, out, stderr := runOut(t, "review", "-source", src)
	if code != 0 {
		t.Fatalf("exit %d (want 0 without -strict): %s\n%s", code, stderr, out)
	}
	for _, want := range []string{
		"content/ja/: warning: missing-page: 3 of 5 pages not translated",
		"content/ja/b.md:3: error: page-error: this translation cannot be built",
		"(and 1 more errors)",
		"section \"`otelcol` setup\" (#",
		"\"The `Gradle` task runs the build for you.\"",
		"html is missing: image \"d.png\"",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "missing-page:") != 1 {
		t.Errorf("missing pages not folded into one line:\n%s", out)
	}
	finding := regexp.MustCompile(`^content/ja/[a-z]+\.md:\d+: (error|warning): [a-z-]+: `)
	_, body, _ := strings.Cut(out, "\n\n")
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "content/ja/: ") || strings.HasPrefix(line, "      ") ||
			regexp.MustCompile(`^content/ja/[a-z]+\.md: \d+ (error|warning)`).MatchString(line) {
			continue // the fold, a diff, a file's heading
		}
		if !finding.MatchString(line) {
			t.Errorf("finding line does not start with file:line: %q", line)
		}
	}
	_, all, _ := runOut(t, "review", "-source", src, "-all")
	for _, page := range []string{"c", "d", "e"} {
		if !strings.Contains(all, "content/ja/"+page+".md: warning: missing-page: ") {
			t.Errorf("-all does not list missing page %s:\n%s", page, all)
		}
	}
	if code, _, _ := runOut(t, "review", "-source", src, "-strict"); code != 1 {
		t.Errorf("-strict with a page-error: exit %d, want 1", code)
	}
}
