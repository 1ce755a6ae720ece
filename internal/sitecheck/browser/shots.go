package browser

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/chromedp/chromedp"
)

// shoot returns a step that saves a full-page screenshot at the given width, if screenshots are wanted.
func (v *visit) shoot(width int64) func() error {
	return func() error {
		if v.shots == "" {
			return nil
		}
		if err := v.tab.do(viewport(width, width == phoneWidth)); err != nil {
			return err
		}
		ctx, cancel := withTimeout(v.tab)
		defer cancel()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			return fmt.Errorf("screenshot: %w", err)
		}
		file := filepath.Join(v.shots, shotName(v.page, width))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		v.res.shots++
		return os.WriteFile(file, png, 0o644)
	}
}

// shotName names the screenshot of the page rel at width: "en/a/b/index.html" → "en/a-b-390.png",
// "en/index.html" → "en/index-390.png", "404.html" → "404-390.png".
func shotName(rel string, width int64) string {
	dir, rest, nested := strings.Cut(rel, "/")
	if !nested {
		dir, rest = "", rel
	}
	rest = strings.TrimSuffix(rest, path.Ext(rest))
	rest = strings.TrimSuffix(rest, "/index")
	return path.Join(dir, fmt.Sprintf("%s-%d.png", strings.ReplaceAll(rest, "/", "-"), width))
}
