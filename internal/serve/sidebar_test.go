package serve

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// treeSite is a site in English and Arabic with three sections: a guide, a reference
// with a subsection of its own, and a glossary of 40 terms.
func treeSite(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	for _, l := range []string{"en", "ar"} {
		writeFile(t, src, "content/"+l+"/guide/_index.md", "---\ntitle: Guide\nweight: 1\n---\nThe guide.\n")
		writeFile(t, src, "content/"+l+"/guide/start.md", "---\ntitle: Start\n---\n# Start\n\nThe first page.\n")
		writeFile(t, src, "content/"+l+"/guide/next.md", "---\ntitle: Next\n---\n# Next\n\nThe second page.\n")
		writeFile(t, src, "content/"+l+"/reference/_index.md", "---\ntitle: Reference\nweight: 2\n---\nThe reference.\n")
		writeFile(t, src, "content/"+l+"/reference/config.md", "---\ntitle: Configuration\n---\n# Configuration\n\nKeys.\n")
		writeFile(t, src, "content/"+l+"/reference/api/_index.md", "---\ntitle: API\n---\nThe API.\n")
		writeFile(t, src, "content/"+l+"/reference/api/calls.md", "---\ntitle: Calls\n---\n# Calls\n\nCalls.\n")
		writeFile(t, src, "content/"+l+"/glossary/_index.md", "---\ntitle: Glossary\nweight: 3\n---\nTerms.\n")
		for i := range 40 {
			term := fmt.Sprintf("Term %c%c with a rather long name to wrap", 'A'+i%26, 'a'+i/26)
			writeFile(t, src, fmt.Sprintf("content/%s/glossary/t%02d.md", l, i), "---\ntitle: "+term+"\n---\n# "+term+"\n\nMeaning.\n")
		}
	}
	return src
}

// sidebarStateJS says of the sidebar's section at data-path p whether its entries are
// in the page and shown, its button's aria-expanded, and the hrefs of its entries.
const sidebarStateJS = `((p) => {
  const li = document.querySelector('.sidebar li[data-path="' + p + '"]');
  if (!li) return ["no section"];
  const ul = li.querySelector(":scope > ul"), nav = li.closest("nav");
  return [String(!!ul), String(!!ul && ul.checkVisibility() && getComputedStyle(nav).visibility === "visible"),
    li.querySelector(":scope > button.fold").getAttribute("aria-expanded")].concat(ul ? Array.from(ul.querySelectorAll(":scope > li > a"), (a) => a.href) : []);
})`

