//go:build !linux

package agents

func threadCPU() (float64, bool) { return 0, false }
