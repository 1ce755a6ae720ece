package main

import (
	"os"
	"os/exec"
	"path/filepath"
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
		"ja: to do: fix 4 errors (2 files), then translate 3 missing pages",
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
	if a, b := strings.Index(out, "content/ja/a.md: "), strings.Index(out, "content/ja/b.md: "); a < 0 || b < 0 {
		t.Errorf("no group heading for a.md or b.md:\n%s", out)
	}
	if strings.Count(out, "missing-page:") != 1 {
		t.Errorf("missing pages not folded into one line:\n%s", out)
	}
	finding := regexp.MustCompile(`^content/ja/[a-z]+\.md:\d+: (error|warning): [a-z-]+: `)
	_, body, _ := strings.Cut(out, "\n\n")
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "content/ja/: ") || strings.HasPrefix(line, "ja: to do: ") || strings.HasPrefix(line, "      ") ||
			regexp.MustCompile(`^content/ja/[a-z]+\.md: \d+ (error|warning)`).MatchString(line) {
			continue // the fold, the to-do line, a diff, a file's heading
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

// What is the same in every language, or the same said another way, is no error: a link
// reference definition the translation writes inline, a script, numbers written in words
// or CJK numerals, a callout written in the source's new syntax, table cells of inline code,
// the title of an article linked to, the numbers of a program's output.
func TestReviewFewerFalseErrors(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{
		"content/en/a.md": "# Guide\n\nSee the [releases][] page for every version we publish.\n\n" +
			"[releases]: https://example.org/releases\n\n" +
			"It has 1000000 users after a decade, and a dozen maintainers.\n\n" +
			"> [!NOTE]\n> Keep the configuration small and simple.\n\n" +
			"| Option | Default | Description |\n| --- | --- | --- |\n" +
			"| `maxQueueSize` | `2048` | The maximum queue size before spans are dropped. |\n" +
			"| `Use the default value` | `none` | The value when nothing is set. |\n\n" +
			"<script>\nwindow.addEventListener(\"load\", function () { console.log(\"the page has loaded now\"); });\n</script>\n\n" +
			"The word occurs 7.3K times; read [Securing your OpenTelemetry Collector](https://medium.com/x) first.\n\n" +
			"```\nlatency 12345 ms\n```\n\n" +
			"- **[We Deleted Our Observability Stack and Rebuilt It](https://events.example.org/a)**<br>by\n  Yash Sharma, DigitalOcean\n",
		"content/ja/a.md": "# ガイド\n\n公開しているすべてのバージョンは[リリース](https://example.org/releases)ページを参照してください。\n\n" +
			"十年で100万人のユーザーと12人のメンテナーがいます。\n\n" +
			"{{% alert title=\"注\" %}}\n設定は小さくシンプルに保ちます。\n{{% /alert %}}\n\n" +
			"| オプション | デフォルト | 説明 |\n| --- | --- | --- |\n" +
			"| `maxQueueSize` | `2048` | スパンが破棄される前のキューの最大サイズ。 |\n" +
			"| `Use the default value` | `none` | 何も設定されていないときの値。 |\n\n" +
			"この単語は7,300回出現します。まず次を読んでください。\n[Securing your OpenTelemetry Collector](https://medium.com/x)\n\n" +
			"```\nlatency 67890 ms\n```\n\n" +
			"- **[We Deleted Our Observability Stack and Rebuilt It](https://events.example.org/a)**<br>by\n  Yash Sharma, DigitalOcean\n",
	})
	code, out, stderr := runOut(t, "review", "-source", src, "-strict")
	if code != 0 {
		t.Errorf("exit %d, want no error: %s\n%s", code, stderr, out)
	}
	if n := strings.Count(out, ": syntax: "); n != 1 {
		t.Errorf("%d syntax findings, want 1 (the callout):\n%s", n, out)
	}
}

