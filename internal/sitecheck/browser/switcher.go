package browser

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/chromedp/chromedp"
)

// landing is where a switcher link led.
type landing struct {
	Lang string `json:"lang"`
	Path string `json:"path"`
}

// checkSwitcher follows every link of the language switcher (nav.lang-switch a[hreflang]) and
// checks that it lands on a page whose <html lang> is the link's hreflang and whose path is this
// page's path in the other language's folder, or that language's home page where the page has
// no alternate in it (a page without a default-language version is published only in the
// languages that have it). A page with hreflang alternates must have a switcher.
func (v *visit) checkSwitcher() error {
	links := v.probe.Switcher
	if len(links) == 0 {
		if slices.ContainsFunc(v.probe.Alternates, func(h string) bool { return !strings.EqualFold(h, v.probe.Lang) }) {
			v.errorf("lang-switch", "the page has hreflang alternates but no language switcher (nav.lang-switch a[hreflang])")
		}
		return nil
	}
	if err := v.tab.do(scriptsOff(false)); err != nil {
		return err
	}
	for _, l := range links {
		if err := v.tab.do(chromedp.Navigate(v.srv.local(l.Href))); err != nil {
			v.errorf("lang-switch", "link to %s (hreflang %s) does not load: %v", l.Href, l.Hreflang, err)
			continue
		}
		got, err := eval[landing](v.tab, `({lang: document.documentElement.lang, path: location.pathname})`)
		if err != nil {
			return err
		}
		v.res.switches++
		v.compareLanding(l.Href, l.Hreflang, got)
	}
	_, err := v.tab.errors() // messages of the pages visited here belong to their own checks
	return err
}

func (v *visit) compareLanding(href, hreflang string, got landing) {
	if !strings.EqualFold(got.Lang, hreflang) {
		v.errorf("lang-switch", "link to %s says hreflang=%q but lands on a page with lang=%q", href, hreflang, got.Lang)
	}
	if !inLanguageFolder(v.page) || path.Base(v.page) == "404.html" {
		return // the root chooser and the not-found pages (each language's too) link to each language's home
	}
	landed, err := url.PathUnescape(got.Path)
	if err != nil {
		landed = got.Path
	}
	fromFolder, fromRest := v.split(v.tree.URLPath(v.page))
	toFolder, toRest := v.split(landed)
	self := strings.EqualFold(hreflang, v.probe.Lang) // the switcher's entry for the current language
	if !self && toRest == "" && toFolder != fromFolder && !slices.ContainsFunc(v.probe.Alternates,
		func(h string) bool { return strings.EqualFold(h, hreflang) }) {
		return // the page is not in that language (no alternate says so): its home page
	}
	folder := "another"
	if self {
		folder = "its own"
	}
	if toRest != fromRest || (toFolder == fromFolder) != self {
		v.errorf("lang-switch", "link to %s (hreflang %s) lands on %s, not on this page (%s) in %s language folder",
			href, hreflang, landed, v.tree.URLPath(v.page), folder)
	}
}

// inLanguageFolder reports whether the page rel lives in a language's folder: every page below a
// folder does, except in folders whose name starts with "_" (tools such as _review/).
func inLanguageFolder(rel string) bool {
	folder, _, nested := strings.Cut(rel, "/")
	return nested && !strings.HasPrefix(folder, "_")
}

// split cuts a URL path below the base into its language folder and the rest: "/sub/ja/a/" → "ja", "a/".
func (v *visit) split(p string) (folder, rest string) {
	p = strings.TrimPrefix(p, v.tree.Base.Path)
	folder, rest, _ = strings.Cut(p, "/")
	return folder, rest
}
