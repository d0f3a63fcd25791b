package world

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// tiledMovingAI returns a Moving AI map's rows tiled n×n (8room_000 4×4 is
// the 2048×2048 map the tester measured), or skips without the maps.
func tiledMovingAI(tb testing.TB, name string, n int) *maps.Map {
	tb.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		tb.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	data, err := os.ReadFile(filepath.Join(dir, name+".map"))
	if err != nil {
		tb.Skip(err)
	}
	m, err := maps.ReadMovingAI(bytes.NewReader(data), name)
	if err != nil {
		tb.Fatal(err)
	}
	W, H := m.Grid.Width(), m.Grid.Height()
	rows := strings.Fields(string(data[bytes.Index(data, []byte("\nmap"))+4:]))
	var sb strings.Builder
	sb.WriteString("type octile\nheight " + strconv.Itoa(H*n) + "\nwidth " + strconv.Itoa(W*n) + "\nmap\n")
	for range n {
		for _, r := range rows {
			sb.WriteString(strings.Repeat(r, n))
			sb.WriteByte('\n')
		}
	}
	big, err := maps.ReadMovingAI(strings.NewReader(sb.String()), name+"-tiled")
	if err != nil {
		tb.Fatal(err)
	}
	return big
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// hpaSession opens m with HPA*, plans a long query and waits for every
// answer (the optimal reference's too).
func hpaSession(tb testing.TB, m *maps.Map) *World {
	w := New(m)
	w.Log = NewEventLog(nil)
	w.Settings.Algo = AlgoHPA
	var a, z image.Point
	for i := 0; i < m.Grid.Len(); i++ {
		if m.Grid.WeightAt(i) != 0 {
			a = m.Grid.Point(i)
			break
		}
	}
	for i := m.Grid.Len() - 1; i >= 0; i-- {
		if m.Grid.WeightAt(i) != 0 {
			z = m.Grid.Point(i)
			break
		}
	}
	w.SetEndpoints(a, z)
	settleUntimed(w)
	if w.Outcome.Err != nil {
		tb.Fatal(w.Outcome.Err)
	}
	return w
}

// BenchmarkHPASessionHeap2048 reports the live heap of an HPA* session on
// a 2048×2048 map (8room_000 tiled 4×4) with a query answered, the map's
// own bytes (grid, terrain, the scenario's copy) included: heap-MB.
func BenchmarkHPASessionHeap2048(b *testing.B) {
	m := tiledMovingAI(b, "8room_000", 4)
	b.ReportAllocs()
	var sum uint64
	for i := 0; i < b.N; i++ {
		mm := m.Clone()
		before := heapInUse()
		w := hpaSession(b, mm)
		sum += heapInUse() - before
		w.Close()
		runtime.KeepAlive(w)
	}
	b.ReportMetric(float64(sum)/float64(b.N)/(1<<20), "heap-MB")
}

// TestFlatSearcherLazy checks that an HPA*-only session holds no flat
// searcher and that the first flat query makes one that answers.
func TestFlatSearcherLazy(t *testing.T) {
	w, _ := mustWorld(t,
		"..........",
		"..####....",
		".....#....",
		".....#....",
	)
	w.Settings.Algo = AlgoHPA
	w.SetEndpoints(image.Pt(0, 0), image.Pt(9, 3))
	settleUntimed(w)
	if w.search != nil {
		t.Fatal("an HPA* session made the flat searcher")
	}
	if w.SearchState(image.Pt(0, 0)) != (w.SearchState(image.Pt(1, 1))) {
		t.Fatal("SearchState without a searcher")
	}
	w.SetAlgo(AlgoAStar)
	settleUntimed(w)
	if w.search == nil || w.Outcome.Status != pathing.Found {
		t.Fatalf("A*: searcher %v, status %v", w.search != nil, w.Outcome.Status)
	}
}
