package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"
)

func writeReport(w io.Writer, cfg config, all []sizeResults) {
	fmt.Fprintf(w, "Corpus seed %d; %d measured runs per tool after one discarded warm-up run; medians; %d CPUs.\n",
		cfg.seed, cfg.runs, runtime.NumCPU())
	writeSummary(w, all)
	for _, sr := range all {
		writeSize(w, sr)
	}
	var fresh []sizeResults
	for _, sr := range all {
		if sr.scenario == "fresh" && sr.out == all[0].out {
			fresh = append(fresh, sr)
		}
	}
	if len(fresh) > 1 {
		writeLinearity(w, fresh[0], fresh[len(fresh)-1])
	}
}

// writeSummary is one line per size, output and scenario: docsite against Hugo, with the
// floor's fresh build at that size and output beside it.
func writeSummary(w io.Writer, all []sizeResults) {
	fmt.Fprintln(w, "\n| pages/lang | output | scenario | docsite wall (s) | Hugo wall (s) | docsite/Hugo wall | docsite/Hugo CPU | docsite/Hugo RSS | floor wall, fresh (s) |")
	fmt.Fprintln(w, "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, sr := range all {
		d, h := sr.find("docsite"), sr.find("hugo")
		floor := "–"
		for _, f := range all {
			if f.pages == sr.pages && f.out == sr.out && f.find("floor") != nil {
				floor = fmt.Sprintf("%.2f", f.find("floor").median().wall.Seconds())
			}
		}
		cell := func(r *result) string {
			if r == nil {
				return "–"
			}
			return fmt.Sprintf("%.2f", r.median().wall.Seconds())
		}
		ratios := "– | – | –"
		if d != nil && h != nil {
			md, mh := d.median(), h.median()
			ratios = fmt.Sprintf("%.2f | %.2f | %.2f", ratio(md.wall, mh.wall), ratio(md.cpu, mh.cpu), float64(md.rssKiB)/float64(mh.rssKiB))
		}
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %s |\n", sr.pages, strings.Fields(sr.out)[0], sr.scenario, cell(d), cell(h), ratios, floor)
	}
}

func (sr sizeResults) find(tool string) *result {
	for i := range sr.results {
		if sr.results[i].tool == tool {
			return &sr.results[i]
		}
	}
	return nil
}

func writeSize(w io.Writer, sr sizeResults) {
	total := 3 * sr.pages
	fmt.Fprintf(w, "\n### %d pages per language (%d pages), %s, output on %s\n\n", sr.pages, total, sr.scenario, sr.out)
	fmt.Fprintf(w, "Load average before %s, after %s.\n\n", sr.loadBefore, sr.loadAfter)
	fmt.Fprintln(w, "| tool | wall (s) | wall min–max (s) | CPU user+sys (s) | peak RSS (MiB) | pages/s |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range sr.results {
		m := r.median()
		lo, hi := r.wallRange()
		fmt.Fprintf(w, "| %s | %.2f | %.2f–%.2f | %.2f | %.0f | %.0f |\n",
			r.tool, m.wall.Seconds(), lo.Seconds(), hi.Seconds(), m.cpu.Seconds(), mib(m.rssKiB), float64(total)/m.wall.Seconds())
	}
	if len(sr.results) < 2 {
		return
	}
	fmt.Fprintln(w, "\n| ratio of medians | wall | CPU | peak RSS |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: |")
	for i, a := range sr.results {
		for _, b := range sr.results[i+1:] {
			ma, mb := a.median(), b.median()
			fmt.Fprintf(w, "| %s/%s | %.2f | %.2f | %.2f |\n", a.tool, b.tool,
				ratio(ma.wall, mb.wall), ratio(ma.cpu, mb.cpu), float64(ma.rssKiB)/float64(mb.rssKiB))
		}
	}
}

// writeLinearity compares the medians at the largest size with the smallest, scaled by
// the size ratio: 1.00 is linear, above 1 grows faster than the corpus. CPU time is
// given too because on a shared machine it depends less on the load than wall time.
func writeLinearity(w io.Writer, small, large sizeResults) {
	scale := float64(large.pages) / float64(small.pages)
	fmt.Fprintf(w, "\n### Linearity (median at %d ÷ median at %d ÷ %g)\n\n", large.pages, small.pages, scale)
	fmt.Fprintf(w, "| tool | wall at %d (s) | wall at %d (s) | wall linearity | CPU at %d (s) | CPU at %d (s) | CPU linearity |\n",
		small.pages, large.pages, small.pages, large.pages)
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, a := range small.results {
		for _, b := range large.results {
			if a.tool == b.tool {
				ms, ml := a.median(), b.median()
				fmt.Fprintf(w, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", a.tool,
					ms.wall.Seconds(), ml.wall.Seconds(), ratio(ml.wall, ms.wall)/scale,
					ms.cpu.Seconds(), ml.cpu.Seconds(), ratio(ml.cpu, ms.cpu)/scale)
			}
		}
	}
}

// median takes the median of each measure on its own.
func (r result) median() sample {
	var walls, cpus []time.Duration
	var rss []int64
	for _, s := range r.runs {
		walls, cpus, rss = append(walls, s.wall), append(cpus, s.cpu), append(rss, s.rssKiB)
	}
	return sample{wall: median(walls), cpu: median(cpus), rssKiB: median(rss)}
}

func (r result) wallRange() (lo, hi time.Duration) {
	for k, s := range r.runs {
		if k == 0 || s.wall < lo {
			lo = s.wall
		}
		hi = max(hi, s.wall)
	}
	return lo, hi
}

// median is the middle value, or the mean of the two middle values.
func median[T int64 | time.Duration](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func mib(kib int64) float64 { return float64(kib) / 1024 }
