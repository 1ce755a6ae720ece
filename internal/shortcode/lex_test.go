package shortcode

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// describe prints tags compactly: <name a k=v /> with C for closing, E for escaped.
func describe(src []byte, tags []Tag) string {
	var parts []string
	for _, t := range tags {
		var b strings.Builder
		fmt.Fprintf(&b, "%d-%d%c", t.Start, t.End, t.Delim)
		if t.Close {
			b.WriteString("/")
		}
		if t.Escaped {
			b.WriteString("E:")
		}
		b.WriteString(t.Name)
		for _, a := range t.Args {
			if a.Key != "" {
				b.WriteString(" " + a.Key + "=" + a.Value)
			} else {
				b.WriteString(" " + a.Value)
			}
		}
		if t.SelfClose {
			b.WriteString(" /")
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, " | ")
}

func TestScan(t *testing.T) {
	tests := []struct{ src, want, errs string }{
		{`{{< x >}}`, `0-9<x`, ""},
		{`a {{% name key="v" %}} b`, `2-22%name key=v`, ""},
		{`{{< name 1 "two words" ` + "`raw \"q\"`" + ` >}}`, `0-36<name 1 two words raw "q"`, ""},
		{`{{< figure src="a.png" alt="say \"hi\"" >}}`, `0-43<figure src=a.png alt=say "hi"`, ""},
		{`{{< /tabs >}}`, `0-13</tabs`, ""},
		{`{{< img />}}{{< img / >}}`, `0-12<img / | 12-25<img /`, ""},
		{`{{</* tabs sync="x" */>}}`, `0-25<E:tabs sync=x`, ""},
		{`{{%/* param x */%}}`, `0-19%E:param x`, ""},
		{"{{% config_option\nname=\"a.b\"\ndefault=false\n%}}", "0-46%config_option name=a.b default=false", ""},
		{`{{< param https://example.com/ >}}`, `0-34<param https://example.com/`, ""},
		{`{{< blog/note >}}`, `0-17<blog/note`, ""},
		{`{{ .Title }} and {{- x -}}`, ``, ""},
		{`{{< x "open >}}`, ``, `6 unterminated quoted argument: no closing "`},
		{"{{< x \"open >}}\nnext", ``, `6 unterminated quoted argument: no closing " on its line`},
		{`{{< x %}}`, ``, `6 shortcode x opened with {{< is closed with %}}; write >}}`},
		{`{{< x`, ``, `0 unclosed shortcode tag {{< x: no >}}`},
		{`{{< >}}`, ``, `4 shortcode tag without a valid name after {{<`},
		{`{{< /x y >}}`, ``, `7 closing tag of x takes no arguments`},
		{`{{< x a k=v >}}`, ``, `6 shortcode x mixes named and positional arguments`},
		{`{{< x k= >}}`, ``, `8 argument k= has no value`},
		{`{{</* x >}}`, ``, `8 escaped shortcode x: no */ before >}}`},
		{`{{< x {{< y >}}`, `6-15<y`, `0 unclosed shortcode tag {{< x: no >}} before the next {{`},
	}
	for _, tt := range tests {
		tags, errs := Scan([]byte(tt.src))
		if got := describe([]byte(tt.src), tags); got != tt.want {
			t.Errorf("Scan(%q) tags = %s, want %s", tt.src, got, tt.want)
		}
		var es []string
		for _, e := range errs {
			es = append(es, fmt.Sprintf("%d %s", e.Off, e.Msg))
		}
		if got := strings.Join(es, "; "); got != tt.errs {
			t.Errorf("Scan(%q) errors = %q, want %q", tt.src, got, tt.errs)
		}
	}
}

func TestLiteral(t *testing.T) {
	for src, want := range map[string]string{
		`{{</* tabs sync="x" */>}}`: `{{< tabs sync="x" >}}`,
		`{{%/*param x*/%}}`:         `{{% param x %}}`,
		`{{< /*  /tabs  */ >}}`:     `{{< /tabs >}}`,
	} {
		tags, errs := Scan([]byte(src))
		if len(tags) != 1 || len(errs) > 0 {
			t.Fatalf("%s: %v %v", src, tags, errs)
		}
		if got := tags[0].Literal([]byte(src)); got != want {
			t.Errorf("Literal(%s) = %s, want %s", src, got, want)
		}
	}
}

// TestParsePairs checks pairing: names decide, a template's use of .Inner decides
// whether a tag without its closing one is an error.
func TestParsePairs(t *testing.T) {
	inner := func(name string) Inner {
		switch name {
		case "tab", "tabs":
			return InnerRequired
		case "param":
			return InnerNone
		}
		return InnerUnknown
	}
	tests := []struct{ src, want, errs string }{
		{`{{< tabs >}}{{% tab a %}}x{{% /tab %}}{{< /tabs >}}`, `tabs[tab[]]`, ``},
		{`{{< u >}}{{% param v %}}{{< /u >}}`, `u[param]`, ``},
		{`{{< u >}} {{< v >}} {{< /u >}}`, `u[v]`, ``}, // v has no closing tag: a single call
		{`{{< u >}}`, `u`, ``},
		{`{{< tab >}}`, `tab`, `0 unclosed shortcode tab: no {{< /tab >}} follows`},
		{`{{< /u >}}`, ``, `0 closing tag of u without an opening one; it is dropped`},
		{`{{< param >}}{{< /param >}}`, `param`, `13 shortcode param takes no inner content, but here is a closing tag`},
		{`{{% u %}}{{< /u >}}`, `u[]`, `9 shortcode u opened with {{% is closed with {{<; the opening tag decides how its content is read`},
		{`{{< a >}}{{< b >}}{{< /a >}}{{< /b >}}`, `a[b]`, `28 closing tag of b without an opening one; it is dropped`},
		{`{{</* u */>}}{{< /u >}}`, `u`, `13 closing tag of u without an opening one; it is dropped`},
	}
	for _, tt := range tests {
		tree, errs := Parse([]byte(tt.src), inner)
		if got := calls(tree.Roots); got != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.src, got, tt.want)
		}
		var es []string
		for _, e := range errs {
			es = append(es, fmt.Sprintf("%d %s", e.Off, e.Msg))
		}
		if got := strings.Join(es, "; "); got != tt.errs {
			t.Errorf("Parse(%q) errors = %q, want %q", tt.src, got, tt.errs)
		}
	}
}

