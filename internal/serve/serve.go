// Package serve owns the local preview server: in-memory site, watching, live reload, negotiation.
//
// # Serving
//
// Run builds the site once through a [Builder], listens (on loopback unless
// told otherwise), prints the URL and serves the built [Site] from memory: files
// from Site.FS with fixed content types, the site's 404.html with status 404,
// every answer marked Cache-Control: no-store. Request paths are looked up in
// the fs.FS only, never joined onto a disk path; "..", ".", empty segments,
// backslashes, NUL and encoded dots, slashes and backslashes are refused.
//
// # Languages
//
// "/" and the site's base path redirect (302, Vary: Accept-Language) to the
// home of the language that best fits the visitor's Accept-Language, chosen by
// golang.org/x/text/language's Matcher; a missing, malformed or unmatched
// header gets the default language, Site.Languages[0].
//
// # Watching
//
// Run watches content/, locales/, i18n/, templates/, static/ (recursively, with
// folders made later) and site.toml under the source folder and rebuilds with
// the paths that changed: the first change after a quiet spell as soon as its
// files settle, the rest of a burst of changes as one batch once the sources are
// quiet again (see [DefaultQuiet]). A good build replaces the served site in one
// atomic step, so a request sees the old site or the new one, whole; a build
// whose files changed while it ran is not published (see Settling in batch.go),
// so a page being rewritten is never served half-written.
//
// # Live reload
//
// Every HTML page served (never a file of the built site) gets a script tag
// loading the reload client from /_docsite/, which the server owns. The client
// opens a Server-Sent Events stream while its tab is visible, reloads after a
// good build and, after a failed one, shows its errors over the page until the
// next good build; the terminal shows them too, and the last good site stays
// served.
//
// # Safety
//
// A request whose Host is not a name of the listening address (the address
// itself, localhost, 127.0.0.1 or [::1] with the same port) gets 403, which
// defeats DNS rebinding; the event stream refuses a foreign Origin; no CORS
// headers are sent. A connection that is slow to send its request, or idle
// between requests, is closed (see [timeouts]). Listening beyond loopback
// prints a warning naming the addresses the site is reachable at: the preview
// shows drafts and the translation review.
package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultAddr is where the preview server listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:1313"

// Options configure Run. The zero value serves the current folder's sources
// on DefaultAddr and logs nowhere.
type Options struct {
	Addr      string    // host:port to listen on; port 0 picks a free port. Default DefaultAddr.
	SourceDir string    // the folder holding content/, locales/, templates/, static/, site.toml. Default ".".
	Log       io.Writer // where the URL, build times and build errors go. Default: discarded.

	// Ready, when set, is called once the server accepts requests, with the
	// URL of the site, e.g. "http://127.0.0.1:1313/".
	Ready func(url string)

	// Quiet is how long the sources must be quiet before a change counts as
	// the start of a new burst, which is built at once, and before the rest of
	// a burst is built. Default DefaultQuiet.
	Quiet time.Duration

	// timeouts bound how long a connection may take or sit idle; zero is
	// defaultTimeouts. Tests shorten them.
	timeouts timeouts
}

// timeouts bound what one connection may hold of the server. Without them a
// client that opens connections and leaves them idle (or sends a request a
// byte a minute) keeps a file descriptor each until the server has none left.
// The event stream of live reload is the one long-lived answer: it lifts the
// read and write deadlines of its own connection (see serveEvents).
type timeouts struct {
	header time.Duration // to read a request's headers
	read   time.Duration // to read a whole request
	write  time.Duration // to write an answer
	idle   time.Duration // a kept-alive connection waiting for its next request
}

var defaultTimeouts = timeouts{header: 10 * time.Second, read: 30 * time.Second, write: time.Minute, idle: time.Minute}

func (o Options) withDefaults() Options {
	o.Addr = cmp.Or(o.Addr, DefaultAddr)
	o.SourceDir = cmp.Or(o.SourceDir, ".")
	if o.Log == nil {
		o.Log = io.Discard
	}
	o.Quiet = cmp.Or(o.Quiet, DefaultQuiet)
	o.timeouts = cmp.Or(o.timeouts, defaultTimeouts)
	return o
}

// Run serves the site b builds until ctx is done, then shuts down and
// returns nil. It returns an error when it cannot listen or watch. A failed
// first build does not stop it: it shows the errors until a good build.
func Run(ctx context.Context, opts Options, b Builder) error {
	opts = opts.withDefaults()
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	// Watch before the first build, so an edit made while it runs is not lost.
	w, err := newWatcher(opts.SourceDir, opts.Log)
	if err != nil {
		return fmt.Errorf("watching %s: %w", opts.SourceDir, err)
	}
	defer w.Close()

	h := &handler{state: new(atomic.Pointer[snapshot]), hosts: newHostPolicy(opts.Addr, ln.Addr()), hub: newHub()}
	h.state.Store(&snapshot{})
	pub := &publisher{b: b, state: h.state, hub: h.hub, log: opts.Log, run: strconv.FormatInt(time.Now().UnixNano(), 36)}
	pub.build(ctx, nil, nil)
	if ctx.Err() != nil {
		return nil
	}
	return serveUntilDone(ctx, opts, ln, h, w, pub)
}

// serveUntilDone serves and rebuilds until ctx is done, then closes the event
// streams (which would otherwise hold Shutdown forever) and shuts down.
func serveUntilDone(ctx context.Context, opts Options, ln net.Listener, h *handler, w *watcher, pub *publisher) error {
	t := opts.timeouts
	srv := &http.Server{Handler: h, ReadHeaderTimeout: t.header, ReadTimeout: t.read, WriteTimeout: t.write, IdleTimeout: t.idle}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	url := siteURL(ln.Addr(), h.state.Load())
	announce(opts.Log, url, ln.Addr(), h.state.Load())
	if opts.Ready != nil {
		opts.Ready(url)
	}

	var rebuilding sync.WaitGroup
	rebuilding.Go(func() {
		for {
			changed, ok := w.next(ctx, opts.Quiet)
			if !ok {
				return
			}
			read := statuses(w.root, changed)
			if !pub.build(ctx, changed, func() bool { return w.unchanged(read) }) {
				w.carry(changed)
			}
			w.rebuilt = true
		}
	})

	var err error
	select {
	case <-ctx.Done():
	case err = <-served:
	}
	h.hub.close()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(shutdown)
	w.Close() // ends the rebuild loop if ctx is still live
	rebuilding.Wait()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// siteURL is the URL to open: the listening address (localhost when it is
// every address) and the site's base path.
func siteURL(addr net.Addr, snap *snapshot) string {
	host := addr.String()
	if ap, err := netip.ParseAddrPort(host); err == nil && ap.Addr().IsUnspecified() {
		host = net.JoinHostPort("localhost", strconv.Itoa(int(ap.Port())))
	}
	return "http://" + host + cmp.Or(snap.base, "/")
}
