package shortcode

import (
	"html/template"
	"strings"
	"testing"
	"testing/fstest"
)

// The Hugo functions behave as Hugo's do on the cases shortcodes use them for.
func TestHugoFuncs(t *testing.T) {
	cases := []struct{ tmpl, want string }{
		{`{{ humanize "my-first_post" }}`, "My first post"},
		{`{{ humanize 1 }} {{ humanize 2 }} {{ humanize 3 }} {{ humanize 11 }} {{ humanize 22 }}`, "1st 2nd 3rd 11th 22nd"},
		{`{{ default "x" "" }} {{ default "x" "y" }} {{ default 5 0 }}`, "x y 5"},
		{`{{ $m := merge (dict "a" 1 "n" (dict "x" 1)) (dict "b" 2 "n" (dict "y" 2)) }}{{ $m.a }}{{ $m.b }}{{ $m.n.x }}{{ $m.n.y }}`, "1212"},
		{`{{ $s := slice "a" }}{{ $s = $s | append "b" }}{{ delimit $s "," }}`, "a,b"},
		{`{{ delimit (slice 1 2 3) ", " " and " }}`, "1, 2 and 3"},
		{`{{ cond true "y" "n" }}{{ cond false "y" "n" }}`, "yn"},
		{`{{ add 1 2 }} {{ sub 5 2 }} {{ add 1.5 1 }} {{ int "42" }}`, "3 3 2.5 42"},
		{`{{ replaceRE "(a+)" "<$1>" "baab" }}`, "b&lt;aa&gt;b"},
		{`{{ isset (dict "a" 1) "a" }} {{ isset (dict "a" 1) "b" }} {{ isset (slice 1) 0 }}`, "true false true"},
		{`{{ split "a,b" "," | len }} {{ hasPrefix "abc" "ab" }} {{ lower "AB" }}{{ upper "cd" }} {{ trim "--x--" "-" }}`, "2 true abCD x"},
		{`{{ safeHTML "<b>x</b>" }}`, "<b>x</b>"},
	}
	for _, c := range cases {
		set := loadSet(t, fstest.MapFS{"shortcodes/t.html": {Data: []byte(c.tmpl)}})
		got, err := run(t, set, &Context{Name: "t"})
		if err != nil {
			t.Errorf("%s: %v", c.tmpl, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s = %q, want %q", c.tmpl, got, c.want)
		}
	}
}

// warnf in a template (or a partial it calls) is a warning of the call, not output.
func TestWarnfAndPartial(t *testing.T) {
	set := loadSet(t, fstest.MapFS{
		"shortcodes/t.html": {Data: []byte(`a{{ partial "p" (dict "n" 1) }}b`)},
		"partials/p.html":   {Data: []byte(`{{ .n }}{{ warnf "careful %d" .n }}`)},
	})
	ctx := &Context{Name: "t"}
	got, err := run(t, set, ctx)
	if err != nil || got != "a1b" {
		t.Fatalf("got %q, %v; want a1b", got, err)
	}
	if w := ctx.Warnings(); len(w) != 1 || w[0] != "careful 1" {
		t.Errorf("warnings %q, want [careful 1]", w)
	}
}

// param reads the page's values, dotted keys into maps, then the site's; include
// substitutes the call's arguments into the file.
func TestParamAndSubstitute(t *testing.T) {
	p := &Page{Params: map[string]any{"vers": map[string]any{"otel": "1.2"}}, Title: "T",
		Site: &Site{Params: map[string]any{"site": "s", "vers": map[string]any{"go": "1.22"}}}}
	for key, want := range map[string]any{"vers.otel": "1.2", "VERS.OTEL": "1.2", "site": "s", "title": "T", "vers.go": "1.22", "none": nil} {
		if got := p.Param(key); got != want {
			t.Errorf("Param(%q) = %v, want %v", key, got, want)
		}
	}
	src := "A {{ $1 }} and {{ $who }} {{ $none }}.\n{{ if $who }}\nshown\n{{ end }}\n{{ if not $who }}\nhidden\n{{ end }}\n"
	got := string(substitute([]byte(src), []Arg{{Value: "f.md"}, {Value: "one"}, {Key: "who", Value: "me"}}))
	if want := "A one and me {{ $none }}.\nshown\n"; got != want {
		t.Errorf("substitute = %q, want %q", got, want)
	}
	if got := string(stripFrontMatter([]byte("---\na: 1\n---\nText\n"))); got != "\n\n\nText\n" {
		t.Errorf("stripFrontMatter = %q", got)
	}
}

func loadSet(t *testing.T, fsys fstest.MapFS) *LangSet {
	t.Helper()
	s, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := s.Lang(nil)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func run(t *testing.T, ls *LangSet, ctx *Context) (template.HTML, error) {
	t.Helper()
	out, err := ls.Run(ctx)
	return template.HTML(strings.TrimSpace(string(out))), err
}
