// Package route decides where everything a build publishes goes: each page's URL, its
// output file, and the links between pages. No other package computes either; two that
// drifted apart would let pages overwrite each other without a word. A test holds the
// other packages to it: one that spells an output file's name (index.html, 404.html,
// sitemap.xml, atom.xml, _search, _review, /static/) fails it, unless it is listed there
// with the reason (a static host's rules, which the preview server and the checks imitate).
//
// # URLs and files
//
// A URL here is a site path: rooted at the site, the same under any base URL
// ("/en/gpu-cloud/"). Pages have pretty URLs, a folder each: the page at page path "a/b" in
// language en is at /en/a/b/ (URL) and is written to en/a/b/index.html (File). A page path
// is what a content file names below its language folder, without ".md" (Parse); pages that
// set no translationKey pair across languages by it. A ".mdx" file (Docusaurus's MDX) is a
// page as a ".md" one is (PageFile), so a.md in one language and a.mdx in another pair.
//
// # Kinds of content file
//
// Parse tells what a markdown file under content/<lang>/ is. A folder is a section; its
// _index.md is the section's own page, at the folder's URL, as in Hugo:
//
//	content/<lang>/a/b.md       Regular  page path "a/b"  /<lang>/a/b/
//	content/<lang>/index.md     Home     page path ""     /<lang>/: the language's home page
//	content/<lang>/_index.md    Home     page path ""     the same, Hugo's name for it
//	content/<lang>/a/index.md   Bundle   page path "a"    /<lang>/a/: a leaf bundle
//	content/<lang>/a/_index.md  Section  page path "a"    /<lang>/a/: the section's page
//
// A section without _index.md gets a generated page at its URL (package nav). Two files
// naming one page path (a.md and a/_index.md, or a/index.md and a/_index.md) are refused
// by package load (url-conflict). Front matter's slug replaces the last segment of the
// page path (WithSlug); links to the file still name it by its file name. Each of front
// matter's aliases is a redirect page at a site path of its own (Alias).
//
// # Safe segments
//
// Every segment of a page path (the folder and file names below the language folder, and
// a slug), and of an alias, is published as written: in the output's file names and in
// the links to the page. Segment refuses those a browser or a server would read as
// something else: "." and "..", control characters, and / \ : ? # % (a colon would make
// a relative link a scheme, as in "javascript:…"; ? and # would cut the link short; % would
// be decoded by the server). Links written relative never start with a segment holding a
// colon all the same (NoScheme).
//
// The local images and downloads a page links to are published beside it (Beside),
// whatever its kind, so that the relative links of its markdown hold. Every other file of
// a language's content folder is published at its path in the language's tree
// (ContentFile), but one named index.html (Publishable); a root-relative link in a page
// is read in the page's language (RootRelative).
//
// # Stand-ins
//
// A page is published in every site language. Where a language has no version of it, or
// its version cannot be built, the source version stands in, at the source's page path in
// that language's tree (StandIn): with content/en/a.md and no content/ja/a.md, /ja/a/ shows
// the English body with a notice. The source is the default language's version: a page
// the default language lacks (an orphan, load.Group.Orphan) is published only in the
// languages that have it, and nowhere stood in for. A translationKey that pairs pages of
// different paths can so make two pages claim one URL; package load refuses that
// (url-conflict).
//
// # Pages of the site as a whole
//
// Root ("/", index.html) chooses a language; NotFound ("/404.html") is served for any
// missing path, NotFoundIn(lang) ("/<lang>/404.html") for a missing path in a language's
// folder (static hosts that serve only the root one get there by its script); Sitemap lists the real pages; Static(name) is a file of the theme's static/
// tree. The home page of a language is URL(lang, ""). SearchIn(lang) ("/<lang>/search/")
// lists what the search box finds for the query in its ?q= (search.js): the build writes
// it where no content page of the language is at that path, and a page there (Docsy's
// "Search Results", content/<lang>/search.md) gets the results the same way. The search
// index of a language is the folder SearchIndex(lang) ("/_search/<lang>/"; package search
// names the files in it). The theme's static files, the review and the search index are
// the build's own folders at the output root (OwnFolder); a file of the site's static/
// is published at the root (RootFile), but not in one of those.
//
// A section's Atom feed is atom.xml in its folder (Feed: /en/blog/atom.xml). Hugo writes
// its RSS feeds at index.xml; the name of the format keeps that name free, and tells a
// reader following the link what it gets.
//
// # Tag pages
//
// Front matter's tags give each language a page listing its tags (Tags: /<lang>/tags/)
// and one per tag listing its pages (Tag: /<lang>/tags/<slug>/). A tag's slug is made
// as Hugo's urlize makes it (TagSlug: "Open Source" → "open-source"), and is a safe
// segment.
//
// # Catalog pages
//
// The GPU data's pages exist in every language at the same path below the language
// folder: GPUs (/<lang>/gpus/), GPU (/<lang>/gpus/<id>/), Provider
// (/<lang>/providers/<id>/) and Pricing (/<lang>/pricing/).
//
// # Review pages
//
// The translation review is written under _review/, apart from the site's pages: its index
// at ReviewIndex, its style sheet at ReviewStyle, and the review of the page with key k in
// the file ReviewFile(k) (_review/k/index.html). A review page links to the site with a
// formula of its own (FromFile): the way up to the site root, one "../" per folder of its
// file, then the site path without its leading slash. The index links to the review of a
// page by ReviewLink.
//
// # Base URL and links
//
// Links between pages are relative (Rel), so the output works from the file system, on
// any host and under any sub-path. The base URL (site.toml's baseURL or -baseurl) appears
// only where a link must not depend on the page it is on (Base): absolute in canonical
// links, hreflang alternates and the sitemap (Abs), and rooted at the base path on the 404
// page, which a server shows at any depth (Rooted).
package route

