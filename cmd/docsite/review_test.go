package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runOut(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

const reviewSite = `# Guide

Intro with 3 steps.

## Install

Run the installer 2 times.

## Use

Open the app on port 8080.
`

// -accept records the reviewed state; a later edit of one source section makes exactly that
// section stale, in the report and on the built page; -strict fails on errors only.
func TestReviewAcceptThenStale(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{
		"content/en/guide.md": reviewSite,
		"content/ja/guide.md": "# ガイド\n\n3 つの手順の紹介。\n\n## インストール\n\nインストーラを 2 回実行します。\n\n## 使い方\n\nポート 8080 でアプリを開きます。\n",
	})
	if code, _, stderr := runOut(t, "review", "-source", src, "-accept", "ja"); code != 0 {
		t.Fatalf("-accept: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(src, "content", "ja", ".reviewed.toml")); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runOut(t, "review", "-source", src, "-format", "json", "-strict")
	if code != 0 || strings.Contains(out, `"stale"`) {
		t.Fatalf("right after -accept: exit %d, report %s", code, out)
	}
	writeFiles(t, src, map[string]string{"content/en/guide.md": strings.Replace(reviewSite, "port 8080", "port 9090", 1)})
	code, out, _ = runOut(t, "review", "-source", src, "-format", "json")
	var rep struct {
		Findings []struct{ Check, Severity, Locale, Section string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, f := range rep.Findings {
		if f.Check == "stale" {
			stale = append(stale, f.Locale+"/"+f.Section)
		}
	}
	if len(stale) != 1 || stale[0] != "ja/use" {
		t.Errorf("stale findings = %v, want [ja/use]", stale)
	}
	if code != 0 {
		t.Errorf("exit %d without -strict", code)
	}
	if code, _, _ := runOut(t, "review", "-source", src, "-strict"); code != 1 {
		t.Errorf("-strict with a number-mismatch error: exit %d, want 1", code)
	}
	dest := filepath.Join(t.TempDir(), "public")
	if code, _, stderr := runOut(t, "build", "-source", src, "-dest", dest, "-review"); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	page, _ := os.ReadFile(filepath.Join(dest, "ja", "guide", "index.html"))
	if n := strings.Count(string(page), "notice-stale"); n != 1 {
		t.Errorf("ja page shows %d stale notices, want 1", n)
	}
	if !strings.Contains(string(page), `href="../../en/guide/#use"`) {
		t.Error("stale notice does not link to the source section")
	}
	if _, err := os.Stat(filepath.Join(dest, "_review", "guide", "index.html")); err != nil {
		t.Error("no review page for guide")
	}
}

// With translations that record their source commit, -accept sets that key to HEAD in
// each translation, one line of the front matter, and the next review finds nothing stale.
func TestAcceptRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := t.TempDir()
	gitRun := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=d", "-c", "user.email=d@example.org"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name, text string) {
		p := filepath.Join(src, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/en/a.md", "# A\n\n## One {#one}\n\nText one.\n")
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	write("content/en/a.md", "# A\n\n## One {#one}\n\nText one, changed.\n")
	ja := "---\ntitle: エー # kept as written\nsourceCommit: " + first + "\n---\n# エー\n\n## 一 {#one}\n\n文一。\n"
	write("content/ja/a.md", ja)
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "two")
	head := gitRun("rev-parse", "HEAD")
	if _, out, _ := runOut(t, "review", "-source", src, "-check", "stale", "-format", "json"); !strings.Contains(out, `"check": "stale"`) {
		t.Fatalf("no stale section before -accept:\n%s", out)
	}
	html := filepath.Join(t.TempDir(), "report")
	if code, _, stderr := runOut(t, "review", "-source", src, "-html", html); code != 0 {
		t.Fatalf("-html: %s", stderr)
	}
	page, _ := os.ReadFile(filepath.Join(html, "_review", "a", "index.html"))
	if !strings.Contains(string(page), `<pre class="diff">-Text one.`) {
		t.Errorf("the side-by-side page does not show the source's change:\n%s", page)
	}
	if code, _, stderr := runOut(t, "review", "-source", src, "-accept", "ja"); code != 0 {
		t.Fatalf("-accept: %s", stderr)
	}
	got, _ := os.ReadFile(filepath.Join(src, "content/ja/a.md"))
	if want := strings.Replace(ja, first, head, 1); string(got) != want {
		t.Errorf("after -accept:\n%s\nwant\n%s", got, want)
	}
	if _, out, _ := runOut(t, "review", "-source", src, "-check", "stale", "-format", "json"); strings.Contains(out, `"check": "stale"`) {
		t.Errorf("stale after -accept:\n%s", out)
	}
}

// A baseline that cannot be written is an error, not a silent success.
func TestWriteBaselineFails(t *testing.T) {
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "content", "en"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "content", "en", "a.md"), []byte("# A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "baseline.txt")
	if code, _, stderr := runOut(t, "review", "-source", src, "-write-baseline", bad); code != 1 || !strings.Contains(stderr, "no such file") {
		t.Errorf("exit %d, stderr %q; want 1 and the write error", code, stderr)
	}
}

// review -html shows exactly the findings review -format json reports, on the bundled
// site (whose GPU data has findings of no page): each finding of the report is on a
// review page or the index, once, and no page shows one the report does not have.
func TestReviewHTMLShowsTheReportsFindings(t *testing.T) {
	code, out, stderr := runOut(t, "review", "-source", "../..", "-format", "json", "-all")
	if code != 0 {
		t.Fatalf("review -format json: exit %d: %s", code, stderr)
	}
	var rep struct{ Findings []struct{ ID string } }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, f := range rep.Findings {
		want[f.ID]++
	}
	dir := t.TempDir()
	if code, _, stderr := runOut(t, "review", "-source", "../..", "-html", dir); code != 0 {
		t.Fatalf("review -html: exit %d: %s", code, stderr)
	}
	got := map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		for _, m := range regexp.MustCompile(`data-finding="([0-9a-f]+)"`).FindAllSubmatch(data, -1) {
			got[string(m[1])]++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) < 100 {
		t.Fatalf("the bundled site's report has %d findings; the test expects its GPU data's too", len(rep.Findings))
	}
	for id, n := range want {
		if got[id] != n {
			t.Errorf("finding %s: %d in the JSON report, %d in the HTML review", id, n, got[id])
		}
	}
	for id, n := range got {
		if want[id] == 0 {
			t.Errorf("finding %s: %d in the HTML review, not in the JSON report", id, n)
		}
	}
}

// -accept of a language changes all its pages or none: a page it cannot edit (JSON front
// matter) fails the whole -accept, and the pages it could edit stay as they were.
func TestAcceptRevisionAllOrNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := t.TempDir()
	gitRun := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=d", "-c", "user.email=d@example.org"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A\n\nText.\n", "content/en/b.md": "# B\n\nText.\n"})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	ja := map[string]string{
		"content/ja/a.md": "---\nsourceCommit: " + first + "\n---\n# エー\n\n文。\n",
		"content/ja/b.md": "{\"title\": \"ビー\", \"sourceCommit\": \"" + first + "\"}\n# ビー\n\n文。\n",
	}
	writeFiles(t, src, ja)
	writeFiles(t, src, map[string]string{"content/en/a.md": "# A\n\nText, changed.\n", "site.toml": "[review]\nrevisionKey = \"sourceCommit\"\n"})
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "two")
	code, _, stderr := runOut(t, "review", "-source", src, "-accept", "ja")
	if code != 1 || !strings.Contains(stderr, "content/ja/b.md") || !strings.Contains(stderr, "no page changed") {
		t.Errorf("-accept with a page it cannot edit: exit %d, want 1 naming it\n%s", code, stderr)
	}
	for name, want := range ja {
		if got, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(name))); string(got) != want {
			t.Errorf("%s changed by a failed -accept:\n%s", name, got)
		}
	}
}

