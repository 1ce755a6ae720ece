package load

import (
	"testing"
	"testing/fstest"
)

func TestGroupsPublishingAtOnePlace(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		want  string // the one error; "" for none
	}{
		{
			name: "keys pair pages across paths",
			files: fstest.MapFS{
				"content/en/gpus.md":     {Data: []byte("+++\ntranslationKey = \"gpus\"\n+++\n")},
				"content/zh/gpu-list.md": {Data: []byte("+++\ntitle = \"x\"\ntranslationKey = \"gpus\"\n+++\n")},
				"content/en/other.md":    {Data: []byte("# other\n")},
			},
		},
		{
			// the zh page leaves its group, an orphan (no en version: no en stand-in); the
			// group's zh stand-in lands on zh/a/: one error, at the line that set the key
			name: "a page keyed apart from the page at its path",
			files: fstest.MapFS{
				"content/en/a.md": {Data: []byte("# a\n")},
				"content/zh/a.md": {Data: []byte("+++\ntitle = \"甲\"\ntranslationKey = \"moved\"\n+++\n")},
			},
			want: "content/zh/a.md:3:1: error: url-conflict: zh/a/ would be published by two pages: " +
				"the zh stand-in for content/en/a.md (which has no zh version) and content/zh/a.md; " +
				"give pages that translate each other one translationKey, and other pages other paths",
		},
		{
			// zh/a.md has no en source: it is published in zh alone, so en/a/ is b's
			name: "a translation without a source publishes no stand-in",
			files: fstest.MapFS{
				"content/en/b.md": {Data: []byte("+++\nslug = \"a\"\n+++\n# b\n")},
				"content/zh/b.md": {Data: []byte("# 乙\n")},
				"content/zh/a.md": {Data: []byte("# 甲\n")},
			},
		},
		{
			name: "a page and a folder's index",
			files: fstest.MapFS{
				"content/en/a.md":       {Data: []byte("# a\n")},
				"content/en/a/index.md": {Data: []byte("+++\ntranslationKey = \"a\"\n+++\n")},
				"content/zh/b.md":       {Data: []byte("# b\n")},
			},
			want: "content/en/a.md:1:1: error: duplicate-key: translation key \"a\" is also used by content/en/a/index.md",
		},
		{
			name: "a page and a folder's index, keyed apart",
			files: fstest.MapFS{
				"content/en/a.md":       {Data: []byte("# a\n")},
				"content/en/a/index.md": {Data: []byte("+++\ntranslationKey = \"a2\"\n+++\n")},
				"content/zh/b.md":       {Data: []byte("# b\n")},
			},
			want: "content/en/a/index.md:2:1: error: url-conflict: en/a/ would be published by two pages: " +
				"content/en/a.md and content/en/a/index.md; " +
				"give pages that translate each other one translationKey, and other pages other paths",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pages, err := Pages(tc.files, langs, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = GroupPages(pages, langs)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestKeyLine(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
	}{
		{"+++\ntitle = \"x\"\ntranslationKey = \"k\"\n+++\n", 3},
		{"---\ntitle: x\n\"translationKey\": k\n---\n", 3},
		{"---\n'translationKey': k\n---\n", 2},
		{"+++\ntitle = \"x\"\n+++\n", 0},
	} {
		var fm FrontMatter
		if _, err := splitFrontMatter([]byte(tc.src), &fm); err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if fm.KeyLine != tc.line {
			t.Errorf("%q: KeyLine %d, want %d", tc.src, fm.KeyLine, tc.line)
		}
	}
}
