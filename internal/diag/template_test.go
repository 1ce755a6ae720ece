package diag

import (
	"errors"
	"strings"
	"testing"
	"text/template"
)

func TestTemplate(t *testing.T) {
	type page struct{ Title string }
	type data struct{ Page *page }
	run := func(src string) error {
		tm, err := template.New("templates/a.html").Parse(src)
		if err != nil {
			return err
		}
		return tm.Execute(&strings.Builder{}, data{Page: &page{}})
	}
	for _, tc := range []struct{ src, want string }{
		{"x\n{{ .Page.Foo }}", "templates/a.html:2:8: error: template: .Page has no field Foo (in {{.Page.Foo}})"},
		{"{{ .Nope }}", "templates/a.html:1:3: error: template: . has no field Nope (in {{.Nope}})"},
		{"{{ if }}", "templates/a.html:1: error: template: missing value for if"},
	} {
		if got := Template("templates/a.html", run(tc.src)).Error(); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
	if got := Template("templates/b.html", errors.New("template: template: boom")).Error(); got != "templates/b.html: error: template: boom" {
		t.Errorf("unlocated: %s", got)
	}
}
