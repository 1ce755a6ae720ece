package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"docsite/internal/build"
	"docsite/internal/route"
	"docsite/internal/search"
	"docsite/internal/write"
)

// Search as a reader meets it, in chromium, on the bundled site published under a sub-path:
// "/" focuses the box, typing a query in English, Chinese or Japanese lists the pages
// with the section they matched, arrows and Enter open the section's anchor; the header
// does not move; the script ranks the relevance set's queries exactly as the Go twin
// does; odd queries give results or none; without JavaScript there is no box.
func TestSearchInBrowser(t *testing.T) {
	tab := newBrowser(t)
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../..", BaseURL: "https://docs.example.org/sub/"}, mem); err != nil {
		t.Fatal(err)
	}
	files := mem.Files()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu      sync.Mutex
		fetched []string // what the pages asked the server for
	)
	srv := httptest.NewServer(http.StripPrefix("/sub", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		fetched = append(fetched, r.URL.Path)
		mu.Unlock()
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
	})))
	defer srv.Close()
	root := srv.URL + "/sub/"

	for _, tc := range []struct{ lang, query, want string }{
		{"en", "tesla v100", "en/gpus/v100/"},
		{"en", "why cloud gpu", "en/gpu-cloud/#why-cloud-gpu-service"},
		{"zh", "显存容量", "zh/gpu-survey/#gpu云主机产品"},
		{"zh", "V100 价格", "zh/gpus/v100/"}, // the first page the relevance set names for it
		{"ja", "料金", "ja/pricing/"},
		{"ja", "GPU クラウド", "ja/gpu-cloud/"},
	} {
		what := tc.lang + " " + tc.query
		within(t, tab, 60*time.Second, "open "+what, chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(root+tc.lang+"/gpu-cloud/"), chromedp.WaitReady(chromedp.CSS("#search-input")))
		before := headerHeight(t, tab)
		within(t, tab, 30*time.Second, "type "+what, chromedp.KeyEvent("/"),
			chromedp.SendKeys(chromedp.CSS("#search-input"), tc.query),
			chromedp.WaitVisible(chromedp.CSS("#search-results [role=option]")))
		awaitFirstResult(tab, root+tc.want)
		type state struct {
			Focused, Expanded, Status string
			Hrefs                     []string
			Marks                     int
		}
		st, err := chromedp.Run(tab, chromedp.Evaluate[state](`(() => {
			const input = document.querySelector("#search-input");
			return {Focused: document.activeElement.id, Expanded: input.getAttribute("aria-expanded"),
				Status: document.querySelector(".site-search [role=status]").textContent,
				Hrefs: [...document.querySelectorAll("#search-results a")].map(a => a.getAttribute("href")),
				Marks: document.querySelectorAll("#search-results mark").length};
		})()`))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if st.Focused != "search-input" || st.Expanded != "true" || st.Status == "" || st.Marks == 0 {
			t.Errorf("%s: focus %q, aria-expanded %q, status %q, %d marks", what, st.Focused, st.Expanded, st.Status, st.Marks)
		}
		if len(st.Hrefs) == 0 || !strings.HasPrefix(decoded(st.Hrefs[0]), root+tc.want) {
			t.Errorf("%s: first result %v, want %s", what, st.Hrefs, tc.want)
			continue
		}
		if after := headerHeight(t, tab); after != before {
			t.Errorf("%s: the header moved from %.1f to %.1f px high", what, before, after)
		}
		within(t, tab, 30*time.Second, "open the first result of "+what, chromedp.KeyEvent(kb.ArrowDown),
			chromedp.KeyEvent(kb.Enter), chromedp.WaitReady(chromedp.CSS("main")))
		at, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[decodeURI(location.href),
			String(!location.hash || !!document.getElementById(decodeURIComponent(location.hash.slice(1))))]`))
		if err != nil || !strings.HasPrefix(at[0], root+tc.want) || at[1] != "true" {
			t.Errorf("%s: Enter opened %v (%v), want %s with its anchor", what, at, err, tc.want)
		}
		t.Logf("%s: %s; first %s", what, st.Status, at[0])
	}

	// The script ranks as internal/search does, query for query, the sections under each
	// page too: the relevance set, and typos, runs of characters and their pieces.
	within(t, tab, 30*time.Second, "open for the relevance set", chromedp.Navigate(root+"en/gpu-cloud/"),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	byLang := map[string][]string{}
	for _, q := range relevanceQueries(t) {
		byLang[q[0]] = append(byLang[q[0]], q[1])
	}
	byLang["en"] = append(byLang["en"], "pricse", "memroy bandwidth", "nvidai", "pricse gpu", "teslaa")
	byLang["zh"] = append(byLang["zh"], "显存容量", "存容", "显 存", "云服务器价格", "pricse")
	byLang["ja"] = append(byLang["ja"], "クラウド料金", "ラウド", "料金 クラウド", "ｸﾗｳﾄﾞ")
	for _, lang := range slices.Sorted(maps.Keys(byLang)) {
		ix, err := search.Open(func(name string) ([]byte, error) { return files[route.SearchFile(lang, name)], nil })
		if err != nil {
			t.Fatal(err)
		}
		qs, _ := json.Marshal(byLang[lang])
		got, err := chromedp.Run(tab, chromedp.Evaluate[[][]string](fmt.Sprintf(`(async () => {
			const out = [];
			for (const q of %s) {
				const found = await window.docsite.search(q, 5, %q);
				out.push(found.results.map(r => [r.url + "#" + r.anchor, ...r.subs.map(s => "#" + s.anchor)].join(" ")));
			}
			return out;
		})()`, qs, "../../_search/"+lang+"/index.bin"), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s relevance set in the browser: %v", lang, err)
		}
		for i, q := range byLang[lang] {
			rs, err := ix.Search(q, 5)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, r := range rs {
				w := r.URL + "#" + r.Anchor
				for _, s := range r.Subs {
					w += " #" + s.Anchor
				}
				want = append(want, w)
			}
			if !slices.Equal(got[i], want) {
				t.Errorf("%s %q: search.js found %q, Go %q", lang, q, got[i], want)
			}
		}
	}

	// How long a reader waits, once the index files of the queries are loaded: from the
	// input event to the status line saying how many were found. Logged, not asserted.
	within(t, tab, 30*time.Second, "open zh", chromedp.Navigate(root+"zh/gpu-cloud/"),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	for pass := range 2 {
		ms, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](fmt.Sprintf(`(async () => {
			const input = document.querySelector("#search-input");
			const status = document.querySelector(".site-search [role=status]");
			const times = [];
			for (const q of %s) {
				const t0 = performance.now();
				const changed = new Promise(done => {
					const obs = new MutationObserver(() => { obs.disconnect(); done(); });
					obs.observe(status, {childList: true, characterData: true, subtree: true});
				});
				input.value = q;
				input.dispatchEvent(new Event("input"));
				await changed;
				times.push(performance.now() - t0);
			}
			return times;
		})()`, mustJSON(byLang["zh"])), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("timing: %v", err)
		}
		slices.Sort(ms)
		t.Logf("zh, pass %d: %d queries, median %.1f ms, max %.1f ms from keystroke to results", pass+1, len(ms), ms[len(ms)/2], ms[len(ms)-1])
	}

	// Odd queries: results or none, never an error; the page still answers.
	// (JavaScript literals: a lone surrogate cannot be a Go string.)
	odd := []string{mustJSON(strings.Repeat("显存 memory (.*)[ ", 500)), `"\ud800\udc00\ud800x"`, `"🚀🚀"`,
		mustJSON(`.*+?^${}()|[]\`), `"ｸﾗｳﾄﾞ\u0000"`, mustJSON(strings.Repeat("a", 10000)), `""`}
	for _, q := range odd {
		if _, err := chromedp.Run(tab, chromedp.Evaluate[int](`window.docsite.search(`+q+`, 5).then(f => f.results.length)`, chromedp.EvalAwaitPromise)); err != nil {
			t.Errorf("query %.30s: %v", q, err)
		}
	}
	within(t, tab, 30*time.Second, "type a long query", chromedp.SendKeys(chromedp.CSS("#search-input"), strings.Repeat("价格 ", 20)),
		chromedp.WaitVisible(chromedp.CSS("#search-results li")))

	// Without JavaScript: no box.
	scriptsOff := func(off bool) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: off})
			return err
		})
	}
	// (Scripts on again after the page is parsed, for the test's own evaluation; the page
	// was read as a browser without JavaScript reads it.)
	within(t, tab, 30*time.Second, "open without scripts", scriptsOff(true),
		chromedp.Navigate(root+"ja/gpu-cloud/"), chromedp.WaitReady(chromedp.CSS("main")), scriptsOff(false))
	display, err := chromedp.Run(tab, chromedp.Evaluate[string](`getComputedStyle(document.querySelector(".site-search")).display`))
	if err != nil || display != "none" {
		t.Errorf("without JavaScript the search box is displayed %q (%v), want none", display, err)
	}
	var searched []string
	mu.Lock()
	defer mu.Unlock()
	for _, p := range fetched {
		if strings.Contains(p, "/_search/") && !slices.Contains(searched, p) {
			searched = append(searched, p)
		}
	}
	t.Logf("index files fetched over the whole test: %d of %d", len(searched), countPrefix(files, "_search/"))
}

// countPrefix counts the files whose names start with prefix.
func countPrefix(files map[string][]byte, prefix string) int {
	n := 0
	for name := range files {
		if strings.HasPrefix(name, prefix) {
			n++
		}
	}
	return n
}

// headerHeight is the height of the page's header, in CSS pixels.
func headerHeight(t *testing.T, tab context.Context) float64 {
	h, err := chromedp.Run(tab, chromedp.Evaluate[float64](`document.querySelector(".site-header").getBoundingClientRect().height`))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// decoded is an absolute URL with its percent-escapes decoded.
// awaitFirstResult gives the results up to ten seconds to open with want: each keystroke
// runs a query, so the results of a first part of the query (those of "GPU" while
// "GPU クラウド" fetches its shards) can be the ones shown when typing ends. It does not
// fail; the caller checks what is shown.
func awaitFirstResult(tab context.Context, want string) {
	ctx, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`(() => {
		const a = document.querySelector("#search-results a");
		if (!a) return false;
		let h = a.getAttribute("href");
		try { h = decodeURIComponent(h); } catch (e) {}
		return h.startsWith(`+mustJSON(want)+`);
	})()`))
}

func decoded(href string) string {
	s, err := url.PathUnescape(href)
	if err != nil {
		return href
	}
	return s
}

// relevanceQueries reads internal/search's relevance set: language and query.
func relevanceQueries(t *testing.T) [][2]string {
	f, err := os.Open("../search/testdata/queries-bundled.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			f := strings.Split(line, "\t")
			out = append(out, [2]string{f[0], f[1]})
		}
	}
	return out
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// How long a reader waits on a big site, which is not in the repository: set
// DOCSITE_EVAL_OUT to a built site's folder (built with the base URL "/"),
// DOCSITE_EVAL_PAGE to a page in it (en/docs/) and DOCSITE_EVAL_QUERIES to queries
// separated by |. Each query is typed twice; the second time its index files are loaded.
// Logged, not asserted.
func TestSearchSpeedRealSite(t *testing.T) {
	dir, page, list := os.Getenv("DOCSITE_EVAL_OUT"), os.Getenv("DOCSITE_EVAL_PAGE"), os.Getenv("DOCSITE_EVAL_QUERIES")
	if dir == "" || page == "" || list == "" {
		t.Skip("DOCSITE_EVAL_OUT, DOCSITE_EVAL_PAGE and DOCSITE_EVAL_QUERIES are not all set")
	}
	tab := newBrowser(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	within(t, tab, 60*time.Second, "open "+page, chromedp.Navigate(srv.URL+"/"+page),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	queries := strings.Split(list, "|")
	for pass := range 2 {
		ms, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](fmt.Sprintf(`(async () => {
			const input = document.querySelector("#search-input");
			const status = document.querySelector(".site-search [role=status]");
			const times = [];
			for (const q of %s) {
				const t0 = performance.now();
				const changed = new Promise(done => {
					const obs = new MutationObserver(() => { obs.disconnect(); done(); });
					obs.observe(status, {childList: true, characterData: true, subtree: true});
				});
				input.value = q;
				input.dispatchEvent(new Event("input"));
				await changed;
				times.push(performance.now() - t0);
			}
			return times;
		})()`, mustJSON(queries)), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("timing: %v", err)
		}
		slices.Sort(ms)
		t.Logf("pass %d: %d queries, median %.1f ms, max %.1f ms from keystroke to results", pass+1, len(ms), ms[len(ms)/2], ms[len(ms)-1])
	}
}

// A host that does not serve the index (it was not uploaded, or a proxy refuses it): the
// box says search failed, in the page's language, and lists nothing; the page goes on
// working; once the files are there the query is tried again by itself (2, 4, 8… s
// after it failed), and the next keystroke finds results too.
func TestSearchWithoutIndexFiles(t *testing.T) {
	tab := newBrowser(t)
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../.."}, mem); err != nil {
		t.Fatal(err)
	}
	files := mem.Files()
	var lost atomic.Bool
	lost.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if strings.HasSuffix(name, "/") || name == "" {
			name += "index.html"
		}
		data, ok := files[name]
		if !ok || lost.Load() && strings.HasPrefix(name, "_search/") {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	}))
	defer srv.Close()

	within(t, tab, 60*time.Second, "open ja", chromedp.Navigate(srv.URL+"/ja/gpu-cloud/"),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	failed, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector(".site-search").dataset.failed`))
	if err != nil || failed == "" {
		t.Fatalf("no failure message on the box: %q, %v", failed, err)
	}
	status := `document.querySelector(".site-search [role=status]").textContent`
	// One input event, not a keystroke a character: with two, the first query's failure
	// could show while the second's fetch is still on its way, and that fetch, answered
	// after the index comes back, would fail the query typed next.
	within(t, tab, 30*time.Second, "type without an index",
		chromedp.Evaluate[chromedp.Void](`(() => { const i = document.querySelector("#search-input"); i.focus(); i.value = "料金";
			i.dispatchEvent(new Event("input")); })()`),
		chromedp.Poll[chromedp.Void](status+` === `+mustJSON(failed)))
	n, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll("#search-results [role=option]").length`))
	if err != nil || n != 0 {
		t.Errorf("without an index: %d results listed (%v), want none", n, err)
	}

	// The host comes back: the query is tried again by itself, the reader types nothing.
	lost.Store(false)
	within(t, tab, 40*time.Second, "results once the index is served", chromedp.WaitVisible(chromedp.CSS("#search-results [role=option]")))
	within(t, tab, 30*time.Second, "type once the index is served", chromedp.SendKeys(chromedp.CSS("#search-input"), "表"),
		chromedp.WaitVisible(chromedp.CSS("#search-results [role=option]")))
}

// A host that sends the index files with Content-Encoding: gzip (an object store told
// they are compressed): the browser inflates them before search.js sees them, which
// reads them as they come.
func TestSearchIndexInflatedByHost(t *testing.T) {
	tab := newBrowser(t)
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../.."}, mem); err != nil {
		t.Fatal(err)
	}
	files := mem.Files()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if strings.HasSuffix(name, "/") || name == "" {
			name += "index.html"
		}
		data, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasPrefix(name, "_search/") {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Type", "application/octet-stream")
		}
		w.Write(data)
	}))
	defer srv.Close()
	within(t, tab, 60*time.Second, "open zh", chromedp.Navigate(srv.URL+"/zh/gpu-cloud/"),
		chromedp.WaitReady(chromedp.CSS("#search-input")))
	within(t, tab, 30*time.Second, "type", chromedp.SendKeys(chromedp.CSS("#search-input"), "显存"),
		chromedp.WaitVisible(chromedp.CSS("#search-results [role=option]")))
}
