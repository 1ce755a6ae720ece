package build

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"docsite/internal/diag"
)

// The bundled content/ is a test too: the seed pages build, every table on them went
// through the model, and the Japanese page's caption and image after its first table are
// markdown again.
func TestBundledContent(t *testing.T) {
	files, res := mustBuild(t, "../..", Options{Verbose: true})
	tables := map[string]int{}
	for _, page := range []string{"en/gpu-cloud", "zh/gpu-cloud", "ja/gpu-cloud", "zh/gpu-survey", "zh/gpu-platforms"} {
		doc, err := html.Parse(bytes.NewReader(files[page+"/index.html"]))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode || n.Data != "table" {
				continue
			}
			tables[page]++
			if p := n.Parent; p == nil || attr(p, "class") != "table-scroll" {
				t.Errorf("%s: a table is not wrapped by the normaliser's scroll region", page)
			}
			if attr(n, "class") == "npf-comparsion-table" || attr(n, "class") == "table" {
				t.Errorf("%s: a raw source table reached the page", page)
			}
		}
	}
	want := map[string]int{"en/gpu-cloud": 2, "zh/gpu-cloud": 2, "ja/gpu-cloud": 2, "zh/gpu-platforms": 7}
	for page, n := range want {
		if tables[page] != n {
			t.Errorf("%s has %d tables, want %d", page, tables[page], n)
		}
	}
	ja := string(files["ja/gpu-cloud/index.html"])
	if !strings.Contains(ja, `<img src="//mc.qcloudimg.com/static/img/ac3ea7314a71758f5c7caef08ec63692/image.jpg"`) {
		t.Error("ja/gpu-cloud: the image after the first table is not an image")
	}
	if strings.Contains(ja, "![](") {
		t.Error("ja/gpu-cloud: image markdown printed as text")
	}
	if !strings.Contains(ja, "<caption") || !strings.Contains(ja, "GPUクラウドサーバとCPUクラウドサーバの対比") {
		t.Error("ja/gpu-cloud: the second table's caption is missing")
	}
	repairs := 0
	for _, d := range res.Diags {
		if d.Code == "table-repair" && d.File == "content/ja/gpu-cloud.md" && d.Line > 0 {
			repairs++
		}
		if d.Severity == diag.Error {
			t.Errorf("error diagnostic in a good build: %s", d.Error())
		}
	}
	if repairs != 2 {
		t.Errorf("-v reported %d table repairs for content/ja/gpu-cloud.md, want 2", repairs)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