func calls(cs []*Call) string {
	var parts []string
	for _, c := range cs {
		s := c.Open.Name
		if c.Paired() {
			s += "[" + calls(c.Children) + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestContentPath(t *testing.T) {
	tests := []struct{ dir, target, want string }{
		{"docs", "install.md", "docs/install"},
		{"docs", "../index.md", ""},
		{"docs", "/blog/_index.md", "blog"},
		{"", "a/b", "a/b"},
		{"docs/x", "./y.md", "docs/x/y"},
		{"docs", "sub/index.md", "docs/sub"},
	}
	for _, tt := range tests {
		if got := ContentPath(tt.dir, tt.target); got != tt.want {
			t.Errorf("ContentPath(%q, %q) = %q, want %q", tt.dir, tt.target, got, tt.want)
		}
	}
}

// TestTemplates runs a site's template over a built-in one: .Get by position and name,
// .Parent, T, ref through a resolver, errorf as an author's error, and a template that
// does not parse as an error naming its file.
func TestTemplates(t *testing.T) {
	fsys := fstest.MapFS{
		"shortcodes/box.html":      {Data: []byte(`<b>{{.Get 0}}|{{.Get "k"}}|{{with .Parent}}{{.Name}}{{end}}|{{T "Hi"}}|{{ref . "/docs/x.md#a"}}</b>` + "\n")},
		"shortcodes/wrap.html":     {Data: []byte(`[{{.Inner}}]`)},
		"shortcodes/fail.html":     {Data: []byte(`{{errorf "needs %s" "alt"}}`)},
		"shortcodes/sub/deep.html": {Data: []byte(`deep`)},
	}
	set, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(set.Names(), " "); got != "box fail sub/deep wrap" {
		t.Errorf("names %s", got)
	}
	if set.Inner("wrap") != InnerRequired || set.Inner("box") != InnerNone || set.Inner("nope") != InnerUnknown {
		t.Error("Inner misread")
	}
	ls, err := set.Lang(func(id string, _ ...map[string]any) string { return "T:" + id })
	if err != nil {
		t.Fatal(err)
	}
	tree, _ := Parse([]byte(`{{< wrap >}}{{< box one >}}{{< /wrap >}}`), set.Inner)
	page := &Page{URL: "/en/docs/y/", File: "content/en/docs/y.md", Lang: Lang{Code: "en"}}
	parent := NewContext(tree.Calls[0], page, nil, resolver{})
	box := NewContext(tree.Calls[1], page, parent, resolver{})
	out, err := ls.Run(box)
	if err != nil || out != `<b>one||wrap|T:Hi|../x/#a</b>` {
		t.Errorf("box = %q, %v", out, err)
	}
	tree, _ = Parse([]byte(`{{< fail >}}`), set.Inner)
	if _, err := ls.Run(NewContext(tree.Calls[0], page, nil, resolver{})); err == nil || !IsAuthorError(err) || err.Error() != "needs alt" {
		t.Errorf("errorf: %v", err)
	}
	if _, err := Load(fstest.MapFS{"shortcodes/bad.html": {Data: []byte("{{if}}")}}); err == nil || err.Error() != "templates/shortcodes/bad.html:1: error: template: missing value for if" {
		t.Errorf("bad template: %v", err)
	}
}

type resolver struct{}

func (resolver) PagePath(lang, p string) (string, bool) {
	if p == "docs/x" {
		return "/" + lang + "/docs/x/", true
	}
	return "", false
}
