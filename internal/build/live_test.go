package build

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// An incremental rebuild after an edit must give exactly what a full build gives.
func TestLiveIncrementalMatchesFull(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	live, err := NewLive(Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	ctx := context.Background()
	if _, err := live.Build(ctx, nil); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name    string
		edit    func()
		changed []string
	}{
		{"body only", func() { writeSrc(t, dir, "content/zh/guide.md", "---\ntitle: 指南\n---\n只改了正文。\n") }, []string{"content/zh/guide.md"}},
		{"edit", func() {
			writeSrc(t, dir, "content/ja/guide.md", "+++\ntitle = \"ガイド改\"\n+++\n新しい本文。\n")
		}, []string{"content/ja/guide.md"}},
		{"add", func() { writeSrc(t, dir, "content/en/survey.md", "+++\ntitle = \"Survey\"\n+++\nNow in English.\n") }, []string{"content/en/survey.md"}},
		{"delete", func() { os.Remove(filepath.Join(dir, "content/zh/guide.md")) }, []string{"content/zh/guide.md"}},
		{"new folder", func() { writeSrc(t, dir, "content/zh/deep/page.md", "# 深\n") }, []string{"content/zh/deep/page.md"}},
	}
	for _, step := range steps {
		step.edit()
		snap, err := live.Build(ctx, step.changed)
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		want, _ := mustBuild(t, dir, Options{})
		sameFiles(t, step.name, snap.Files, want)
	}
}

func TestLiveErrorKeepsLastGoodState(t *testing.T) {
	dir := siteDir(t, "testdata/sites/three-languages.txtar")
	live, err := NewLive(Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	ctx := context.Background()
	first, err := live.Build(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	writeSrc(t, dir, "content/en/guide.md", "+++\ntitle = \n+++\n")
	if _, err := live.Build(ctx, []string{"content/en/guide.md"}); err == nil {
		t.Fatal("broken source page built")
	}
	writeSrc(t, dir, "content/en/guide.md", "+++\ntitle = \"Guide\"\n+++\nFixed.\n")
	snap, err := live.Build(ctx, []string{"content/en/guide.md"})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(snap.Files["en/guide/index.html"], first.Files["en/guide/index.html"]) {
		t.Error("fixed page not rebuilt")
	}
	want, _ := mustBuild(t, dir, Options{})
	sameFiles(t, "after error", snap.Files, want)
}

func writeSrc(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sameFiles(t *testing.T, step string, got, want map[string][]byte) {
	t.Helper()
	var g, w []string
	for k := range got {
		g = append(g, k)
	}
	for k := range want {
		w = append(w, k)
	}
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Fatalf("%s: files differ\n got %q\nwant %q", step, g, w)
	}
	for _, k := range w {
		if !bytes.Equal(got[k], want[k]) {
			t.Errorf("%s: %s differs from a full build:\n%s", step, k, firstDiff(got[k], want[k]))
		}
	}
}
