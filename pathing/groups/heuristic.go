package groups

import (
	"fmt"
	"image"
	"math"

	"pathlens/pathing"
)

// MaxHeuristicWork caps the work of ClusterHeuristic: groups × cells. Above
// it, ask for a higher level (fewer groups).
const MaxHeuristicWork = 64 << 20

// HeuristicTable is the lecture notes' cluster heuristic: for the groups of
// one level, the smallest cost from any cell of group A to any cell of
// group B. The estimate for a cell p and a goal is the entry of their
// groups, which never exceeds the true cost (every path from p to the goal
// is a path from a cell of A to a cell of B): it is admissible, though not
// consistent (it jumps at group borders), so A* with it stays optimal only
// because pathing.Searcher reopens a closed cell that gets a cheaper g; a
// searcher that never reopens could return a longer path.
// All cells of a group get the same value, so A* tends to fill a group
// before it moves on: accurate between groups, blind inside them.
//
// A table is read-only after ClusterHeuristic returns and safe for
// concurrent use; it describes the grid as it was then: after Update its
// estimates may be wrong (rebuild it), though never out of range.
type HeuristicTable struct {
	g     *Graph
	level int
	n     int
	d     []float32 // d[a*n+b]; +Inf when b cannot be reached from a
}

// ClusterHeuristic computes the table of level l (1..Levels): one reverse
// multi-source Dijkstra over the whole grid per group, so O(groups × cells ×
// log cells) time and groups² float32s of memory. It refuses levels where
// groups × cells exceeds MaxHeuristicWork (choose a higher level).
func (g *Graph) ClusterHeuristic(l int) (*HeuristicTable, error) {
	if l < 1 || l > g.cfg.Levels {
		return nil, fmt.Errorf("groups: cluster heuristic: level %d: the graph has levels 1 to %d", l, g.cfg.Levels)
	}
	lv := g.levels[l]
	n := len(lv.groups)
	if n*g.grid.Len() > MaxHeuristicWork {
		return nil, fmt.Errorf("groups: cluster heuristic: level %d has %d groups on %d cells, more work than %d; use a higher level", l, n, g.grid.Len(), MaxHeuristicWork)
	}
	t := &HeuristicTable{g: g, level: l, n: n, d: make([]float32, n*n)}
	dist := make([]float64, g.grid.Len())
	var h []lhItem
	nb := g.cfg.Neighborhood
	steps := nb.Steps()
	grid := g.grid
	for b := 0; b < n; b++ {
		for i := range dist {
			dist[i] = math.Inf(1)
		}
		h = h[:0]
		for _, c := range lv.cells[lv.cellStart[b]:lv.cellStart[b+1]] {
			dist[c] = 0
			h = append(h, lhItem{0, c})
		}
		for len(h) > 0 {
			top := h[0]
			last := len(h) - 1
			h[0] = h[last]
			h = h[:last]
			lhDown(h)
			v := top.n
			if top.d > dist[v] {
				continue
			}
			pv := grid.Point(int(v))
			wv := float64(grid.WeightAt(int(v)))
			// Reverse edges: a step u→v costs v's weight times its length.
			for _, st := range steps {
				u := image.Point{pv.X - st.DX, pv.Y - st.DY}
				if !grid.CanStep(u, pv, nb) {
					continue
				}
				ui := grid.Index(u)
				if nd := top.d + wv*st.Len; nd < dist[ui] {
					dist[ui] = nd
					h = append(h, lhItem{nd, int32(ui)})
					lhUp(h)
				}
			}
		}
		for a := 0; a < n; a++ {
			m := math.Inf(1)
			for _, c := range lv.cells[lv.cellStart[a]:lv.cellStart[a+1]] {
				m = math.Min(m, dist[c])
			}
			t.d[a*n+b] = roundDown32(m)
		}
	}
	return t, nil
}

// roundDown32 converts to float32 without rounding up (admissibility).
func roundDown32(v float64) float32 {
	f := float32(v)
	if float64(f) > v {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

func lhUp(h []lhItem) {
	for j := len(h) - 1; j > 0; {
		p := (j - 1) / 2
		if h[p].d <= h[j].d {
			return
		}
		h[p], h[j] = h[j], h[p]
		j = p
	}
}

func lhDown(h []lhItem) {
	for j := 0; ; {
		l, m := 2*j+1, j
		if l < len(h) && h[l].d < h[m].d {
			m = l
		}
		if r := l + 1; r < len(h) && h[r].d < h[m].d {
			m = r
		}
		if m == j {
			return
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
}

// Level returns the level whose groups the table is over.
func (t *HeuristicTable) Level() int { return t.level }

// Dist returns the smallest cost from group a to group b (+Inf when b is
// unreachable from a, 0 when a == b).
func (t *HeuristicTable) Dist(a, b int32) float64 {
	if a < 0 || b < 0 || int(a) >= t.n || int(b) >= t.n {
		return 0
	}
	return float64(t.d[int(a)*t.n+int(b)])
}

// Estimate is the heuristic: the table entry of p's group and goal's group
// (0 for cells outside the grid or blocked). Use it as
// pathing.Query{Heuristic: pathing.Custom, HeuristicFunc: t.Estimate}.
// Cost: two lookups.
func (t *HeuristicTable) Estimate(p, goal image.Point) float64 {
	lv := t.g.levels[t.level]
	grid := t.g.grid
	if !grid.In(p) || !grid.In(goal) {
		return 0
	}
	a, b := lv.groupOf[grid.Index(p)], lv.groupOf[grid.Index(goal)]
	if a < 0 || b < 0 || int(a) >= t.n || int(b) >= t.n {
		return 0 // blocked, or a group made by a later Update
	}
	return float64(t.d[int(a)*t.n+int(b)])
}

// EstimateOctile is max(Estimate, octile distance) (Manhattan on a
// 4-connected graph): still admissible, and informed inside a group too.
func (t *HeuristicTable) EstimateOctile(p, goal image.Point) float64 {
	h := pathing.Octile
	if t.g.cfg.Neighborhood == pathing.Four {
		h = pathing.Manhattan
	}
	return math.Max(t.Estimate(p, goal), h.Distance(p, goal))
}
