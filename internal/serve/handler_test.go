package serve

import (
	"bufio"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// rawGet sends a request line exactly as written, with the Host header
// given, so that paths reach the server without a client cleaning them.
func rawGet(t *testing.T, base *url.URL, target, host string) (*http.Response, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", base.Host, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func TestTraversalIsRefused(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	tests := []struct {
		target string
		want   int
	}{
		{"/../../etc/passwd", 400},
		{"/en/../../etc/passwd", 400},
		{"/en/../ja/index.html", 400},
		{"/..", 400},
		{"/.", 400},
		{"/en/.", 400},
		{"/en/..", 400},
		{"/./en/", 400},
		{"/en/./index.html", 400},
		{"/en//index.html", 400},
		{"//etc/passwd", 400},
		{"///etc/passwd", 400},
		{"/%2e%2e/%2e%2e/etc/passwd", 400},
		{"/%2E%2E/site.toml", 400},
		{"/en/%2e%2e/404.html", 400},
		{"/en/%2e/index.html", 400},
		{"/.%2e/etc/passwd", 400},
		{"/..%2fetc%2fpasswd", 400},
		{"/static%2fsite.css", 400},
		{"/static%2Fsite.css", 400},
		{"/static%5csite.css", 400},
		{"/static%5Csite.css", 400},
		{`/static\site.css`, 400},
		{`/..\..\etc\passwd`, 400},
		{"/en/index.html%00.css", 400},
		{"/%00", 400},
		{"/en/%zz", 400},
		{"/en/%", 400},
		{"C:/Windows/win.ini", 400},
		{"*", 400},
		// Double encoding decodes once, to a literal name the site lacks.
		{"/%252e%252e/etc/passwd", 404},
		{"/..;/etc/passwd", 404},
		// An absolute-form target names another host, which is refused.
		{"http://evil.example/etc/passwd", 403},
	}
	for _, tt := range tests {
		resp, body := rawGet(t, base, tt.target, base.Host)
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s: status %d, want %d (%q)", tt.target, resp.StatusCode, tt.want, body)
		}
		if strings.Contains(body, "root:") || strings.Contains(body, "English home") {
			t.Errorf("GET %s: served content: %q", tt.target, body)
		}
	}
}

func TestNotFoundServesSite404(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	tests := []struct{ path, want string }{
		{"/en/nope", "Not here"},
		{"/en/nope/", "Not here"},
		{"/nope.css", "Not here"},
		{"/ja/nope/", "見つかりません"},
		{"/static/nope.js", "Not here"},
	}
	for _, tt := range tests {
		resp, body := get(t, base, tt.path, nil)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", tt.path, resp.StatusCode)
		}
		if !strings.Contains(body, "<h1>"+tt.want+"</h1>") {
			t.Errorf("%s: body %q, want the site's page %q", tt.path, body, tt.want)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tt.path, ct)
		}
		pageGen(t, body) // the 404 page reloads too
	}
}

func TestNotFoundWithoutSite404(t *testing.T) {
	site := testSite()
	delete(site.FS.(fstest.MapFS), "404.html")
	base := startServer(t, Options{}, staticBuilder{site})
	resp, body := get(t, base, "/en/nope", nil)
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "404 page not found") {
		t.Errorf("status %d body %q, want a plain 404", resp.StatusCode, body)
	}
}

func TestContentTypes(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	tests := []struct{ path, want string }{
		{"/en/", "text/html; charset=utf-8"},
		{"/en/index.html", "text/html; charset=utf-8"},
		{"/static/site.css", "text/css; charset=utf-8"},
		{"/static/app.js", "text/javascript; charset=utf-8"},
		{"/static/logo.svg", "image/svg+xml"},
		{"/static/font.woff2", "font/woff2"},
		{"/static/photo.png", "image/png"},
		{"/static/favicon.ico", "image/x-icon"},
		{"/static/search.json", "application/json"},
		{"/static/site.webmanifest", "application/manifest+json"},
		{"/sitemap.xml", "application/xml"},
		{"/robots.txt", "text/plain; charset=utf-8"},
		{"/static/unknown.bin7", "application/octet-stream"},
		{reloadScriptPath, "text/javascript; charset=utf-8"},
	}
	for _, tt := range tests {
		resp, _ := get(t, base, tt.path, nil)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", tt.path, resp.StatusCode)
		}
		if got := resp.Header.Get("Content-Type"); got != tt.want {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, got, tt.want)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", tt.path, got)
		}
	}
}

func TestEveryAnswerIsNoStoreWithoutCORS(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	tests := []struct {
		path   string
		header map[string]string
		status int
	}{
		{"/", nil, 302},
		{"/en/", nil, 200},
		{"/en/guide", nil, 302},
		{"/static/site.css", nil, 200},
		{"/en/nope", nil, 404},
		{"/en/..%2f", nil, 400},
		{"/en/", map[string]string{"Host": "evil.example"}, 403},
		{"/en/", map[string]string{"Origin": "http://evil.example"}, 200},
		{reloadScriptPath, nil, 200},
	}
	for _, tt := range tests {
		resp, _ := get(t, base, tt.path, tt.header)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, resp.StatusCode, tt.status)
		}
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", tt.path, got)
		}
		for k := range resp.Header {
			if strings.HasPrefix(k, "Access-Control-") {
				t.Errorf("%s: CORS header %s", tt.path, k)
			}
		}
	}
}

