package build

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/tools/txtar"

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

// A fifth and a sixth language, of other scripts, need content and data only: the bundled
// site with Korean and Russian pages builds its GPU pages in both, shows a provider's name
// in a language once the data has it (the English one till then, with a warning), and
// formats numbers for the language.
func TestMoreLanguagesNeedNoCode(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "content"), os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	extract(t, txtar.Parse([]byte(`-- content/ko/gpu-cloud.md --
# 클라우드 GPU 서비스

클라우드 GPU 서비스는 탄력적인 GPU 컴퓨팅을 제공합니다.
-- content/ru/gpu-cloud.md --
# Облачные GPU

Облачный сервис GPU предоставляет вычисления на GPU.
`)), dir)
	providers := filepath.Join(dir, "content", "data", "providers.toml")
	data, err := os.ReadFile(providers)
	if err != nil {
		t.Fatal(err)
	}
	withKo := strings.Replace(string(data), `name = { en = "Tencent Cloud", zh = "腾讯云", ja = "Tencent Cloud" }`,
		`name = { en = "Tencent Cloud", zh = "腾讯云", ja = "Tencent Cloud", ko = "텐센트 클라우드" }`, 1)
	if withKo == string(data) {
		t.Fatal("providers.toml has no Tencent Cloud name line to extend")
	}
	if err := os.WriteFile(providers, []byte(withKo), 0o644); err != nil {
		t.Fatal(err)
	}
	files, res := mustBuild(t, dir, Options{})
	for _, page := range []string{"ko/pricing/index.html", "ru/pricing/index.html", "ko/gpus/index.html", "ru/gpu-cloud/index.html"} {
		if files[page] == nil {
			t.Errorf("%s was not built", page)
		}
	}
	if ko := string(files["ko/pricing/index.html"]); !strings.Contains(ko, "텐센트 클라우드") || !strings.Contains(ko, "Alibaba Cloud") {
		t.Error("ko/pricing does not show the Korean name where the data has one and the English one elsewhere")
	}
	if ru := string(files["ru/pricing/index.html"]); !strings.Contains(ru, `<html lang="ru"`) || !strings.Contains(ru, "Tencent Cloud") {
		t.Error("ru/pricing is not a Russian page showing the English provider names")
	}
	var missing int
	for _, d := range res.Diags {
		if d.Code == "data-missing" && strings.Contains(d.Message, "no name in ru") {
			missing++
		}
	}
	if missing == 0 {
		t.Errorf("no data-missing warning about Russian names in %v", res.Diags)
	}
}

// The bundled site's catalog pages as its readers and search engines see them: each GPU's
// page in every language lists the pages that name it (the Chinese surveys, only in
// Chinese, marked as such on the English and Japanese pages), its title is the model's
// name, and sitemap.xml lists it.
func TestBundledCatalogPages(t *testing.T) {
	files, _ := mustBuild(t, "../..", Options{})
	for _, lang := range []string{"en", "zh", "ja"} {
		page := string(files[lang+"/gpus/v100/index.html"])
		survey := `href="../../../zh/gpu-survey/` // the survey has no en version: it is only in zh
		if lang == "zh" {
			survey = `href="../../gpu-survey/`
		}
		if lang != "zh" { // and its Chinese title and headings are marked as Chinese
			survey += `#v100" lang="zh-Hans" hreflang="zh-Hans">`
		}
		if !strings.Contains(page, survey) {
			t.Errorf("%s/gpus/v100/: the survey that names the V100 is not listed under Mentioned in (want %s)", lang, survey)
		}
		if !strings.Contains(page, `<meta property="og:title" content="Tesla V100">`) {
			t.Errorf("%s/gpus/v100/: og:title is not the model's name", lang)
		}
	}
	sitemap := string(files["sitemap.xml"])
	for _, u := range []string{"/en/gpus/", "/ja/gpus/v100/", "/zh/pricing/", "/en/providers/aws/"} {
		if !strings.Contains(sitemap, "<loc>https://gpu-docs.example.org"+u+"</loc>") {
			t.Errorf("sitemap.xml does not list %s", u)
		}
	}
}
