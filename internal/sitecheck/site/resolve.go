package site

import (
	"net/url"
	"path"
	"strings"
)

// Target is where a reference from a page leads.
type Target struct {
	Remote   bool   // outside the site: not checked, only listed
	Outside  bool   // on the site's host but outside its base path: a link that forgot the base
	Inert    bool   // a scheme that fetches nothing from a server: mailto:, tel:, data:, javascript:
	File     string // the file it resolves to (relative to Dir); empty when Remote or not found
	Want     string // the file that was looked for, for messages
	Fragment string // the fragment without '#', unescaped
}

// Resolve interprets ref as written in page (relative to Dir).
// It reports ok=false for a reference that cannot be parsed.
func (t *Tree) Resolve(page, ref string) (Target, bool) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return Target{}, false
	}
	pageURL := &url.URL{Path: t.URLPath(page)}
	if t.Base.Host != "" {
		pageURL.Scheme, pageURL.Host = t.Base.Scheme, t.Base.Host
	}
	if inertSchemes[strings.ToLower(u.Scheme)] {
		return Target{Inert: true}, true
	}
	abs := pageURL.ResolveReference(u)
	if !t.sameHost(abs) {
		return Target{Remote: true}, true
	}
	if !strings.HasPrefix(abs.Path+"/", t.Base.Path) {
		return Target{Outside: true, Want: abs.Path}, true
	}
	p := abs.Path
	if p+"/" == t.Base.Path {
		p = t.Base.Path
	}
	rel := strings.TrimPrefix(p, t.Base.Path)
	tg := Target{Fragment: abs.Fragment}
	tg.File, tg.Want = t.lookup(rel)
	return tg, true
}

var inertSchemes = map[string]bool{"mailto": true, "tel": true, "data": true, "javascript": true, "about": true, "blob": true}

// sameHost reports whether abs is served by the site's host.
func (t *Tree) sameHost(abs *url.URL) bool {
	if abs.Scheme != "" && abs.Scheme != "http" && abs.Scheme != "https" {
		return false
	}
	return abs.Host == "" || abs.Host == t.Base.Host
}

// lookup finds the file serving the site-relative path rel the way a static host does:
// "a/" → "a/index.html", "a" → "a" or "a/index.html".
func (t *Tree) lookup(rel string) (file, want string) {
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	if rel == "" || rel == "." {
		return t.found("index.html")
	}
	if t.files[rel] || path.Ext(rel) != "" {
		return t.found(rel)
	}
	return t.found(rel + "/index.html")
}

func (t *Tree) found(rel string) (file, want string) {
	if t.files[rel] {
		return rel, rel
	}
	return "", rel
}
