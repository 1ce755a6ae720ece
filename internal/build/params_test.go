package build

import (
	"strings"
	"testing"
)

// TestPageTemplateParams: a page template reads the page's front matter params as
// .Params, with what sections cascade, keys lowercased; a stand-in shows its source's.
func TestPageTemplateParams(t *testing.T) {
	files, _ := mustBuild(t, siteDir(t, "testdata/params.txtar"), Options{})
	for file, want := range map[string]string{
		"en/docs/a/index.html": `<p class="byline">by Ann, version 2.0</p>`,
		"ja/docs/a/index.html": `<p class="byline">by 花子, version 2.0</p>`,
		"en/docs/b/index.html": `<p class="byline">by Bob, version 2.0</p>`,
		"ja/docs/b/index.html": `<p class="byline">by Bob, version 2.0</p>`, // the stand-in
	} {
		if got := string(files[file]); !strings.Contains(got, want) {
			t.Errorf("%s lacks %s", file, want)
		}
	}
}
