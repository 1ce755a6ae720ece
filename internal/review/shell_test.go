package review

import (
	"bytes"
	"testing"

	"docsite/internal/diag"
)

// FuzzPageShell: where the page's head and end are written by hand, they are what the
// templates write.
func FuzzPageShell(f *testing.F) {
	f.Add("gpu-cloud", "zh-Hans", "zh", "../../zh/gpu-cloud/", "row 3 is missing: \"<b>\" & '+'", true)
	f.Add("a<b>&'\"+\x00", "ja\"", "j<a>", "../../ja/a-b.c_d~e/", "\xff", false)
	f.Add("ページ", "en", "en", "../../en/ページ/", "x", true)
	f.Fuzz(func(t *testing.T, page, lang, label, href, msg string, other bool) {
		v := &pageView{
			Page: page, Root: "../../", CSS: "../../_review/review.css", Index: "../../_review/",
			Columns: []link{{Label: label, Href: href, Lang: lang}, {Label: "en", Href: "../../en/" + href, Lang: "en"}},
			Grid:    &grid{},
		}
		if other {
			v.Grid.Other = []Finding{
				{Check: MissingPage, Severity: diag.Warning, Locale: label, Message: msg},
				{Check: lang, Severity: diag.Error, Locale: "ja", Message: page},
			}
		}
		if v.handWritable() != (plainURL(href) && plainURL("../../en/"+href)) {
			t.Fatalf("handWritable with href %q", href)
		}
		if !v.handWritable() {
			return
		}
		var hand, tmpl bytes.Buffer
		if err := v.write(&hand, true); err != nil {
			t.Fatal(err)
		}
		if err := v.write(&tmpl, false); err != nil {
			t.Fatal(err)
		}
		if hand.String() != tmpl.String() {
			t.Fatalf("by hand:\n%s\ntemplates:\n%s", hand.String(), tmpl.String())
		}
	})
}
