package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// sample is one timed run of a tool.
type sample struct {
	wall   time.Duration
	cpu    time.Duration // user + system
	rssKiB int64         // peak resident set size
}

const timeBin = "/usr/bin/time"

// measure runs argv under /usr/bin/time -v and returns its wall time (measured here,
// to the microsecond), CPU time and peak RSS (as time reports them).
func measure(argv []string, scratch string) (sample, error) {
	report := filepath.Join(scratch, "time-v.txt")
	cmd := exec.Command(timeBin, append([]string{"-v", "-o", report}, argv...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, tail(out.String(), 2000))
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return sample{}, err
	}
	s, err := parseTimeV(data)
	s.wall = wall
	return s, err
}

// parseTimeV reads the user, system and peak RSS lines of GNU time's -v report.
func parseTimeV(data []byte) (sample, error) {
	var s sample
	var user, sys float64
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), ": ")
		if !ok {
			continue
		}
		var err error
		switch key {
		case "User time (seconds)":
			user, err = strconv.ParseFloat(value, 64)
		case "System time (seconds)":
			sys, err = strconv.ParseFloat(value, 64)
		case "Maximum resident set size (kbytes)":
			s.rssKiB, err = strconv.ParseInt(value, 10, 64)
		default:
			continue
		}
		if err != nil {
			return s, fmt.Errorf("time -v report: %s: %v", key, err)
		}
		seen++
	}
	if seen != 3 {
		return s, fmt.Errorf("time -v report: found %d of user, system and maximum RSS", seen)
	}
	s.cpu = time.Duration((user + sys) * float64(time.Second))
	return s, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
