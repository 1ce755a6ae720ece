package serve

import (
	"net"
	"strings"
	"testing"
)

func TestExposure(t *testing.T) {
	ifaces := []net.Addr{
		&net.IPNet{IP: net.ParseIP("127.0.0.1"), Mask: net.CIDRMask(8, 32)},
		&net.IPNet{IP: net.ParseIP("192.168.1.20").To4(), Mask: net.CIDRMask(24, 32)},
		&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
		&net.IPNet{IP: net.ParseIP("2001:db8::7"), Mask: net.CIDRMask(64, 128)},
	}
	tcp := func(s string) net.Addr {
		a, err := net.ResolveTCPAddr("tcp", s)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tc := range []struct {
		bound string
		want  []string // in the warning; none: no warning
	}{
		{"127.0.0.1:1313", nil},
		{"[::1]:1313", nil},
		{"127.0.0.2:1313", nil},
		{"0.0.0.0:1313", []string{"warning", "every address", "drafts", "/_review/", "http://192.168.1.20:1313/", "http://[2001:db8::7]:1313/", "-addr 127.0.0.1:1313"}},
		{"[::]:1313", []string{"warning", "every address", "http://192.168.1.20:1313/"}},
		{"192.168.1.20:8080", []string{"warning", "on 192.168.1.20:8080", "http://192.168.1.20:8080/", "/_review/"}},
	} {
		got := exposure(tcp(tc.bound), ifaces, "/")
		if tc.want == nil {
			if got != "" {
				t.Errorf("%s: warning %q, want none", tc.bound, got)
			}
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: warning %q lacks %q", tc.bound, got, w)
			}
		}
		for _, no := range []string{"127.0.0.1:1313/", "fe80", "localhost"} {
			if strings.Contains(got, no) {
				t.Errorf("%s: warning %q names %q", tc.bound, got, no)
			}
		}
	}
}
