package gpu

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

var testLangs = []Lang{
	{Code: "en", Tag: language.English},
	{Code: "zh", Tag: language.MustParse("zh-Hans")},
	{Code: "ja", Tag: language.Japanese},
}

// pageData is what the site builder passes to a catalog template.
type pageData[V any] struct {
	Catalog V
}

// renderer executes the catalog templates the way the contract in _offers.html describes, with a
// minimal layout; missing messages fail the test.
type renderer struct {
	t      *testing.T
	bundle *i18n.Bundle
}

func newRenderer(t *testing.T) renderer {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range testLangs {
		if _, err := b.LoadMessageFile("../../locales/gpu." + l.Code + ".toml"); err != nil {
			t.Fatal(err)
		}
	}
	return renderer{t, b}
}

const testLayout = `{{define "layout"}}<!DOCTYPE html><html><head><title>{{template "title" .}}</title></head><body><main>{{template "main" .}}</main></body></html>{{end}}`

func render[V any](r renderer, lang Lang, page string, v V) *goquery.Document {
	r.t.Helper()
	loc := i18n.NewLocalizer(r.bundle, lang.Tag.String())
	funcs := template.FuncMap{
		"T": func(id string) string {
			s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id})
			if err != nil {
				r.t.Errorf("%s: %v", lang.Code, err)
			}
			return s
		},
		"TN": func(id string, n int) string {
			s, err := loc.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n})
			if err != nil {
				r.t.Errorf("%s: %v", lang.Code, err)
			}
			return s
		},
		"rel":  func(p string) string { return p }, // site-root paths stay as they are here
		"mark": func(s, tag string) template.HTML { return template.HTML(template.HTMLEscapeString(s)) },
	}
	tmpl := template.Must(template.New("layout").Funcs(funcs).Parse(testLayout))
	template.Must(tmpl.ParseFiles("../../templates/gpu/_offers.html", "../../templates/gpu/"+page))
	var b bytes.Buffer
	if err := tmpl.ExecuteTemplate(&b, "layout", pageData[V]{v}); err != nil {
		r.t.Fatalf("%s %s: %v", lang.Code, page, err)
	}
	doc, err := goquery.NewDocumentFromReader(&b)
	if err != nil {
		r.t.Fatal(err)
	}
	return doc
}

// site renders every catalog page in every language, keyed by path.
func site(t *testing.T, c *Catalog) map[string]*goquery.Document {
	r := newRenderer(t)
	pages := map[string]*goquery.Document{}
	for _, l := range testLangs {
		pages[GPUsPath(l.Code)] = render(r, l, "gpus.html", c.GPUsView(l))
		pages[PricingPath(l.Code)] = render(r, l, "pricing.html", c.PricingView(l))
		for _, g := range c.GPUs {
			refs := []SectionRef{{Page: "Survey", Section: "综合分析", Path: "/" + l.Code + "/gpu-survey/#section"}}
			v, _ := c.GPUView(l, g.ID, refs)
			pages[GPUPath(l.Code, g.ID)] = render(r, l, "gpu.html", v)
		}
		for _, p := range c.Providers {
			v, _ := c.ProviderView(l, p.ID)
			pages[ProviderPath(l.Code, p.ID)] = render(r, l, "provider.html", v)
		}
	}
	return pages
}

func TestTemplatesRenderEveryPage(t *testing.T) {
	c := loadReal(t)
	pages := site(t, c)
	for _, l := range testLangs {
		doc := pages[PricingPath(l.Code)]
		rows := doc.Find("table.offers tbody tr")
		if rows.Length() != len(c.Offers) {
			t.Errorf("%s pricing: %d rows, want %d", l.Code, rows.Length(), len(c.Offers))
		}
		rows.Each(func(i int, s *goquery.Selection) {
			a := s.Find("a.src").First()
			href, _ := a.Attr("href")
			if !strings.Contains(href, "gpu-survey/") && !strings.Contains(href, "gpu-platforms/") {
				t.Errorf("%s pricing row %d: provenance links to %q, not the cited page", l.Code, i, href)
			}
		})
		notListed := doc.Find("table.offers tbody td em").Length()
		if notListed != 9 {
			t.Errorf("%s pricing: %d not-listed prices, want 9", l.Code, notListed)
		}
	}
	for p, doc := range pages {
		checkTables(t, p, doc)
		// Provenance is a link for readers; file paths and lines stay in the data and the
		// review.
		if text := doc.Find("body").Text(); strings.Contains(text, "content/") || strings.Contains(text, ".md:") {
			i := strings.Index(text, "content/")
			t.Errorf("%s shows a file path: …%s…", p, text[max(i-40, 0):min(i+60, len(text))])
		}
	}
}

