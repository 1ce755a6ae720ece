// Package locales embeds docsite's default UI strings: go-i18n TOML message files per language.
package locales

import "embed"

// FS holds the default message files; a site root's own locales/ overrides them file by file.
//
//go:embed *.toml
var FS embed.FS
