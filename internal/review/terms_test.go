package review

import (
	"strings"
	"testing"

	"docsite/internal/config"
	"docsite/internal/diag"
)

// termSite is a page in four copies, each translated into Japanese but for one English
// sentence kept as in the source.
func termSite(pages int, kept string) Input {
	in := Input{Default: "en", Locales: []config.Lang{{Code: "en", BCP47: "en"}, {Code: "ja", BCP47: "ja"}}}
	for i := range pages {
		name := string(rune('a' + i))
		in.Docs = append(in.Docs,
			doc("en", name, "content/en/"+name+".md", []byte("# Title\n\nThis page explains the thing in detail.\n\n"+kept+"\n")),
			doc("ja", name, "content/ja/"+name+".md", []byte("# タイトル\n\nこのページでは詳しく説明します。\n\n"+kept+"\n")))
	}
	return in
}

func untranslated(r *Report) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Check == Untranslated {
			out = append(out, f)
		}
	}
	return out
}

// A sentence left as in the source on two pages is reported on each; on three or more it
// is one warning proposing it for the glossary; listed in the glossary, it is not reported.
func TestTerms(t *testing.T) {
	kept := "Observability for the cloud native world"
	if got := untranslated(Run(termSite(2, kept))); len(got) != 2 || got[0].Severity != diag.Error {
		t.Errorf("two pages: %v", got)
	}
	got := untranslated(Run(termSite(4, kept)))
	if len(got) != 1 || got[0].Severity != diag.Warning || !strings.Contains(got[0].Message, "on 4 pages, so probably a term") ||
		!strings.Contains(got[0].Message, "content/ja/.glossary.txt") {
		t.Errorf("four pages: %v", got)
	}
	in := termSite(2, kept)
	in.Glossary = map[string][]string{"ja": {"observability for the cloud native world"}}
	if got := untranslated(Run(in)); len(got) != 0 {
		t.Errorf("with the glossary: %v", got)
	}
	// A glossary term inside a longer English sentence does not excuse the rest of it.
	in = termSite(2, kept+" is what we build every day here.")
	in.Glossary = map[string][]string{"ja": {"observability for the cloud native world"}}
	if got := untranslated(Run(in)); len(got) != 2 {
		t.Errorf("a term in an untranslated sentence: %v", got)
	}
}
