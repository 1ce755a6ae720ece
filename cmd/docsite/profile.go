package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
)

// tuneGC trades memory the build does not need for CPU: a build's live heap is small (pages
// stream through), so the collector runs at GOGC=300 under a soft limit of 400 MiB instead of
// every time the heap doubles; on the 1,000-page-per-language corpus that cut CPU time by
// about 15% for 35 MB more peak RSS. GOGC and GOMEMLIMIT in the environment still decide.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(300)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(400 << 20)
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
