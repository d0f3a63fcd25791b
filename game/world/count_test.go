package world

import (
	"math"
	"testing"
)

func TestCountGroupsThousands(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {9542, "9,542"}, {40960, "40,960"},
		{233264, "233,264"}, {1628200, "1,628,200"}, {-1024, "-1,024"}, {-999, "-999"},
		{math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Count(c.n); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := plural(12345, "cell", "cells"); got != "12,345 cells" {
		t.Errorf("plural: %q", got)
	}
}
