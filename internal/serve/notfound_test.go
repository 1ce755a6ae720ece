package serve

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"docsite/internal/build"
	"docsite/internal/write"
)

// A static host that serves the root 404.html for every missing path (as GitHub Pages
// does): a reader whose path is in the Japanese folder ends on the Japanese 404 page; a
// path in the default language's folder, or in none, keeps the root one.
func TestNotFoundLanguageInBrowser(t *testing.T) {
	tab := newBrowser(t)
	mem := write.NewMemory()
	if _, err := build.Run(context.Background(), build.Options{Source: "../..", NoSearch: true}, mem); err != nil {
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
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(files["404.html"])
			return
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	}))
	defer srv.Close()

	for _, tc := range []struct{ path, wantPath, wantLang string }{
		{"/ja/no/such/page/", "/ja/404.html", "ja"},
		{"/zh/nothing", "/zh/404.html", "zh-Hans"},
		{"/en/nothing/", "/en/nothing/", "en"},
		{"/nothing/", "/nothing/", "en"},
	} {
		within(t, tab, 30*time.Second, "open "+tc.path, chromedp.Navigate(srv.URL+tc.path),
			chromedp.WaitReady(chromedp.CSS("main h1")))
		// The script runs once the page is parsed: give it the time to send the reader on.
		within(t, tab, 10*time.Second, tc.path+" → "+tc.wantPath,
			chromedp.Poll[chromedp.Void](`location.pathname === "`+tc.wantPath+`" && document.readyState === "complete"`))
		time.Sleep(300 * time.Millisecond) // a page that stays does not leave a moment later
		got, err := chromedp.Run(tab, chromedp.Evaluate[string](`location.pathname + " " + document.documentElement.lang`))
		if want := tc.wantPath + " " + tc.wantLang; err != nil || got != want {
			t.Errorf("%s: at %q (%v), want %q", tc.path, got, err, want)
		}
	}
}
