package world

import (
	"testing"
	"time"

	"pathlens/internal/cputime"
)

// BenchmarkGroupHuesNew is the colouring of a first bake of the groups
// layer with as many groups as a fitted 7100×7100 map has HPA* clusters
// (710×710): once every hue is taken, each group tries 17 colours of the
// sequence (newTint) before it takes one anyway, 8.6 million colours.
func BenchmarkGroupHuesNew(b *testing.B) {
	const groups = 710 * 710
	first := make([]int32, groups)
	for i := range first {
		first[i] = int32(i)
	}
	old := make([]uint32, groups)
	tints := make([]uint32, groups)
	b.ReportAllocs()
	c0, _ := cputime.Process()
	for b.Loop() {
		gh := groupHues{claimed: map[uint32]bool{}, wasFirst: make([]uint64, (groups+63)/64)}
		gh.assign(first, old, tints, 1)
	}
	c1, _ := cputime.Process()
	b.ReportMetric(float64((c1-c0)/time.Microsecond)/1000/float64(b.N), "cpu-ms/op")
}
