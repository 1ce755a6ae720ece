package serve

import (
	"bytes"
	_ "embed"
	"html"
)

// reloadScriptPath is where the server serves reloadScript. The server owns
// every path under ownPrefix; a site must not put files there.
const (
	ownPrefix        = "/_docsite/"
	reloadScriptPath = ownPrefix + "reload.js"
	eventsPath       = ownPrefix + "events"
)

// reloadScript is the live-reload client: it listens to eventsPath while the
// tab is visible, reloads the page after a good build and shows the errors
// of a failed one over the page.
//
//go:embed reload.js
var reloadScript []byte

// injectReload returns page with a script tag loading reloadScript put
// before its last </body>, or at its end when it has none. The tag is
// external, not inline, so a site's Content-Security-Policy of script-src
// 'self' lets it run. page itself is not modified: it may belong to the Site.
func injectReload(page []byte, gen string) []byte {
	tag := `<script src="` + reloadScriptPath + `" data-gen="` + html.EscapeString(gen) + `"></script>`
	at := lastIndexFold(page, []byte("</body"))
	if at < 0 {
		at = len(page)
	}
	out := make([]byte, 0, len(page)+len(tag))
	out = append(out, page[:at]...)
	out = append(out, tag...)
	return append(out, page[at:]...)
}

// lastIndexFold is bytes.LastIndex ignoring ASCII case.
func lastIndexFold(s, sep []byte) int {
	for i := len(s) - len(sep); i >= 0; i-- {
		if bytes.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
	}
	return -1
}