import (
	"path"
	"strconv"
	"strings"
	"unicode"
)

// Kind is what a content file is to the site.
type Kind uint8

const (
	Regular Kind = iota // content/<lang>/a/b.md
	Home                // content/<lang>/index.md or _index.md: the language's home page
	Bundle              // content/<lang>/a/index.md: a leaf bundle, published at its folder's URL
	Section             // content/<lang>/a/_index.md: the section's page, at its folder's URL
)

var kindNames = [...]string{Regular: "regular", Home: "home", Bundle: "bundle", Section: "section"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Source is what routing knows of a content file.
type Source struct {
	Lang string // language code: the folder under content/
	Path string // page path: below the language folder, without ".md"; "" for the home page
	Kind Kind
}

// Parse reads a content file's place from its name, a slash path from the site root
// ("content/<lang>/a/b.md"). ok is false for a name that is not a markdown file inside a
// language folder.
func Parse(file string) (src Source, ok bool) {
	rel, ok := strings.CutPrefix(file, "content/")
	if !ok {
		return Source{}, false
	}
	rel, ok = PageFile(rel)
	if !ok {
		return Source{}, false
	}
	lang, rel, ok := strings.Cut(rel, "/")
	if !ok {
		return Source{}, false
	}
	switch {
	case rel == "index" || rel == "_index":
		return Source{Lang: lang, Path: "", Kind: Home}, true
	case strings.HasSuffix(rel, "/index"):
		return Source{Lang: lang, Path: strings.TrimSuffix(rel, "/index"), Kind: Bundle}, true
	case strings.HasSuffix(rel, "/_index"):
		return Source{Lang: lang, Path: strings.TrimSuffix(rel, "/_index"), Kind: Section}, true
	}
	return Source{Lang: lang, Path: rel, Kind: Regular}, true
}

// PageFile returns name without its extension when name is a page's file: markdown
// (".md") or MDX (".mdx", which Docusaurus sites write; package markdown reads what of
// it is not markdown). ok is false for any other file.
func PageFile(name string) (stem string, ok bool) {
	if stem, ok = strings.CutSuffix(name, ".md"); ok {
		return stem, true
	}
	return strings.CutSuffix(name, ".mdx")
}

// URL is the site path of the page at page path p in language lang: "/en/a/b/", and the
// language's home page "/en/" for "".
func URL(lang, p string) string {
	if p == "" {
		return "/" + lang + "/"
	}
	return "/" + lang + "/" + p + "/"
}

// StandIn is the site path, in language lang, of the stand-in for a page whose source
// version is at page path src: the source's path in lang's tree.
func StandIn(lang, src string) string { return URL(lang, src) }

// WithSlug returns page path p with its last segment replaced by slug (front matter's
// slug); an empty slug keeps p. A slug that starts with "/" is Docusaurus's: the page's
// path from its top-level folder, the root of a Docusaurus docs or blog plugin when the
// site is laid out as content/<lang>/docs/ ("/intro" in docs/a/b.md is docs/intro; "/"
// makes the page that folder's own); a top-level page's is the language's root.
func WithSlug(p, slug string) string {
	if slug == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(slug, "/"); ok {
		rest = strings.Trim(rest, "/")
		top, _, inFolder := strings.Cut(p, "/")
		switch {
		case !inFolder && rest == "": // a top-level page: its root is the home page's
			return p
		case !inFolder:
			return rest
		case rest == "":
			return top
		}
		return top + "/" + rest
	}
	if dir := path.Dir(p); dir != "." {
		return dir + "/" + slug
	}
	return slug
}

// SlugProblem says why slug cannot be front matter's slug, or returns "" when it can: one
// safe segment, or Docusaurus's "/"-rooted path of safe segments (WithSlug).
func SlugProblem(slug string) string {
	rest, ok := strings.CutPrefix(slug, "/")
	if !ok {
		return Segment(slug)
	}
	if rest = strings.Trim(rest, "/"); rest == "" {
		return ""
	}
	for _, seg := range strings.Split(rest, "/") {
		if why := Segment(seg); why != "" {
			return why
		}
	}
	return ""
}

// Segment says why s cannot be a segment of a page path or of an alias (see Safe
// segments), or returns "" when it can.
func Segment(s string) string {
	switch s {
	case "":
		return "is empty"
	case ".", "..":
		return "is " + strconv.Quote(s)
	}
	for _, r := range s {
		switch {
		case r < 0x20 || r >= 0x7f && r < 0xa0:
			return "holds the control character " + strconv.QuoteRune(r)
		case strings.ContainsRune(`/\:?#%`, r):
			return "holds " + strconv.QuoteRune(r) + ` (a URL segment cannot hold / \ : ? # or %)`
		}
	}
	return ""
}

// Alias is the site path of alias, a former URL of a page in language lang, as front
// matter's aliases lists them: a page redirecting to the page is written there.
// A rooted alias lies in lang's tree ("/old" in en: /en/old/), as a root-relative link in
// content does, unless it starts with a language folder (isLang: "/ja/old/"); a relative
// one is relative to dir, the folder of the page's path, as in Hugo ("old" for the page
// "a/b": /en/a/old/). A path whose last segment has no extension is a folder.
func Alias(lang, dir, alias string, isLang func(code string) bool) string {
	p := alias
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	switch {
	case !strings.HasPrefix(p, "/"):
		p = "/" + lang + "/" + dir + "/" + p
	case !isLang(first):
		p = "/" + lang + p
	}
	p = path.Clean(p)
	if p != "/" && path.Ext(p) == "" {
		p += "/"
	}
	return p
}

// Beside is the output file of a file a page shows, such as an image, published beside the
// page at site path pageURL: rel is its path from the page's source file, so the link the
// page has, rel itself, leads to it ("/en/a/", "img/x.png" → "en/a/img/x.png").
func Beside(pageURL, rel string) string {
	return path.Join(strings.TrimPrefix(pageURL, "/"), rel)
}

// IndexFile is the name of a folder's page in the output (File).
const IndexFile = "index.html"

// File is the output file of site path p, a slash path from the output root: a folder's
// page is its index.html ("/en/a/" → "en/a/index.html", "/" → "index.html"), any other
// path the file it names ("/404.html" → "404.html").
func File(p string) string {
	p = strings.TrimPrefix(p, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + IndexFile
	}
	return p
}

// FolderPage is the site path whose page is output file file, the inverse of File for a
// folder's page: "en/gpus/h100/index.html" → "/en/gpus/h100/", true. ok is false for a
// file that is no folder's page ("404.html", "en/a/img.png") and for the root's.
func FolderPage(file string) (p string, ok bool) {
	dir, ok := strings.CutSuffix(file, "/"+IndexFile)
	if !ok {
		return "", false
	}
	return "/" + dir + "/", true
}

// IndexInside returns, for site path p with a segment named IndexFile below its language
// folder ("/en/a/index.html/b/", from a slug or a file named index.html), the site path
// of the page whose output file that segment is ("/en/a/"): the two cannot both be
// published, one would remove the other. ok is false when p has no such segment.
func IndexInside(p string) (holder string, ok bool) {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i := 1; i < len(segs); i++ {
		if segs[i] == IndexFile {
			return "/" + strings.Join(segs[:i], "/") + "/", true
		}
	}
	return "", false
}

// Site-wide pages and files.
const (
	Root     = "/"            // the language chooser
	NotFound = "/404.html"    // served for every missing path
	Sitemap  = "/sitemap.xml" // the real pages with their alternates
)

// NotFoundIn is the site path of language lang's page for a missing path in its folder.
func NotFoundIn(lang string) string { return "/" + lang + NotFound }

// Feed is the site path of the Atom feed of the section at site path section
// ("/en/blog/" → "/en/blog/atom.xml").
func Feed(section string) string { return section + "atom.xml" }

// Tags is the site path of the list of language lang's tags.
func Tags(lang string) string { return "/" + lang + "/tags/" }

// Tag is the site path of the page of the tag whose slug is slug (TagSlug), in language
// lang.
func Tag(lang, slug string) string { return Tags(lang) + slug + "/" }

// TagSlug is the URL segment of tag, as Hugo's urlize makes it: lower-cased, white space
// as hyphens, letters, digits, marks and "-_.+~" kept, anything else left out; "" when
// that leaves no safe segment (Segment).
func TagSlug(tag string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(tag)) {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('-')
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsMark(r), strings.ContainsRune("-_.+~", r):
			b.WriteRune(r)
		}
	}
	if Segment(b.String()) != "" {
		return ""
	}
	return b.String()
}

