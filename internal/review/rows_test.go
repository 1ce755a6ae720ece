package review

import (
	"bytes"
	"html/template"
	"strings"
	"testing"
)

var escapeTemplate = template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p>`))

// FuzzEscapeHTML: escapeHTML escapes text nodes and quoted attributes as html/template does.
func FuzzEscapeHTML(f *testing.F) {
	for _, s := range []string{"", "a+b", `"quoted" & 'single' <tag>`, "nul\x00", "bad\xffutf8", "１２５.６ GPU"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		if err := escapeTemplate.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString(`<p title="`)
		escapeHTML(&b, s)
		b.WriteString(`">`)
		escapeHTML(&b, s)
		b.WriteString(`</p>`)
		if b.String() != want.String() {
			t.Fatalf("escapeHTML(%q) = %q, html/template %q", s, b.String(), want.String())
		}
	})
}
