// Package templates embeds docsite's default page templates (html/template files).
package templates

import "embed"

// FS holds the default templates; a site root's own templates/ overrides them file by file.
//
//go:embed *.html gpu/*.html notices/*.html shortcodes/*.html
var FS embed.FS
