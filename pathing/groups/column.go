package groups

import (
	"fmt"
	"image"
	"math"
	"math/bits"
	"sync"

	"pathlens/pathing"
)

// columnBuilders lends ClusterHeuristicTo and ClusterHeuristic a
// ColumnBuilder each, so that concurrent callers (the Graph is read-only
// during queries) never share one, and a caller that builds one column
// after another (cmd/bench, the app's goal moves) reuses the same memory.
var columnBuilders = sync.Pool{New: func() any { return new(ColumnBuilder) }}

// ColumnBuilder computes columns of the cluster heuristic (see
// GoalHeuristic) with working memory that it keeps from one column to the
// next: 14 bytes per cell of the grid (plus a one-cell border), grown on
// first use and when the grid changes size, and bucket lists that grow to
// the search's widest front; once warm, a column allocates only itself.
// Graph.ClusterHeuristicTo and ClusterHeuristic borrow pooled builders; keep
// your own to be sure the memory is held between calls. A ColumnBuilder is
// not safe for concurrent use (one per goroutine). It reads the grid afresh
// on every call and keeps no reference to a graph between calls, so one
// builder serves any number of graphs and grids.
//
// The search is a reverse Dijkstra from the goal group's cells with Dial's
// buckets of width 1 (Dinitz's rule): bucket k holds the cells whose cost d
// has ⌊d⌋ = k. Every step costs at least 1 (weights are 1..255), so a cell
// taken from bucket k can only improve cells of bucket k+1 or later: every
// cell of the bucket being emptied is final, and it is emptied in any order,
// with no heap. A step costs at most 255·√2, so the live buckets span at
// most 362 and fit a ring of 512. The costs are the same float64 sums
// (cost so far + weight × 1 or √2) as the heap Dijkstra's; each cell's is
// the smallest over paths, whatever the order cells are settled in, so the
// column is bit for bit the same (column_test.go checks it against the
// heap Dijkstra).
//
// It stops once every group connected to the goal group (by the group
// graph's edges) has been reached and the bucket under way is emptied. A
// group's smallest cost lies in the bucket of its first settled cell:
// later buckets hold only larger costs, and every cell whose final cost is
// in that bucket is in it when it is emptied (it was pushed from an earlier
// bucket). So the cells left unsettled can change no group's minimum. The
// saving is small on maps whose farthest group is the farthest cell's
// (8room_000: none; AR0011SR: 10% of the cells). The group graph must be
// up to date with the grid, as for every query: after cells are opened
// without Update, groups the new cells connect count as unreachable
// (+Inf), where a search to the end would have reached them.
type ColumnBuilder struct {
	w, h int       // grid size of the padded arrays
	pw   int       // padded width, w+2
	wt   []uint8   // padded weights: 0 for blocked cells and the one-cell border
	grp  []int32   // padded group ids of the loaded level (-1 blocked)
	dist []float64 // padded: cost to the goal group, +Inf not reached yet
	done []bool    // padded: settled
	four bool

	g     *Graph
	level *level
	// buckets is a ring of Dial's buckets, indexed by bucket number mod
	// numBuckets; full has bit k set when bucket k is not empty.
	buckets [numBuckets][]int32
	full    [numBuckets / 64]uint64

	min   []float64 // per group: smallest cost of a settled cell, +Inf none yet
	out   []float32 // the column, min rounded down
	seen  []uint32  // per group: seenGen when the group graph's BFS reached it
	seenG uint32
	queue []int32
}

// numBuckets is the ring size: a step costs at most 255·√2 < 361 bucket
// widths, so the buckets in use never span more than 362 (a power of two
// for the mod).
const numBuckets = 512

// NewColumnBuilder returns an empty builder; its memory grows on first use.
func NewColumnBuilder() *ColumnBuilder { return new(ColumnBuilder) }

