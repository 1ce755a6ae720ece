package sanitize

import (
	"regexp"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// policy is the one allow-list for untrusted page bodies. Everything not named
// here is dropped: disallowed tags lose their markup but keep their text,
// except script, style, noscript, iframe, object, title and the like, whose
// content bluemonday skips along with the tag. URLs in href, src and cite must
// parse and be http, https, mailto or relative (no data:, no javascript:).
var policy = sync.OnceValue(newPolicy)

// Attribute value shapes. Anything else is dropped with the attribute.
var (
	reClass     = regexp.MustCompile(`^[\p{L}\p{N}_ -]*$`)
	reLangClass = regexp.MustCompile(`^language-[\p{L}\p{N}_.+#-]+$`)
	reID        = regexp.MustCompile(`^[^\s"'<>&]+$`)
	reIDRefs    = regexp.MustCompile(`^[^\s"'<>&]+( [^\s"'<>&]+)*$`)
	reLang      = regexp.MustCompile(`^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`)
	reDir       = regexp.MustCompile(`^(?i:ltr|rtl|auto)$`)
	reSpan      = regexp.MustCompile(`^[1-9][0-9]{0,3}$`)
	reScope     = regexp.MustCompile(`^(?i:row|col|rowgroup|colgroup)$`)
	reRole      = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	reTabindex  = regexp.MustCompile(`^-?[0-9]{1,3}$`)
	reSize      = regexp.MustCompile(`^[0-9]{1,5}$`)
	reLoading   = regexp.MustCompile(`^(?i:lazy|eager)$`)
	reAlign     = regexp.MustCompile(`^(?i:left|center|right)$`)
	reTextAlign = regexp.MustCompile(`^text-align: ?(?:left|center|right);?$`)
	reStart     = regexp.MustCompile(`^-?[0-9]{1,9}$`)
	reCheckbox  = regexp.MustCompile(`^(?i:checkbox)$`)
	reBoolean   = regexp.MustCompile(`^$`)
)

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	allowText(p)
	allowLinksAndImages(p)
	allowTables(p)
	allowSiteMarkup(p)
	allowComponents(p)
	return p
}

// allowText keeps the block and inline markup goldmark produces.
func allowText(p *bluemonday.Policy) {
	p.AllowElements("p", "blockquote", "ul", "ol", "li", "pre", "code",
		"strong", "em", "b", "i", "del", "s", "ins", "u", "mark", "sup", "sub",
		"small", "kbd", "abbr", "q", "dl", "dt", "dd", "br", "hr", "wbr",
		"details", "summary", "figure", "figcaption",
		"h1", "h2", "h3", "h4", "h5", "h6")
	p.AllowAttrs("id").Matching(reID).OnElements("h1", "h2", "h3", "h4", "h5", "h6", "li", "sup", "caption", "table", "figure", "div")
	p.AllowAttrs("class").Matching(reLangClass).OnElements("code")
	p.AllowAttrs("class").Matching(reClass).OnElements("pre", "p", "blockquote", "ul", "ol", "li", "figure", "mark")
	p.AllowAttrs("start").Matching(reStart).OnElements("ol")
	p.AllowAttrs("open").Matching(reBoolean).OnElements("details")
	// Hugo's details shortcode groups exclusive accordions by name.
	p.AllowAttrs("name").Matching(reID).OnElements("details")
	p.AllowAttrs("title").OnElements("abbr")
	// GFM task lists: <input checked="" disabled="" type="checkbox">.
	p.AllowAttrs("type").Matching(reCheckbox).OnElements("input")
	p.AllowAttrs("checked", "disabled").Matching(reBoolean).OnElements("input")
	p.AllowAttrs("lang").Matching(reLang).Globally()
	p.AllowAttrs("dir").Matching(reDir).Globally()
}

// allowLinksAndImages keeps a and img with safe URLs only.
func allowLinksAndImages(p *bluemonday.Policy) {
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(true)
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("hreflang").Matching(reLang).OnElements("a")
	p.AllowAttrs("title").OnElements("a", "img")
	p.AllowAttrs("class").Matching(reClass).OnElements("a")
	p.AllowAttrs("role").Matching(reRole).OnElements("a") // footnote links
	p.AllowAttrs("src", "alt").OnElements("img")
	p.AllowAttrs("width", "height").Matching(reSize).OnElements("img")
	p.AllowAttrs("loading").Matching(reLoading).OnElements("img")
	p.AllowAttrs("cite").OnElements("blockquote", "q")
}

// allowTables keeps what the table model emits and goldmark's own tables.
func allowTables(p *bluemonday.Policy) {
	p.AllowElements("table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col")
	p.AllowAttrs("class").Matching(reClass).OnElements("table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col")
	p.AllowAttrs("scope").Matching(reScope).OnElements("th")
	p.AllowAttrs("id").Matching(reID).OnElements("th")
	p.AllowAttrs("headers").Matching(reIDRefs).OnElements("th", "td")
	p.AllowAttrs("abbr").OnElements("th")
	p.AllowAttrs("colspan", "rowspan").Matching(reSpan).OnElements("th", "td")
	p.AllowAttrs("span").Matching(reSpan).OnElements("col", "colgroup")
	p.AllowAttrs("align").Matching(reAlign).OnElements("th", "td")
	// goldmark's own tables align cells with style="text-align:…"; nothing
	// else may appear in a style attribute, so no CSS parser is needed.
	p.AllowAttrs("style").Matching(reTextAlign).OnElements("th", "td")
}

// allowSiteMarkup keeps the wrappers the site's own renderers add.
func allowSiteMarkup(p *bluemonday.Policy) {
	p.AllowElements("div", "span")
	p.AllowAttrs("class").Matching(reClass).OnElements("div", "span")
	p.AllowAttrs("role").Matching(reRole).OnElements("div")
	p.AllowAttrs("aria-labelledby", "aria-describedby").Matching(reIDRefs).OnElements("div", "table")
	p.AllowAttrs("tabindex").Matching(reTabindex).OnElements("div")
}
