package shortcode

import (
	"fmt"
	"strings"
	"testing"
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
		{`{{< /u >}}`, ``, `0 closing tag of u without an opening one`},
		{`{{< param >}}{{< /param >}}`, `param`, `13 shortcode param takes no inner content, but here is a closing tag`},
		{`{{% u %}}{{< /u >}}`, `u`, `9 shortcode u opened with {{% is closed with {{<`},
		{`{{< a >}}{{< b >}}{{< /a >}}{{< /b >}}`, `a[b]`, `28 closing tag of b without an opening one`},
		{`{{</* u */>}}{{< /u >}}`, `u`, `13 closing tag of u without an opening one`},
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
