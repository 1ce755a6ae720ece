package markdown

import (
	"strings"
	"testing"
)

// An attribute line ({.class}, {#id .class}, {key=value}) after a block gives the block
// those attributes, as Hugo's block attributes do, and is not printed; a brace in text is.
func TestAttributeLines(t *testing.T) {
	p := New(Options{})
	for _, tc := range []struct{ name, src, want string }{
		{"paragraph", "A paragraph.\n{.lead}\n", `<p class="lead">A paragraph.</p>` + "\n"},
		{"id and classes", "Two lines\nof text.\n{#para-id .a .b}\n", `<p id="para-id" class="a b">Two lines` + "\nof text.</p>\n"},
		{"list", "- one\n- two\n{.list}\n", `<ul class="list">`},
		{"quote with lang", "> quoted\n{lang=en}\n", `<blockquote lang="en" dir="ltr">`},
		{"quote in Arabic", "> مقتبس\n{lang=\"ar\"}\n", `<blockquote lang="ar" dir="rtl">`},
		{"key value", "Text.\n{data-x=1 title=\"hello\"}\n", `<p data-x="1" title="hello">Text.</p>` + "\n"},
		{"after a blank line", "Text.\n\n{.after}\n", `<p class="after">Text.</p>` + "\n"},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |\n{.wide}\n", `class="wide"`},
		{"heading", "## Heading {.h-class}\n", `<h2 id="heading" class="h-class">Heading</h2>`},
		{"brace in text", "Not alone {.inline} in text.\n", "<p>Not alone {.inline} in text.</p>\n"},
		{"json line", "Data:\n{\"a\": 1}\n", "<p>Data:\n{&quot;a&quot;: 1}</p>\n"},
		{"first block", "{.x}\n", "<p>{.x}</p>\n"},
	} {
		got := render(t, p, tc.src)
		if !strings.Contains(got, tc.want) || strings.Contains(got, "{.") && !strings.Contains(tc.src, "{.inline}") && tc.name != "first block" {
			t.Errorf("%s: %q\ngot  %q\nwant %q in it", tc.name, tc.src, got, tc.want)
		}
	}
}

// Attribute lines keep only what the sanitiser keeps of raw HTML's attributes: event
// handlers, javascript: URLs and styles never reach the page, even where no sanitiser runs.
func TestAttributeLinesAreSanitised(t *testing.T) {
	p := New(Options{})
	for _, src := range []string{
		"Evil.\n{onclick=\"alert(1)\"}\n",
		"Evil.\n{ONMOUSEOVER=\"alert(1)\"}\n",
		"> Quote\n{cite=\"javascript:alert(1)\"}\n",
		"Styled.\n{style=\"background:url(javascript:alert(1))\"}\n",
		"## H {onclick=\"alert(1)\" .c}\n",
	} {
		got := render(t, p, src)
		low := strings.ToLower(got)
		if strings.Contains(low, "alert") || strings.Contains(low, "javascript") || strings.Contains(low, "style=") {
			t.Errorf("%q rendered %q", src, got)
		}
	}
}

// A title on the marker line of an alert, and after a space on a directive's line, is the
// callout's title, read and not printed in the body.
func TestCalloutTitlesOnTheMarkerLine(t *testing.T) {
	p := New(Options{})
	for _, tc := range []struct{ name, src, title, body string }{
		{"alert", "> [!NOTE] Before you start\n> Body text.\n", "Before you start", "<p>Body text.</p>"},
		{"alert code", "> [!WARNING] Mind the `gap`\n> Body.\n", `Mind the <code dir="ltr">gap</code>`, "<p>Body.</p>"},
		{"alert alone", "> [!TIP]\n> Body.\n", "Tip", "<p>Body.</p>"},
		{"directive", ":::note Your title\nBody.\n:::\n", "Your title", "<p>Body.</p>"},
		{"directive brackets", ":::tip[Bracketed]\nBody.\n:::\n", "Bracketed", "<p>Body.</p>"},
	} {
		got := render(t, p, tc.src)
		wantTitle := `<p class="callout-title"><span class="callout-icon" aria-hidden="true"></span>` + tc.title + "</p>"
		if !strings.Contains(got, wantTitle) || !strings.Contains(got, tc.body) || strings.Contains(got, "[!") || strings.Contains(got, ":::") ||
			strings.Count(got, strings.Split(tc.title, " ")[0]) != 2 && tc.name != "alert alone" && tc.name != "alert code" {
			t.Errorf("%s: %q\ngot  %q\nwant title %q and body %q", tc.name, tc.src, got, tc.title, tc.body)
		}
	}
}
