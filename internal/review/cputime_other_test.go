//go:build !unix

package review

import "time"

// cpuTime is not measured here; the benchmarks report 0.
func cpuTime() time.Duration { return 0 }
