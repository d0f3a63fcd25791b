//go:build !unix

package cputime

import "time"

func process() (time.Duration, bool) { return 0, false }

func thread() (time.Duration, bool) { return 0, false }
