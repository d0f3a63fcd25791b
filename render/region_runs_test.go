package render

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"
)

// regionRunsAll, the whole map's borders a row at a time for the far zoom,
// finds the runs regionRuns finds over the whole map, with and without the
// rooms' outer edges, on rooms with walls and cells of no room between.
func TestRegionRunsAllAsRegionRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const W, H = 37, 29
	layer := make([]byte, W*H)
	for i := range layer {
		x, y := i%W, i/W
		layer[i] = "ABCD"[(x/9+2*(y/7))%4]
		if rng.IntN(9) == 0 {
			layer[i] = " #"[rng.IntN(2)]
		}
	}
	var open []farOpen
	for _, outer := range []bool{false, true} {
		var want [][4]float32
		regionRuns(layer, W, H, image.Rect(0, 0, W, H), outer, func(a, b [2]float64, _ [2]byte) {
			want = append(want, [4]float32{float32(a[0]), float32(a[1]), float32(b[0]), float32(b[1])})
		})
		got := regionRunsAll(layer, W, H, outer, nil, &open)
		less := func(a, b [4]float32) int { return slices.Compare(a[:], b[:]) }
		slices.SortFunc(want, less)
		slices.SortFunc(got, less)
		if len(want) < 50 || !slices.Equal(got, want) {
			t.Errorf("outer %v: %d runs, regionRuns finds %d", outer, len(got), len(want))
		}
	}
}
