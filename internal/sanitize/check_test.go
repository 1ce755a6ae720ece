package sanitize

import (
	"errors"
	"slices"
	"testing"
)

func TestCheckSafeNamesEachFinding(t *testing.T) {
	in := `<p onclick="x()">a</p><svg><a xlink:href=" JAVA&#x09;SCRIPT:x()">b</a></svg>` +
		`<img srcset="/a.png 1x, data:image/png;base64,AA 2x"><meta http-equiv="refresh" content="0">` +
		`<div style="background: u\72 l(/x.png)">c</div><script>x()</script>`
	err := CheckSafe([]byte(in))
	var found UnsafeError
	if !errors.As(err, &found) {
		t.Fatalf("CheckSafe = %v, want an UnsafeError", err)
	}
	want := []Finding{
		{"p", "onclick", "event handler"},
		{"svg:a", "xlink:href", "javascript: URL"},
		{"img", "srcset", "data: URL"},
		{"meta", "http-equiv", "meta http-equiv"},
		{"div", "style", "style loads or runs code"},
		{"script", "", "script element"},
	}
	if !slices.Equal(found, want) {
		t.Errorf("findings\n got: %v\nwant: %v", found, want)
	}
}

func TestCheckSafeAcceptsPlainMarkup(t *testing.T) {
	in := `<p title="javascript: a language">See <a href="https://example.com/data:x">data:</a> and ` +
		`<img src="/a.png" srcset="/a.png 1x, /b.png 2x"></p><th style="text-align:center">x</th>`
	if err := CheckSafe([]byte(in)); err != nil {
		t.Error(err)
	}
}
