package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
)

// tuneGC trades memory the build does not need for CPU: a build's live heap is small next
// to what it allocates (pages stream through), so the collector runs at GOGC=800 under a
// soft limit instead of every time the heap doubles. On the 1,000-page-per-language corpus
// GOGC=800 took a median 5.6 s of CPU against 6.4 s at GOGC=300 (three runs each,
// alternating) for ~190 MB of peak RSS instead of ~95 MB. The limit grows with the site
// (memoryLimit): what a build keeps of each page until the end (its links, anchors, place
// in the navigation) makes the live heap at 10,000 pages a language about 220 MB, and a
// fixed 400 MiB limit then had the collector run all the time: 21.0 s instead of 12.7 s.
// 10 KiB a page instead of 20 (693 MiB at 30,000 pages) gave a peak RSS of 0.76 GB
// instead of 1.03 but was slower in five alternating pairs (by 1-14%, median 3%), so the
// default favours time. GOGC and GOMEMLIMIT in the environment still decide.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit(0))
	}
}

// memoryLimit is the soft memory limit for a site of pages pages (counted in every
// language): 400 MiB and 20 KiB a page.
func memoryLimit(pages int) int64 { return 400<<20 + int64(pages)*20<<10 }

// sizeGC sets the memory limit for a site of pages pages, unless GOMEMLIMIT does.
func sizeGC(pages int) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit(pages))
	}
}

// startCPUProfile profiles the process into file until the returned func is called.
func startCPUProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// writeHeapProfile writes the live heap to file.
func writeHeapProfile(file string, stderr io.Writer) {
	f, err := os.Create(file)
	if err != nil {
		fmt.Fprintf(stderr, "docsite: %v\n", err)
		return
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		fmt.Fprintf(stderr, "docsite: %v\n", err)
	}
}
