package outline

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"docsite/internal/markdown"
)

// Every section's slug is the id Hugo gives its heading: the table of Hugo's own
// outputs in ../markdown/testdata/hugo-ids.txtar.
func TestSectionSlugsAsHugo(t *testing.T) {
	src, want := hugoIDPage(t, "../markdown/testdata/hugo-ids.txtar")
	doc := markdown.New(markdown.Options{}).Parse(src, nil)
	p := Build(doc.Root, doc.Src, "headings.md")
	var got []string
	var secs []*Section
	for _, s := range p.Sections {
		if s.Level > 0 {
			got = append(got, s.ID)
			secs = append(secs, s)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d sections, Hugo has %d headings:\n%q\n%q", len(got), len(want), got, want)
	}
	for i, s := range secs {
		if s.ID != want[i] {
			t.Errorf("headings.md:%d: %q has id %q, Hugo gives %q", s.Line, s.Title, s.ID, want[i])
		}
	}
}

// Duplicates are numbered as Hugo numbers them (hugo 0.111.3 on this page gives these ids).
func TestSectionIDsUnique(t *testing.T) {
	p := parse(t, "p.md", []byte("Intro.\n\n## Setup\n\n## Setup\n\n### ???\n\n## Setup 2\n\n## Setup\n\n"+
		"## Tencent\n\n### Price\n\n## Alibaba\n\n### Price\n\n#### Price\n"))
	var ids []string
	for _, s := range p.Sections {
		ids = append(ids, s.ID)
	}
	want := ",setup,setup-1,heading,setup-2,setup-3,tencent,price,alibaba,price-1,price-2"
	if got := strings.Join(ids, ","); got != want {
		t.Errorf("ids %s\nwant %s", got, want)
	}
}

// Build writes every section's ID on its heading, the id the page is rendered with: the
// outline's, where the parser counted a heading the outline does not (one in a quote).
func TestBuildWritesIDs(t *testing.T) {
	src := []byte("## Why?\n\ntext\n\n> ## Note\n\n## Note\n\n- item\n\n  ### Note\n\n## Note\n")
	doc := markdown.New(markdown.Options{}).Parse(src, nil)
	p := Build(doc.Root, doc.Src, "p.md")
	var got []string
	for _, s := range p.Sections {
		v, _ := s.Heading.AttributeString("id")
		got = append(got, s.ID+"="+string(attrBytes(v)))
	}
	// Hugo 0.111.3 gives the quote's heading note, the list item's note-2.
	if want := "why=why note-1=note-1 note-3=note-3"; strings.Join(got, " ") != want {
		t.Errorf("section id=heading id: %q, want %q", got, want)
	}
}

func attrBytes(v any) []byte { b, _ := v.([]byte); return b }

// hugoIDPage returns the page of testdata/hugo-ids.txtar, its front matter blanked out
// (lines kept), and Hugo's ids in document order.
func hugoIDPage(t testing.TB, archive string) (src []byte, want []string) {
	t.Helper()
	a, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	var html []byte
	for _, f := range a.Files {
		switch f.Name {
		case "headings.md":
			src = f.Data
		case "hugo.html":
			html = f.Data
		}
	}
	// Blank the front matter as the loader does, keeping its lines.
	if end := bytes.Index(src[4:], []byte("\n---\n")); bytes.HasPrefix(src, []byte("---\n")) && end >= 0 {
		fm := src[:4+end+5]
		src = append(bytes.Repeat([]byte("\n"), bytes.Count(fm, []byte("\n"))), src[len(fm):]...)
	}
	for _, m := range regexp.MustCompile(`<h[1-6][^>]* id="([^"]*)"`).FindAllSubmatch(html, -1) {
		want = append(want, string(m[1]))
	}
	return src, want
}

// An id written anywhere in a heading's attribute group is the author's, as goldmark reads
// it: {.notranslate lang=en #localization} names the section "localization".
func TestExplicitIDAmongAttributes(t *testing.T) {
	src := []byte("# T\n\n### `LOCALIZATION` guidelines {.notranslate lang=en #localization}\n\n### Other {#other .x}\n\n### Not #an-id here\n")
	doc := markdown.New(markdown.Options{}).Parse(src, nil) // attributes on, as a build parses
	p := Build(doc.Root, doc.Src, "p.md")
	var got []string
	for _, s := range p.Sections[1:] {
		got = append(got, s.Explicit+"="+s.Slug)
	}
	want := []string{"localization=localization", "other=other", "=not-an-id-here"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("explicit=slug: %q, want %q", got, want)
	}
}
