//go:build unix

package world

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) this process has used, the
// background workers' included. The machine the benchmarks run on is
// shared: wall time swings with other load, CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
