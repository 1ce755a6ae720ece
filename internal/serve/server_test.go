package serve

import (
	"bufio"
	"cmp"
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"docsite/internal/config"

	"golang.org/x/text/language"
)

// staticBuilder builds the same site every time.
type staticBuilder struct{ site *Site }

func (b staticBuilder) Build(context.Context, []string) (*Site, error) { return b.site, nil }

// testLanguages are the languages of the test sites: English first, so the default.
var testLanguages = []config.Lang{
	{Code: "en", Tag: language.English},
	{Code: "zh", Tag: language.MustParse("zh-Hans")},
	{Code: "ja", Tag: language.Japanese},
}

// testSite is a small built site with one file of each type the server names.
func testSite() *Site {
	page := func(s string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("<!doctype html><html><head><title>" + s + "</title></head><body><h1>" + s + "</h1></body></html>\n")}
	}
	return &Site{
		FS: fstest.MapFS{
			"404.html":                page("Not here"),
			"ja/404.html":             page("見つかりません"),
			"en/index.html":           page("English home"),
			"en/guide/index.html":     page("English guide"),
			"zh/index.html":           page("中文首页"),
			"ja/index.html":           page("日本語ホーム"),
			"static/site.css":         {Data: []byte("body{margin:0}</body>\n")},
			"static/app.js":           {Data: []byte("console.log('</body>')\n")},
			"static/logo.svg":         {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
			"static/font.woff2":       {Data: []byte("wOF2")},
			"static/photo.png":        {Data: []byte("\x89PNG\r\n\x1a\n")},
			"static/favicon.ico":      {Data: []byte{0, 0, 1, 0}},
			"static/search.json":      {Data: []byte(`{"pages":[]}`)},
			"static/site.webmanifest": {Data: []byte(`{}`)},
			"sitemap.xml":             {Data: []byte(`<?xml version="1.0"?><urlset/>`)},
			"robots.txt":              {Data: []byte("User-agent: *\n")},
			"static/unknown.bin7":     {Data: []byte{0, 1, 2, 3}},
		},
		Languages: testLanguages,
		BasePath:  "/",
	}
}

// startServer runs Run on a free loopback port until the test ends and
// returns the site's URL.
func startServer(t testing.TB, opts Options, b Builder) *url.URL {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	opts.Addr = cmp.Or(opts.Addr, "127.0.0.1:0")
	if opts.SourceDir == "" {
		opts.SourceDir = t.TempDir()
	}
	ready := make(chan string, 1)
	opts.Ready = func(u string) { ready <- u }
	done := make(chan error, 1)
	go func() { done <- Run(ctx, opts, b) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("Run did not return after cancel")
		}
	})
	select {
	case u := <-ready:
		parsed, err := url.Parse(u)
		if err != nil {
			t.Fatal(err)
		}
		return parsed
	case err := <-done:
		t.Fatalf("Run returned before serving: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("server not ready")
	}
	return nil
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	Timeout:       30 * time.Second,
}

// get requests path from base with the given headers and returns the
// response with its body read.
func get(t testing.TB, base *url.URL, path string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base.Scheme+"://"+base.Host+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

var genAttr = regexp.MustCompile(`<script src="/_docsite/reload.js" data-gen="([^"]*)"></script>`)

// pageGen returns the build generation a served page names in its reload script tag.
func pageGen(t testing.TB, page string) string {
	t.Helper()
	m := genAttr.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no reload script in page:\n%s", page)
	}
	return m[1]
}

// event is one Server-Sent Event.
type event struct{ name, data string }

// eventStream is a client of the reload stream, as a page's script is.
type eventStream struct {
	events chan event
	body   io.Closer
}

// openEvents connects to the reload stream as a page of build gen would.
// When it returns, the server has registered the stream.
func openEvents(t testing.TB, base *url.URL, gen string) *eventStream {
	t.Helper()
	resp, err := http.Get(base.Scheme + "://" + base.Host + eventsPath + "?gen=" + url.QueryEscape(gen))
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %s", resp.Status)
	}
	s := &eventStream{events: make(chan event, 100), body: resp.Body}
	t.Cleanup(func() { resp.Body.Close() })
	go s.read(resp.Body)
	return s
}

func (s *eventStream) read(r io.Reader) {
	defer close(s.events)
	sc := bufio.NewScanner(r)
	var ev event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if ev.name != "" {
				s.events <- ev
			}
			ev = event{}
		case strings.HasPrefix(line, "event: "):
			ev.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			ev.data = strings.TrimPrefix(line, "data: ")
		}
	}
}

// next waits for the stream's next event.
func (s *eventStream) next(t testing.TB) event {
	t.Helper()
	select {
	case ev, ok := <-s.events:
		if !ok {
			t.Fatal("event stream closed")
		}
		return ev
	case <-time.After(20 * time.Second):
		t.Fatal("no event within 20s")
	}
	return event{}
}

// none checks that no event arrives within d.
func (s *eventStream) none(t testing.TB, d time.Duration) {
	t.Helper()
	select {
	case ev, ok := <-s.events:
		if ok {
			t.Errorf("unexpected event %q %q", ev.name, ev.data)
		}
	case <-time.After(d):
	}
}
