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

// Script detection comes from Unicode and CLDR data for any language: a Russian or Hindi
// translation left in English is found, one that names a Latin product in its own script
// is not, and the same holds for Arabic.
func TestScriptsOfAnyLanguage(t *testing.T) {
	for _, tt := range []struct{ locale, tag, own, english string }{
		{"ru", "ru", "Это руководство объясняет, как настроить OpenTelemetry Collector.", "This guide is still waiting for someone to translate it."},
		{"hi", "hi", "यह गाइड बताती है कि OpenTelemetry Collector को कैसे सेट करें।", "This guide is still waiting for someone to translate it."},
		{"ar", "ar", "يشرح هذا الدليل كيفية إعداد OpenTelemetry Collector.", "This guide is still waiting for someone to translate it."},
	} {
		in := Input{Default: "en", Locales: []config.Lang{{Code: "en", BCP47: "en"}, {Code: tt.locale, BCP47: tt.tag}}}
		src := "# Guide\n\nThis guide explains how to set up the OpenTelemetry Collector.\n\nA second sentence of the source page.\n"
		in.Docs = append(in.Docs, doc("en", "g", "content/en/g.md", []byte(src)),
			doc(tt.locale, "g", "content/"+tt.locale+"/g.md", []byte("# Guide\n\n"+tt.own+"\n\n"+tt.english+"\n")))
		got := untranslated(Run(in))
		if len(got) != 1 || !strings.Contains(got[0].Message, "written in Latin script") || !strings.Contains(got[0].Message, "still waiting") {
			t.Errorf("%s: %v, want one finding on the English sentence", tt.locale, got)
		}
	}
	if scriptsOf("ru") != 1<<cyrillic || scriptsOf("zh-Hant") != 1<<han || scriptsOf("ko") != 1<<hangul|1<<han || scriptsOf("pt-BR") != 1<<latin {
		t.Error("scriptsOf does not follow the languages' scripts")
	}
}
