// Package cputime reads CPU time for the benchmarks, which report it next
// to wall time: the machines they run on are often shared, and wall time
// swings with other processes' load while CPU time hardly does.
//
// Process counts every thread of the process (background workers and the
// garbage collector included), for code that runs on several goroutines.
// Thread counts only the calling OS thread: lock the goroutine to it
// (runtime.LockOSThread) around what is measured. Where a clock is not
// available the functions report false and the benchmarks leave the
// metric out.
package cputime

import "time"

// Process returns the CPU time the whole process has used and whether it
// could be read.
func Process() (time.Duration, bool) { return process() }

// Thread returns the CPU time the calling OS thread has used and whether
// it could be read (Linux only).
func Thread() (time.Duration, bool) { return thread() }
