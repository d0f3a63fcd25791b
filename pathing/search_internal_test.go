package pathing

import (
	"math"
	"testing"
)

// TestKeyOrder checks the packed heap priority: f first (exactly, beyond a
// relative 2⁻³²), then the larger g.
func TestKeyOrder(t *testing.T) {
	r2 := math.Sqrt2
	lessThan := [][2]float64{ // f pairs that must order strictly
		{0, 1e-6}, {1, 1 + 1e-6}, {1393, 985 * r2}, {-2, -1}, {-1, 0}, {-1e-9, 0}, {1e6, 1e6 + 0.01}, {0.5, 1e9},
	}
	for _, p := range lessThan {
		for _, g := range []float64{0, 7, 70000} {
			if !(key(p[0], g) < key(p[1], g)) {
				t.Errorf("key(%v, %v) does not order before key(%v, %v)", p[0], g, p[1], g)
			}
			// f decides before g does.
			if !(key(p[0], 0) < key(p[1], 1000)) {
				t.Errorf("g overrode f for %v < %v", p[0], p[1])
			}
		}
	}
	// f values equal but for rounding are ties: the larger g comes first.
	tenth := 0.1           // a variable, so the sum is rounded at run time
	a, b := tenth+0.2, 0.3 // 0.30000000000000004 and 0.3
	if a == b {
		t.Fatalf("test needs two f values that differ by rounding")
	}
	if !(key(a, 5) < key(b, 4)) || !(key(b, 5) < key(a, 4)) {
		t.Errorf("rounding-equal f values are not ties broken by larger g")
	}
	if !(key(10, 9.5) < key(10, 9.4375)) { // one sixteenth apart
		t.Errorf("g resolution is coarser than 1/16")
	}
	if key(10, 70000) != key(10, 80000) {
		t.Errorf("g beyond 65536 should saturate")
	}
}

// TestDivisor checks the multiply-shift division Step uses for y = c / w on
// every width's worst cases: the last index of each row up to the largest
// grid, and the cells around each row start.
func TestDivisor(t *testing.T) {
	for _, w := range []int{1, 2, 3, 7, 49, 194, 463, 512, 1000, 4097, 16383, MaxSide} {
		m := divisor(w)
		h := MaxSide
		for y := 0; y < h; y += 1 + y/64 {
			for _, c := range []int{y*w - 1, y * w, y*w + 1, y*w + w - 1} {
				if c < 0 || c >= w*h || c >= w*MaxSide {
					continue
				}
				if got := int(uint64(c) * m >> 42); got != c/w {
					t.Fatalf("w %d: %d*m>>42 = %d, want %d", w, c, got, c/w)
				}
			}
		}
		if c := w*MaxSide - 1; int(uint64(c)*m>>42) != c/w {
			t.Fatalf("w %d: last index %d", w, c)
		}
	}
}
