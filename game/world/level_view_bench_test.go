package world

import (
	"context"
	"testing"
	"time"

	"pathlens/internal/cputime"
)

// BenchmarkListLevel2048 lists level 1 of a cluster-8, four-level HPA*
// hierarchy on a 2048×2048 map (random512-10-0 tiled 4×4, 4.3 million
// edges) for drawing, as the first frame zoomed in far enough to show the
// level's structure does (Inspect, its cached view dropped before each
// listing; render's BenchmarkLevelIndex2048 then indexes it). cpu-ms/op
// is the process's CPU time, steadier than wall time on a shared machine.
func BenchmarkListLevel2048(b *testing.B) {
	m := tiledMovingAI(b, "random512-10-0", 4)
	h, err := buildHPA(context.Background(), m.Grid, nil, Settings{Algo: AlgoHPA, ClusterSize: 8, Levels: 4})
	if err != nil {
		b.Fatal(err)
	}
	a := h.(*hpaHier)
	var cpu time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		clear(a.views)
		c0, _ := cputime.Process()
		v := a.Inspect(1)
		c1, _ := cputime.Process()
		cpu += c1 - c0
		if len(v.Edges) == 0 {
			b.Fatal("no edges listed")
		}
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