// Judged by the source revision a translation records, a section added since is new (not
// a missing-section error), one whose heading changed with its text is stale, matched by
// its text, with its diff, and so is a changed title.
func TestReviewNewAndRenamedSections(t *testing.T) {
	src, gitRun := gitSite(t)
	writeFiles(t, src, map[string]string{"content/en/a.md": "---\ntitle: A\n---\n# A\n\n## One {#one}\n\nText one.\n\n## Two\n\nLine a.\nLine b.\nLine c.\nLine d.\n"})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	writeFiles(t, src, map[string]string{
		"content/en/a.md": "---\ntitle: A, renamed\n---\n# A\n\n## One {#one}\n\nText one.\n\n## Second\n\nLine a.\nLine b.\nLine c.\nLine e.\n\n## Three\n\nBrand new text.\n",
		"content/ja/a.md": "---\nsourceCommit: " + first + "\n---\n# エー\n\n## 一 {#one}\n\n文一。\n\n## 二\n\n行 a。\n行 b。\n行 c。\n行 d。\n",
	})
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "two")
	_, out, stderr := runOut(t, "review", "-source", src)
	for _, want := range []string{
		"content/ja/a.md:16: warning: new: section \"Three\" (#three) was added to the source since",
		"warning: stale: source section \"Second\" (#second) changed (its heading too: it was #two) since",
		"      -Line d.",
		"content/ja/a.md:1: warning: stale: source title changed since",
		"      +A, renamed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s%s", want, out, stderr)
		}
	}
	if strings.Contains(out, "missing-section") {
		t.Errorf("a section added since the recorded revision is reported missing:\n%s", out)
	}
}

// A shortcode the source writes as a block of its own and the translation inside the text
// around it (its tag sharing a line with text) is there: a warning that it is not
// compared, not a missing block.
func TestReviewShortcodeWrittenInline(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{
		"content/en/a.md": "# A\n\n## Model\n\nConsider the threat model defined by the group:\n{{< figure src=\"m.png\" alt=\"The model\" >}}\n\n" +
			"{{< details summary=\"One\" >}}\nFirst detail of the model.\n{{< /details >}}\n\n{{< details summary=\"Two\" >}}\nSecond detail of the model.\n{{< /details >}}\n",
		"content/ja/a.md": "# エー\n\n## モデル\n\nグループが定めた脅威モデルを考えます： {{< figure src=\"m.png\" alt=\"モデル\" >}}\n\n" +
			"{{< details\n    summary=\"一\" >}}モデルの最初の詳細。{{< /details >}}\n\n{{< details\n    summary=\"二\" >}}モデルの二番目の詳細。{{< /details >}}\n",
	})
	code, out, stderr := runOut(t, "review", "-source", src, "-strict")
	if code != 0 {
		t.Errorf("exit %d, want no error: %s\n%s", code, stderr, out)
	}
	if n := strings.Count(out, "is written inside the text around it"); n != 3 {
		t.Errorf("%d inline shortcode warnings, want 3:\n%s", n, out)
	}
}

// A stale section's diff is of what the section says, read from the old revision by the
// same outline as the current one: the lines of the shortcode tags around it (the tab it
// is in closing, however they are laid out) are no part of it.
func TestReviewStaleDiffIsTheSectionsText(t *testing.T) {
	src, gitRun := gitSite(t)
	writeFiles(t, src, map[string]string{"content/en/a.md": "---\ntitle: A\n---\n# A\n\n{{< tabs >}}\n{{% tab Make %}}\n\n## Build {#build}\n\nRun make start to build it.\n\n{{% /tab %}}\n{{< /tabs >}}\n"})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	writeFiles(t, src, map[string]string{
		"content/en/a.md": "---\ntitle: A\n---\n# A\n\n{{< tabs >}}\n{{% tab Make %}}\n\n## Build {#build}\n\nRun make run to build it.\n\n{{% /tab %}} {{< /tabs >}}\n",
		"content/ja/a.md": "---\nsourceCommit: " + first + "\ntitle: エー\n---\n# エー\n\n{{< tabs >}}\n{{% tab Make %}}\n\n## ビルド {#build}\n\nmake start を実行してビルドします。\n\n{{% /tab %}}\n{{< /tabs >}}\n",
	})
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "two")
	_, out, stderr := runOut(t, "review", "-source", src)
	if !strings.Contains(out, "stale: source section \"Build\" (#build) changed since") || !strings.Contains(out, "      +Run make run to build it.") {
		t.Fatalf("no stale Build section with its diff:\n%s%s", out, stderr)
	}
	if strings.Contains(out, "      -{{") || strings.Contains(out, "      +{{") {
		t.Errorf("the diff holds shortcode tags around the section:\n%s", out)
	}
}

