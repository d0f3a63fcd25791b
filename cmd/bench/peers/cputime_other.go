//go:build !unix

package main

import "time"

// cpuTime is unavailable here; the cpu-ns/op metric is then omitted.
func cpuTime() time.Duration { return 0 }
