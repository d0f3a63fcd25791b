package render

import (
	"testing"
	"time"
)

// Regression (a new user's trial: the group hierarchy on den312d's first
// .scen row, 4 cells expanded): the panel said "query time 0 µs", as if
// nothing had been timed, for a query of a few hundred nanoseconds. Under
// a microsecond the time is given in nanoseconds.
func TestFmtDurUnderAMicrosecond(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{430 * time.Nanosecond, "430 ns"},
		{999 * time.Nanosecond, "999 ns"},
		{time.Microsecond, "1 µs"},
		{97 * time.Microsecond, "97 µs"},
		{1110 * time.Microsecond, "1.11 ms"},
		{1500 * time.Millisecond, "1.50 s"},
	} {
		if got := fmtDur(c.d); got != c.want {
			t.Errorf("fmtDur(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
