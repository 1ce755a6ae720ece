package markdown

import (
	"bytes"
	"strings"
	"testing"
)

// fromMDX keeps every line at its number, leaves code alone and rewrites the rest.
func TestFromMDX(t *testing.T) {
	tests := []struct {
		name, src, want string
		warns           int
	}{
		{"esm over lines", "import {\n  a,\n  b,\n} from 'x';\nexport const v = 1;\n\n# T\n", "\n\n\n\n\n\n# T\n", 0},
		{"esm only at a block's start", "Text\nimport x from 'y'\n", "Text\nimport x from 'y'\n", 0},
		{"prose is not esm", "important words\n", "important words\n", 0},
		{"comment", "a {/* one\ntwo */} b\n", "a \n b\n", 0},
		{"code untouched", "```js\nimport x from 'y';\n{a}\n<Foo/>\n```\nUse `{a}` and `<Foo>`.\n", "```js\nimport x from 'y';\n{a}\n<Foo/>\n```\nUse `{a}` and `<Foo>`.\n", 0},
		{"text less-than and autolink", "a < b, <https://x.org>, <!-- c {x} -->\n", "a < b, <https://x.org>, <!-- c {x} -->\n", 0},
		{"escaped brace", `a \{b}` + "\n", `a \{b}` + "\n", 0},
		{"expression", "v {x.y}\n", "v {x.y}\n", 1},
		{"string expression", "a{\" \"}b {'c'}\n", "a b c\n", 0},
		{"tabs", "<Tabs groupId=\"os\" values={[\n {label: 'Linux', value: 'l'},\n]}>\n<TabItem value=\"l\" default>\n\nA\n\n</TabItem>\n</Tabs>\n",
			"{{% tabs sync=\"os\" default=\"Linux\" %}}\n\n\n{{% tab \"Linux\" %}}\n\nA\n\n{{% /tab %}}\n{{% /tabs %}}\n", 0},
		{"default value", "<Tabs defaultValue=\"b\">\n<TabItem value=\"a\">A</TabItem>\n<TabItem value=\"b\" label=\"Bee\">B</TabItem>\n</Tabs>\n",
			"{{% tabs default=\"Bee\" %}}\n{{% tab \"a\" %}}A{{% /tab %}}\n{{% tab \"Bee\" %}}B{{% /tab %}}\n{{% /tabs %}}\n", 0},
		{"admonition", "<Admonition type=\"danger\">\nX\n</Admonition>\n", "{{% alert color=\"danger\" %}}\nX\n{{% /alert %}}\n", 0},
		{"link", "<Link to=\"/docs/a.md\">A</Link>\n", "<a href=\"/docs/a.md\">A</a>\n", 0},
		{"codeblock inline", "<CodeBlock language=\"sh\">{'ls'}</CodeBlock>\n", "{{< highlight \"sh\" >}}ls{{< /highlight >}}\n", 0},
		{"codeblock text", "<CodeBlock>\n  ls -l\n</CodeBlock>\nnext\n", "```\nls -l\n```\nnext\n", 0},
		{"unknown", "<Foo a={1}>\nkept\n</Foo>\n<Bar />\n", "\nkept\n\n\n", 2},
		{"html attributes", "<img\n  className=\"x\"\n  src={useBaseUrl('/a.png')}\n  onClick={() => go()} />\n", "<img\n  class=\"x\"\n  src=\"/a.png\"\n />\n", 1},
		{"required image", "<img src={require('./img/a.png').default} alt=\"A\" />\n", "<img src=\"./img/a.png\" alt=\"A\" />\n", 0},
		{"plain html copied", "<div class=\"a\" data-x='{y}'>z</div>\n", "<div class=\"a\" data-x='{y}'>z</div>\n", 0},
	}
	for _, tt := range tests {
		got, diags := fromMDX([]byte(tt.src))
		if string(got) != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		if n, m := bytes.Count(got, []byte("\n")), strings.Count(tt.src, "\n"); n != m {
			t.Errorf("%s: %d lines, the source has %d", tt.name, n, m)
		}
		if len(diags) != tt.warns {
			t.Errorf("%s: %d warnings %v, want %d", tt.name, len(diags), diags, tt.warns)
		}
	}
}

// FuzzFromMDX: any input keeps its line count and does not panic.
func FuzzFromMDX(f *testing.F) {
	for _, s := range []string{"<Tabs>\n<TabItem value=\"a\">x</TabItem></Tabs>", "{/* a */}", "import a from 'b'\n\n<CodeBlock>{`x`}</CodeBlock>", "<a b={c}>", "<X y='{' />"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := fromMDX([]byte(s))
		if n, m := bytes.Count(got, []byte("\n")), strings.Count(s, "\n"); n != m {
			t.Errorf("%q: %d lines, want %d", s, n, m)
		}
	})
}
