package serve

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"docsite/internal/build"
	"docsite/internal/write"
)

// themeSite writes a site of six languages (so the header has a language menu), one of
// them right to left, with a section of pages and a long page of many sections.
func themeSite(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	var long strings.Builder
	long.WriteString("# A long page\n\nIntroduction.\n")
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&long, "\n## Section %d {#s%d}\n\n", i, i)
		for range 12 {
			long.WriteString("A paragraph of text long enough to fill a few lines of the page at any width, so that each section is taller than the window.\n\n")
		}
	}
	for _, l := range []string{"en", "ar", "de", "fr", "ja", "zh"} {
		writeFile(t, src, "content/"+l+"/guide/_index.md", "---\ntitle: Guide\n---\nThe guide.\n")
		writeFile(t, src, "content/"+l+"/guide/long.md", long.String())
		writeFile(t, src, "content/"+l+"/guide/short.md", "# Short\n\nA short page.\n")
	}
	return src
}

// outsideJS lists the header's elements, and those of its open language menu, that are
// laid out beyond the viewport's left or right edge.
const outsideJS = `(() => {
  const menu = document.querySelector("details.lang-menu");
  if (menu) menu.open = true;
  const vw = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll(".site-header, .site-header *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.closest(".visually-hidden")) continue;
    if (r.left < -0.5 || r.right > vw + 0.5) out.push(el.tagName.toLowerCase() + "." + el.className + " [" + Math.round(r.left) + ", " + Math.round(r.right) + "]");
  }
  if (menu) menu.open = false;
  return out.slice(0, 5);
})()`

