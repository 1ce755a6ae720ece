package serve

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// hostPolicy decides which Host headers and Origins name this server. A page
// served under any other name was reached through someone else's DNS name
// (DNS rebinding), so the server answers it with 403.
type hostPolicy struct {
	port  string
	names map[string]bool // lower-case host names and IP literals, without port or brackets
	anyIP bool            // listening on an unspecified address: every IP literal is ours
}

// newHostPolicy allows the loopback names, the address actually bound and the
// host the user asked for (which may be a name such as "localhost").
func newHostPolicy(requested string, bound net.Addr) hostPolicy {
	p := hostPolicy{names: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}}
	if ap, err := netip.ParseAddrPort(bound.String()); err == nil {
		p.port = strconv.Itoa(int(ap.Port()))
		p.names[ap.Addr().Unmap().String()] = true
		p.anyIP = ap.Addr().IsUnspecified()
	}
	if h, _, err := net.SplitHostPort(requested); err == nil && h != "" {
		p.names[strings.ToLower(h)] = true
	}
	return p
}

// allows reports whether host (a Host header, "name:port") names this server.
func (p hostPolicy) allows(host string) bool {
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		// A Host header may leave out the default port.
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	if port != p.port || name == "" {
		return false
	}
	name = strings.ToLower(name)
	if p.names[name] {
		return true
	}
	if !p.anyIP {
		return false
	}
	addr, err := netip.ParseAddr(name)
	return err == nil && addr.Zone() == ""
}

// allowsOrigin reports whether an Origin header is absent or names this server.
// Browsers leave Origin off same-origin GET requests such as an EventSource's.
func (p hostPolicy) allowsOrigin(origin string) bool {
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Scheme != "http" || u.Path != "" || u.User != nil {
		return false
	}
	return p.allows(u.Host)
}
