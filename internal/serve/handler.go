package serve

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"docsite/internal/route"
)

// handler answers every request from the current snapshot.
type handler struct {
	state *atomic.Pointer[snapshot]
	hosts hostPolicy
	hub   *hub
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Nothing the preview server sends may be kept: the next build replaces it.
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")

	// Is the request addressed to this server by a name it answers to?
	// Anything else is a page elsewhere reaching in through DNS rebinding.
	if !h.hosts.allows(r.Host) {
		http.Error(w, "403 forbidden: unknown host", http.StatusForbidden)
		return
	}

	// The server is read-only.
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}

	// Is it for one of the server's own endpoints?
	switch r.URL.Path {
	case eventsPath:
		h.serveEvents(w, r)
		return
	case reloadScriptPath:
		h.serveScript(w, r)
		return
	}

	// Is there a site yet? Before the first good build there is only the error.
	snap := h.state.Load()
	if snap.site == nil {
		writePage(w, http.StatusServiceUnavailable, injectReload([]byte(noSitePage), snap.gen))
		return
	}

	// Is the target a path? "C:/x" parses as a URL of scheme "c".
	if !plainTarget(r.URL) {
		http.Error(w, "400 bad request: "+errBadPath.Error(), http.StatusBadRequest)
		return
	}

	// Is it the root, which depends on the visitor's languages?
	escaped := r.URL.EscapedPath()
	if escaped == "/" || escaped == snap.base || escaped+"/" == snap.base {
		h.serveRoot(w, r, snap)
		return
	}

	// Is it a path inside the site, and one we are willing to look up?
	name, inside, err := requestName(escaped, snap.base)
	switch {
	case err != nil:
		http.Error(w, "400 bad request: "+errBadPath.Error(), http.StatusBadRequest)
	case !inside:
		h.serveNotFound(w, snap, "")
	default:
		h.serveFile(w, r, snap, name)
	}
}

// plainTarget reports whether a request target is a path, or an http URL
// whose host the Host check has seen.
func plainTarget(u *url.URL) bool {
	return u.Opaque == "" && (u.Scheme == "" || u.Scheme == "http")
}

// serveRoot redirects to the best language's home for the visitor's
// Accept-Language. A site with no languages serves its index.html.
func (h *handler) serveRoot(w http.ResponseWriter, r *http.Request, snap *snapshot) {
	code := snap.langs.code(r.Header.Get("Accept-Language"))
	if code == "" {
		h.serveFile(w, r, snap, "index.html")
		return
	}
	w.Header().Add("Vary", "Accept-Language")
	redirect(w, r, snap.base+strings.TrimPrefix(route.URL(code, ""), "/"))
}

// serveScript serves the live-reload client.
func (h *handler) serveScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", contentTypes[".js"])
	http.ServeContent(w, r, "reload.js", noModTime, bytes.NewReader(reloadScript))
}

// noSitePage stands in for the site until its first good build; the reload
// script shows the build errors over it and reloads it once the site builds.
const noSitePage = `<!doctype html>
<html><head><meta charset="utf-8"><title>docsite: no site yet</title></head>
<body><p>The site has not built yet. Fix the errors below; this page reloads by itself.</p></body></html>
`
