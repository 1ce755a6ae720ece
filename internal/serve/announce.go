package serve

import (
	"cmp"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// announce prints the URL to open and, when the server listens beyond
// loopback, every address it is reachable at and a warning: the preview
// shows drafts and the translation review, which a published site leaves out.
func announce(log io.Writer, url string, bound net.Addr, snap *snapshot) {
	fmt.Fprintf(log, "docsite serve: serving %s (Ctrl-C to stop)\n", url)
	ifaces, _ := net.InterfaceAddrs()
	if w := exposure(bound, ifaces, cmp.Or(snap.base, "/")); w != "" {
		fmt.Fprintln(log, w)
	}
}

// exposure returns the warning for a server bound to bound on a machine with
// the interface addresses ifaces, or "" when it listens on loopback only.
func exposure(bound net.Addr, ifaces []net.Addr, base string) string {
	ap, err := netip.ParseAddrPort(bound.String())
	if err != nil || ap.Addr().Unmap().IsLoopback() {
		return ""
	}
	ip := ap.Addr().Unmap()
	port := strconv.Itoa(int(ap.Port()))
	var urls []string
	if ip.IsUnspecified() {
		for _, a := range ifaces {
			p, ok := prefixAddr(a)
			if !ok || p.IsLoopback() {
				continue
			}
			urls = append(urls, "http://"+net.JoinHostPort(p.String(), port)+base)
		}
	} else {
		urls = append(urls, "http://"+net.JoinHostPort(ip.String(), port)+base)
	}
	where := "on " + bound.String()
	if ip.IsUnspecified() {
		where = "on every address of this machine (" + bound.String() + ")"
	}
	msg := "docsite serve: warning: listening " + where + ", not on loopback: anyone who can reach this machine sees the site with its drafts and its translation review (/_review/)"
	if len(urls) > 0 {
		msg += "; it is reachable at " + strings.Join(urls, ", ")
	}
	return msg + ". Use -addr 127.0.0.1:" + port + " to keep it to this machine."
}

// prefixAddr returns the IP of an interface address; link-local ones, which
// a browser cannot use without a zone, do not count.
func prefixAddr(a net.Addr) (netip.Addr, bool) {
	var raw net.IP
	switch a := a.(type) {
	case *net.IPNet:
		raw = a.IP
	case *net.IPAddr:
		raw = a.IP
	}
	ip, ok := netip.AddrFromSlice(raw)
	ip = ip.Unmap()
	return ip, ok && !ip.IsLinkLocalUnicast()
}
