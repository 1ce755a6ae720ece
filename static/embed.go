// Package static embeds docsite's default stylesheets, scripts and icon, copied to <dest>/static/.
package static

import "embed"

// FS holds the default static files; a site root's own static/ overrides them file by file.
//
//go:embed *.css *.js *.svg
var FS embed.FS