// checkTables checks the accessible table markup: caption, scoped headers, a labelled scroll region.
func checkTables(t *testing.T, page string, doc *goquery.Document) {
	doc.Find("table").Each(func(_ int, table *goquery.Selection) {
		capID, _ := table.Find("caption").Attr("id")
		region := table.Parent()
		if l, _ := region.Attr("aria-labelledby"); !region.HasClass("table-scroll") || l != capID || capID == "" {
			t.Errorf("%s: table not in a region labelled by its caption", page)
		}
		if role, _ := region.Attr("role"); role != "region" {
			t.Errorf("%s: region role %q", page, role)
		}
		table.Find("thead th").Each(func(_ int, th *goquery.Selection) {
			if s, _ := th.Attr("scope"); s != "col" {
				t.Errorf("%s: column header without scope=col", page)
			}
		})
		table.Find("tbody th").Each(func(_ int, th *goquery.Selection) {
			if s, _ := th.Attr("scope"); s != "row" {
				t.Errorf("%s: row header without scope=row", page)
			}
		})
	})
}

// Links between GPU pages, provider pages and the pricing table resolve, anchors included, and
// every GPU and provider page is linked from somewhere.
func TestCatalogLinksResolve(t *testing.T) {
	c := loadReal(t)
	pages := site(t, c)
	linked := map[string]bool{}
	for from, doc := range pages {
		doc.Find("a[href]").Each(func(_ int, a *goquery.Selection) {
			href, _ := a.Attr("href")
			if strings.HasPrefix(href, "http") {
				return
			}
			target, frag, _ := strings.Cut(href, "#")
			if isContentPage(target) {
				return
			}
			doc, ok := pages[target]
			if !ok {
				t.Errorf("%s links to %s: no such page", from, href)
				return
			}
			linked[target] = true
			if frag != "" && doc.Find("#"+frag).Length() == 0 {
				t.Errorf("%s links to %s: no such anchor", from, href)
			}
		})
	}
	for p := range pages {
		if !linked[p] && !strings.HasSuffix(p, "/gpus/") && !strings.HasSuffix(p, "/pricing/") {
			t.Errorf("%s is linked from no catalog page", p)
		}
	}
}

// isContentPage reports a link to a content page (provenance, mentions), which the site builder owns.
func isContentPage(p string) bool {
	return slices.Contains([]string{"gpu-survey", "gpu-platforms"}, path.Base(p))
}

func TestJapanesePagesShowNoBareYen(t *testing.T) {
	c := loadReal(t)
	for p, doc := range site(t, c) {
		if strings.HasPrefix(p, "/ja/") && bareYen(doc.Find("main").Text()) {
			t.Errorf("%s shows a bare ¥ or ￥", p)
		}
	}
}

// The three locale files define the same message ids, and the templates use only those.
func TestLocaleFilesMatchTemplates(t *testing.T) {
	ids := map[string][]string{}
	for _, l := range testLangs {
		b, err := os.ReadFile("../../locales/gpu." + l.Code + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := toml.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for k := range m {
			ids[l.Code] = append(ids[l.Code], k)
		}
		slices.Sort(ids[l.Code])
	}
	for _, l := range testLangs[1:] {
		if fmt.Sprint(ids[l.Code]) != fmt.Sprint(ids["en"]) {
			t.Errorf("gpu.%s.toml ids differ from gpu.en.toml:\n%v\n%v", l.Code, ids[l.Code], ids["en"])
		}
	}
}