// No element of the header or of its language menu is outside the viewport at a phone's,
// a tablet's and a desktop's width, left to right and right to left; the language menu
// closes on Escape and on a click outside it; the "/" hint shows only with a keyboard
// and mouse.
func TestHeaderAndMenusInsideViewportInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, themeSite(t))
	for _, width := range []int64{390, 1024, 1280} {
		for _, page := range []string{"en/guide/long/", "ar/guide/long/", "en/", "ar/"} {
			what := fmt.Sprintf("%s at %d px", page, width)
			within(t, tab, 60*time.Second, "open "+what, chromedp.EmulateViewport(width, 800), chromedp.Navigate(root+page),
				chromedp.WaitReady(chromedp.CSS("details.lang-menu")))
			out, err := chromedp.Run(tab, chromedp.Evaluate[[]string](outsideJS))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if len(out) > 0 {
				t.Errorf("%s: outside the viewport: %s", what, strings.Join(out, "; "))
			}
		}
	}
	// Headless chromium has no pointing device: the "/" shortcut hint is not for it.
	hint, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[String(matchMedia("(hover: hover) and (pointer: fine)").matches),
  getComputedStyle(document.querySelector(".search-key")).display]`))
	if err != nil || len(hint) != 2 || hint[0] == "false" && hint[1] != "none" {
		t.Errorf("without a fine pointer that hovers, the search key hint shows: fine pointer %v (%v)", hint, err)
	}
	closed, err := chromedp.Run(tab, chromedp.Evaluate[[]bool](`(() => {
  const menu = document.querySelector("details.lang-menu"), out = [];
  menu.open = true;
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  out.push(!menu.open);
  menu.open = true;
  document.querySelector("main").click();
  out.push(!menu.open);
  return out;
})()`))
	if err != nil || !slices.Equal(closed, []bool{true, true}) {
		t.Errorf("the language menu closes on Escape, on a click outside: %v (%v), want both", closed, err)
	}
}

// bundledSite builds the bundled site and serves it; it returns the root URL and the
// site paths of its pages.
func bundledSite(t *testing.T) (string, []string) {
	t.Helper()
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../.."}, mem); err != nil {
		t.Fatal(err)
	}
	var pages []string
	for name := range mem.Files() {
		if path.Base(name) == "index.html" && strings.Count(name, "/") >= 1 && !strings.HasPrefix(name, "_") {
			pages = append(pages, strings.TrimSuffix(name, "index.html"))
		}
	}
	slices.Sort(pages)
	return serveBuilt(t, "../.."), pages
}

// clsJS is the page's cumulative layout shift so far (the shifts no input caused), once
// the page has had half a second after its load to settle.
const clsJS = `new Promise((done) => {
  let sum = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done(sum), 300);
})`

// catalogFitJS lists the catalog tables wider than their scrolling region, and header rows
// taller than 100 px.
const catalogFitJS = `Array.from(document.querySelectorAll("table.catalog"), (t) => {
  const out = [], box = t.parentElement.clientWidth, head = t.tHead && t.tHead.rows[0].getBoundingClientRect().height;
  if (t.getBoundingClientRect().width > box + 0.5) out.push("table #" + t.id + " is " + Math.round(t.getBoundingClientRect().width) + " px wide in " + box);
  if (head > 100) out.push("header row of #" + t.id + " is " + Math.round(head) + " px high");
  return out;
}).flat()`

// The header of every page of the bundled site stays on one row at 1280 px, its catalog
// tables fit the page at 1280 px and their header rows stay compact on a phone, and
// nothing on any page moves after it is shown: its cumulative layout shift is under 0.05
// at a phone's and a desktop's width.
func TestBundledPagesDoNotShiftInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root, pages := bundledSite(t)
	if len(pages) < 10 {
		t.Fatalf("the bundled site has %d pages: %v", len(pages), pages)
	}
	for _, width := range []int64{390, 1280} {
		for _, page := range pages {
			what := fmt.Sprintf("%s at %d px", page, width)
			within(t, tab, 60*time.Second, "open "+what, chromedp.EmulateViewport(width, 900), chromedp.Navigate(root+page), chromedp.WaitReady(chromedp.CSS("footer")))
			cls, err := chromedp.Run(tab, chromedp.Evaluate[float64](clsJS, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if cls >= 0.05 {
				// A page is judged on a second load too: on a machine busy enough (CI runs
				// the race detector over every package at once), a web font or a style
				// sheet can arrive after the first paint once, which no reader's browser
				// repeats with the files cached.
				within(t, tab, 60*time.Second, "reload "+what, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
				again, err := chromedp.Run(tab, chromedp.Evaluate[float64](clsJS, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				t.Logf("%s: cumulative layout shift %.3f on the first load, %.3f on the second", what, cls, again)
				if again >= 0.05 {
					t.Errorf("%s: cumulative layout shift %.3f, want under 0.05", what, again)
				}
			}
			fit, err := chromedp.Run(tab, chromedp.Evaluate[[]string](catalogFitJS))
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			for _, f := range fit {
				if width == 1280 || strings.HasPrefix(f, "header row") {
					t.Errorf("%s: %s", what, f)
				}
			}
			if width != 1280 {
				continue
			}
			rows, err := chromedp.Run(tab, chromedp.Evaluate[int](`new Set(Array.from(document.querySelectorAll(".site-header > *"),
  (el) => Math.round(el.getBoundingClientRect().top / 24))).size`))
			if err != nil || rows != 1 {
				t.Errorf("%s: the header is %d rows high (%v), want 1", what, rows, err)
			}
		}
	}
}

// At 1280 px the page's contents are a rail beside the text that marks the section
// scrolled into view; at a phone's width they are folded under the title, and so is the
// sidebar, with JavaScript or without.
func TestContentsRailInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, themeSite(t))
	page := root + "en/guide/long/"
	within(t, tab, 60*time.Second, "open the long page", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(page),
		chromedp.WaitReady(chromedp.CSS(".toc")))
	beside, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(() => {
  const toc = document.querySelector(".toc ul").getBoundingClientRect(), text = document.querySelector("article p").getBoundingClientRect();
  return document.querySelector(".toc ul").checkVisibility() && toc.left >= text.right;
})()`))
	if err != nil || !beside {
		t.Errorf("at 1280 px the contents are not a rail beside the text (%v)", err)
	}
	for _, id := range []string{"s3", "s6", "s2"} {
		within(t, tab, 30*time.Second, "scroll to "+id,
			chromedp.Evaluate[chromedp.Void](`document.getElementById("`+id+`").scrollIntoView()`),
			chromedp.WaitReady(chromedp.CSS(`.toc a[href="#`+id+`"][aria-current="location"]`)))
		marked, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".toc [aria-current]"), (a) => a.hash)`))
		if err != nil || !slices.Equal(marked, []string{"#" + id}) {
			t.Errorf("scrolled to %s, the rail marks %v (%v)", id, marked, err)
		}
		rail, err := chromedp.Run(tab, chromedp.Evaluate[float64](`document.querySelector(".toc ul").getBoundingClientRect().top`))
		if err != nil || rail < 0 || rail > 200 {
			t.Errorf("scrolled to %s, the rail's list is at %v px from the window's top (%v): it does not follow", id, rail, err)
		}
	}
	// A phone without JavaScript: the sidebar and the contents are folded, the title near
	// the top.
	within(t, tab, 60*time.Second, "open the long page at 390 px without scripts", chromedp.EmulateViewport(390, 800),
		noScripts(true), chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("h1")))
	folded, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`[document.querySelector("h1").getBoundingClientRect().top,
  +document.querySelector(".toc ul").checkVisibility(), +document.querySelector(".sidebar ul").checkVisibility()]`))
	within(t, tab, 10*time.Second, "scripts back on", noScripts(false))
	if err != nil || len(folded) != 3 || folded[0] > 300 || folded[1] != 0 || folded[2] != 0 {
		t.Errorf("at 390 px without JavaScript: the title's top, the contents shown, the sidebar shown = %v (%v); want the title within 300 px, both folded", folded, err)
	}
}

func noScripts(off bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off})
		return err
	})
}

// The theme toggle's choice survives a reload and applies before the first paint; in
// print, the navigation is hidden and the colours are the light ones.
func TestThemeToggleAndPrintInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, themeSite(t))
	page := root + "en/guide/long/"
	background := `getComputedStyle(document.body).backgroundColor`
	within(t, tab, 60*time.Second, "open the page", chromedp.EmulateViewport(1280, 800), colorScheme("light"),
		chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("button.theme-toggle")))
	light, err := chromedp.Run(tab, chromedp.Evaluate[string](background))
	if err != nil {
		t.Fatal(err)
	}
	within(t, tab, 30*time.Second, "choose dark", chromedp.Click(chromedp.CSS("button.theme-toggle")))
	within(t, tab, 60*time.Second, "reload", chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	state, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[document.documentElement.dataset.theme || "", `+background+`,
  document.querySelector("button.theme-toggle").getAttribute("aria-pressed")]`))
	if err != nil || len(state) != 3 || state[0] != "dark" || state[1] == light || state[2] != "true" {
		t.Errorf("after choosing dark and a reload: theme, background, pressed = %q (light %s) (%v)", state, light, err)
	}
	within(t, tab, 30*time.Second, "print", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	printed, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`["header", ".sidebar", ".toc", ".pager", "footer"].map((s) => {
  const el = document.querySelector(s);
  return el ? s + " " + getComputedStyle(el).display : s + " none";
}).concat([`+background+`])`))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range printed[:len(printed)-1] {
		if !strings.HasSuffix(p, " none") {
			t.Errorf("in print, %s: want none", p)
		}
	}
	if got := printed[len(printed)-1]; got != light {
		t.Errorf("in print a dark choice prints %s, want the light %s", got, light)
	}
}

