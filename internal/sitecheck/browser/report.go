package browser

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// summarise joins the pages' results and runs the site-wide font check.
func summarise(t *site.Tree, results []pageResult) (diag.List, Report, error) {
	var out diag.List
	r := Report{Pages: len(results)}
	fonts := map[FontUse]int{}
	for i, p := range results {
		out = append(out, p.diags...)
		r.AxeRuns += p.axeRuns
		r.Switches += p.switches
		r.Shots += p.shots
		if p.redirect != "" {
			r.Redirects = append(r.Redirects, t.Pages[i]+" → "+p.redirect)
		}
		for _, f := range p.fonts {
			fonts[FontUse{Lang: f.Lang, Family: f.Family}]++
		}
	}
	for f, n := range fonts {
		f.Pages = n
		r.Fonts = append(r.Fonts, f)
	}
	slices.SortFunc(r.Fonts, func(a, b FontUse) int {
		return cmp.Or(cmp.Compare(a.Lang, b.Lang), cmp.Compare(b.Pages, a.Pages), cmp.Compare(a.Family, b.Family))
	})
	out = append(out, sharedFonts(t, r.Fonts)...)
	out.Sort()
	return out, r, nil
}

// sharedFonts reports body-text font stacks used by more than one language: the CSS gives each
// language its own stack through :lang(), so a shared one means a rule did not apply.
func sharedFonts(t *site.Tree, fonts []FontUse) diag.List {
	langs := map[string][]string{}
	for _, f := range fonts {
		if l := strings.ToLower(f.Lang); !slices.Contains(langs[f.Family], l) {
			langs[f.Family] = append(langs[f.Family], l)
		}
	}
	var out diag.List
	for family, ls := range langs {
		if len(ls) > 1 {
			slices.Sort(ls)
			out = append(out, diag.Errorf(t.Dir, 0, 0, "font", "languages %s all render body text in font-family %s: give each its own stack with :lang()",
				strings.Join(ls, ", "), family))
		}
	}
	return out
}

// String describes the report in a few lines for the command's summary.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "browser: %d pages, %d axe runs (light+dark), %d language-switcher links followed, %d screenshots", r.Pages, r.AxeRuns, r.Switches, r.Shots)
	for _, x := range r.Redirects {
		fmt.Fprintf(&b, "\n  redirects by script (checked again with scripts off): %s", x)
	}
	for _, f := range r.Fonts {
		fmt.Fprintf(&b, "\n  body text lang=%s: font-family %s (%d pages)", f.Lang, f.Family, f.Pages)
	}
	return b.String()
}
