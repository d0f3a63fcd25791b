//go:build !unix

package pathing_test

import "time"

// cpuTime is unavailable here; the cpu-ns/op metric is then omitted.
func cpuTime() time.Duration { return 0 }
