//go:build unix && !linux

package cputime

import (
	"syscall"
	"time"
)

func process() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func thread() (time.Duration, bool) { return 0, false }
