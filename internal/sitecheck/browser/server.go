package browser

import (
	"net"
	"net/http"
	"strings"

	"docsite/internal/sitecheck/site"
)

// server serves a built tree on a loopback port under the tree's base path.
type server struct {
	origin string // "http://127.0.0.1:PORT"
	proxy  string // "127.0.0.1:PORT" of a proxy that closes every connection, for all other hosts
	refuse net.Listener
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
	refuse, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		ln.Close()
		return nil, err
	}
	s := &server{origin: "http://" + ln.Addr().String(), proxy: refuse.Addr().String(), refuse: refuse,
		base: t.Base.Path, tree: t, srv: &http.Server{Handler: mux}}
	go s.srv.Serve(ln)
	go closeAll(refuse)
	return s, nil
}

// closeAll accepts connections on ln and closes them at once, until ln closes.
func closeAll(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.Close()
	}
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

// strip turns this server's URLs in a message into paths.
func (s *server) strip(msg string) string { return strings.ReplaceAll(msg, s.origin+"/", "/") }

func (s *server) Close() error {
	s.refuse.Close()
	return s.srv.Close()
}
