package cputime

import (
	"runtime"
	"testing"
)

// TestClocksAdvance spins the CPU and checks both clocks moved forward by
// some of it (they are not compared with wall time: a shared machine may
// run this thread for any share of it).
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, pok := Process()
	t0, tok := Thread()
	if !pok && !tok {
		t.Skip("no CPU clock on " + runtime.GOOS)
	}
	x := uint64(1)
	for i := 0; i < 20_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	if x == 0 {
		t.Log(x) // keeps the loop
	}
	if p1, _ := Process(); pok && p1 <= p0 {
		t.Errorf("process CPU time did not advance: %v then %v", p0, p1)
	}
	if t1, _ := Thread(); tok && t1 <= t0 {
		t.Errorf("thread CPU time did not advance: %v then %v", t0, t1)
	}
}
