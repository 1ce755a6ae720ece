package build

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// git runs git in dir and returns its output, failing the test on an error.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=docsite", "-c", "user.email=docsite@example.org"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// A translation that records the source commit it was made from is judged against the
// source as it was then: exactly the sections whose source changed since are stale, with
// the change as a diff; a section that only moved is not, a heading renamed with its
// {#id} kept is matched by it; an unknown commit is a warning at the key's line.
func TestStaleFromSourceRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	extract(t, txtar.Parse([]byte(`-- site.toml --
[review]
revisionKey = "default_lang_commit"
[languages.en]
order = 1
[languages.ja]
order = 2
-- content/en/a.md --
# A

## One {#one}

Text one.

## Two {#two}

Text two.

## Three {#three}

Text three.
-- content/en/b.md --
# B

Body.
`)), dir)
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "first")
	first := git(t, dir, "rev-parse", "HEAD")
	extract(t, txtar.Parse([]byte(`-- content/en/a.md --
# A

## First {#one}

Text one.

## Three {#three}

Text three.

## Two {#two}

Text two, changed.
-- content/ja/a.md --
---
title: エー
default_lang_commit: `+first+`
---
# エー

## 一 {#one}

文一。

## 二 {#two}

文二。

## 三 {#three}

文三。
-- content/ja/b.md --
---
default_lang_commit: 0123456789abcdef
---
# ビー

本文。
`)), dir)
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "second")

	rep, err := Review(context.Background(), Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, f := range rep.Findings {
		if f.Check == "stale" {
			stale = append(stale, f.Section)
			if f.Section == "two" && f.Diff != "-Text two.\n+Text two, changed." {
				t.Errorf("diff of #two = %q", f.Diff)
			}
			if !strings.Contains(f.Message, first[:10]) {
				t.Errorf("message does not name the commit: %s", f.Message)
			}
		}
	}
	slices.Sort(stale)
	if strings.Join(stale, " ") != "one two" {
		t.Errorf("stale sections = %v, want one (heading renamed) and two (text changed)", stale)
	}
	files, res := mustBuild(t, dir, Options{})
	if n := strings.Count(string(files["ja/a/index.html"]), "notice-stale"); n != 2 {
		t.Errorf("ja/a shows %d stale notices, want 2", n)
	}
	var warned bool
	for _, d := range res.Diags {
		warned = warned || d.Code == "revision" && d.File == "content/ja/b.md" && d.Line == 2
	}
	if !warned {
		t.Errorf("no revision warning at content/ja/b.md:2 in %v", res.Diags)
	}
	// Outside a git work tree: one warning, and the build goes on.
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	_, res = mustBuild(t, dir, Options{})
	if !strings.Contains(fmt.Sprint(res.Diags), "not in a git work tree") {
		t.Errorf("without git: %v", res.Diags)
	}
}
