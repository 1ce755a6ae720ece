package serve

import (
	"context"
	"io/fs"

	"docsite/internal/config"
)

// Site is one complete built site, immutable once returned.
type Site struct {
	FS        fs.FS         // slash paths like "en/gpu-cloud/index.html", "404.html", "static/site.css"
	Languages []config.Lang // in site order; Languages[0] is the default. The server reads Code (the URL folder) and Tag.
	BasePath  string        // URL path prefix the site is built under, "/" usually
}

// Builder builds the whole site, or rebuilds it given the source paths
// (slash-separated, relative to the source root) that changed.
// A nil or empty changed list asks for a full build.
//
// Build must return a new Site after a change and never modify one it returned
// before: the server keeps serving the previous Site while Build runs. When the
// changed sources are as they were at its last build (an editor's save whose
// events straddled that build) it may return the Site it returned last: the
// server keeps serving it and reloads no page.
// Errors are shown to the user; a diag.ErrorList is shown one diagnostic a line.
type Builder interface {
	Build(ctx context.Context, changed []string) (*Site, error)
}

// basePath returns s.BasePath normalised to start and end with a slash.
func (s *Site) basePath() string {
	p := s.BasePath
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	if p[len(p)-1] != '/' {
		p += "/"
	}
	return p
}
