package browser

import (
	"net"
	"net/http"
	"strings"

	"docsite/internal/check/site"
)

// server serves a built tree on a loopback port under the tree's base path.
type server struct {
	origin string // "http://127.0.0.1:PORT"
	base   string // the tree's base path, "/" or "/sub/"
	tree   *site.Tree
	srv    *http.Server
}

func serve(t *site.Tree) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimSuffix(t.Base.Path, "/")
	mux := http.NewServeMux()
	mux.Handle(t.Base.Path, http.StripPrefix(prefix, http.FileServer(http.Dir(t.Dir))))
	s := &server{origin: "http://" + ln.Addr().String(), base: t.Base.Path, tree: t, srv: &http.Server{Handler: mux}}
	go s.srv.Serve(ln)
	return s, nil
}

// url returns the address of the file rel on this server.
func (s *server) url(rel string) string { return s.origin + s.tree.URLPath(rel) }

// local rewrites an absolute link on the site's own host to this server.
func (s *server) local(href string) string {
	if s.tree.Base.Host != "" {
		site := s.tree.Base.Scheme + "://" + s.tree.Base.Host
		if rest, ok := strings.CutPrefix(href, site+"/"); ok {
			return s.origin + "/" + rest
		}
	}
	return href
}

func (s *server) Close() error { return s.srv.Close() }
