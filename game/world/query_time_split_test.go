package world

import (
	"testing"
	"time"
)

// An engineer compared the panel's query time for a long HPA* query on a
// 2048×2048 map with bench -cache=false's median for the same query: a
// query slow enough that its trace is recorded a frame later (split)
// showed its cold first run alone, up to 1.4 times the warm runs. The
// frame that records the trace runs it once more untraced, and the faster
// run is shown.
func TestSplitHPAQueryShowsItsWarmTime(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	defer w.Close()
	const cold, warm = 10 * time.Millisecond, 3 * time.Millisecond
	var now time.Time
	calls := 0
	defer func(f func() time.Time) { queryClock = f }(queryClock)
	queryClock = func() time.Time { // a run's start, then its end
		calls++
		if calls%2 == 0 {
			if calls == 2 {
				now = now.Add(cold)
			} else {
				now = now.Add(warm)
			}
		}
		return now
	}
	w.Begin()
	deadline := time.Now().Add(60 * time.Second)
	for w.Busy() && time.Now().Before(deadline) {
		w.Tick(0)
		time.Sleep(time.Millisecond)
	}
	if w.Busy() {
		t.Fatal("still busy after 60 s")
	}
	if !w.Outcome.Traced || calls < 2 {
		t.Fatalf("traced %v, %d clock reads: the query did not run as the window runs it", w.Outcome.Traced, calls)
	}
	if w.Outcome.Duration != warm {
		t.Errorf("query time %v, want the warm run's %v (the cold run took %v)", w.Outcome.Duration, warm, cold)
	}
}
