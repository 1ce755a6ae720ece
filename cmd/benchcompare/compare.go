package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// tool is one program under comparison and how to build a corpus with it.
type tool struct {
	name  string
	input func(c corpusDirs) string // the folder the tool reads
	argv  func(c corpusDirs, dest string) []string
}

func siteDir(c corpusDirs) string { return c.site }
func hugoDir(c corpusDirs) string { return c.hugo }

// tools lists the programs to measure, docsite first, the floor last; the ratios
// are taken in this order.
func tools(cfg config) []tool {
	var ts []tool
	if cfg.docsite != "" {
		ts = append(ts, tool{"docsite", siteDir, func(c corpusDirs, dest string) []string {
			// The build cache beside the output: a fresh build (runOnce) starts without
			// one, a rebuild has the last build's.
			cache := filepath.Join(filepath.Dir(dest), "cache")
			return []string{cfg.docsite, "build", "-source", c.site, "-dest", dest, "-cache", cache}
		}})
	}
	if cfg.hugo != "" {
		ts = append(ts, tool{"hugo", hugoDir, func(c corpusDirs, dest string) []string {
			return []string{cfg.hugo, "--quiet", "--source", c.hugo, "--destination", dest}
		}})
	}
	return append(ts, tool{"floor", siteDir, func(c corpusDirs, dest string) []string {
		return []string{cfg.self, "-floor", "-source", c.site, "-dest", dest}
	}})
}

// result holds the measured runs of one tool at one corpus size.
type result struct {
	tool  string
	pages int // per language
	runs  []sample
}

// sizeResults are the results at one corpus size, output folder and scenario, with the
// load around them.
type sizeResults struct {
	pages                 int
	out                   string // the output folder's kind and path: "disk /work/…"
	scenario              string
	results               []result
	loadBefore, loadAfter string
}

func compare(cfg config, stdout, stderr io.Writer) error {
	ts := tools(cfg)
	var all []sizeResults
	for _, n := range cfg.sizes {
		c, err := ensureCorpus(cfg.work, n, cfg.seed, stderr)
		if err != nil {
			return err
		}
		for _, out := range cfg.outs {
			for _, sc := range cfg.scenarios {
				sr := sizeResults{pages: n, out: describeOut(out), scenario: sc.name, loadBefore: loadAverage()}
				if sr.results, err = measureScenario(cfg, ts, c, out, sc, stderr); err != nil {
					return err
				}
				sr.loadAfter = loadAverage()
				all = append(all, sr)
			}
		}
	}
	writeReport(stdout, cfg, all)
	for _, out := range cfg.outs {
		for _, t := range ts {
			if err := os.RemoveAll(filepath.Join(out, t.name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// measureScenario runs every tool cfg.runs+1 times, alternating them and rotating their
// order run by run; run 0 warms the page cache (and, for a rebuild, makes the output the
// next run builds into), is checked and is discarded. The floor is a fresh build by
// nature and runs in the fresh scenario only.
func measureScenario(cfg config, all []tool, c corpusDirs, out string, sc scenario, stderr io.Writer) ([]result, error) {
	var ts []tool
	for _, t := range all {
		if t.name != "floor" || !sc.rebuild {
			ts = append(ts, t)
		}
	}
	editors := make([]*editor, len(ts))
	if sc.edit != nil {
		for k, t := range ts {
			e, err := newEditor(t.input(c), c)
			if err != nil {
				return nil, err
			}
			editors[k] = e
			defer e.restore()
		}
	}
	rs := make([]result, len(ts))
	for k, t := range ts {
		rs[k] = result{tool: t.name, pages: c.pages}
	}
	for r := 0; r <= cfg.runs; r++ {
		for j := range ts {
			k := (j + r) % len(ts)
			if sc.edit != nil && r > 0 {
				if err := sc.edit(editors[k], r); err != nil {
					return nil, err
				}
			}
			s, err := runOnce(cfg, ts[k], c, out, !sc.rebuild || r == 0, r == 0)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(stderr, "%d pages/lang, %s, %s, run %d, %-7s wall %6.2fs  cpu %6.2fs  rss %7.1f MiB\n",
				c.pages, describeOut(out), sc.name, r, ts[k].name, s.wall.Seconds(), s.cpu.Seconds(), mib(s.rssKiB))
			if r > 0 {
				rs[k].runs = append(rs[k].runs, s)
			}
		}
	}
	return rs, nil
}

// runOnce builds the corpus with t into out/<tool>/public, from an empty folder when
// fresh is set. When check is set it also makes sure the tool wrote at least one HTML
// file per page.
func runOnce(cfg config, t tool, c corpusDirs, out string, fresh, check bool) (sample, error) {
	dest := filepath.Join(out, t.name, "public")
	if fresh {
		if err := os.RemoveAll(filepath.Dir(dest)); err != nil { // the tool's state beside dest too
			return sample{}, err
		}
	}
	scratch := filepath.Join(cfg.work, "scratch")
	if err := os.MkdirAll(scratch, 0o755); err != nil {
		return sample{}, err
	}
	if err := warm(t.input(c)); err != nil {
		return sample{}, err
	}
	s, err := measure(t.argv(c, dest), scratch)
	if err != nil || !check {
		return s, err
	}
	n, err := countHTML(dest)
	if err == nil && n < 3*c.pages {
		err = fmt.Errorf("%s wrote %d HTML files for %d pages", t.name, n, 3*c.pages)
	}
	return s, err
}

// describeOut names the kind of file system out is on, and out.
func describeOut(out string) string {
	var st unix.Statfs_t
	kind := "disk"
	if err := unix.Statfs(out, &st); err == nil && st.Type == unix.TMPFS_MAGIC {
		kind = "tmpfs"
	}
	return kind + " " + out
}

// warm reads every file under dir, so that each run finds its input in the page cache.
// Without it the tool that runs first after a pause pays for the disk: a machine may drop
// cached file pages that were not used for a while (this one, a VM with a DAMON pageout
// scheme, drops them after ~60 s), and the tools read separate copies of the corpus.
func warm(dir string) error {
	return filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		_, err = os.ReadFile(name)
		return err
	})
}

func countHTML(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(name, ".html") {
			n++
		}
		return err
	})
	return n, err
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
