package maps

import "testing"

// The zero-optimum rule and the rounding of a suboptimality, written once
// for cmd/bench, the batch and the window.
func TestSuboptimality(t *testing.T) {
	for _, c := range []struct {
		cost, optimal, sub float64
		ok                 bool
	}{
		{12, 10, 0.2, true},
		{10 * (1 + 1e-12), 10, 0, true}, // float rounding reads as 0
		{9, 10, -0.1, true},             // cheaper than the optimum: kept negative
		{0, 0, 0, true},                 // start is goal, met
		{ScenTolerance, 0, 0, true},     // met within the files' rounding
		{1, 0, 0, false},                // cost / 0 has no value
	} {
		sub, ok := Suboptimality(c.cost, c.optimal)
		if ok != c.ok || (ok && (sub-c.sub > 1e-12 || c.sub-sub > 1e-12)) {
			t.Errorf("Suboptimality(%v, %v) = %v, %v; want %v, %v", c.cost, c.optimal, sub, ok, c.sub, c.ok)
		}
	}
}