// A translation whose recorded source commit cannot be read (a shallow clone in CI, or no
// git at all) is reported by the review as build reports it, at the key's line, in text
// and JSON; -strict fails on it, since its stale sections could not be told.
func TestReviewReportsUnreadableRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, withGit := range []bool{true, false} {
		src := t.TempDir()
		writeFiles(t, src, map[string]string{
			"content/en/a.md": "# A\n\n## One\n\nText one.\n",
			"content/ja/a.md": "---\nsourceCommit: 0123456789abcdef0123456789abcdef01234567\n---\n# エー\n\n## 一\n\n文一。\n",
		})
		want := "not in a git work tree"
		if withGit {
			for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "one"}} {
				cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=d", "-c", "user.email=d@example.org"}, args...)...)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			want = "no such commit"
		}
		code, out, stderr := runOut(t, "review", "-source", src, "-strict")
		if code != 1 || !strings.Contains(out, "2: error: revision: ") || !strings.Contains(out, want) {
			t.Errorf("git %v: review -strict: exit %d, want 1 and the revision error at content/ja/a.md:2:\n%s%s", withGit, code, out, stderr)
		}
		if code, _, _ := runOut(t, "review", "-source", src); code != 0 {
			t.Errorf("git %v: review without -strict: exit %d, want 0", withGit, code)
		}
		_, out, _ = runOut(t, "review", "-source", src, "-format", "json", "-check", "stale")
		var rep struct {
			Findings []struct {
				Check  string
				Target struct {
					File string
					Line int
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Findings) != 1 || rep.Findings[0].Check != "revision" || rep.Findings[0].Target.File != "content/ja/a.md" || rep.Findings[0].Target.Line != 2 {
			t.Errorf("git %v: JSON findings %+v, want one revision finding at content/ja/a.md:2", withGit, rep.Findings)
		}
	}
}