// SearchIn is the site path of language lang's search results page.
func SearchIn(lang string) string { return "/" + lang + "/search/" }

// Folders at the output root that hold the build's own files, beside the languages'.
const (
	staticDir = "static"  // the theme's static files (Static)
	reviewDir = "_review" // the translation review (ReviewIndex)
	searchDir = "_search" // the search index of each language (SearchIndex)
	navDir    = "_nav"    // the section tree of each language (NavTree)
)

// Static is the site path of file name of the theme's static/ tree.
func Static(name string) string { return "/" + staticDir + "/" + name }

// OwnFolder reports whether name, a folder at the output root, is one the build writes
// its own files to apart from the languages' trees: the theme's static files, the review,
// the search index, the section trees. A root-relative link into one is not a page of the linking page's
// language (RootRelative), and a file of the site's static/ may not be published there.
func OwnFolder(name string) bool {
	return name == staticDir || name == reviewDir || name == searchDir || name == navDir
}

// SearchIndex is the site path of the folder of language lang's search index
// ("/_search/en/"); package search names the files in it.
func SearchIndex(lang string) string { return "/" + searchDir + "/" + lang + "/" }

// SearchFile is the output file of the file name of language lang's search index
// ("_search/en/index.bin"); SearchFile(lang, "") is the folder, ending in "/".
func SearchFile(lang, name string) string { return searchDir + "/" + lang + "/" + name }

