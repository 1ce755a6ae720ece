package markdown

import (
	"strings"
	"testing"
)

// A shortcode pair opened in a list item holds the item open, as Hugo reads it, though its
// fenced code starts at the left margin: the tags after the fence are tags, not indented
// code, and the rest of the step (its heading and text) stays in the item. A pair indented
// as its item's content reads as before, and so does a fence at the margin without a pair.
func TestShortcodePairHoldsItsListItem(t *testing.T) {
	p := New(Options{})
	src := "1.  Start the demo:\n\n    {{< tabs >}} {{% tab Make %}}\n\n```shell\nmake start\n```\n\n" +
		"    {{% /tab %}} {{% tab Docker %}}\n\n```shell\ndocker compose up\n```\n\n    {{% /tab %}} {{< /tabs >}}\n\n" +
		"    ### Run in minimal mode\n\n    If you have limited resources, start it small.\n\n2.  Browse the demo.\n"
	got := render(t, p, src)
	for _, bad := range []string{"{{", "<pre><code>###", "If you have limited resources, start it small.\n</code>"} {
		if strings.Contains(got, bad) {
			t.Errorf("output holds %q:\n%s", bad, got)
		}
	}
	if strings.Count(got, "<ol") != 1 || !strings.Contains(got, `id="run-in-minimal-mode"`) || !strings.Contains(got, "make start") || !strings.Contains(got, "docker compose up") {
		t.Errorf("one list with the tabs and the step's heading expected:\n%s", got)
	}
	if i, j := strings.Index(got, `id="run-in-minimal-mode"`), strings.Index(got, "</ol>"); i > j {
		t.Errorf("the heading is not in the list:\n%s", got)
	}
	// Without a pair open, a fence at the margin ends the list as CommonMark says.
	got = render(t, p, "1.  Step one:\n\n```shell\nmake\n```\n\n    indented code\n")
	if strings.Count(got, "<ol") != 1 || strings.Index(got, "</ol>") > strings.Index(got, "make") || !strings.Contains(got, "<code><span class=\"line\"><span class=\"cl\">indented code") {
		t.Errorf("a fence at the margin without a pair:\n%s", got)
	}
}
