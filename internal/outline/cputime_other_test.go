//go:build !unix

package outline

import "time"

// cpuTime is not measured here; the benchmarks report 0.
func cpuTime() time.Duration { return 0 }
