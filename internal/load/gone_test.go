package load

import "testing"

func TestGoneSource(t *testing.T) {
	g := Gone{
		"content/en/a/x.md":        "",
		"content/en/b/x.md":        "content/en/c/x.md",
		"content/en/old/y.md":      "content/en/new/y.md",
		"content/en/k8s/_index.md": "content/en/platforms/k8s/_index.md",
		"content/en/z/_index.md":   "",
	}
	for _, tc := range []struct{ want, from, to string }{
		{"content/en/old/y.md", "content/en/old/y.md", "content/en/new/y.md"}, // the file itself
		{"content/en/moved/x.md", "content/en/a/x.md", ""},                    // by name, the first by path
		{"content/en/docs/k8s/_index.md", "content/en/k8s/_index.md", "content/en/platforms/k8s/_index.md"},
		{"content/en/docs/other/_index.md", "", ""}, // an index by its folder's name: none
		{"content/en/q.md", "", ""},
	} {
		from, to, ok := g.Source(tc.want)
		if from != tc.from || to != tc.to || ok != (tc.from != "") {
			t.Errorf("Source(%s) = %q, %q, %t; want %q, %q", tc.want, from, to, ok, tc.from, tc.to)
		}
	}
	if from, _, ok := Gone(nil).Source("content/en/a/x.md"); ok {
		t.Errorf("nil Gone names %s", from)
	}
}
