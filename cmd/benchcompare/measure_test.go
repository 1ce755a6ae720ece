package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestParseTimeV(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "time-v.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseTimeV(data)
	if err != nil {
		t.Fatal(err)
	}
	if s.cpu != 0 || s.rssKiB != 1656 {
		t.Errorf("got cpu %v rss %d KiB, want 0 and 1656", s.cpu, s.rssKiB)
	}
}

func TestParseTimeVAddsUserAndSystem(t *testing.T) {
	s, err := parseTimeV([]byte("\tUser time (seconds): 1.25\n\tSystem time (seconds): 0.50\n\tMaximum resident set size (kbytes): 2048\n"))
	if err != nil || s.cpu != 1750*time.Millisecond || s.rssKiB != 2048 {
		t.Errorf("got %+v, %v", s, err)
	}
}

func TestParseTimeVRejectsIncompleteReport(t *testing.T) {
	for _, in := range []string{"", "\tUser time (seconds): 1.25\n", "\tUser time (seconds): x\n\tSystem time (seconds): 0\n\tMaximum resident set size (kbytes): 1\n"} {
		if _, err := parseTimeV([]byte(in)); err == nil {
			t.Errorf("parseTimeV(%q): no error", in)
		}
	}
}

func TestMeasureRealCommand(t *testing.T) {
	if _, err := os.Stat(timeBin); err != nil {
		t.Skip("GNU time not installed")
	}
	s, err := measure([]string{"sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s.wall <= 0 || s.rssKiB <= 0 {
		t.Errorf("got %+v, want positive wall time and RSS", s)
	}
	if _, err := measure([]string{"false"}, t.TempDir()); err == nil {
		t.Error("a failing command measured without error")
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []int64
		want int64
	}{
		{[]int64{5}, 5}, {[]int64{9, 1, 5}, 5}, {[]int64{4, 1, 3, 2}, 2}, {nil, 0},
	} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestParseSizes(t *testing.T) {
	got, err := parseSizes("1000, 10000")
	if err != nil || len(got) != 2 || got[0] != 1000 || got[1] != 10000 {
		t.Errorf("got %v, %v", got, err)
	}
	for _, bad := range []string{"", "0", "10,x", "-5"} {
		if _, err := parseSizes(bad); err == nil {
			t.Errorf("parseSizes(%q): no error", bad)
		}
	}
}
