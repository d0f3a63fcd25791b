package world

import (
	"strings"
	"testing"
	"time"
)

// Regression (batch summary): its figures mixed precision, "mean 0.000 %,
// p99 0 %, max 0.3 %" (a tiny mean shown as zero with three decimals
// beside a bare 0 and one decimal). Every figure now has three
// significant digits; exactly 0 is "0 %".
func TestBatchFiguresShareOnePrecision(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0 %"},
		{0.000004, "0.000400 %"},
		{0.0000041234, "0.000412 %"},
		{0.00019, "0.0190 %"},
		{0.003, "0.300 %"},
		{0.011, "1.10 %"},
		{0.0999961, "10.0 %"},
		{0.123456, "12.3 %"},
		{1.0249, "102 %"},
		{-0.0005, "-0.0500 %"},
	} {
		if got := Percent(c.x); got != c.want {
			t.Errorf("Percent(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{149 * time.Microsecond, "0.149 ms"},
		{1200 * time.Microsecond, "1.20 ms"},
		{12345 * time.Microsecond, "12.3 ms"},
	} {
		if got := msText(c.d); got != c.want {
			t.Errorf("msText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// Regression (a new user found HPA* 4.6–4.9× faster than A* in the app
// against 6.1–6.8× in cmd/bench on the same rows): the app's per-row
// medians are wall clock taken while the window draws, and the summary
// says so and where to time.
func TestBatchSummarySaysWhereToTime(t *testing.T) {
	w := openText(t, t.TempDir(), "room.txt", "...\n.#.\n")
	w.Batch.last = &BatchResult{Rows: make([]BatchRow, 3), Found: 3, Median: 149 * time.Microsecond, AStarMedian: 512 * time.Microsecond}
	s := w.BatchSummary()
	if !strings.Contains(s, "median 0.149 ms per row against A*'s 0.512 ms (3.4× faster than A*; timed beside the window's drawing: cmd/bench for timings)") {
		t.Errorf("summary %q", s)
	}
}

// From a usability test: a planner slower than A* read "A* takes 0.3×",
// backwards at a glance.
func TestBatchSpeedReadsFromThePlannersSide(t *testing.T) {
	for _, c := range []struct {
		astar, planner time.Duration
		want           string
	}{
		{512, 149, "3.4× faster than A*"},
		{100, 330, "3.3× slower than A*"},
		{100, 102, "as fast as A*"},
		{102, 100, "as fast as A*"},
	} {
		if got := speedText(c.astar, c.planner); got != c.want {
			t.Errorf("speedText(%v, %v) = %q, want %q", c.astar, c.planner, got, c.want)
		}
	}
}