// A section a page shows folded unfolds in place from the tree file, its own sections
// folded in turn; the reader's unfolds are kept on the next page, filled in before the
// list is shown (no shift); folding it again keeps it folded. The tree file is fetched
// once.
func TestSidebarUnfoldsFromTreeInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, treeSite(t))
	state := func(what, path string) []string {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Evaluate[[]string](sidebarStateJS+`("`+path+`")`))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	ref, api := "/en/reference/", "/en/reference/api/"
	within(t, tab, 60*time.Second, "open a guide page", chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(root+"en/guide/start/"), chromedp.WaitReady(chromedp.CSS("footer")))
	if got := state("before", ref); !slices.Equal(got, []string{"false", "false", "false"}) {
		t.Fatalf("the reference, off the page's way: in the page, shown, expanded = %v; want it folded, its entries not in the page", got)
	}
	within(t, tab, 30*time.Second, "unfold the reference", chromedp.Click(chromedp.CSS(`li[data-path="`+ref+`"] > button.fold`)),
		chromedp.WaitReady(chromedp.CSS(`li[data-path="`+api+`"] > button.fold`)))
	want := []string{"true", "true", "true", root + "en/reference/api/", root + "en/reference/config/"}
	if got := state("unfolded", ref); !slices.Equal(got, want) {
		t.Errorf("the reference unfolded: %v, want %v", got, want)
	}
	if got := state("unfolded", api); !slices.Equal(got, []string{"false", "false", "false"}) {
		t.Errorf("its API section: %v, want it folded", got)
	}
	within(t, tab, 30*time.Second, "unfold the API", chromedp.Click(chromedp.CSS(`li[data-path="`+api+`"] > button.fold`)),
		chromedp.WaitReady(chromedp.CSS(`li[data-path="`+api+`"] > ul`)))
	fetched, err := chromedp.Run(tab, chromedp.Evaluate[int](`performance.getEntriesByType("resource").filter((e) => e.name.includes("/_nav/en.json")).length`))
	if err != nil || fetched != 1 {
		t.Errorf("the tree file was fetched %d times for two unfolds (%v), want once", fetched, err)
	}

	within(t, tab, 60*time.Second, "open the next page", chromedp.Navigate(root+"en/guide/next/"), chromedp.WaitReady(chromedp.CSS("footer")))
	cls, err := chromedp.Run(tab, chromedp.Evaluate[float64](clsJS, chromedp.EvalAwaitPromise))
	if err != nil || cls >= 0.05 {
		t.Errorf("the next page, with two sections to unfold from the tree file, shifts by %v (%v)", cls, err)
	}
	if got := state("the next page", ref); !slices.Equal(got, want) {
		t.Errorf("the next page: the reference is %v, want it unfolded as left: %v", got, want)
	}
	if got := state("the next page", api); !slices.Equal(got, []string{"true", "true", "true", root + "en/reference/api/calls/"}) {
		t.Errorf("the next page: the API section is %v, want it unfolded as left", got)
	}

	within(t, tab, 30*time.Second, "fold the reference", chromedp.Click(chromedp.CSS(`li[data-path="`+ref+`"] > button.fold`)),
		chromedp.Navigate(root+"en/guide/start/"), chromedp.WaitReady(chromedp.CSS("footer")))
	if got := state("folded, then another page", ref); !slices.Equal(got, []string{"false", "false", "false"}) {
		t.Errorf("folded, then another page: the reference is %v, want it folded", got)
	}
	// A section on the way to the page has its entries in the page, all of them.
	within(t, tab, 60*time.Second, "open a glossary page", chromedp.Navigate(root+"en/glossary/t05/"), chromedp.WaitReady(chromedp.CSS("footer")))
	if got := state("a glossary page", "/en/glossary/"); len(got) != 3+40 || got[1] != "true" {
		t.Errorf("a glossary page shows %d of its section's 40 terms (%v)", len(got)-3, got[:min(len(got), 3)])
	}
}

// outsideViewportJS lists the elements laid out beyond the viewport's left or right edge.
const outsideViewportJS = `(() => {
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.closest(".visually-hidden, .skip")) continue;
    if (r.left < -0.5 || r.right > vw + 0.5) out.push(el.tagName.toLowerCase() + "." + el.className + " [" + Math.round(r.left) + ", " + Math.round(r.right) + "]");
  }
  return out.slice(0, 5);
})()`

// On a phone the sidebar is a drawer, closed without JavaScript (the article first);
// opened, with a section unfolded from the tree file, no element of the page is outside
// the viewport, left to right and right to left.
func TestSidebarDrawerOnPhoneInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, treeSite(t))
	for _, lang := range []string{"en", "ar"} {
		page := root + lang + "/glossary/t05/"
		within(t, tab, 60*time.Second, lang+" at 390 px without scripts", chromedp.EmulateViewport(390, 800),
			noScripts(true), chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("h1")))
		closed, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`[+document.querySelector("details.sidebar").open,
  +document.querySelector(".sidebar nav").checkVisibility(), document.querySelector("h1").getBoundingClientRect().top]`))
		within(t, tab, 10*time.Second, "scripts back on", noScripts(false))
		if err != nil || len(closed) != 3 || closed[0] != 0 || closed[1] != 0 || closed[2] > 300 {
			t.Errorf("%s at 390 px without JavaScript: drawer open, its list shown, the title's top = %v (%v); want it closed and the title within 300 px", lang, closed, err)
		}
		within(t, tab, 60*time.Second, lang+" at 390 px", chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("footer")),
			chromedp.Click(chromedp.CSS("details.sidebar > summary")),
			chromedp.Click(chromedp.CSS(`li[data-path="/`+lang+`/reference/"] > button.fold`)),
			chromedp.WaitReady(chromedp.CSS(`li[data-path="/`+lang+`/reference/api/"]`)))
		out, err := chromedp.Run(tab, chromedp.Evaluate[[]string](outsideViewportJS))
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > 0 {
			t.Errorf("%s at 390 px, the drawer open: outside the viewport: %s", lang, strings.Join(out, "; "))
		}
	}
}