// A section of the sidebar folds with its button and stays folded on the next page of
// it, from the first paint (no shift), until it is unfolded.
func TestSidebarFoldsInBrowser(t *testing.T) {
	tab := newBrowser(t)
	root := serveBuilt(t, themeSite(t))
	section := `.sidebar li[data-path="/en/guide/"]`
	state := func(what string) []string {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[String(document.querySelector('`+section+` > ul').checkVisibility()),
  document.querySelector('`+section+` > button.fold').getAttribute("aria-expanded")]`))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	within(t, tab, 60*time.Second, "open the long page", chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(root+"en/guide/long/"), chromedp.WaitReady(chromedp.CSS(section+" > button.fold")))
	if got := state("before folding"); !slices.Equal(got, []string{"true", "true"}) {
		t.Errorf("before folding: shown, expanded = %v, want true, true", got)
	}
	within(t, tab, 30*time.Second, "fold", chromedp.Click(chromedp.CSS(section+" > button.fold")))
	if got := state("folded"); !slices.Equal(got, []string{"false", "false"}) {
		t.Errorf("folded: shown, expanded = %v, want false, false", got)
	}
	within(t, tab, 60*time.Second, "open the next page", chromedp.Navigate(root+"en/guide/short/"),
		chromedp.WaitReady(chromedp.CSS("footer")))
	if got := state("the next page"); !slices.Equal(got, []string{"false", "false"}) {
		t.Errorf("the next page: shown, expanded = %v, want the section still folded", got)
	}
	cls, err := chromedp.Run(tab, chromedp.Evaluate[float64](clsJS, chromedp.EvalAwaitPromise))
	if err != nil || cls >= 0.05 {
		t.Errorf("the next page, the section folded, shifts by %v (%v)", cls, err)
	}
	within(t, tab, 30*time.Second, "unfold", chromedp.Click(chromedp.CSS(section+" > button.fold")),
		chromedp.Navigate(root+"en/guide/long/"), chromedp.WaitReady(chromedp.CSS("footer")))
	if got := state("unfolded"); !slices.Equal(got, []string{"true", "true"}) {
		t.Errorf("unfolded, then another page: shown, expanded = %v, want true, true", got)
	}
}
