package hpa

import (
	"math"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// The window's open-list panel orders HPA*'s abstract phases by
// pathing.PopKey: akey must pack keys exactly as it does, or the panel's
// "next pop" would name another node than the search pops.
func TestAkeyIsPathingPopKey(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	vals := []float64{0, 1, math.Sqrt2, 4095.9375, 4096, 1e6, 51.01}
	for i := 0; i < 10000; i++ {
		vals = append(vals, rng.Float64()*float64(rng.Intn(5000)+1))
	}
	for _, f := range vals {
		for _, g := range []float64{0, f / 2, f, rng.Float64() * 5000} {
			if a, p := akey(f, g), pathing.PopKey(f, g); a != p {
				t.Fatalf("akey(%v, %v) = %#x, pathing.PopKey = %#x", f, g, a, p)
			}
		}
	}
}