// A translation whose source file was renamed since the revision it records is judged by
// the file under its former name: a move git's rename detection follows, and a page
// moved into its own folder (a.md → a/index.md), which it may not.
func TestReviewFollowsRenamedSource(t *testing.T) {
	src, gitRun := gitSite(t)
	long := "## Usage {#usage}\n\nLine one of the usage.\nLine two of the usage.\nLine three of the usage.\nLine four.\n"
	writeFiles(t, src, map[string]string{
		"content/en/old.md": "# Old\n\n" + long,
		"content/en/b.md":   "# B\n\n## Usage {#usage}\n\nFirst.\n",
	})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	gitRun("mv", "content/en/old.md", "content/en/new.md")
	os.MkdirAll(filepath.Join(src, "content/en/b"), 0o755)
	gitRun("mv", "content/en/b.md", "content/en/b/index.md")
	writeFiles(t, src, map[string]string{
		"content/en/new.md":     "# Old\n\n" + strings.Replace(long, "Line four.", "Line four, changed.", 1),
		"content/en/b/index.md": "# B\n\n## Usage {#usage}\n\nFirst, changed.\n\nA new paragraph.\n",
		"content/ja/new.md":     "---\nsourceCommit: " + first + "\n---\n# 旧\n\n## 使い方 {#usage}\n\n一。\n二。\n三。\n四。\n",
		"content/ja/b.md":       "---\nsourceCommit: " + first + "\n---\n# B\n\n## 使い方 {#usage}\n\n最初。\n",
	})
	gitRun("add", "-A")
	gitRun("commit", "-q", "-m", "two")
	_, out, stderr := runOut(t, "review", "-source", src, "-check", "stale")
	for _, want := range []string{
		"content/ja/new.md:6: warning: stale: source section \"Usage\" (#usage) changed since",
		"      +Line four, changed.",
		"content/ja/b.md:6: warning: stale: source section \"Usage\" (#usage) changed since",
		"      +First, changed.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s%s", want, out, stderr)
		}
	}
}

// gitSite is an empty site root in a new git repository, and a function running git in it.
func gitSite(t *testing.T) (string, func(args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := t.TempDir()
	return src, func(args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", src, "-c", "user.name=d", "-c", "user.email=d@example.org"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
}

// An image the build leaves out (not found) does not make the introduction it opens stale:
// the old revision, outlined alone, still has it.
func TestReviewIntroWithMissingImageNotStale(t *testing.T) {
	src, gitRun := gitSite(t)
	writeFiles(t, src, map[string]string{"content/en/a.md": "---\ntitle: A\n---\n\n![A diagram](missing.png)\n\nIntro text.\n\n## S\n\nText.\n"})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	writeFiles(t, src, map[string]string{"content/ja/a.md": "---\ntitle: エー\nsourceCommit: " + first + "\n---\n\n![図](missing.png)\n\n紹介文。\n\n## S\n\n本文。\n"})
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "two")
	if _, out, _ := runOut(t, "review", "-source", src, "-check", "stale"); strings.Contains(out, "stale:") {
		t.Errorf("unchanged source reported stale:\n%s", out)
	}
}

// Partials (_includes) are reviewed like pages: paired by their path, stale by the source
// revision they record.
func TestReviewPartials(t *testing.T) {
	src, gitRun := gitSite(t)
	writeFiles(t, src, map[string]string{
		"content/en/a.md":                  "# A\n\nText.\n",
		"content/en/_includes/note.md":     "## Note\n\nKeep the collector close to the app.\n",
		"content/en/docs/_includes/tip.md": "Restart the collector after a change.\n",
	})
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "one")
	first := gitRun("rev-parse", "HEAD")
	writeFiles(t, src, map[string]string{
		"content/en/_includes/note.md":     "## Note\n\nKeep the collector close to the application.\n",
		"content/ja/_includes/note.md":     "---\nsourceCommit: " + first + "\n---\n## 注\n\nコレクターはアプリの近くに置きます。\n",
		"content/ja/docs/_includes/tip.md": "Restart the collector after a change.\n",
	})
	gitRun("add", "-A")
	gitRun("commit", "-q", "-m", "two")
	code, out, stderr := runOut(t, "review", "-source", src)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"content/ja/_includes/note.md:4: warning: stale: source section \"Note\" (#note) changed since",
		"content/ja/docs/_includes/tip.md:1: error: untranslated: same text as the source",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
