package build

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// orphanFindings lists the review's findings on the orphans fixture as
// "check file:line message" lines, sorted.
func orphanFindings(t *testing.T, dir string) []string {
	t.Helper()
	rep, err := Review(context.Background(), Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range rep.Findings {
		if f.Check == "orphan" || f.Check == "missing-page" {
			out = append(out, f.Check+" "+f.Target.File+" "+f.Message)
		}
	}
	slices.Sort(out)
	return out
}

// TestReviewReportsOrphans: a page without a default-language version is reported orphan
// in each language that has it, and missing in none; a page English has and Japanese
// lacks is still missing-page in Japanese.
func TestReviewReportsOrphans(t *testing.T) {
	got := orphanFindings(t, siteDir(t, "testdata/sites/orphans.txtar"))
	const tail = " does not exist, so the page is published only in the languages that have it"
	want := []string{
		"missing-page content/de/index.md page not translated; the en version is shown",
		"missing-page content/ja/index.md page not translated; the en version is shown",
		"missing-page content/ja/setup.md page not translated; the en version is shown",
		"orphan content/de/extra/more.md translation without a source: content/en/extra/more.md" + tail,
		"orphan content/de/only.md translation without a source: content/en/only.md" + tail,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReviewNamesOrphansSource: in a git repository where the English source of a German
// page was renamed, and that of another removed, the orphan findings say so.
func TestReviewNamesOrphansSource(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := siteDir(t, "testdata/sites/orphans.txtar")
	for _, f := range []string{"content/en/only.md", "content/en/extra/more.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		body := "+++\ntitle = \"" + f + "\"\n+++\nThe English page " + f + ", long enough for git to see it move.\n"
		if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "first")
	git(t, dir, "mv", "content/en/only.md", "content/en/renamed.md")
	git(t, dir, "rm", "-q", "content/en/extra/more.md")
	git(t, dir, "commit", "-q", "-m", "rename and remove")

	var orphans []string
	for _, f := range orphanFindings(t, dir) {
		if strings.HasPrefix(f, "orphan ") {
			orphans = append(orphans, f[strings.Index(f, "; git: ")+2:])
		}
	}
	want := []string{
		"git: its source content/en/extra/more.md was removed",
		"git: its source content/en/only.md was renamed to content/en/renamed.md (give this translation its path or translationKey)",
	}
	if !slices.Equal(orphans, want) {
		t.Errorf("orphan hints:\n%s\nwant:\n%s", strings.Join(orphans, "\n"), strings.Join(want, "\n"))
	}
}
