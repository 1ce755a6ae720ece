package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// keepAlive is how often an idle event stream sends a comment, so that a
// closed tab's connection is noticed and dropped.
const keepAlive = 15 * time.Second

// hub tells the open event streams that the snapshot changed.
// Each stream has a channel with room for one signal: a stream that is busy
// when several builds finish gets one signal and then reads the newest
// snapshot, so no stream blocks a build and none misses the last state.
type hub struct {
	mu      sync.Mutex
	streams map[chan struct{}]bool
	done    chan struct{} // closed at shutdown: every stream ends
}

func newHub() *hub {
	return &hub{streams: map[chan struct{}]bool{}, done: make(chan struct{})}
}

// join returns the channel a stream waits on and the function that leaves.
func (h *hub) join() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	h.streams[ch] = true
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.streams, ch)
		h.mu.Unlock()
	}
}

// notify signals every stream without waiting for any.
func (h *hub) notify() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.streams {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// close ends every stream, now and later.
func (h *hub) close() { close(h.done) }

// streamState is what one client has been told: the build its page came
// from and the errors its overlay shows.
type streamState struct {
	gen     string
	failure []string
}

// send writes the events that bring the client from st to snap:
// "reload" when a newer good build exists, else "build-error" or "build-ok"
// when the errors to show changed.
func (st *streamState) send(w io.Writer, snap *snapshot) error {
	if snap.site != nil && snap.gen != st.gen {
		st.gen, st.failure = snap.gen, nil
		_, err := fmt.Fprintf(w, "event: reload\ndata: %s\n\n", snap.gen)
		return err
	}
	if slices.Equal(snap.failure, st.failure) {
		return nil
	}
	st.failure = snap.failure
	if snap.failure == nil {
		_, err := io.WriteString(w, "event: build-ok\ndata: \n\n")
		return err
	}
	data, err := json.Marshal(snap.failure)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: build-error\ndata: %s\n\n", data)
	return err
}

// serveEvents streams reload and error events to one page as Server-Sent
// Events. The page names the build it came from in the "gen" parameter, so a
// page that missed a build while loading or while hidden reloads at once.
func (h *handler) serveEvents(w http.ResponseWriter, r *http.Request) {
	// Is the stream asked for by one of our own pages?
	if !h.hosts.allowsOrigin(r.Header.Get("Origin")) {
		http.Error(w, "403 forbidden: foreign origin", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// The stream lasts as long as the page is open: the server's read and
	// write timeouts, meant for ordinary requests, must not cut it. A closed
	// tab is still noticed, by the keep-alive comment's failed write.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	signal, leave := h.hub.join()
	defer leave()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "retry: 1000\n\n")
	h.pump(w, rc, r, signal, &streamState{gen: r.URL.Query().Get("gen")})
}

// pump sends events until the client leaves or the server stops.
func (h *handler) pump(w http.ResponseWriter, rc *http.ResponseController, r *http.Request, signal <-chan struct{}, st *streamState) {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		if err := st.send(w, h.state.Load()); err != nil {
			return
		}
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-signal:
		case <-tick.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-h.hub.done:
			return
		}
	}
}
