package render

import (
	"bytes"
	"hash/crc32"
	"html/template"
	"time"

	"docsite/internal/config"
	"docsite/internal/route"
)

// Version is one language version of a content page, its body rendered.
type Version struct {
	Lang        string // language code
	Path        string // page path (route.Parse)
	Title       string
	Weight      int
	Body        template.HTML
	TitleInBody bool // the body opens with its own level-one heading
	Description string
	Updated     time.Time // lastmod, else date; zero when neither is set
	// Summary is what a feed says of the page: its description, else its first
	// paragraph as text; set only for a page with a date (feeds list no other).
	Summary string
	Tags    []string // front matter's tags
	Draft   bool
	Section bool       // a section's _index.md
	TOC     []TOCEntry // the body's h2 and h3 headings
	// Params are the front matter's other keys, lowercased, with what sections cascade:
	// the page template's .Params.
	Params map[string]any
}

// Translations is one content page in every site language, as WritePage needs it.
type Translations struct {
	Source *Version
	// Built are the versions that were built, by language code, the source's among them; a
	// language without one shows the source.
	Built      map[string]*Version
	Alternates []Alternate // the languages the page really exists in, x-default last
	// Orphan: the page has no default-language version, so no language shows another's
	// version; the language switcher sends a reader of a language without one home.
	Orphan bool
}

// Translations gathers the versions of a page, with the alternates of those built:
// x-default is the default language's version, else the source's.
func (r *Renderer) Translations(src *Version, built map[string]*Version) *Translations {
	t := &Translations{Source: src, Built: built}
	xdef := ""
	for _, l := range r.cfg.Langs {
		v := built[l.Code]
		if v == nil {
			continue
		}
		href := r.base.Abs(route.URL(l.Code, v.Path))
		t.Alternates = append(t.Alternates, Alternate{Hreflang: l.Tag.String(), Href: href})
		if xdef == "" {
			xdef = href
		}
	}
	t.Alternates = append(t.Alternates, Alternate{Hreflang: "x-default", Href: xdef})
	return t
}

// urlIn is the site path of the page in language code: its own version's, else the
// source's stand-in, or the language's home page for an orphan.
func (t *Translations) urlIn(code string) string {
	if v := t.Built[code]; v != nil {
		return route.URL(code, v.Path)
	}
	if t.Orphan {
		return home(code)
	}
	return route.StandIn(code, t.Source.Path)
}

// Published is a page as it was written, as the listings see it.
type Published struct {
	Lang     string // language code
	URL      string // site path
	Title    string
	Weight   int
	StandIn  bool   // the body is the source's, shown in this language's place
	BodyLang string // BCP 47 tag of the body when it is another language's
	Alts     []Alternate
	Summary  string    // Version.Summary, for the feeds
	Updated  time.Time // Version.Updated, for the feeds
	Tags     []string  // Version.Tags, for the tag pages; none for a stand-in
	// BodyAt is where the body starts in the page's file, -1 when the template did not
	// write it as it is: a later build can take the body from there (the build cache),
	// checking it against BodyCRC, its CRC-32C.
	BodyAt  int
	BodyCRC uint32
}

// WritePage writes the page of t in language l: its own version, or the source's as a
// stand-in, with a notice that says why: the translation is missing, or broken (it
// exists but could not be built: the stand-in's Broken).
func (r *Renderer) WritePage(sink Sink, l config.Lang, t *Translations, broken bool) (Published, error) {
	v := t.Built[l.Code]
	standIn := v == nil
	if standIn {
		v = t.Source
	}
	url := t.urlIn(l.Code)
	p := r.newPage(l, "page", v.Title, url)
	p.Body = v.Body
	p.TitleInBody = v.TitleInBody
	p.Description, p.Draft, p.Section, p.Params = v.Description, v.Draft, v.Section, v.Params
	if len(v.TOC) > 2 {
		p.TOC = v.TOC
	}
	p.Updated = p.Dated(v.Updated)
	if !standIn {
		p.Tags = r.tagLinks(l.Code, url, v.Tags)
	}
	p.Alternates = t.Alternates
	p.Switcher = r.switcher(l, url, t.urlIn)
	p.Canonical = r.base.Abs(url)
	if standIn {
		srcLang, _ := r.cfg.Lang(t.Source.Lang)
		srcURL := route.URL(srcLang.Code, t.Source.Path)
		p.BodyLang = srcLang.Tag.String()
		if d := direction(srcLang); d != direction(l) {
			p.BodyDir, p.PageDir = d, direction(l)
		}
		p.Canonical = r.base.Abs(srcURL)
		p.StandIn = &StandIn{
			SourceName: nameIn(l, srcLang),
			SourceHref: route.Rel(url, srcURL),
			Broken:     broken,
		}
	}
	html, err := r.tmpl.Execute("page", p)
	if err != nil {
		return Published{}, err
	}
	if err := sink.WriteFile(route.File(url), html); err != nil {
		return Published{}, err
	}
	pub := Published{Lang: l.Code, URL: url, Title: p.Title, Weight: v.Weight,
		StandIn: standIn, BodyLang: p.BodyLang, Alts: t.Alternates, Summary: v.Summary, Updated: v.Updated,
		BodyAt: index(html, string(p.Body))}
	if !standIn {
		pub.Tags = v.Tags
	}
	if pub.BodyAt >= 0 {
		pub.BodyCRC = BodyCRC(html[pub.BodyAt : pub.BodyAt+len(p.Body)])
	}
	return pub, nil
}

// BodyCRC is the checksum Published.BodyCRC is of a body.
func BodyCRC(body []byte) uint32 { return crc32.Checksum(body, castagnoli) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// index is where s starts in b, or -1. It looks for s's first bytes and compares the rest,
// rather than converting a body of some kilobytes to bytes for every page.
func index(b []byte, s string) int {
	if s == "" {
		return 0
	}
	head := []byte(s[:min(len(s), 32)])
	for off := 0; ; {
		i := bytes.Index(b[off:], head)
		if i < 0 {
			return -1
		}
		at := off + i
		if len(b)-at >= len(s) && string(b[at:at+len(s)]) == s {
			return at
		}
		off = at + 1
	}
}

// direction is the writing direction of l's text, as the dir attribute says it.
func direction(l config.Lang) string {
	if l.Dir != "" {
		return l.Dir
	}
	return "ltr"
}
