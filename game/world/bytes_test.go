package world

import "testing"

// The window wrote hierarchy memory as "3.1 MiB" where cmd/bench's report
// and the README wrote "3.21 MB" for the same bytes. Bytes is the one
// convention both now use: decimal, two decimals of MB from 0.1 MB.
func TestBytesIsBenchsConvention(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {812, "812 B"}, {999, "999 B"}, {1000, "1.0 kB"}, {1331, "1.3 kB"},
		{45_300, "45.3 kB"}, {99_999, "100.0 kB"}, {100_000, "0.10 MB"}, {279_450, "0.28 MB"},
		{3_210_016, "3.21 MB"}, {29_360_128, "29.36 MB"}, {472_123_456, "472.12 MB"},
	} {
		if got := Bytes(c.n); got != c.want {
			t.Errorf("Bytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
