package markdown

import (
	"bytes"
	"os"
	"reflect"
	"testing"
)

// TestChromaCSS checks that static/chroma.css is what ChromaCSS makes from the chroma
// styles in go.mod; -update rewrites it (after a chroma upgrade, say).
func TestChromaCSS(t *testing.T) {
	const file = "../../static/chroma.css"
	want, err := ChromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: run go test ./internal/markdown -run TestChromaCSS -update", file)
	}
}

func TestParseCodeInfo(t *testing.T) {
	tests := []struct {
		in   string
		want codeInfo
	}{
		{"", codeInfo{Start: 1}},
		{"go", codeInfo{Lang: "go", Start: 1}},
		{`go title="main.go" {2,4-6} showLineNumbers`, codeInfo{Lang: "go", Title: "main.go", LineNos: true, Start: 1, Highlight: [][2]int{{2, 2}, {4, 6}}}},
		{`go {linenos=table,hl_lines=[2,"4-6"],linenostart=5}`, codeInfo{Lang: "go", LineNos: true, Start: 5, Highlight: [][2]int{{2, 2}, {4, 6}}}},
		{`go {linenos=false}`, codeInfo{Lang: "go", Start: 1}},
		{`py linenums="3" hl_lines="1 2-3" title='a b.py'`, codeInfo{Lang: "py", Title: "a b.py", LineNos: true, Start: 3, Highlight: [][2]int{{1, 1}, {2, 3}}}},
		{`sh showLineNumbers=10 linenos`, codeInfo{Lang: "sh", LineNos: true, Start: 10}},
		{`{2}`, codeInfo{Start: 1, Highlight: [][2]int{{2, 2}}}},
		{`go {x,0,3-1,-2,7}`, codeInfo{Lang: "go", Start: 1, Highlight: [][2]int{{7, 7}}}},
		{`go{1}`, codeInfo{Lang: "go", Start: 1, Highlight: [][2]int{{1, 1}}}},
	}
	for _, tt := range tests {
		if got := parseCodeInfo(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseCodeInfo(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}
