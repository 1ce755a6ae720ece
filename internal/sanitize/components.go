package sanitize

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

var (
	reTrue     = regexp.MustCompile(`^true$`)
	reDataWord = regexp.MustCompile(`^[^"'<>&]{0,80}$`)
)

// allowComponents keeps the markup of docsite's markdown components (callouts, code
// blocks, tabs, heading anchors), which the markdown renderer writes into the same body
// as the page's raw HTML: the body is sanitised as a whole when it has any.
func allowComponents(p *bluemonday.Policy) {
	p.AllowElements("section")
	p.AllowAttrs("class").Matching(reClass).OnElements("section", "details", "h1", "h2", "h3", "h4", "h5", "h6")
	p.AllowAttrs("aria-hidden").Matching(reTrue).OnElements("span")
	p.AllowAttrs("aria-label").Matching(reDataWord).OnElements("div", "a", "input")
	p.AllowAttrs("tabindex").Matching(reTabindex).OnElements("pre")
	// Labels of the copy button, the sync key and default tab of a tabs group, read by
	// markup.js.
	p.AllowAttrs("data-copy", "data-copied", "data-sync", "data-default").Matching(reDataWord).OnElements("div")
}
