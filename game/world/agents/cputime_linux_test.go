package agents

import "syscall"

// threadCPU returns the CPU time the calling OS thread has used, in ms
// (the caller locks itself to its thread), and true; on other systems 0
// and false. Other processes on a shared machine do not count in it, as
// they do in wall-clock time.
func threadCPU() (float64, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0, false
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6, true
}
