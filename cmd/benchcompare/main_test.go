package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain lets the compare test run this test binary as the floor, the way the real
// command runs itself.
func TestMain(m *testing.M) {
	if os.Getenv("BENCHCOMPARE_AS_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestCompareEndToEnd(t *testing.T) {
	if _, err := os.Stat(timeBin); err != nil {
		t.Skip("GNU time not installed")
	}
	t.Setenv("BENCHCOMPARE_AS_MAIN", "1")
	work := t.TempDir()
	args := []string{"-sizes", "4,8", "-runs", "1", "-work", work, "-out", work + "/a," + work + "/b", "-scenarios", "fresh,noop,body,title"}
	tools := []string{"floor"}
	if hugo, err := exec.LookPath("hugo"); err == nil {
		args = append(args, "-hugo", hugo)
		tools = append(tools, "hugo")
	}
	var out, log bytes.Buffer
	if err := run(args, &out, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	for _, want := range []string{"### 4 pages per language (12 pages), fresh", "### 8 pages per language (24 pages), title, output on disk " + work + "/b", "### Linearity", "| 8 | disk | body |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	for _, tool := range tools {
		if !strings.Contains(out.String(), "| "+tool+" |") {
			t.Errorf("report lacks a %s row:\n%s", tool, out.String())
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-runs", "0"}, {"-sizes", "x"}, {"-floor"}, {"extra"}, {"-scenarios", "warm"}} {
		if err := run(args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
