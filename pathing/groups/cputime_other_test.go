//go:build !unix

package groups

// cpuTime is not measured here (see cputime_unix_test.go).
func cpuTime() (int64, bool) { return 0, false }
