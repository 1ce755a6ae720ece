package render

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"time"

	"docsite/internal/config"
	"docsite/internal/diag"
	"docsite/internal/nav"
	"docsite/internal/route"
)

// FeedEntries is how many pages a feed lists at most: the newest.
const FeedEntries = 20

// Feeds: each section of a language whose pages below it have dates (nav.Tree.Feeds) gets
// an Atom 1.0 feed at route.Feed, listing the newest FeedEntries of them (the language's
// own pages, not stand-ins: the source language's feed has those), and the section's
// pages link to it. A feed's links must be absolute: without a host in baseURL no feed is
// written, with one warning, as for the sitemap.

type atomFeed struct {
	XMLName   xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang      string      `xml:"xml:lang,attr"`
	ID        string      `xml:"id"`
	Title     string      `xml:"title"`
	Subtitle  string      `xml:"subtitle,omitempty"`
	Updated   string      `xml:"updated"`
	Author    atomPerson  `xml:"author"`
	Links     []atomLink  `xml:"link"`
	Generator string      `xml:"generator"`
	Entries   []atomEntry `xml:"entry"`
}

type atomPerson struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomEntry struct {
	Title     string   `xml:"title"`
	Link      atomLink `xml:"link"`
	ID        string   `xml:"id"`
	Published string   `xml:"published"`
	Updated   string   `xml:"updated"`
	Summary   string   `xml:"summary,omitempty"`
}

// feedsOn reports whether pages link to their sections' feeds: the site has a host.
func (r *Renderer) feedsOn() bool { return r.cfg.BaseURL.Host != "" }

// FeedLink is a page's link to the feed of a section it is in.
type FeedLink struct {
	Title string // the section's
	Href  string
}

// feedLinks are page p's links to the feeds of its sections, nearest first.
func (r *Renderer) feedLinks(p *Page) []FeedLink {
	if !r.feedsOn() {
		return nil
	}
	var out []FeedLink
	for _, n := range p.Navigation.Feeds() {
		out = append(out, FeedLink{Title: r.feedTitle(n), Href: p.Rel(route.Feed(n.URL))})
	}
	return out
}

// feedTitle is the title of section n's feed: the section's, and the site's.
func (r *Renderer) feedTitle(n *nav.Node) string {
	if r.cfg.Title != "" && r.cfg.Title != n.Title {
		return n.Title + " · " + r.cfg.Title
	}
	return n.Title
}

// writeFeeds writes the feed of every section with dated pages in every language. taken
// names the output files the content tree publishes (by path, their source file): a
// feed is not written over one, with a warning.
func (r *Renderer) writeFeeds(sink Sink, pages []Published, taken map[string]string) (diag.List, error) {
	byURL := make(map[string]*Published, len(pages))
	for i := range pages {
		byURL[pages[i].URL] = &pages[i]
	}
	var diags diag.List
	for _, l := range r.cfg.Langs {
		t := r.trees[l.Code]
		if t == nil {
			continue
		}
		for _, n := range t.Feeds() {
			if !r.feedsOn() {
				return diag.List{diag.Warnf("site.toml", 0, 0, "feed",
					"baseURL %q has no host; the sections' Atom feeds need absolute URLs and are not written", r.cfg.BaseURL)}, nil
			}
			rel := route.File(route.Feed(n.URL))
			if file, ok := taken[rel]; ok {
				diags = append(diags, diag.Warnf(file, 0, 0, "feed",
					"the Atom feed of section %s is not written: this file is published at its place, %s", n.URL, rel))
				continue
			}
			data, err := r.feed(l, t, n, byURL)
			if err != nil {
				return nil, err
			}
			if err := sink.WriteFile(rel, data); err != nil {
				return nil, err
			}
		}
	}
	return diags, nil
}

// feed is the Atom document of section n of tree t, in language l.
func (r *Renderer) feed(l config.Lang, t *nav.Tree, n *nav.Node, byURL map[string]*Published) ([]byte, error) {
	self := r.base.Abs(route.Feed(n.URL))
	f := atomFeed{Lang: l.BCP47, ID: self, Title: r.feedTitle(n), Subtitle: n.Description,
		Author:    atomPerson{Name: cmp.Or(r.cfg.Title, r.cfg.BaseURL.Host)},
		Generator: "docsite",
		Links: []atomLink{{Rel: "self", Type: "application/atom+xml", Href: self},
			{Rel: "alternate", Type: "text/html", Href: r.base.Abs(n.URL)}}}
	var newest time.Time
	for _, e := range t.FeedEntries(n, FeedEntries) {
		updated, summary := e.Date, e.Description
		if p := byURL[e.URL]; p != nil {
			if p.Updated.After(updated) {
				updated = p.Updated
			}
			summary = cmp.Or(summary, p.Summary)
		}
		if updated.After(newest) {
			newest = updated
		}
		f.Entries = append(f.Entries, atomEntry{Title: e.Title, ID: r.base.Abs(e.URL),
			Link:      atomLink{Rel: "alternate", Type: "text/html", Href: r.base.Abs(e.URL)},
			Published: e.Date.Format(time.RFC3339), Updated: updated.Format(time.RFC3339), Summary: summary})
	}
	f.Updated = newest.Format(time.RFC3339)
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}
