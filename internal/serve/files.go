package serve

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// contentTypes fixes the types of the files a docsite site holds, so that they
// do not depend on the machine's mime.types.
var contentTypes = map[string]string{
	".css":         "text/css; charset=utf-8",
	".gif":         "image/gif",
	".html":        "text/html; charset=utf-8",
	".ico":         "image/x-icon",
	".jpeg":        "image/jpeg",
	".jpg":         "image/jpeg",
	".js":          "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".md":          "text/markdown; charset=utf-8",
	".pdf":         "application/pdf",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".txt":         "text/plain; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".webp":        "image/webp",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".xml":         "application/xml",
}

// contentType names the type of the file name holding data.
func contentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(data)
}

// noModTime keeps http.ServeContent from sending Last-Modified: the
// preview is never cached.
var noModTime time.Time

func isHTML(contentType string) bool {
	return strings.HasPrefix(contentType, "text/html")
}

// serveFile answers with the site file name, its folder's index, or the
// site's 404 page.
func (h *handler) serveFile(w http.ResponseWriter, r *http.Request, snap *snapshot, name string) {
	info, err := fs.Stat(snap.site.FS, name)
	if err != nil {
		h.serveNotFound(w, snap, name)
		return
	}
	if info.IsDir() {
		// The path passed requestName, so it cannot start with "//" and
		// send the browser to another host.
		redirect(w, r, r.URL.EscapedPath()+"/")
		return
	}
	data, err := fs.ReadFile(snap.site.FS, name)
	if err != nil {
		h.serveNotFound(w, snap, name)
		return
	}
	ctype := contentType(name, data)
	if isHTML(ctype) {
		data = injectReload(data, snap.gen)
	}
	w.Header().Set("Content-Type", ctype)
	http.ServeContent(w, r, name, noModTime, bytes.NewReader(data))
}

// serveNotFound answers 404 with the site's 404 page for name's language,
// or its root 404.html, or plain text when the site has neither.
func (h *handler) serveNotFound(w http.ResponseWriter, snap *snapshot, name string) {
	data, err := notFoundPage(snap, name)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	writePage(w, http.StatusNotFound, injectReload(data, snap.gen))
}

// notFoundPage reads "<lang>/404.html" when name is in a language folder
// that has one, else "404.html".
func notFoundPage(snap *snapshot, name string) ([]byte, error) {
	folder, _, _ := strings.Cut(name, "/")
	if slices.Contains(snap.langs.codes, folder) {
		if data, err := fs.ReadFile(snap.site.FS, folder+"/404.html"); err == nil {
			return data, nil
		}
	}
	return fs.ReadFile(snap.site.FS, "404.html")
}

// writePage writes an HTML page with status.
func writePage(w http.ResponseWriter, status int, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(page)))
	w.WriteHeader(status)
	w.Write(page)
}

// redirect sends the browser to target (an escaped path), keeping the query.
// It is 302, never 301: the answer depends on the build and on the request's
// headers, and a browser keeps a 301 forever.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusFound)
}
