package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"
)

func writeReport(w io.Writer, cfg config, all []sizeResults) {
	fmt.Fprintf(w, "Corpus seed %d; %d measured runs per tool and size after one discarded warm-up run; medians; %d CPUs; output in %s.\n",
		cfg.seed, cfg.runs, runtime.NumCPU(), cfg.out)
	for _, sr := range all {
		writeSize(w, sr)
	}
	if len(all) > 1 {
		writeLinearity(w, all[0], all[len(all)-1])
	}
}

func writeSize(w io.Writer, sr sizeResults) {
	total := 3 * sr.pages
	fmt.Fprintf(w, "\n### %d pages per language (%d pages)\n\n", sr.pages, total)
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
