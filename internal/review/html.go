package review

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"sync"
	"unicode"

	"docsite/internal/config"
	"docsite/internal/route"
	"docsite/internal/script"
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

// PageURL returns the site path of a page in a language, e.g. ("ja", "gpu-cloud") →
// "/ja/gpu-cloud/". Review pages link to it as package route says (route.FromFile).
type PageURL func(locale, page string) string

// DefaultPageURL is where a page whose key is its path is published: route.URL.
func DefaultPageURL(locale, page string) string { return route.URL(locale, page) }

// WriteHTML writes the review under _review/: review.css and index.html (WriteIndex), and
// the review page of every page whose result still holds its alignment (WritePage): all of
// them after Run. write stores a file at a path relative to the site's output root; url may
// be nil for DefaultPageURL.
func WriteHTML(r *Report, url PageURL, write func(rel string, data []byte) error) error {
	if err := WriteIndex(r, url, write); err != nil {
		return err
	}
	for _, res := range r.results {
		if res.detail == nil {
			continue
		}
		if err := WritePage(res, url, write); err != nil {
			return err
		}
	}
	return nil
}

// WriteIndex writes _review/review.css and _review/index.html: completeness per language, a
// link to every page and its review, and the length-ratio outliers, which are judged against
// the whole site and so are known only here.
func WriteIndex(r *Report, url PageURL, write func(rel string, data []byte) error) error {
	if url == nil {
		url = DefaultPageURL
	}
	var v indexView
	for _, l := range r.Locales {
		lv := localeView{LocaleSummary: l}
		for _, f := range r.Findings {
			lv.count(f)
		}
		v.Locales = append(v.Locales, lv)
	}
	var outliers []Finding
	for _, f := range r.Findings {
		if f.Check == LengthRatio {
			outliers = append(outliers, f)
		}
	}
	v.Outliers = outlierViews(outliers, r.Langs)
	reviewed := map[string]bool{}
	for _, p := range r.Pages {
		reviewed[p.Page] = true
	}
	v.SiteWide = outlierViews(siteWide(r.Findings, reviewed), r.Langs)
	return writeIndex(write, v, 0, func(b *bytes.Buffer) error {
		for i := range r.Pages {
			if err := htmlTemplates.ExecuteTemplate(b, "index-page", pageLine(r.Langs, &r.Pages[i], url)); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeIndex writes the index in its three parts: the head (summary), the pages' lines,
// which lines writes, and the tail (outliers); and the style sheet beside it. size is
// how long the lines are, if known.
func writeIndex(write func(string, []byte) error, v indexView, size int, lines func(*bytes.Buffer) error) error {
	css, err := htmlFiles.ReadFile("html/review.css")
	if err != nil {
		return err
	}
	if err := write(route.File(route.ReviewStyle), css); err != nil {
		return err
	}
	var b bytes.Buffer
	b.Grow(size)
	if err := htmlTemplates.ExecuteTemplate(&b, "index-head", v); err != nil {
		return err
	}
	if err := lines(&b); err != nil {
		return err
	}
	if err := htmlTemplates.ExecuteTemplate(&b, "index-tail", v); err != nil {
		return err
	}
	return write(route.File(route.ReviewIndex), b.Bytes())
}

// WritePage writes _review/<page>/index.html: the source and every translation side by side
// in aligned rows, the page's findings in place. A build calls it as soon as the page is
// reviewed, then res.Compact. Length-ratio findings are not on it: they need the medians of
// the whole site (WriteIndex lists them).
func WritePage(res *PageResult, url PageURL, write func(rel string, data []byte) error) error {
	if res.detail == nil {
		return fmt.Errorf("review of %s: alignment already released", res.Review.Page)
	}
	if url == nil {
		url = DefaultPageURL
	}
	rel := route.ReviewFile(res.Review.Page)
	v := pageData(res, url)
	b := pageBuffers.Get().(*bytes.Buffer)
	b.Reset()
	err := v.write(b)
	v.Grid.release()
	// write may keep what it is given (an in-memory site does): it gets a copy of the
	// exact size, and the buffer, grown to the longest page so far, serves the next page.
	data := bytes.Clone(b.Bytes())
	pageBuffers.Put(b)
	if err != nil {
		return err
	}
	return write(rel, data)
}

// pageBuffers keeps the buffers review pages are written in from one page to the next.
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// write writes the page: page.html, the rows, page-end.html.
func (v *pageView) write(b *bytes.Buffer) error {
	if err := htmlTemplates.ExecuteTemplate(b, "page.html", v); err != nil {
		return err
	}
	v.Grid.writeRows(b)
	return htmlTemplates.ExecuteTemplate(b, "page-end.html", v)
}

type link struct {
	Label, Href, Lang string
	Missing           bool
	Source            bool // the page's source language, first of versionLinks
}

type indexView struct {
	Locales  []localeView
	Outliers []outlier
	SiteWide []outlier // findings of no page's review (the GPU data's, a page with no review page)
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

// outlier is a finding listed on the index (a length-ratio outlier, or a finding of no
// page) and the review page it concerns.
type outlier struct {
	Finding
	Review string
	Quoted template.HTML // Message, with what it quotes in Chinese, Japanese or Korean marked (quoted)
}

// quoted is the message of f, escaped, with each run of Han, kana or Hangul in a span of
// its language, as the site tags it: the review's pages are in English, and what a finding
// quotes of a page is in the page's. Han alone is the language of the finding's source file
// where that is Chinese or Japanese, else the site's first Chinese language.
func quoted(f Finding, langs []config.Lang) template.HTML {
	byBase := map[string]string{"zh": "zh", "ja": "ja", "ko": "ko"}
	for _, l := range slices.Backward(langs) { // the first of a base wins
		if base, _ := l.Tag.Base(); byBase[base.String()] != "" && l.BCP47 != "" {
			byBase[base.String()] = l.BCP47
		}
	}
	han := byBase["zh"]
	for _, l := range langs {
		if base, _ := l.Tag.Base(); strings.HasPrefix(f.Source.File, "content/"+l.Code+"/") && (base.String() == "zh" || base.String() == "ja") {
			han = l.BCP47
		}
	}
	var b strings.Builder
	msg := []rune(f.Message)
	for i := 0; i < len(msg); {
		lang := runLang(msg[i], han, byBase)
		j := i + 1
		for j < len(msg) && (runLang(msg[j], han, byBase) == lang || (lang != "" && unicode.IsPunct(msg[j]) && msg[j] > 0x2000)) {
			j++
		}
		text := template.HTMLEscapeString(string(msg[i:j]))
		if lang == "" {
			b.WriteString(text)
		} else {
			b.WriteString(`<span lang="` + lang + `">` + text + `</span>`)
		}
		i = j
	}
	return template.HTML(b.String())
}

// runLang is the language a character of Han, kana or Hangul is marked with (byBase gives
// the site's tag of ja and ko), "" for others.
func runLang(r rune, han string, byBase map[string]string) string {
	switch script.Of(r) {
	case script.Kana:
		return byBase["ja"]
	case script.Hangul:
		return byBase["ko"]
	case script.Han:
		return han
	}
	return ""
}

// count counts f among the language's errors or warnings when it is in that language.
func (lv *localeView) count(f Finding) {
	if f.Locale != lv.Locale {
		return
	}
	if f.Severity.String() == "error" {
		lv.Errors++
	} else {
		lv.Warnings++
	}
}

// pageLine is the index's line for page p.
func pageLine(langs []config.Lang, p *PageReview, url PageURL) pageLinks {
	return pageLinks{Page: p.Page, Review: route.ReviewLink(p.Page), Links: versionLinks(langs, p, url, route.File(route.ReviewIndex), false)}
}

// siteWide are the findings of fs that no review page shows: every finding but the
// length-ratio outliers (listed apart) whose page has no review page of its own.
func siteWide(fs []Finding, reviewed map[string]bool) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Check != LengthRatio && !reviewed[f.Page] {
			out = append(out, f)
		}
	}
	return out
}

func outlierViews(fs []Finding, langs []config.Lang) []outlier {
	var out []outlier
	for _, f := range fs {
		out = append(out, outlier{Finding: f, Review: route.ReviewLink(f.Page), Quoted: quoted(f, langs)})
	}
	return out
}

// versionLinks links, from the review file from, to the page in every language, source
// first; presentOnly leaves out the languages the page is missing in.
func versionLinks(langs []config.Lang, p *PageReview, url PageURL, from string, presentOnly bool) []link {
	links := make([]link, 1, 1+len(p.Translations))
	links[0] = link{Label: p.Source, Href: route.FromFile(from, url(p.Source, p.Page)), Lang: tagOf(langs, p.Source), Source: true}
	for _, tr := range p.Translations {
		if presentOnly && tr.Missing {
			continue
		}
		links = append(links, link{Label: tr.Locale, Href: route.FromFile(from, url(tr.Locale, p.Page)), Lang: tagOf(langs, tr.Locale), Missing: tr.Missing})
	}
	return links
}

type pageView struct {
	Page    string
	CSS     string
	Index   string
	Columns []link
	Grid    *grid // its rows are written between page.html and page-end.html (rows.go)
}

// pageData lays out the review page of res. The languages the page is missing in get no
// column; their missing-page findings are listed above the table.
func pageData(res *PageResult, url PageURL) pageView {
	d := res.detail
	rel := route.ReviewFile(d.Page)
	fs := slices.Clone(res.findings)
	sortFindings(fs, codes(d.langs))
	present := *d
	present.Translations = nil
	for _, tr := range d.Translations {
		if tr.Align != nil {
			present.Translations = append(present.Translations, tr)
		}
	}
	g := buildGrid(&present, d.langs, fs)
	return pageView{
		Page: d.Page, CSS: route.FromFile(rel, route.ReviewStyle), Index: route.FromFile(rel, route.ReviewIndex),
		Columns: versionLinks(d.langs, &res.Review, url, rel, true),
		Grid:    g,
	}
}
