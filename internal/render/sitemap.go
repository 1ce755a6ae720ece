package render

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/route"
)

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc   string     `xml:"loc"`
	Links []xhtmlRel `xml:"xhtml:link"`
}

type xhtmlRel struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// writeSitemap lists every real page (not stand-ins, not tool pages), every
// catalog page and tag page, each with its language alternates. A sitemap needs absolute URLs: without
// a host in baseURL it is left out with a warning.
func (r *Renderer) writeSitemap(sink Sink, pages []Published, catalog []CatalogPage, tags []string) (diag.List, error) {
	if r.cfg.BaseURL.Host == "" {
		return diag.List{diag.Warnf("site.toml", 0, 0, "sitemap",
			"baseURL %q has no host; sitemap.xml needs absolute URLs and is not written", r.cfg.BaseURL)}, nil
	}
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, p := range pages {
		if p.StandIn {
			continue
		}
		u := sitemapURL{Loc: r.base.Abs(p.URL)}
		for _, a := range p.Alts {
			u.Links = append(u.Links, xhtmlRel{Rel: "alternate", Hreflang: a.Hreflang, Href: a.Href})
		}
		set.URLs = append(set.URLs, u)
	}
	var homeAlts []xhtmlRel
	for _, a := range r.homeAlternates() {
		homeAlts = append(homeAlts, xhtmlRel{Rel: "alternate", Hreflang: a.Hreflang, Href: a.Href})
	}
	for _, l := range r.cfg.Langs {
		set.URLs = append(set.URLs, sitemapURL{Loc: r.base.Abs(home(l.Code)), Links: homeAlts})
	}
	for _, cp := range catalog { // GPU, provider and pricing pages: real pages in every language
		u := sitemapURL{Loc: r.base.Abs(cp.URL(cp.Lang.Code))}
		for _, a := range r.inEveryLanguage(cp.URL, cp.URL(r.cfg.Default().Code)) {
			u.Links = append(u.Links, xhtmlRel{Rel: "alternate", Hreflang: a.Hreflang, Href: a.Href})
		}
		set.URLs = append(set.URLs, u)
	}
	for _, url := range tags { // a language's tag pages: in that language only
		set.URLs = append(set.URLs, sitemapURL{Loc: r.base.Abs(url)})
	}
	slices.SortFunc(set.URLs, func(a, b sitemapURL) int { return strings.Compare(a.Loc, b.Loc) })
	set.URLs = slices.CompactFunc(set.URLs, func(a, b sitemapURL) bool { return a.Loc == b.Loc })
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(set); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return nil, sink.WriteFile(route.File(route.Sitemap), buf.Bytes())
}
