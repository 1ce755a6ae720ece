package sanitize

import (
	"bytes"
	"strings"
	"testing"
)

// TestBodyFlattensDeepNesting: a body nested deeper than the HTML parser accepts keeps
// its text, flattened, and says so; a body that is not keeps its elements.
func TestBodyFlattensDeepNesting(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "deep <b>text</b><img src=\"/deep.png\" alt=\"\">" + strings.Repeat(close, n)
	}
	for _, body := range []string{
		"<p>before</p>" + deep("<div>", "</div>", 600) + "<p>after</p>",
		"<p>before</p>" + deep("<blockquote><p>", "</p></blockquote>", 600) + "<p>after</p>",
		"<p>before</p><table><tr><td>" + deep("<table><tr><td>", "</td></tr></table>", 300) + "</td></tr></table><p>after</p>",
		"<p>before</p>" + deep("<div><i>", "</i></div>", 600) + "<p>after</p>",
		"<p>before</p>" + deep("<i><div>", "</i>", 600) + "<p>after</p>",
	} {
		out, flat := BodyFlat([]byte(body))
		if !flat {
			t.Errorf("%.40q…: not flattened", body)
		}
		text := textContent(t, out)
		for _, want := range []string{"before", "deep text", "after"} {
			if !strings.Contains(text, want) {
				t.Errorf("%.40q…: lost %q; got %.200q", body, want, out)
			}
		}
		if !bytes.Contains(out, []byte(`<img src="/deep.png"`)) {
			t.Errorf("%.40q…: lost the image deep down", body)
		}
		if err := CheckSafe(out); err != nil {
			t.Errorf("%.40q…: %v", body, err)
		}
		if again := Body(out); !bytes.Equal(again, out) {
			t.Errorf("%.40q…: Body is not idempotent", body)
		}
	}
	shallow := "<p>before</p>" + strings.Repeat("<div>", 200) + "text" + strings.Repeat("</div>", 200)
	if out, flat := BodyFlat([]byte(shallow)); flat || !bytes.Contains(out, []byte(strings.Repeat("<div>", 200))) {
		t.Errorf("a body 200 deep was flattened (%v)", flat)
	}
}

// flatten to depth 0, the last resort, keeps the text alone.
func TestFlattenToText(t *testing.T) {
	got := string(flatten([]byte(`<div><p>a &amp; <b>b</b><img src="/x.png"><br/></p><!-- c --></div>`), 0))
	if got != "a &amp; b<!-- c -->" {
		t.Errorf("flatten to 0 = %q", got)
	}
}
