//go:build unix

package outline

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used so far: on a shared
// machine it says more about a benchmark's cost than the wall clock does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
