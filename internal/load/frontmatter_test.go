package load

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The three formats decode the same keys to the same values.
func TestFrontMatterFormats(t *testing.T) {
	blocks := map[string]string{
		"yaml": `---
title: Getting started
linkTitle: Start
description: "How to begin: the first steps"
weight: 20
date: 2024-05-31
lastmod: 2024-06-01T10:30:00Z
draft: true
aliases: [/old/start/, /begin/]
translationKey: start
slug: begin-here
tags: [intro]
cSpell:ignore: otel GPUs
author: '[Ana](https://example.com)'
Params:
  Show_TOC: false
---
`,
		"toml": `+++
title = "Getting started"
linkTitle = "Start"
description = "How to begin: the first steps"
weight = 20
date = 2024-05-31
lastmod = 2024-06-01T10:30:00Z
draft = true
aliases = ["/old/start/", "/begin/"]
translationKey = "start"
slug = "begin-here"
tags = ["intro"]
"cSpell:ignore" = "otel GPUs"
author = "[Ana](https://example.com)"
[params]
Show_TOC = false
+++
`,
		"json": `{
  "title": "Getting started",
  "linkTitle": "Start",
  "description": "How to begin: the first steps",
  "weight": 20,
  "date": "2024-05-31",
  "lastmod": "2024-06-01T10:30:00Z",
  "draft": true,
  "aliases": ["/old/start/", "/begin/"],
  "translationKey": "start",
  "slug": "begin-here",
  "tags": ["intro"],
  "cSpell:ignore": "otel GPUs",
  "author": "[Ana](https://example.com)",
  "params": {"Show_TOC": false}
}
`,
	}
	want := FrontMatter{
		Title: "Getting started", LinkTitle: "Start", Description: "How to begin: the first steps",
		Weight: 20, Date: time.Date(2024, 5, 31, 0, 0, 0, 0, time.UTC),
		Lastmod: time.Date(2024, 6, 1, 10, 30, 0, 0, time.UTC), Draft: true,
		Aliases: []string{"/old/start/", "/begin/"}, TranslationKey: "start", Slug: "begin-here",
		Tags:   []string{"intro"},
		Params: map[string]any{"cspell:ignore": "otel GPUs", "author": "[Ana](https://example.com)", "show_toc": false},
	}
	for format, block := range blocks {
		t.Run(format, func(t *testing.T) {
			src := []byte(block + "# Body\n")
			var fm FrontMatter
			n, err := splitFrontMatter(src, &fm)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(block)-1 || strings.TrimSpace(string(src[:n])) != "" {
				t.Errorf("blanked %d bytes of a %d-byte block: %q", n, len(block), src)
			}
			if !fm.Date.Equal(want.Date) || !fm.Lastmod.Equal(want.Lastmod) {
				t.Errorf("date %v lastmod %v", fm.Date, fm.Lastmod)
			}
			got := fm
			got.Date, got.Lastmod, got.Lines, got.KeyLine = want.Date, want.Lastmod, nil, 0
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
			if fm.KeyLine != 10 || fm.Line("WEIGHT") != 5 {
				t.Errorf("translationKey at line %d, weight at %d; want 10 and 5", fm.KeyLine, fm.Line("weight"))
			}
		})
	}
}

// A known key of the wrong type is an error at the key's line and column, naming the
// key and the type expected; a syntax error is placed too.
func TestFrontMatterErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"---\ntitle: T\nweight: heavy\n---\n", "3:1 front matter: weight: want a whole number, got text \"heavy\""},
		{"+++\ntitle = \"T\"\n  draft = \"yes\"\n+++\n", "3:3 front matter: draft: want true or false, got text \"yes\""},
		{"{\n \"title\": [\"a\"]\n}\n", "2:2 front matter: title: want text, got a list"},
		{"---\ndate: last tuesday\n---\n", "2:1 front matter: date: want a date"},
		{"---\naliases: {a: 1}\n---\n", "2:1 front matter: aliases: want a list of text, got a map"},
		{"---\nslug: a/b\n---\n", `2:1 front matter: slug: "a/b" holds '/'`},
		{"---\ntitle: [unclosed\n---\n", "2:0 front matter: yaml:"},
		{"---\ntitle: x\n", "1:1 front matter opened with --- is never closed"},
		{"{\"title\": \"x\"\n", "1:1 front matter opened with { is never closed"},
		{"---\n- a\n- b\n---\n", "2:1 front matter: want key: value pairs, got a list"},
		// A key set twice: one of its values would be lost without a word.
		{"---\ntitle: A\nweight: 1\ntitle: B\n---\n", `4:1 front matter: key "title" is set twice: first at line 2; keep one`},
		{"---\ntitle: A\nTitle: B\n---\n", `3:1 front matter: key "Title" is set twice: first at line 2 as "title" (keys match whatever their case)`},
		{"+++\ntitle = \"A\"\nTitle = \"B\"\n+++\n", `3:1 front matter: key "Title" is set twice: first at line 2 as "title"`},
		{"+++\ntitle = \"A\"\ntitle = \"B\"\n+++\n", `3:1 front matter: key title is already defined`},
		{"{\n \"title\": \"A\",\n \"title\": \"B\"\n}\n", `3:2 front matter: key "title" is set twice: first at line 2; keep one`},
		{"{\n \"params\": {\"a\": 1, \"a\": 2}\n}\n", `2:21 front matter: key "a" is set twice: first at line 2`},
		{"{\"tags\": [\"a\"], \"x\": [{\"b\": {}, \"b\": 2}], \"tags\": []}\n", `1:33 front matter: key "b" is set twice`},
		{"{\n\"a\": [1, {\"k\": 1}],\n\"b\": {\"k\": 2},\n\"a\": 3}\n", `4:1 front matter: key "a" is set twice: first at line 2`},
	} {
		var fm FrontMatter
		_, err := splitFrontMatter([]byte(tc.src), &fm)
		fe, ok := err.(*fmError)
		if !ok {
			t.Errorf("%q: err = %v, want an error", tc.src, err)
			continue
		}
		if got := strings.Join([]string{strconv.Itoa(fe.line) + ":" + strconv.Itoa(fe.col), fe.msg}, " "); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\ngot  %s\nwant %s…", tc.src, got, tc.want)
		}
	}
}

// A byte-order mark before the front matter (as Windows editors write) does not hide it,
// and a page with no front matter keeps its mark out of the body.
func TestFrontMatterAfterByteOrderMark(t *testing.T) {
	src := []byte("\uFEFF---\ntitle: Mark\n---\n# Heading\n")
	var fm FrontMatter
	n, err := splitFrontMatter(src, &fm)
	if err != nil || fm.Title != "Mark" {
		t.Fatalf("title %q, err %v", fm.Title, err)
	}
	if strings.TrimSpace(string(src[:n])) != "" || !strings.HasSuffix(string(src), "\n# Heading\n") {
		t.Errorf("src = %q", src)
	}
	src = []byte("\uFEFF# Only a heading\n")
	if n, err := splitFrontMatter(src, &fm); err != nil || n != 3 || string(src) != "   # Only a heading\n" {
		t.Errorf("n %d err %v src %q", n, err, src)
	}
}

// A page that opens with a shortcode has no JSON front matter.
func TestShortcodeIsNotJSON(t *testing.T) {
	src := []byte("{{< note >}}\nText\n{{< /note >}}\n")
	var fm FrontMatter
	if n, err := splitFrontMatter(src, &fm); n != 0 || err != nil {
		t.Errorf("n %d err %v", n, err)
	}
}