// RootFile is the site path of file name (a slash path) of the site's own static/, which
// is published at the output root: "favicon.svg" → "/favicon.svg".
func RootFile(name string) string { return "/" + name }

// ContentFile is the output file of a file of the content tree that is not a page (an
// image, a download), at path rest below language lang's content folder: it is published
// at that path in the language's tree ("en", "docs/img/a.png" → "en/docs/img/a.png"), where
// a page's relative link expects it. A file named IndexFile is not published: pages and
// aliases are written there (Publishable).
func ContentFile(lang, rest string) string { return lang + "/" + rest }

// Publishable reports whether a file of the content tree named base (its last segment)
// is published: every file but one named IndexFile.
func Publishable(base string) bool { return base != IndexFile }

// FileURL is the site path a link names output file file by: "/" and the file, its
// name included ("en/docs/img/a.png" → "/en/docs/img/a.png").
func FileURL(file string) string { return "/" + file }

// RootRelative is the site path the root-relative link p ("/docs/x/") means on a page of
// language lang: the path in lang's tree ("/en/docs/x/"), as a per-locale Docusaurus
// build reads it, unless p already starts with a language folder (isLang: "/ja/docs/"),
// names a file published at the output root (atRoot, by its name without the leading
// slash: a file of the site's static/), or lies in one of the build's own folders
// (OwnFolder: "/static/site.css").
func RootRelative(lang, p string, isLang func(code string) bool, atRoot map[string]bool) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if isLang(first) || atRoot[strings.TrimPrefix(path.Clean(p), "/")] || OwnFolder(first) {
		return p
	}
	return "/" + lang + p
}