// Column computes the column of level l (1..Levels) for the group holding
// goal, exactly as g.ClusterHeuristicTo does, with the builder's memory;
// an error for a missing level or a goal that is blocked or off the grid.
// Cost: one pass over the grid to load it, then one reverse Dijkstra over
// the cells no farther from the goal group than its farthest connected
// group (about 9 ms on 8room_000, 512×512); two allocations when warm (the
// returned column, 4 bytes per group).
func (cb *ColumnBuilder) Column(g *Graph, l int, goal image.Point) (*GoalHeuristic, error) {
	if l < 1 || l > g.cfg.Levels {
		return nil, fmt.Errorf("groups: cluster heuristic: level %d: the graph has levels 1 to %d", l, g.cfg.Levels)
	}
	b := g.GroupOf(l, goal)
	if b < 0 {
		return nil, fmt.Errorf("groups: cluster heuristic: goal (%d,%d) is blocked or outside the %d×%d map", goal.X, goal.Y, g.grid.Width(), g.grid.Height())
	}
	cb.load(g, l)
	defer cb.unload()
	col := cb.column(b)
	d := make([]float32, len(col))
	copy(d, col)
	return &GoalHeuristic{g: g, level: l, goal: b, d: d, updates: g.updates}, nil
}

// load copies the grid's weights and level l's group ids into the padded
// layout (the grid may have changed since the last call, so it is read
// afresh every time).
func (cb *ColumnBuilder) load(g *Graph, l int) {
	grid := g.grid
	w, h := grid.Width(), grid.Height()
	if w != cb.w || h != cb.h || cb.wt == nil {
		n := (w + 2) * (h + 2)
		cb.w, cb.h, cb.pw = w, h, w+2
		cb.wt = make([]uint8, n) // the border stays 0: blocked
		cb.grp = make([]int32, n)
		cb.dist = make([]float64, n)
		cb.done = make([]bool, n)
	}
	cb.g, cb.level = g, g.levels[l]
	cb.four = g.cfg.Neighborhood == pathing.Four
	cells := grid.Cells()
	gof := cb.level.groupOf
	for y := 0; y < h; y++ {
		row := cells[y*w : (y+1)*w]
		prow := cb.wt[(y+1)*cb.pw+1:][:w]
		copy(prow, row)
		copy(cb.grp[(y+1)*cb.pw+1:][:w], gof[y*w:(y+1)*w])
	}
	ng := len(cb.level.groups)
	if cap(cb.min) < ng {
		cb.min = make([]float64, ng)
		cb.out = make([]float32, ng)
		cb.seen = make([]uint32, ng)
		cb.seenG = 0
	}
	cb.min, cb.out, cb.seen = cb.min[:ng], cb.out[:ng], cb.seen[:ng]
}

// connected returns the number of groups of the loaded level connected to
// group b (b included), by a breadth-first search of the group graph.
func (cb *ColumnBuilder) connected(b int32) int {
	lv := cb.level
	cb.seenG++
	if cb.seenG == 0 {
		clear(cb.seen)
		cb.seenG = 1
	}
	sg := cb.seenG
	q := append(cb.queue[:0], b)
	cb.seen[b] = sg
	for i := 0; i < len(q); i++ {
		a := q[i]
		for _, e := range lv.edges[lv.edgeStart[a]:lv.edgeStart[a+1]] {
			if int(e.To) < len(cb.seen) && cb.seen[e.To] != sg {
				cb.seen[e.To] = sg
				q = append(q, e.To)
			}
		}
	}
	cb.queue = q
	return len(q)
}

