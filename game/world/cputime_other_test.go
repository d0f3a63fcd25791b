//go:build !unix

package world

import "time"

// cpuTime is unavailable here; the cpu-ms metric is then omitted.
func cpuTime() time.Duration { return 0 }
