package exchange

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"docsite/internal/markdown"
)

// fixture returns the named file of testdata/site.txtar.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	a, err := txtar.ParseFile("testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no %s in the fixture", name)
	return nil
}

func parse(t *testing.T, file string, raw []byte) *Page {
	t.Helper()
	p, err := Parse(file, raw, markdown.New(markdown.Options{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Filling every hole with its own text gives the file back byte for byte, and no
// unit's text holds block structure.
func TestSegmentRoundTrip(t *testing.T) {
	for _, name := range []string{"rev2/content/en/guide.md", "rev2/content/ja/guide.md", "rev1/content/en/concepts.md"} {
		raw := fixture(t, name)
		p := parse(t, name, raw)
		units := Segment(p)
		AssignIDs(units, p.Outline)
		var fills []Fill
		for _, u := range units {
			fills = append(fills, Fill{Hole: u.Hole, Old: u.Text, New: u.Text})
			for _, bad := range []string{"```", "[!NOTE]", ":::", "{#", "| ", "[dl]:", "[^1]:", "{{% alert", "---", "> "} {
				if strings.Contains(u.Text, bad) {
					t.Errorf("%s: unit %s holds block markup %q: %q", name, u.ID, bad, u.Text)
				}
			}
		}
		if got := Rebuild(raw, fills); !bytes.Equal(got, raw) {
			t.Errorf("%s: round trip changed the file:\n%s", name, got)
		}
		if testing.Verbose() {
			for _, u := range units {
				fmt.Printf("%s\t%d\t%s\t%q\n", u.ID, u.Line, u.What, u.Text)
			}
		}
	}
}

func TestPairFixture(t *testing.T) {
	src := parse(t, "content/en/guide.md", fixture(t, "rev2/content/en/guide.md"))
	tgt := parse(t, "content/ja/guide.md", fixture(t, "rev2/content/ja/guide.md"))
	p := Pair(src, tgt)
	for _, e := range p.Entries {
		t.Logf("%s %v %q -> %q", e.Unit.ID, e.State, e.Unit.Text, e.Translation())
	}
	for _, u := range p.Extra {
		t.Logf("extra %q", u.Text)
	}
}

// An imported bold that ends in CJK punctuation before a letter, or starts with it after
// one, is written with an escaped space, and renders bold.
func TestImportedCJKBoldRenders(t *testing.T) {
	src := parse(t, "content/en/guide.md", fixture(t, "rev2/content/en/guide.md"))
	tgt := parse(t, "content/ja/guide.md", fixture(t, "rev2/content/ja/guide.md"))
	p := Pair(src, tgt)
	res := Apply(p, src, tgt, []Incoming{
		{ID: "old.p0.0", Text: "この節は**変わりました。**その後も", File: "ja.po", Line: 1},
		{ID: "download.q3.1", Text: "これは**「引用」**です。", File: "ja.po", Line: 2},
	})
	got := string(res.Data)
	for _, want := range []string{"この節は**変わりました。**\\ その後も", "これは\\ **「引用」**\\ です。"} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %q:\n%s", want, got)
		}
	}
	md := markdown.New(markdown.Options{})
	html, err := md.RenderString(md.Parse([]byte("この節は**変わりました。**\\ その後も\n\nこれは\\ **「引用」**\\ です。"), nil), nil)
	if err != nil || !strings.Contains(html, "<strong>変わりました。</strong>その後も") || !strings.Contains(html, "これは<strong>「引用」</strong>です。") {
		t.Errorf("not bold: %s (%v)", html, err)
	}
}

// Front matter in YAML, TOML and JSON: only the text keys are units, the block comes back
// byte for byte, and a new value is written in the form its line needs.
func TestFrontMatterUnits(t *testing.T) {
	for _, tc := range []struct{ raw, title, want string }{
		{"---\ntitle: Plain title # a comment\nweight: 2\ndescription: 'It''s here'\n---\nBody.\n", "題: 副題", "---\ntitle: \"題: 副題\" # a comment\nweight: 2\ndescription: 'It''s here'\n---\nBody.\n"},
		{"+++\ntitle = 'Literal'\nlinkTitle = \"Basic \\\"q\\\"\"\n+++\nBody.\n", "it's", "+++\ntitle = \"it's\"\nlinkTitle = \"Basic \\\"q\\\"\"\n+++\nBody.\n"},
		{"{\n  \"title\": \"JSON <b>\",\n  \"weight\": 1\n}\nBody.\n", "新しい \"題\" <b>", "{\n  \"title\": \"新しい \\\"題\\\" <b>\",\n  \"weight\": 1\n}\nBody.\n"},
	} {
		p := parse(t, "content/en/a.md", []byte(tc.raw))
		units := Segment(p)
		var fills, same []Fill
		for _, u := range units {
			same = append(same, Fill{Hole: u.Hole, Old: u.Text, New: u.Text})
			if u.Key.Field == "title" {
				fills = append(fills, Fill{Hole: u.Hole, Old: u.Text, New: tc.title})
			}
		}
		if got := string(Rebuild(p.Raw, same)); got != tc.raw {
			t.Errorf("untouched: %q, want %q", got, tc.raw)
		}
		if len(fills) != 1 {
			t.Errorf("%q: no title unit in %+v", tc.raw, units)
			continue
		}
		if got := string(Rebuild(p.Raw, fills)); got != tc.want {
			t.Errorf("translated: %q\nwant %q", got, tc.want)
		}
		if n := len(units); n != 3 && n != 2 {
			t.Errorf("%q: %d units: %+v", tc.raw, n, units)
		}
	}
}

// Units of a section that did not change keep their IDs when another section changes.
func TestIDsStable(t *testing.T) {
	ids := func(name string) map[string]string {
		p := parse(t, name, fixture(t, name))
		units := Segment(p)
		AssignIDs(units, p.Outline)
		out := map[string]string{}
		for _, u := range units {
			out[u.ID] = u.Text
		}
		return out
	}
	before, after := ids("rev1/content/en/guide.md"), ids("rev2/content/en/guide.md")
	for id, text := range before {
		if strings.HasPrefix(id, "old.") {
			continue
		}
		if after[id] != text {
			t.Errorf("unit %s was %q, is %q", id, text, after[id])
		}
	}
}

// A table's cells are read from its own lines, found in the file (the table model's line
// is off after shortcodes holding code), up to the blank line after it: the paragraph
// after it is a paragraph, not a row.
func TestTableLines(t *testing.T) {
	raw := []byte("{{< tabpane text=true >}}\n\n{{% tab \"A\" %}}\n\n```sh\none\ntwo\n```\n\n{{% /tab %}} {{% tab \"B\" %}}\n\n```sh\nthree\n```\n\n{{% /tab %}} {{< /tabpane >}}\n\n" +
		"Intro.\n\n| Tag | Description |\n| --- | ----------- |\n| a:  | The `a` key |\n\nAll tags are optional, and\nsome have defaults.\n")
	p := parse(t, "content/en/a.md", raw)
	var got []string
	for _, u := range Segment(p) {
		got = append(got, fmt.Sprintf("%d %s: %s", u.Line, u.What, u.Text))
	}
	want := []string{"18 paragraph: Intro.", "20 table cell: Tag", "20 table cell: Description", "22 table cell: a:", "22 table cell: The `a` key", "24 paragraph: All tags are optional, and\nsome have defaults."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("units:\n%q\nwant\n%q", got, want)
	}
}

// The check compares markup as markdown reads it (a line break in a label or a code span
// is a space), and a unit brought back as the page already says is never rejected, even
// where the page's translation differs from its source's markup.
func TestCheckOnlyWhatChanged(t *testing.T) {
	src := parse(t, "content/en/a.md", []byte("Read the [guide][instrument\nselection] and run `make`.\n\nSecond `code` here.\n"))
	tgt := parse(t, "content/ja/a.md", []byte("[ガイド][instrument\nselection]を読み、`make` を実行します。\n\n二番目。\n"))
	p := Pair(src, tgt)
	res := Apply(p, src, tgt, []Incoming{
		{ID: "_.p0.0", Text: "[ガイド][instrument selection]を読み、`make` を実行してください。", File: "a.po", Line: 1},
		{ID: "_.p1.0", Text: "二番目。", File: "a.po", Line: 2},
	})
	if res.Rejected != 0 || res.Imported != 1 || res.Kept != 1 {
		t.Errorf("imported %d, kept %d, rejected %d: %v", res.Imported, res.Kept, res.Rejected, res.Diags)
	}
}

// A reference link is checked by the destination its label has in its page: a
// translation that defines a label of its own for the same destination passes; one whose
// label leads elsewhere does not.
func TestCheckReferencesByDestination(t *testing.T) {
	src := parse(t, "content/en/a.md", []byte("See the [JSON file encoding][] spec.\n\nAnd [more][json file encoding].\n\n[json file encoding]: https://example.org/json\n"))
	tgt := parse(t, "content/ja/a.md", []byte("[JSONファイル][]を見てください。\n\nそして[詳細][JSONファイル]。\n\n[jsonファイル]: https://example.org/json\n[other]: https://example.org/other\n"))
	p := Pair(src, tgt)
	res := Apply(p, src, tgt, []Incoming{
		{ID: "_.p0.0", Text: "xxx[JSONファイル][]を見てください。xxx", File: "a.po", Line: 1},
		{ID: "_.p1.0", Text: "そして[詳細][other]。", File: "a.po", Line: 2},
	})
	if res.Imported != 1 || res.Rejected != 1 || !strings.Contains(res.Diags[0].Message, `lost "link https://example.org/json"; added "link https://example.org/other"`) {
		t.Errorf("imported %d, rejected %d: %v", res.Imported, res.Rejected, res.Diags)
	}
}

// A unit new in a block the translation has (a list item added upstream) has no place of
// its own: it is reported, never put in the middle of the translation's list or code.
func TestNewPartOfTranslatedBlock(t *testing.T) {
	list := func(items ...string) []byte {
		return []byte("1. " + items[0] + "\n\n   {{< tabpane text=true >}} {{% tab Make %}}\n\n   ```shell\n   make start\n   ```\n\n   {{% /tab %}} {{< /tabpane >}}\n\n" + strings.Join(items[1:], "\n") + "\nAfter the list.\n")
	}
	src := parse(t, "content/en/a.md", list("Start it.", "2. New step.\n"))
	tgt := parse(t, "content/ja/a.md", list("起動します。", ""))
	p := Pair(src, tgt)
	var in []Incoming
	for _, e := range p.Entries {
		in = append(in, Incoming{ID: e.Unit.ID, Text: "訳:" + e.Unit.Text, File: "a.po", Line: 1})
	}
	res := Apply(p, src, tgt, in)
	got := string(res.Data)
	if !strings.Contains(got, "   ```shell\n   make start\n   ```\n") || strings.Contains(got, "New step") {
		t.Errorf("the page:\n%s", got)
	}
	if len(res.Diags) == 0 || !strings.Contains(res.Diags[len(res.Diags)-1].Message, "has no place in content/ja/a.md") {
		t.Errorf("diagnostics: %v", res.Diags)
	}
}

// A translated collapsed or shortcut reference, whose label was its text, gets its
// source's label back and keeps its destination; a shortcut reference whose translation
// leads nowhere is caught.
func TestTranslatedReferenceLabels(t *testing.T) {
	src := parse(t, "content/en/a.md", []byte("Read the [Spec][] first.\n\nSee [OTLP] too.\n\nAnd [OTLP] again.\n\n[spec]: https://example.org/spec\n[otlp]: https://example.org/otlp\n"))
	tgt := parse(t, "content/ja/a.md", []byte("まず[Spec][]を読みます。\n\n[OTLP]も見てください。\n\nまた[OTLP]。\n\n[spec]: https://example.org/spec\n[otlp]: https://example.org/otlp\n"))
	p := Pair(src, tgt)
	res := Apply(p, src, tgt, []Incoming{
		{ID: "_.p0.0", Text: "まず[仕様][]を読みます。", File: "a.po", Line: 1},
		{ID: "_.p1.0", Text: "[プロトコル]も見てください。", File: "a.po", Line: 2},
		{ID: "_.p2.0", Text: "また OTLP。", File: "a.po", Line: 3},
	})
	got := string(res.Data)
	for _, want := range []string{"まず[仕様][Spec]を読みます。", "[プロトコル][OTLP]も見てください。", "また[OTLP]。"} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %q:\n%s", want, got)
		}
	}
	if res.Imported != 2 || res.Rejected != 1 || !strings.Contains(res.Diags[0].Message, `lost "link https://example.org/otlp"`) {
		t.Errorf("imported %d, rejected %d: %v", res.Imported, res.Rejected, res.Diags)
	}
}
