package build

import (
	"context"
	"strings"
	"testing"
)

// .mdx files are pages: published at their path (not as raw files), linked to as x.mdx
// or x.md, and paired with a translation whose file has the other extension.
func TestMDXPages(t *testing.T) {
	files, res := mustBuild(t, siteDir(t, "testdata/sites/mdx.txtar"), Options{})
	for _, rel := range []string{"en/docs/install/index.html", "zh/docs/install/index.html",
		"en/docs/guide/index.html", "zh/docs/guide/index.html", "en/docs/intro/index.html"} {
		if _, ok := files[rel]; !ok {
			t.Errorf("no page %s", rel)
		}
	}
	for rel := range files {
		if strings.HasSuffix(rel, ".mdx") {
			t.Errorf("%s published as a file", rel)
		}
	}
	for _, d := range res.Diags {
		if d.Code == "dead-link" || d.Code == "missing-page" {
			t.Errorf("unexpected %s", d.Error())
		}
	}
	wantIn(t, files, "en/index.html", []string{`href="docs/install/#script"`}, nil)
	wantIn(t, files, "en/docs/guide/index.html", []string{`href="../install/"`, `href="../intro/"`}, nil)
	wantIn(t, files, "zh/docs/guide/index.html", []string{`href="../install/"`, "参见"}, []string{"See "})
}

// A live rebuild sees an edited .mdx page as an edited page.
func TestLiveMDXEdit(t *testing.T) {
	dir := siteDir(t, "testdata/sites/mdx.txtar")
	live, first := startLive(t, dir)
	writeSrc(t, dir, "content/zh/docs/install.mdx", "---\ntitle: 安装\n---\nimport Tabs from '@theme/Tabs';\n\n新的说明。\n")
	snap, err := live.Build(context.Background(), []string{"content/zh/docs/install.mdx"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsFull(t, "edit", dir, snap, first.Result.Diags)
	wantIn(t, snap.Files.Map(), "zh/docs/install/index.html", []string{"新的说明。"}, nil)
}
