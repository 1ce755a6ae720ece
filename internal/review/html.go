package review

import (
	"bytes"
	"embed"
	"html/template"
	"path"
	"strings"
)

// The review pages are a tool, not part of the site's theme: their templates and style are
// embedded here rather than in templates/ and static/, so a site overriding its theme cannot
// break them and the review needs nothing from the renderer.
//
//go:embed html/*.html html/review.css
var htmlFiles embed.FS

var htmlTemplates = template.Must(template.New("").Funcs(template.FuncMap{
	"lower": strings.ToLower,
}).ParseFS(htmlFiles, "html/*.html"))

// PageURL returns the URL of a page in a language relative to the site root, e.g.
// ("ja", "gpu-cloud") → "ja/gpu-cloud/".
type PageURL func(locale, page string) string

// DefaultPageURL is the pretty URL "<locale>/<page>/".
func DefaultPageURL(locale, page string) string { return locale + "/" + page + "/" }

// WriteHTML writes the review under _review/: index.html (completeness per language and a
// link to every page), one index.html per page (source and translations side by side in
// aligned rows, findings in place) and review.css. write stores a file at a path relative to
// the site's output root; url may be nil for DefaultPageURL.
func WriteHTML(r *Report, url PageURL, write func(rel string, data []byte) error) error {
	if url == nil {
		url = DefaultPageURL
	}
	css, err := htmlFiles.ReadFile("html/review.css")
	if err != nil {
		return err
	}
	if err := write("_review/review.css", css); err != nil {
		return err
	}
	if err := writeTemplate(write, "_review/index.html", "index.html", indexData(r, url)); err != nil {
		return err
	}
	for i := range r.Pages {
		p := &r.Pages[i]
		rel := path.Join("_review", p.Page, "index.html")
		if err := writeTemplate(write, rel, "page.html", pageData(r, p, url)); err != nil {
			return err
		}
	}
	return nil
}

func writeTemplate(write func(string, []byte) error, rel, name string, data any) error {
	var b bytes.Buffer
	if err := htmlTemplates.ExecuteTemplate(&b, name, data); err != nil {
		return err
	}
	return write(rel, b.Bytes())
}

// up is the relative path from the directory of rel back to the site root.
func up(rel string) string {
	return strings.Repeat("../", strings.Count(rel, "/"))
}

type link struct {
	Label, Href, Lang string
	Missing           bool
}

type indexView struct {
	Root    string
	Locales []localeView
	Pages   []pageLinks
}

type localeView struct {
	LocaleSummary
	Errors, Warnings int
}

type pageLinks struct {
	Page   string
	Review string
	Links  []link
}

func indexData(r *Report, url PageURL) indexView {
	v := indexView{Root: up("_review/index.html")}
	for _, l := range r.Locales {
		lv := localeView{LocaleSummary: l}
		for _, f := range r.Findings {
			if f.Locale == l.Locale {
				if f.Severity.String() == "error" {
					lv.Errors++
				} else {
					lv.Warnings++
				}
			}
		}
		v.Locales = append(v.Locales, lv)
	}
	for i := range r.Pages {
		p := &r.Pages[i]
		v.Pages = append(v.Pages, pageLinks{Page: p.Page, Review: p.Page + "/", Links: versionLinks(r, p, url, v.Root)})
	}
	return v
}

// versionLinks links to the page in every language, source first.
func versionLinks(r *Report, p *PageReview, url PageURL, root string) []link {
	links := []link{{Label: p.Source.Locale, Href: root + url(p.Source.Locale, p.Page), Lang: tagOf(r.Langs, p.Source.Locale)}}
	for _, tr := range p.Translations {
		links = append(links, link{Label: tr.Locale, Href: root + url(tr.Locale, p.Page), Lang: tagOf(r.Langs, tr.Locale), Missing: tr.Align == nil})
	}
	return links
}

type pageView struct {
	Page    string
	Root    string
	CSS     string
	Index   string
	Columns []link
	Grid    *grid
}

func pageData(r *Report, p *PageReview, url PageURL) pageView {
	rel := path.Join("_review", p.Page, "index.html")
	root := up(rel)
	var fs []Finding
	for _, f := range r.Findings {
		if f.Page == p.Page {
			fs = append(fs, f)
		}
	}
	present := presentOnly(p)
	return pageView{
		Page: p.Page, Root: root, CSS: root + "_review/review.css", Index: root + "_review/",
		Columns: versionLinks(r, present, url, root),
		Grid:    buildGrid(present, r.Langs, fs),
	}
}

// presentOnly is p without the languages it is missing in: they get no column, their
// missing-page findings are listed above the table.
func presentOnly(p *PageReview) *PageReview {
	q := *p
	q.Translations = nil
	for _, tr := range p.Translations {
		if tr.Align != nil {
			q.Translations = append(q.Translations, tr)
		}
	}
	return &q
}
