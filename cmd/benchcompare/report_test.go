package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite golden files")

// runs makes samples with the given wall times, twice as much CPU time and a peak RSS
// that grows by 1 MiB a run from rssMiB.
func runs(rssMiB int64, walls ...float64) []sample {
	var ss []sample
	for k, w := range walls {
		d := time.Duration(w * float64(time.Second))
		ss = append(ss, sample{wall: d, cpu: 2 * d, rssKiB: 1024 * (rssMiB + int64(k))})
	}
	return ss
}

func TestReportGolden(t *testing.T) {
	all := []sizeResults{
		{pages: 1000, out: "disk /tmp/out", scenario: "fresh", loadBefore: "0.10 0.20 0.30", loadAfter: "1.00 0.50 0.40", results: []result{
			{tool: "docsite", pages: 1000, runs: runs(40, 1.0, 1.2, 1.1)},
			{tool: "hugo", pages: 1000, runs: runs(400, 3.0, 2.0, 4.0)},
			{tool: "floor", pages: 1000, runs: runs(10, 0.8, 0.7, 0.9)},
		}},
		{pages: 10000, out: "disk /tmp/out", scenario: "fresh", loadBefore: "1.00 0.50 0.40", loadAfter: "1.10 0.60 0.50", results: []result{
			{tool: "docsite", pages: 10000, runs: runs(60, 12, 11, 13)},
			{tool: "hugo", pages: 10000, runs: runs(6000, 30, 25, 24)},
			{tool: "floor", pages: 10000, runs: runs(12, 8, 7.5, 7)},
		}},
		{pages: 10000, out: "disk /tmp/out", scenario: "noop", loadBefore: "1.10 0.60 0.50", loadAfter: "1.20 0.60 0.50", results: []result{
			{tool: "docsite", pages: 10000, runs: runs(60, 2, 1.5, 1)},
			{tool: "hugo", pages: 10000, runs: runs(6000, 20, 21, 22)},
		}},
	}
	var b bytes.Buffer
	writeReport(&b, config{seed: 1, runs: 3}, all)
	golden := filepath.Join("testdata", "report.golden")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	// The CPU count in the first line is the machine's; compare from the tables on.
	if got, want := afterFirstLine(b.Bytes()), afterFirstLine(want); !bytes.Equal(got, want) {
		t.Errorf("report differs from %s (run with -update after checking):\n%s", golden, b.Bytes())
	}
}

func afterFirstLine(b []byte) []byte {
	_, rest, _ := bytes.Cut(b, []byte("\n"))
	return rest
}
