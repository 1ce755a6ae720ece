package serve

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// shortTimeouts make a test server drop slow and idle connections quickly.
var shortTimeouts = timeouts{header: 200 * time.Millisecond, read: 200 * time.Millisecond, write: 200 * time.Millisecond, idle: 200 * time.Millisecond}

// closedBy reports whether the server closes conn within d (reading EOF or a
// reset), as against leaving it open.
func closedBy(t *testing.T, conn net.Conn, r io.Reader, d time.Duration) bool {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := r.Read(make([]byte, 1))
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return false
	}
	return err != nil
}

// A connection kept alive after its request and then left idle is closed, so
// idle clients cannot hold every descriptor of the server.
func TestIdleConnectionIsClosed(t *testing.T) {
	base := startServer(t, Options{timeouts: shortTimeouts}, staticBuilder{testSite()})
	conn, err := net.Dial("tcp", base.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /en/index.html HTTP/1.1\r\nHost: "+base.Host+"\r\n\r\n")
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.Close {
		t.Fatal("the server closed the connection after the request; want it kept alive")
	}
	if !closedBy(t, conn, br, 10*time.Second) {
		t.Error("an idle kept-alive connection is still open after 10s (idle timeout 200ms)")
	}
}

// A request whose headers come a byte at a time, never ending, is cut off.
func TestTricklingRequestIsClosed(t *testing.T) {
	base := startServer(t, Options{timeouts: shortTimeouts}, staticBuilder{testSite()})
	conn, err := net.Dial("tcp", base.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /en/index.html HTTP/1.1\r\nHost: "+base.Host+"\r\n")
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := io.WriteString(conn, "X: y\r\n"); err != nil {
			return // closed
		}
		if closedBy(t, conn, conn, 50*time.Millisecond) {
			return
		}
	}
	t.Error("a request whose headers never end is still open after 5s (header timeout 200ms)")
}

// The live-reload event stream outlives the read, write and idle timeouts:
// a page open longer than them still reloads after an edit.
func TestEventStreamOutlivesTimeouts(t *testing.T) {
	ls, fetch := startLiveSiteOptions(t, Options{timeouts: shortTimeouts})
	time.Sleep(5 * shortTimeouts.write)
	writeFile(t, ls.dir, "content/en/index.md", "<p>second</p>")
	if ev := ls.stream.next(t); ev.name != "reload" {
		t.Fatalf("event %q, want reload", ev.name)
	}
	if page := fetch("/en/index.html"); !strings.Contains(page, "<p>second</p>") {
		t.Errorf("after reload the page is %q", page)
	}
}