func TestFolderRedirectsToSlash(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	resp, _ := get(t, base, "/en/guide?x=1", nil)
	if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || got != "/en/guide/?x=1" {
		t.Errorf("status %d Location %q, want 302 /en/guide/?x=1", resp.StatusCode, got)
	}
}

func TestHostMustNameTheServer(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	_, port, _ := net.SplitHostPort(base.Host)
	tests := []struct {
		host string
		want int
	}{
		{base.Host, 200},
		{"127.0.0.1:" + port, 200},
		{"localhost:" + port, 200},
		{"LocalHost:" + port, 200},
		{"[::1]:" + port, 200},
		{"evil.example:" + port, 403},
		{"evil.example", 403},
		{"localhost", 403},
		{"localhost:1", 403},
		{"127.0.0.2:" + port, 403},
		{"10.0.0.1:" + port, 403},
		{"localhost.evil.example:" + port, 403},
		{"127.0.0.1.nip.io:" + port, 403},
		{"[::1%25lo]:" + port, 403},
	}
	for _, tt := range tests {
		resp, _ := rawGet(t, base, "/en/", tt.host)
		if resp.StatusCode != tt.want {
			t.Errorf("Host %q: status %d, want %d", tt.host, resp.StatusCode, tt.want)
		}
	}
}

func TestEventsRefuseForeignOrigin(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	_, port, _ := net.SplitHostPort(base.Host)
	tests := []struct {
		origin string
		want   int
	}{
		{"http://evil.example", 403},
		{"http://evil.example:" + port, 403},
		{"null", 403},
		{"https://" + base.Host, 403},
		{"http://localhost:1", 403},
		{"http://" + base.Host + "/path", 403},
		{"http://" + base.Host, 200},
		{"http://localhost:" + port, 200},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(http.MethodGet, base.Scheme+"://"+base.Host+eventsPath+"?gen=x", nil)
		req.Header.Set("Origin", tt.origin)
		resp, err := noRedirects.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("Origin %q: status %d, want %d", tt.origin, resp.StatusCode, tt.want)
		}
		if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
			t.Errorf("Origin %q: Access-Control-Allow-Origin %q", tt.origin, got)
		}
	}
}

func TestReloadScriptOnlyInServedHTML(t *testing.T) {
	site := testSite()
	before := map[string]string{}
	fs.WalkDir(site.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := fs.ReadFile(site.FS, p)
			before[p] = string(data)
		}
		return nil
	})
	base := startServer(t, Options{}, staticBuilder{site})
	_, page := get(t, base, "/en/", nil)
	if !strings.HasSuffix(page, `<script src="/_docsite/reload.js" data-gen="`+pageGen(t, page)+`"></script></body></html>`+"\n") {
		t.Errorf("reload script not just before </body>:\n%s", page)
	}
	for _, p := range []string{"/static/site.css", "/static/app.js", "/static/logo.svg"} {
		if _, body := get(t, base, p, nil); strings.Contains(body, "reload.js") {
			t.Errorf("%s: reload script injected into a non-HTML file", p)
		}
	}
	for p, data := range before {
		if got, _ := fs.ReadFile(site.FS, p); string(got) != data {
			t.Errorf("serving changed the site's file %s", p)
		}
	}
}

func TestInjectReloadWithoutBody(t *testing.T) {
	tests := []struct{ page, want string }{
		{"<p>hi", `<p>hi<script src="/_docsite/reload.js" data-gen="g"></script>`},
		{"<BODY>a</BODY>", `<BODY>a<script src="/_docsite/reload.js" data-gen="g"></script></BODY>`},
		{"<body>a <code>&lt;/body></code></body >", `<body>a <code>&lt;/body></code><script src="/_docsite/reload.js" data-gen="g"></script></body >`},
	}
	for _, tt := range tests {
		if got := string(injectReload([]byte(tt.page), "g")); got != tt.want {
			t.Errorf("injectReload(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

func TestHeadAndMethods(t *testing.T) {
	base := startServer(t, Options{}, staticBuilder{testSite()})
	getResp, body := get(t, base, "/en/", nil)
	resp, err := http.Head(base.Scheme + "://" + base.Host + "/en/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.ContentLength != int64(len(body)) || getResp.ContentLength != int64(len(body)) {
		t.Errorf("HEAD: %d length %d; GET length %d; body %d bytes", resp.StatusCode, resp.ContentLength, getResp.ContentLength, len(body))
	}
	resp, err = http.Post(base.Scheme+"://"+base.Host+"/en/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}
