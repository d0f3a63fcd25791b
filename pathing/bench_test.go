package pathing_test

// Benchmarks of the level-0 searches on real 512×512 Moving AI maps. One
// benchmark op is one query; the queries cycle through benchQueries rows
// spread evenly over the map's scenario file (short and long problems
// alike), so ns/op is the mean query time on that mix.
//
//	go test ./pathing -run '^$' -bench . -count 6 | tee new.txt ; benchstat old.txt new.txt

import (
	"image"
	"path/filepath"
	"sync"
	"testing"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// benchQueries is how many scenario rows a map's benchmark cycles through.
const benchQueries = 100

// benchMaps are the 512×512 maps benchmarked, from hardest to easiest for A*.
var benchMaps = []string{"maze512-16-0", "8room_000", "random512-10-0", "Aftershock", "AR0011SR"}

type benchSet struct {
	grid *pathing.Grid
	qs   [][2]image.Point
}

var (
	benchMu    sync.Mutex
	benchCache = map[string]*benchSet{}
)

// loadBench returns the grid of the named Moving AI map and benchQueries of
// its rows, taken at an even stride; it skips b when the maps are absent.
// Files are read once per process.
func loadBench(b *testing.B, name string) *benchSet {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if s, ok := benchCache[name]; ok {
		return s
	}
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skipf("Moving AI maps not found (looked in %q); set PATHLENS_MAPS to benchmark on them", dir)
	}
	m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
	if err != nil {
		b.Fatal(err)
	}
	rows, err := maps.LoadScen(filepath.Join(dir, name+".map.scen"))
	if err != nil {
		b.Fatal(err)
	}
	s := &benchSet{grid: m.Grid}
	stride := max(1, len(rows)/benchQueries)
	for i := 0; i < len(rows) && len(s.qs) < benchQueries; i += stride {
		s.qs = append(s.qs, [2]image.Point{rows[i].Start, rows[i].Goal})
	}
	benchCache[name] = s
	return s
}

// runBench times one query per op with q as the template.
func runBench(b *testing.B, name string, q pathing.Query) {
	set := loadBench(b, name)
	s := pathing.NewSearcher(set.grid)
	expanded := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, _ := cputime.Process()
	for i := 0; i < b.N; i++ {
		p := set.qs[i%len(set.qs)]
		q.Start, q.Goal = p[0], p[1]
		if q.Trace != nil {
			q.Trace.Reset()
		}
		r, err := s.Search(q)
		if err != nil {
			b.Fatal(err)
		}
		expanded += r.Expanded
	}
	if cpu1, ok := cputime.Process(); ok && cpu1 > cpu0 {
		cpu := cpu1 - cpu0
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(expanded)/float64(b.N), "expanded/op")
	if b.Elapsed() > 0 && expanded > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(expanded), "ns/expanded")
	}
}

func BenchmarkAStar(b *testing.B) {
	for _, name := range benchMaps {
		b.Run(name, func(b *testing.B) { runBench(b, name, pathing.Query{}) })
	}
}

func BenchmarkDijkstra(b *testing.B) {
	for _, name := range []string{"AR0011SR", "random512-10-0"} {
		b.Run(name, func(b *testing.B) { runBench(b, name, pathing.Query{Algorithm: pathing.Dijkstra}) })
	}
}

func BenchmarkGreedy(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "random512-10-0"} {
		b.Run(name, func(b *testing.B) { runBench(b, name, pathing.Query{Algorithm: pathing.Greedy}) })
	}
}

func BenchmarkAStarFour(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "random512-10-0"} {
		b.Run(name, func(b *testing.B) { runBench(b, name, pathing.Query{Neighborhood: pathing.Four}) })
	}
}

func BenchmarkAStarWeighted(b *testing.B) {
	b.Run("random512-10-0/w1.5", func(b *testing.B) { runBench(b, "random512-10-0", pathing.Query{Weight: 1.5}) })
}

// BenchmarkAStarTraced records every event into a Trace reused across
// queries (what the UI does when it single-steps), to price tracing.
func BenchmarkAStarTraced(b *testing.B) {
	for _, name := range []string{"random512-10-0"} {
		b.Run(name, func(b *testing.B) { runBench(b, name, pathing.Query{Trace: &pathing.Trace{}}) })
	}
}

// BenchmarkAStarMasked limits the search with a Mask allowing the whole map,
// pricing the limit check itself.
func BenchmarkAStarMasked(b *testing.B) {
	set := loadBench(b, "random512-10-0")
	mask := make([]bool, set.grid.Len())
	for i := range mask {
		mask[i] = true
	}
	runBench(b, "random512-10-0", pathing.Query{Mask: mask})
}
