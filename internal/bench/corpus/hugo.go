package corpus

import (
	"embed"
	"io/fs"
	"os"
	"path/filepath"
)

// hugoSite holds hugo.toml (three languages, each with its own contentDir, raw HTML
// allowed) and minimal layouts with a language switcher, so Hugo renders every page.
//
//go:embed all:hugosite
var hugoSite embed.FS

// WriteHugoConfig writes hugo.toml and the layouts into root, which makes root a Hugo
// site once WriteContent has filled root/content.
func WriteHugoConfig(root string) error {
	site, err := fs.Sub(hugoSite, "hugosite")
	if err != nil {
		return err
	}
	return fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dest := filepath.Join(root, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(dest, 0o755)
		}
		data, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		return os.WriteFile(dest, data, 0o644)
	})
}
