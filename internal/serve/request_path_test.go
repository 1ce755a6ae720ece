package serve

import (
	"io/fs"
	"strings"
	"testing"
)

func TestRequestName(t *testing.T) {
	tests := []struct {
		escaped, base string
		name          string
		inside        bool
		bad           bool
	}{
		{"/en/", "/", "en/index.html", true, false},
		{"/en/a%20b.html", "/", "en/a b.html", true, false},
		{"/zh/%E6%96%87/", "/", "zh/文/index.html", true, false},
		{"/docs/en/x.html", "/docs/", "en/x.html", true, false},
		{"/docs", "/docs/", "", true, false},
		{"/en/x.html", "/docs/", "", false, false},
		{"/docsx/en/", "/docs/", "", false, false},
		{"/docs/../en/", "/docs/", "", false, true},
		{"/docs/%2e%2e/", "/docs/", "", false, true},
		{"/en/a%2Fb", "/", "", false, true},
		{"en/", "/", "", false, true},
		{"", "/", "", false, true},
	}
	for _, tt := range tests {
		name, inside, err := requestName(tt.escaped, tt.base)
		if name != tt.name || inside != tt.inside || (err != nil) != tt.bad {
			t.Errorf("requestName(%q, %q) = %q, %v, %v; want %q, %v, bad=%v", tt.escaped, tt.base, name, inside, err, tt.name, tt.inside, tt.bad)
		}
	}
}

// FuzzRequestName checks that every name requestName lets through is a
// valid fs.FS name with no way out of the site.
func FuzzRequestName(f *testing.F) {
	for _, s := range []string{"/en/", "/../x", "/%2e%2e/", "/a/%2f/b", "//x", `/a\b`, "/%00", "/a/./b", "/%c0%ae%c0%ae/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, escaped string) {
		for _, base := range []string{"/", "/docs/"} {
			name, inside, err := requestName(escaped, base)
			if err != nil || !inside || name == "" {
				continue
			}
			if !fs.ValidPath(name) || strings.ContainsAny(name, "\\\x00") {
				t.Fatalf("requestName(%q, %q) = %q: not a safe name", escaped, base, name)
			}
			for _, seg := range strings.Split(name, "/") {
				if seg == ".." || seg == "." || seg == "" {
					t.Fatalf("requestName(%q, %q) = %q: segment %q", escaped, base, name, seg)
				}
			}
		}
	})
}
