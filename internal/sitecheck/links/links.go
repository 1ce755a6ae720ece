// Package links checks that every internal reference in a built site resolves to a file and anchor.
package links

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// Check reads every page, style sheet and sitemap of t and reports internal references that do not resolve
// (errors), fragments that name no anchor in their target page (errors), and remote URLs (warnings).
func Check(t *site.Tree) (diag.List, error) {
	pages := map[string]scanned{}
	for _, p := range t.Pages {
		f, err := os.Open(t.Path(p))
		if err != nil {
			return nil, err
		}
		pages[p] = scan(f)
		f.Close()
	}
	var out diag.List
	for _, p := range t.Pages {
		for _, r := range pages[p].Refs {
			if d, bad := checkRef(t, pages, p, r); bad {
				out = append(out, d)
			}
		}
	}
	css, err := checkStyles(t)
	out = append(out, css...)
	if err != nil {
		return out, err
	}
	maps, err := checkSitemaps(t, pages)
	out = append(out, maps...)
	out.Sort()
	return out, err
}

// checkRef reports what is wrong with r, written in page, if anything.
func checkRef(t *site.Tree, pages map[string]scanned, page string, r ref) (diag.Diagnostic, bool) {
	file := t.Path(page)
	tg, ok := t.Resolve(page, r.URL)
	switch {
	case !ok:
		return diag.Errorf(file, r.Line, r.Col, "bad-url", "%s %q is not a valid URL", r.Attr, r.URL), true
	case tg.Inert:
		return diag.Diagnostic{}, false
	case tg.Remote:
		return diag.Warnf(file, r.Line, r.Col, "remote-url", "%s %s (not fetched)", r.Attr, r.URL), true
	case tg.Outside:
		return diag.Errorf(file, r.Line, r.Col, "outside-base", "%s %s: outside the base path %s", r.Attr, r.URL, t.Base.Path), true
	case tg.File == "":
		return diag.Errorf(file, r.Line, r.Col, "broken-link", "%s %s: no file %s", r.Attr, r.URL, tg.Want), true
	}
	target, isPage := pages[tg.File]
	if tg.Fragment == "" || !isPage || target.IDs[tg.Fragment] || strings.EqualFold(tg.Fragment, "top") {
		return diag.Diagnostic{}, false
	}
	return diag.Errorf(file, r.Line, r.Col, "missing-anchor", "%s %s: no id %q in %s", r.Attr, r.URL, tg.Fragment, tg.File), true
}

// cssURL matches url(...) and @import "..." in a style sheet.
var cssURL = regexp.MustCompile(`url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')`)

// checkStyles checks the url() references of every style sheet.
func checkStyles(t *site.Tree) (diag.List, error) {
	var out diag.List
	for _, s := range t.Styles {
		b, err := os.ReadFile(t.Path(s))
		if err != nil {
			return out, err
		}
		for _, r := range styleRefs(string(b)) {
			if d, bad := checkRef(t, nil, s, r); bad {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

func styleRefs(css string) []ref {
	var refs []ref
	for _, m := range cssURL.FindAllStringSubmatchIndex(css, -1) {
		for g := 2; g < len(m); g += 2 {
			if m[g] >= 0 && m[g+1] > m[g] && !strings.HasPrefix(css[m[g]:m[g+1]], "#") {
				line := strings.Count(css[:m[0]], "\n") + 1
				col := m[0] - strings.LastIndexByte(css[:m[0]], '\n')
				refs = append(refs, ref{line, col, "url()", css[m[g]:m[g+1]]})
			}
		}
	}
	return refs
}

// Summary summarises a result for the command's closing report.
func Summary(t *site.Tree, l diag.List) string {
	var errs, remote int
	for _, d := range l {
		if d.Severity == diag.Error {
			errs++
		} else if d.Code == "remote-url" {
			remote++
		}
	}
	return fmt.Sprintf("links: %d pages, %d style sheets, %d sitemaps: %d errors, %d remote URLs", len(t.Pages), len(t.Styles), len(t.Maps), errs, remote)
}