// column runs the reverse Dijkstra from the cells of group b of the loaded
// level and returns every group's smallest cost to b, rounded down to
// float32 (+Inf: b unreachable). The slice is the builder's, valid until
// the next call.
func (cb *ColumnBuilder) column(b int32) []float32 {
	lv := cb.level
	inf := math.Inf(1)
	for i := range cb.min {
		cb.min[i] = inf
	}
	want := cb.connected(b)
	dist, done, wt, grp := cb.dist, cb.done, cb.wt, cb.grp
	for i := range dist {
		dist[i] = inf
	}
	clear(done)
	pw := int32(cb.pw)
	w := int32(cb.w)
	four := cb.four

	pending := 0
	b0 := cb.buckets[0][:0]
	for _, c := range lv.cells[lv.cellStart[b]:lv.cellStart[b+1]] {
		p := (c/w+1)*pw + c%w + 1
		dist[p] = 0
		b0 = append(b0, p)
	}
	cb.buckets[0] = b0
	if len(b0) > 0 {
		cb.full[0] |= 1
		pending = len(b0)
	}
	clear(cb.full[1:])
	for i := 1; i < numBuckets; i++ {
		cb.buckets[i] = cb.buckets[i][:0]
	}

	reached := 0
	minOf := cb.min
	var cur uint64 // the bucket being emptied (not reduced mod numBuckets)
	var nbr [8]int32
	var cost [8]float64
	for pending > 0 {
		// The next non-empty bucket at or after cur, round the ring.
		k := cur % numBuckets
		for {
			word := cb.full[k/64] >> (k % 64)
			if word != 0 {
				k += uint64(bits.TrailingZeros64(word))
				break
			}
			k = (k/64 + 1) * 64 % numBuckets
		}
		cur += (k - cur%numBuckets + numBuckets) % numBuckets
		list := cb.buckets[k]
		for _, v := range list {
			if done[v] {
				continue // a duplicate: settled from an earlier entry
			}
			done[v] = true
			d := dist[v]
			if a := grp[v]; a >= 0 && int(a) < len(minOf) {
				if m := minOf[a]; m == inf {
					reached++
					minOf[a] = d
				} else if d < m {
					minOf[a] = d
				}
			}
			// Reverse steps: the move u→v costs v's weight times its
			// length, and is legal under the same rule both ways.
			cw := float64(wt[v])
			e, wo, so, no := wt[v+1] != 0, wt[v-1] != 0, wt[v+pw] != 0, wt[v-pw] != 0
			n := 0
			if e {
				nbr[n], cost[n] = v+1, d+cw
				n++
			}
			if so {
				nbr[n], cost[n] = v+pw, d+cw
				n++
			}
			if wo {
				nbr[n], cost[n] = v-1, d+cw
				n++
			}
			if no {
				nbr[n], cost[n] = v-pw, d+cw
				n++
			}
			if !four {
				cd := d + cw*pathing.Sqrt2
				if so && e && wt[v+pw+1] != 0 {
					nbr[n], cost[n] = v+pw+1, cd
					n++
				}
				if so && wo && wt[v+pw-1] != 0 {
					nbr[n], cost[n] = v+pw-1, cd
					n++
				}
				if no && wo && wt[v-pw-1] != 0 {
					nbr[n], cost[n] = v-pw-1, cd
					n++
				}
				if no && e && wt[v-pw+1] != 0 {
					nbr[n], cost[n] = v-pw+1, cd
					n++
				}
			}
			for t := 0; t < n; t++ {
				u, nd := nbr[t], cost[t]
				if nd >= dist[u] {
					continue
				}
				dist[u] = nd
				// Bucket width 1: every step costs at least 1 (weights
				// are 1..255), so nd lands in a later bucket than d's,
				// and at most 255·√2+1 buckets later.
				kb := uint64(int64(nd)) % numBuckets // via int64: one instruction
				cb.buckets[kb] = append(cb.buckets[kb], u)
				cb.full[kb/64] |= 1 << (kb % 64)
				pending++
			}
		}
		pending -= len(list)
		cb.buckets[k] = list[:0]
		cb.full[k/64] &^= 1 << (k % 64)
		if reached >= want {
			break
		}
	}
	for i := range cb.buckets {
		cb.buckets[i] = cb.buckets[i][:0]
	}
	clear(cb.full[:])
	for a, m := range cb.min {
		cb.out[a] = roundDown32(m)
	}
	return cb.out
}

// unload drops the builder's references to the graph, so that a pooled
// builder does not keep a discarded graph alive.
func (cb *ColumnBuilder) unload() { cb.g, cb.level = nil, nil }
