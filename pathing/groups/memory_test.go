package groups

import (
	"runtime"
	"testing"
	"unsafe"
)

// The panel's hierarchy row gave HPA*'s memory but none for the group
// hierarchy (a tester's finding). MemoryBytes is checked two ways: against
// a count made from what the public API lists (groups, their names,
// cells, members, edges; arrays may hold more than they use, never less),
// and against the heap a build takes, measured by the runtime.
func TestMemoryBytes(t *testing.T) {
	grid, layer := asciiGrid(t, `
AAAA#BBBB
AAAA#BBBB
AAAA.BBBB
#########
CC.......
CC..#....`)
	for _, c := range []struct {
		name    string
		cfg     Config
		regions [][]byte
	}{
		{"clusters, 1 level", Config{ClusterSize: 3, Levels: 1}, nil},
		{"clusters, 3 levels", Config{ClusterSize: 2, Levels: 3}, nil},
		{"regions under clusters", Config{ClusterSize: 3, Levels: 2}, [][]byte{layer}},
	} {
		g, err := Build(grid, c.cfg, c.regions)
		if err != nil {
			t.Fatal(err)
		}
		got := g.MemoryBytes()
		want, slack := countBytes(g, c.regions)
		if got < want || got > want+slack {
			t.Errorf("%s: MemoryBytes %d, want %d (arrays used) to %d (appended arrays at most twice their use)", c.name, got, want, want+slack)
		}
	}

	// The heap a build keeps: a 256×256 grid, 20 % walls, cluster 8, 3
	// levels. The allocator rounds each array up to its size class (at
	// most 12.5 % above 32 kB, more for the small names), so the count
	// is within 25 % of what the heap grew by.
	big := randomGrid(256, 256, 20, 7)
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	g, err := Build(big, Config{ClusterSize: 8, Levels: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heap := float64(ms.HeapAlloc) - float64(before)
	got := float64(g.MemoryBytes())
	runtime.KeepAlive(g)
	if got < 0.75*heap || got > 1.25*heap {
		t.Errorf("256×256: MemoryBytes %.0f, the heap grew by %.0f for the build", got, heap)
	}
	t.Logf("256×256, cluster 8, 3 levels: MemoryBytes %.0f, heap %.0f", got, heap)
}

// countBytes counts a graph's bytes from what its public methods list: the
// arrays as used (want), and how much more arrays filled by append may
// hold (slack: the members and the edges).
func countBytes(g *Graph, regions [][]byte) (want, slack int) {
	cells := g.Grid().Len()
	want = int(unsafe.Sizeof(Graph{})) + (g.Levels()+1)*8 + len(regions)*24
	for _, r := range regions {
		want += len(r)
	}
	for l := 1; l <= g.Levels(); l++ {
		gs := g.Groups(l)
		n := len(gs)
		want += int(unsafe.Sizeof(level{}))
		want += cells * 4                       // group of each cell
		want += n * int(unsafe.Sizeof(Group{})) // the groups
		want += (n + 1) * 4                     // where each group's cells start
		want += 4 * (n + 1)                     // where each group's edges start
		edges := g.NumEdges(l)
		want += edges * int(unsafe.Sizeof(Edge{}))
		slack += edges * int(unsafe.Sizeof(Edge{}))
		for id := range gs {
			want += len(gs[id].Name)
			want += 4 * len(g.CellsOf(l, int32(id)))
			if l > 1 {
				m := len(g.Members(l, int32(id)))
				want += 4 * m
				slack += 4 * m
			}
		}
		if l > 1 {
			want += (n + 1) * 4 // where each group's members start
		}
	}
	return want, slack
}
