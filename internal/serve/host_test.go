package serve

import (
	"net"
	"testing"
)

func TestHostPolicy(t *testing.T) {
	tests := []struct {
		requested, bound string
		host             string
		want             bool
	}{
		{"127.0.0.1:1313", "127.0.0.1:1313", "127.0.0.1:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "localhost:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "192.168.1.5:1313", false},
		{"localhost:1313", "127.0.0.1:1313", "localhost:1313", true},
		{"docs.test:1313", "127.0.0.1:1313", "docs.test:1313", true},
		{"docs.test:1313", "127.0.0.1:1313", "other.test:1313", false},
		// Listening on every address: any IP literal is ours, no other name is.
		{":1313", "[::]:1313", "192.168.1.5:1313", true},
		{"0.0.0.0:1313", "0.0.0.0:1313", "[fe80::1]:1313", true},
		{"0.0.0.0:1313", "0.0.0.0:1313", "[fe80::1%25eth0]:1313", false},
		{"0.0.0.0:1313", "0.0.0.0:1313", "attacker.example:1313", false},
		{"0.0.0.0:1313", "0.0.0.0:1313", "192.168.1.5:80", false},
		// On port 80 a Host may leave the port out.
		{"127.0.0.1:80", "127.0.0.1:80", "localhost", true},
		{"127.0.0.1:80", "127.0.0.1:80", "[::1]", true},
		{"127.0.0.1:80", "127.0.0.1:80", "evil.example", false},
		{"127.0.0.1:1313", "127.0.0.1:1313", "", false},
		{"127.0.0.1:1313", "127.0.0.1:1313", ":1313", false},
	}
	for _, tt := range tests {
		bound, err := net.ResolveTCPAddr("tcp", tt.bound)
		if err != nil {
			t.Fatal(err)
		}
		if got := newHostPolicy(tt.requested, bound).allows(tt.host); got != tt.want {
			t.Errorf("listening on %s (asked %s): allows(%q) = %v, want %v", tt.bound, tt.requested, tt.host, got, tt.want)
		}
	}
}
