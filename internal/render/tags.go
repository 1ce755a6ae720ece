package render

import (
	"maps"
	"slices"
	"strings"

	"golang.org/x/text/collate"

	"docsite/internal/config"
	"docsite/internal/nav"
	"docsite/internal/route"
)

// Tags: the tags of front matter give each language that has tagged pages of its own a
// page listing its tags with the number of pages of each (route.Tags), and a page per
// tag listing those pages in the order of a section's listing (route.Tag). A page shows
// its tags, linked to their pages. A tag's pages are the language's own: a stand-in's
// tags are its source language's. Tags that differ only in case or spaces (those with
// one slug, route.TagSlug) are one tag, named as most of its pages write it. A language
// whose tree has a page at tags/ (a section of its own) gets no tag pages; the build
// warns about it.

// TagLink is a tag as a page shows it, linked to its page.
type TagLink struct {
	Name string
	Href string
}

// Term is a tag in the list of a language's tags.
type Term struct {
	Name  string
	Href  string
	Count int // its pages
}

// tagsOn reports whether language code gets tag pages, when it has tags: its tree has
// no page of its own at their place.
func (r *Renderer) tagsOn(code string) bool {
	t := r.trees[code]
	return t == nil || t.Node(route.Tags(code)) == nil
}

// tagLinks are the links of the page at site path url in language code to the pages of
// its tags, in the order front matter lists them, each slug once.
func (r *Renderer) tagLinks(code, url string, tags []string) []TagLink {
	if len(tags) == 0 || !r.tagsOn(code) {
		return nil
	}
	var out []TagLink
	seen := map[string]bool{}
	for _, tag := range tags {
		slug := route.TagSlug(tag)
		if slug == "" || seen[slug] {
			continue
		}
		seen[slug] = true
		out = append(out, TagLink{Name: tag, Href: route.Rel(url, route.Tag(code, slug))})
	}
	return out
}

// tag is one tag of a language, as its pages are gathered.
type tag struct {
	slug   string
	names  map[string]int // spellings, with how many pages write each
	pages  []*nav.Node
	onPage map[*nav.Node]bool
}

// name is the spelling most of the tag's pages use; the first in byte order of those as
// used.
func (t *tag) name() string {
	best := ""
	for _, n := range slices.Sorted(maps.Keys(t.names)) {
		if best == "" || t.names[n] > t.names[best] {
			best = n
		}
	}
	return best
}

// languageTags gathers language l's tags from the pages written, by slug.
func (r *Renderer) languageTags(l config.Lang, pages []Published) map[string]*tag {
	t := r.trees[l.Code]
	tags := map[string]*tag{}
	for _, p := range pages {
		if p.Lang != l.Code || p.StandIn || len(p.Tags) == 0 {
			continue
		}
		n := t.Node(p.URL)
		if n == nil || n.Unlisted {
			continue
		}
		for _, name := range p.Tags {
			slug := route.TagSlug(name)
			if slug == "" {
				continue // the build warns about it
			}
			tg := tags[slug]
			if tg == nil {
				tg = &tag{slug: slug, names: map[string]int{}, onPage: map[*nav.Node]bool{}}
				tags[slug] = tg
			}
			tg.names[name]++
			if !tg.onPage[n] {
				tg.onPage[n] = true
				tg.pages = append(tg.pages, n)
			}
		}
	}
	return tags
}

// writeTags writes the tag pages of every language; it returns their site paths, for
// the sitemap.
func (r *Renderer) writeTags(sink Sink, pages []Published) ([]string, error) {
	has := map[string]bool{}
	byLang := map[string]map[string]*tag{}
	for _, l := range r.cfg.Langs {
		if r.trees[l.Code] == nil || !r.tagsOn(l.Code) {
			continue
		}
		if tags := r.languageTags(l, pages); len(tags) > 0 {
			byLang[l.Code], has[l.Code] = tags, true
		}
	}
	var urls []string
	for _, l := range r.cfg.Langs {
		tags := byLang[l.Code]
		if tags == nil {
			continue
		}
		urlIn := func(code string) string { // the other languages' list of tags, else home
			if has[code] {
				return route.Tags(code)
			}
			return home(code)
		}
		col := collate.New(l.Tag)
		slugs := slices.SortedFunc(maps.Keys(tags), func(a, b string) int {
			if c := col.CompareString(tags[a].name(), tags[b].name()); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		index := r.newPage(l, "tags", r.locs[l.Code].T("Tags"), route.Tags(l.Code))
		for _, slug := range slugs {
			tg := tags[slug]
			url := route.Tag(l.Code, slug)
			index.Terms = append(index.Terms, Term{Name: tg.name(), Href: route.Rel(index.URL, url), Count: len(tg.pages)})
			p := r.newPage(l, "tags", tg.name(), url)
			nav.Sort(l.Tag, tg.pages)
			for _, n := range tg.pages {
				p.Tagged = append(p.Tagged, n.Link(url))
			}
			p.TagsHref = route.Rel(url, index.URL)
			if err := r.writeTagPage(sink, p, func(code string) string {
				if code == l.Code {
					return url
				}
				return urlIn(code)
			}); err != nil {
				return nil, err
			}
			urls = append(urls, url)
		}
		if err := r.writeTagPage(sink, index, urlIn); err != nil {
			return nil, err
		}
		urls = append(urls, index.URL)
	}
	return urls, nil
}

// writeTagPage writes tag page p; urlIn gives its counterpart in each language.
func (r *Renderer) writeTagPage(sink Sink, p *Page, urlIn func(code string) string) error {
	p.Canonical = r.base.Abs(p.URL)
	p.Switcher = r.switcher(p.Lang, p.URL, urlIn)
	html, err := r.tmpl.Execute("tags", p)
	if err != nil {
		return err
	}
	return sink.WriteFile(route.File(p.URL), html)
}
