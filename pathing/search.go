package pathing

import (
	"errors"
	"fmt"
	"image"
	"math"
	"math/bits"
)

// Algorithm selects how a search orders its open list.
type Algorithm uint8

const (
	AStar    Algorithm = iota // f = g + w·h; optimal with an admissible heuristic and w = 1
	Dijkstra                  // f = g; the heuristic is ignored
	Greedy                    // f = h; fast, not optimal; never reopens a closed cell
)

var algoNames = [...]string{"astar", "dijkstra", "greedy"}

func (a Algorithm) String() string {
	if int(a) < len(algoNames) {
		return algoNames[a]
	}
	return fmt.Sprintf("algorithm(%d)", a)
}

// ParseAlgorithm accepts "astar", "dijkstra" and "greedy".
func ParseAlgorithm(s string) (Algorithm, error) {
	for i, n := range algoNames {
		if n == s {
			return Algorithm(i), nil
		}
	}
	return AStar, fmt.Errorf("pathing: unknown algorithm %q (want astar, dijkstra or greedy)", s)
}

// Status is the state of a resumable search.
type Status uint8

const (
	Running Status = iota // more Step calls are needed
	Found                 // the goal was closed; Result holds the path
	NoPath                // the open list ran dry without reaching a goal
)

var statusNames = [...]string{"running", "found", "no path"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status?"
}

// Query describes one search. The zero value of every optional field means
// "default", so Query{Start: a, Goal: b} is an 8-connected octile A*.
type Query struct {
	Start, Goal  image.Point
	Algorithm    Algorithm
	Neighborhood Neighborhood
	// Heuristic picks a built-in estimate (Auto: Octile on Eight, Manhattan on
	// Four). Custom calls HeuristicFunc(cell, Goal) instead (Custom with a nil
	// HeuristicFunc is Zero); a custom function costs a call per pushed cell. It must not overestimate: +Inf says the
	// goal cannot be reached from the cell, which is then never pushed (a
	// goal in another component ends the search after the start).
	Heuristic     Heuristic
	HeuristicFunc func(p, goal image.Point) float64
	// Weight multiplies h in A* (weighted A*); 0 (or below) means 1, NaN
	// and ±Inf are refused by Init. Above 1 the search is usually faster and
	// its cost at most Weight times the optimum.
	Weight float64

	// Limits. A neighbour is pushed only if it lies inside Bounds (when not
	// empty), Mask[index] is true (when Mask is not nil; len(Mask) must be
	// Grid.Len()) and Allow(p) is true (when Allow is not nil). The start is
	// always admitted. Corner cutting is judged on terrain alone: a diagonal
	// step between two admitted cells is legal when both cells it passes
	// between are open, admitted or not. Bounds is the cheapest limit, Allow
	// the dearest (a call per neighbour).
	Bounds image.Rectangle
	Mask   []bool
	Allow  func(p image.Point) bool
	// Groups, when not nil, admits a neighbour only when its group is
	// marked: Groups[index] is the cell's group id (len(Groups) must be
	// Grid.Len()), and the group g is admitted when Marks[g] == Mark (ids
	// outside Marks, -1 among them, never are). It is the test an Allow
	// function reading a group map and its marks makes, without the call
	// per neighbour: that call was a tenth of the group planner's walk.
	Groups []int32
	Marks  []uint32
	Mark   uint32

	// GoalTest, when set, replaces "cell == Goal" as the stop condition; the
	// heuristic still aims at Goal, so use Zero (or Dijkstra) when the goal
	// cells are spread out. A GoalTest that never answers true makes the
	// search settle every reachable cell and end with NoPath; G and PathTo
	// then give exact distances to all of them.
	GoalTest func(p image.Point) bool

	// Trace, when not nil, receives a push, pop or relax event for every
	// operation, stamped with Trace.Level. The trace is appended to, not reset.
	Trace *Trace
}

// Result summarises a search. Path is owned by the Searcher and reused by its
// next Result call or query: copy it to keep it.
type Result struct {
	Status   Status
	Path     []image.Point // start to goal inclusive; nil unless Found
	Cost     float64       // cost of Path; +Inf unless Found
	Expanded int           // nodes popped and closed (reopened nodes count again)
	Pushes   int           // pushes onto the open list, reopenings included
	PeakOpen int           // largest size the open list reached
}

// ErrStartBlocked and ErrGoalBlocked are returned (wrapped, naming the cell)
// by Init when an endpoint is outside the grid or on a blocked cell.
var (
	ErrStartBlocked = errors.New("start is blocked or outside the grid")
	ErrGoalBlocked  = errors.New("goal is blocked or outside the grid")
)

// node is the hot per-cell state of a search, 16 bytes so that four share a
// cache line: valid only when gen == Searcher.gen. pos says where the cell
// is: its heap index while open (≥ 0), posHeld, or, once expanded, its
// expansion order k encoded as closedBase−k (≤ closedBase). The parent lives
// in a second array (written on push or improvement, read only to build
// paths), and h is recomputed when needed rather than stored.
type node struct {
	g   float64
	gen uint32
	pos int32
}

const (
	posHeld    = -1 // open, held out of the heap as the next cell to expand
	closedBase = -2 // pos of the first cell expanded; the k-th is closedBase-k
)

// closed reports whether a node of this generation has been expanded.
func (nd *node) closed() bool { return nd.pos <= closedBase }

// heapItem is an open-list entry: the heap is an array of values with
// decrease-key, each cell's heap index kept in its node. The priority is
// packed into one integer (see key) so that every heap comparison is a single
// unsigned compare; the float comparisons with a tie-break it replaced took
// about a quarter of the search time on 512×512 maps.
type heapItem struct {
	k uint64
	n int32
}

// Layout of a heap key, most significant first:
//
//	44 bits  f, as the top of its IEEE-754 bits made order-preserving: f
//	         values that agree to a relative 2⁻³² (a few ulps from being
//	         equal in exact arithmetic, as sums of √2 often are) count as
//	         ties, so the tie-break below applies to them
//	20 bits  the tie-break: larger g first, g in sixteenths; from g = 65536
//	         on all g tie (the order then falls to the heap's layout)
//
// Quantising f this way costs at most a relative 2⁻³² of optimality (an
// absolute 2.3e-7 at cost 1,000): distinct exact costs a+b√2 below a million
// are much further apart than that.
const tieBits = 20

// PopKey is the order in which the Searcher pops open entries (and HPA*'s
// abstract search, which packs its keys the same way): an entry with a
// smaller key is popped first; entries with equal keys are popped in the
// order the heap happens to hold them. A viewer listing an open list in pop
// order (the window's open-list panel) sorts by it rather than by exact f,
// which splits ties the search does not.
func PopKey(f, g float64) uint64 { return key(f, g) }

// key returns the packed priority of an open cell with priority f and cost g.
func key(f, g float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 != 0 { // negative (a custom heuristic may go there): flip all
		b = ^b
	} else {
		b |= 1 << 63
	}
	const maxTie = 1<<tieBits - 1
	t := uint64(maxTie)
	if g < maxTie/16 {
		t = uint64(g * 16)
	}
	return b&^maxTie | (maxTie - t)
}

// Searcher runs grid searches and owns all their working memory: per-cell
// state stamped with a generation counter (so starting a query is O(1), not a
// clear of the grid) and a 4-ary heap of values with decrease-key. One
// Searcher serves any number of queries on grids of the size it was made for,
// with zero allocations per query once its buffers have grown. It is not safe
// for concurrent use; give each goroutine its own.
//
// Costs are float64 sums of weight × 1 or √2. The open list treats f values
// that agree to a relative 2⁻³² as equal (see key), so A* costs are optimal
// to that relative precision (2.3e-7 at cost 1,000), far inside the 0.01 the
// Moving AI optima are checked to.
//
// The blocking form of a query is Init followed by Step until the status is
// not Running; Search does exactly that.
type Searcher struct {
	grid    *Grid
	nodes   []node
	parents []int32 // parent cell of each seen cell, -1 for the start
	heap    []heapItem
	// hold is the open cell that the next expansion takes, when held: the
	// best successor of the last expansion, when it beats the heap's top,
	// skips the heap altogether (it saves a push and a pop without changing
	// the order; common when the search heads straight for the goal).
	hold heapItem
	held bool
	gen  uint32
	path []image.Point

	q        Query
	hk       Heuristic
	weight   float64
	greedy   bool
	reopen   bool // whether a closed cell may be reopened (not for Greedy)
	goalIdx  int32
	found    int32
	status   Status
	limited  bool
	bounds   image.Rectangle
	expanded int
	pushes   int
	peak     int
}

// NewSearcher returns a Searcher for g. Searches read g; they never write it.
// It allocates 20 bytes per cell of g. A nil g is a programming error: it
// panics, naming the package and the function.
func NewSearcher(g *Grid) *Searcher {
	if g == nil {
		panic("pathing: NewSearcher: nil grid")
	}
	s := &Searcher{found: -1, status: NoPath}
	s.SetGrid(g)
	return s
}

// Grid returns the grid the searcher reads.
func (s *Searcher) Grid() *Grid { return s.grid }

// SetGrid points the searcher at another grid, keeping its buffers when the
// size allows. Any query in progress is abandoned, and G, PathTo and State
// forget it.
func (s *Searcher) SetGrid(g *Grid) {
	s.grid = g
	if len(s.nodes) < g.Len() {
		s.nodes = make([]node, g.Len())
		s.parents = make([]int32, g.Len())
		s.gen = 0
	}
	s.reset()
}

// reset abandons the current query: a new generation (so no cell counts as
// seen), an empty open list, zero counters, status NoPath.
func (s *Searcher) reset() {
	s.gen++
	if s.gen == 0 { // wrapped: old stamps could collide, so clear once
		for i := range s.nodes {
			s.nodes[i].gen = 0
		}
		s.gen = 1
	}
	s.heap = append(s.heap[:0], heapItem{}, heapItem{}, heapItem{}) // up to root
	s.held = false
	s.expanded, s.pushes, s.peak = 0, 0, 0
	s.status = NoPath
	s.found = -1
}

// Init starts a query. It fails when the start is blocked or outside the
// grid, or (without a GoalTest) when the goal is, or when Mask or Groups has
// the wrong length, Weight is NaN or infinite, or Algorithm, Neighborhood or Heuristic
// is none of its constants; the error names the cell or the value, and the
// searcher is left empty (status NoPath). After a successful Init the status
// is Running, or already Found (with the start expanded) when the start is
// the goal or satisfies GoalTest. Init does not allocate.
func (s *Searcher) Init(q Query) error {
	g := s.grid
	s.reset()
	if !g.Open(q.Start) {
		return fmt.Errorf("pathing: %w: cell (%d,%d)", ErrStartBlocked, q.Start.X, q.Start.Y)
	}
	if q.GoalTest == nil && !g.Open(q.Goal) {
		return fmt.Errorf("pathing: %w: cell (%d,%d)", ErrGoalBlocked, q.Goal.X, q.Goal.Y)
	}
	if q.Mask != nil && len(q.Mask) != g.Len() {
		return fmt.Errorf("pathing: mask has %d cells, grid has %d", len(q.Mask), g.Len())
	}
	if q.Groups != nil && len(q.Groups) != g.Len() {
		return fmt.Errorf("pathing: group map has %d cells, grid has %d", len(q.Groups), g.Len())
	}
	if math.IsNaN(q.Weight) || math.IsInf(q.Weight, 0) {
		return fmt.Errorf("pathing: query weight %v: want a finite factor (0 means 1)", q.Weight)
	}
	// Unknown values used to fall back silently (A*, 8-connected, a zero
	// heuristic): a caller's conversion bug searched something else.
	if q.Algorithm > Greedy {
		return fmt.Errorf("pathing: unknown algorithm %d (want AStar, Dijkstra or Greedy)", q.Algorithm)
	}
	if q.Neighborhood > Four {
		return fmt.Errorf("pathing: unknown neighbourhood %d (want Eight or Four)", q.Neighborhood)
	}
	if q.Heuristic > Custom {
		return fmt.Errorf("pathing: unknown heuristic %d", q.Heuristic)
	}
	s.q = q
	s.hk = q.Heuristic.Resolve(q.Neighborhood)
	if q.Heuristic == Custom && q.HeuristicFunc == nil {
		s.hk = Zero
	}
	s.greedy = q.Algorithm == Greedy
	s.reopen = !s.greedy
	switch q.Algorithm {
	case Dijkstra:
		s.hk = Zero
		s.weight = 1
	case Greedy:
		s.weight = 1
	default:
		s.weight = q.Weight
		if s.weight <= 0 {
			s.weight = 1
		}
	}
	s.bounds = q.Bounds.Intersect(g.Bounds())
	if q.Bounds.Empty() {
		s.bounds = g.Bounds()
	}
	s.limited = s.bounds != g.Bounds() || q.Mask != nil || q.Allow != nil || q.Groups != nil
	s.goalIdx = -1
	if g.In(q.Goal) {
		s.goalIdx = int32(g.Index(q.Goal))
	}
	s.status = Running

	si := int32(g.Index(q.Start))
	s.insert(s.add(si, -1, 0, s.hOf(si)))
	s.peak = 1
	if (q.GoalTest == nil && si == s.goalIdx) || (q.GoalTest != nil && q.GoalTest(q.Start)) {
		s.Step(1)
	}
	return nil
}

// Search runs a whole query: Init, then Step until done.
func (s *Searcher) Search(q Query) (Result, error) {
	if err := s.Init(q); err != nil {
		return Result{Status: NoPath, Cost: math.Inf(1)}, err
	}
	for s.Step(math.MaxInt) == Running {
	}
	return s.Result(), nil
}

// Status returns the current status.
func (s *Searcher) Status() Status { return s.status }

// Step expands up to n nodes and returns the status. Calling it after the
// search has ended does nothing and returns the final status. Cost: O(log
// open) per expansion plus a constant per neighbour; no allocation once the
// heap has grown (and, with a Trace, once its Events have).
func (s *Searcher) Step(n int) Status {
	if s.status != Running {
		return s.status
	}
	g := s.grid
	w, h := g.w, g.h
	cells := g.cells
	nodes := s.nodes
	parents := s.parents
	limited, reopen := s.limited, s.reopen
	gen := s.gen
	ndirs := 8
	if s.q.Neighborhood == Four {
		ndirs = 4
	}
	// Neighbour offsets in Steps order (E, S, W, N, SE, SW, NW, NE); a
	// step is taken only when all bits of need are set in the mask of
	// open straight neighbours, which also keeps diagonals inside the grid.
	const bE, bS, bW, bN = 1, 2, 4, 8
	offs := [8]int{1, w, -1, -w, w + 1, w - 1, -w - 1, -w + 1}
	need := [8]uint8{bE, bS, bW, bN, bS | bE, bS | bW, bN | bW, bN | bE}
	divW := divisor(w)
	tr := s.q.Trace
	goalTest := s.q.GoalTest
	// The octile h of a new cell is computed here rather than through
	// hAt's switch, which the compiler does not inline (about 3% of the
	// time per expansion).
	octile := s.hk == Octile
	gx, gy := s.q.Goal.X, s.q.Goal.Y
	for ; n > 0; n-- {
		var cur int32
		if s.held {
			cur = s.hold.n
			s.held = false
		} else {
			if len(s.heap) <= root {
				s.status = NoPath
				return NoPath
			}
			cur = s.pop()
		}
		cn := &nodes[cur]
		cn.pos = closedBase - int32(s.expanded)
		s.expanded++
		c := int(cur)
		y := int(uint64(c) * divW >> 42) // c / w, see divisor
		x := c - y*w
		if tr != nil {
			tr.Add(Event{Kind: EventPop, Level: tr.Level, Node: cur, Parent: parents[c], G: cn.g, H: s.hAt(cur, x, y)})
		}
		if goalTest == nil {
			if cur == s.goalIdx {
				s.found = cur
				s.status = Found
				return Found
			}
		} else if goalTest(image.Point{x, y}) {
			s.found = cur
			s.status = Found
			return Found
		}
		cg := cn.g
		var mask uint8
		if x+1 < w && cells[c+1] != Blocked {
			mask |= bE
		}
		if y+1 < h && cells[c+w] != Blocked {
			mask |= bS
		}
		if x > 0 && cells[c-1] != Blocked {
			mask |= bW
		}
		if y > 0 && cells[c-w] != Blocked {
			mask |= bN
		}
		var best heapItem // best new successor, not yet in the heap
		cand := false
		for k := 0; k < ndirs; k++ {
			if mask&need[k] != need[k] {
				continue
			}
			i := c + offs[k]
			wt := cells[i]
			if wt == Blocked {
				continue // only a diagonal can get here blocked
			}
			nx, ny := x+steps8[k].DX, y+steps8[k].DY
			if limited && !s.admit(i, nx, ny) {
				continue
			}
			var ng float64
			if k < 4 {
				ng = cg + float64(wt)
			} else {
				ng = cg + Sqrt2*float64(wt)
			}
			nd := &nodes[i]
			if nd.gen != gen {
				var hv float64
				if octile { // as hAt
					dx, dy := iabs(nx-gx), iabs(ny-gy)
					if dx < dy {
						dx, dy = dy, dx
					}
					hv = float64(dx) + (Sqrt2-1)*float64(dy)
				} else {
					hv = s.hAt(int32(i), nx, ny)
					if hv > math.MaxFloat64 {
						// An admissible +Inf: the goal cannot be reached
						// from here. Pushed, every such cell had f = +Inf,
						// ties between them went to the larger g, and
						// reopening made a search for an unreachable goal
						// run for hours on a 512×512 map.
						continue
					}
				}
				it := s.add(int32(i), cur, ng, hv)
				switch {
				case !cand:
					best, cand = it, true
				case less(&it, &best):
					s.insert(best)
					best = it
				default:
					s.insert(it)
				}
				continue
			}
			if nd.closed() {
				// Only an inconsistent heuristic (or w > 1) can improve a
				// closed node; the epsilon keeps rounding noise from
				// reopening nodes needlessly. Greedy never reopens.
				if reopen && ng < nd.g-1e-9 {
					s.insert(s.add(int32(i), cur, ng, s.hAt(int32(i), nx, ny)))
				}
				continue
			}
			if ng < nd.g {
				nd.g = ng
				parents[i] = cur
				hv := s.hAt(int32(i), nx, ny)
				// Lower g lowers f (A*, Dijkstra) or keeps it while losing
				// the tie-break (Greedy): sift whichever way it must go.
				s.update(int(nd.pos), heapItem{k: key(s.fOf(ng, hv), ng), n: int32(i)})
				if tr != nil {
					tr.Add(Event{Kind: EventRelax, Level: tr.Level, Node: int32(i), Parent: cur, G: ng, H: hv})
				}
			}
		}
		if cand {
			// The heap would hand best back at once when it beats the top.
			if len(s.heap) <= root || less(&best, &s.heap[root]) {
				s.hold, s.held = best, true
				nodes[best.n].pos = posHeld
			} else {
				s.insert(best)
			}
		}
		if open := s.OpenLen(); open > s.peak {
			s.peak = open
		}
	}
	return s.status
}

// divisor returns m such that c*m>>42 == c/w for every cell index c of a
// grid of width w (c < 2²⁸, w ≤ MaxSide): a multiply and a shift instead of
// a division per expansion. m = ⌈2⁴²/w⌉ is exact there because the error
// c·(m − 2⁴²/w)/2⁴² < c/2⁴² < 2⁻¹⁴ ≤ 1/w never reaches the next integer,
// and c·m < 2⁵⁷ cannot overflow.
func divisor(w int) uint64 {
	return (1<<42 + uint64(w) - 1) / uint64(w)
}

func (s *Searcher) admit(i, x, y int) bool {
	b := s.bounds
	if x < b.Min.X || x >= b.Max.X || y < b.Min.Y || y >= b.Max.Y {
		return false
	}
	if s.q.Mask != nil && !s.q.Mask[i] {
		return false
	}
	if gs := s.q.Groups; gs != nil {
		if id := uint32(gs[i]); id >= uint32(len(s.q.Marks)) || s.q.Marks[id] != s.q.Mark {
			return false
		}
	}
	if s.q.Allow != nil && !s.q.Allow(image.Point{x, y}) {
		return false
	}
	return true
}

// hAt returns the heuristic of cell i at (x, y).
func (s *Searcher) hAt(i int32, x, y int) float64 {
	switch s.hk {
	case Zero:
		return 0
	case Octile:
		dx, dy := iabs(x-s.q.Goal.X), iabs(y-s.q.Goal.Y)
		if dx < dy {
			dx, dy = dy, dx
		}
		return float64(dx) + (Sqrt2-1)*float64(dy)
	case Custom:
		return s.q.HeuristicFunc(image.Point{x, y}, s.q.Goal)
	}
	return estimate(s.hk, iabs(x-s.q.Goal.X), iabs(y-s.q.Goal.Y))
}

// hOf returns the heuristic of cell i.
func (s *Searcher) hOf(i int32) float64 {
	p := s.grid.Point(int(i))
	return s.hAt(i, p.X, p.Y)
}

func (s *Searcher) fOf(g, h float64) float64 {
	if s.greedy {
		return h
	}
	return g + s.weight*h
}

// add opens cell i (new or reopened) with cost g from parent, records the
// push, and returns its open-list entry for the caller to insert or hold.
func (s *Searcher) add(i, parent int32, g, h float64) heapItem {
	s.nodes[i] = node{g: g, gen: s.gen}
	s.parents[i] = parent
	s.pushes++
	if tr := s.q.Trace; tr != nil {
		tr.Add(Event{Kind: EventPush, Level: tr.Level, Node: i, Parent: parent, G: g, H: h})
	}
	return heapItem{k: key(s.fOf(g, h), g), n: i}
}

// insert puts an entry on the heap.
func (s *Searcher) insert(it heapItem) {
	s.heap = append(s.heap, heapItem{})
	s.up(len(s.heap)-1, it)
}

// less orders by f, breaking ties toward the larger g (deeper nodes first),
// which on open ground expands far fewer equal-f cells.
func less(a, b *heapItem) bool { return a.k < b.k }

// The heap is 4-ary and starts at index root: the children of j are the four
// entries from 4j−8, which start a 64-byte block, so one cache line holds
// them all, and the parent of i is i/4+2. Slots 0 to root−1 are unused.
// Four children halve the depth of a binary heap; pop picks the best of
// them without a branch.
const root = 3

func parentOf(i int) int { return i>>2 + 2 }

// up places it at heap index j or above, moving parents down.
func (s *Searcher) up(j int, it heapItem) {
	h := s.heap
	nodes := s.nodes
	for j > root {
		p := parentOf(j)
		if !less(&it, &h[p]) {
			break
		}
		h[j] = h[p]
		nodes[h[j].n].pos = int32(j)
		j = p
	}
	h[j] = it
	nodes[it.n].pos = int32(j)
}

// minChild returns the index of the best of the children c..n−1 (c < n;
// at most four of them).
func minChild(h []heapItem, c, n int) int {
	m := c
	for i := c + 1; i < n && i < c+4; i++ {
		if less(&h[i], &h[m]) {
			m = i
		}
	}
	return m
}

// down places it at heap index j or below, moving children up.
func (s *Searcher) down(j int, it heapItem) {
	h := s.heap
	nodes := s.nodes
	n := len(h)
	for {
		c := 4*j - 8
		if c >= n {
			break
		}
		m := minChild(h, c, n)
		if !less(&h[m], &it) {
			break
		}
		h[j] = h[m]
		nodes[h[j].n].pos = int32(j)
		j = m
	}
	h[j] = it
	nodes[it.n].pos = int32(j)
}

// update replaces the entry at heap index j by it and restores the order.
func (s *Searcher) update(j int, it heapItem) {
	if j > root && less(&it, &s.heap[parentOf(j)]) {
		s.up(j, it)
	} else {
		s.down(j, it)
	}
}

// pop removes and returns the cell with the best entry. It moves the hole
// left at the root down to a leaf along the best child and then sifts the
// former last entry up from there, which usually stops at once.
func (s *Searcher) pop() int32 {
	h := s.heap
	top := h[root].n
	last := len(h) - 1
	it := h[last]
	h = h[:last]
	s.heap = h
	if last == root {
		return top
	}
	nodes := s.nodes
	j := root
	for {
		c := 4*j - 8
		if c+3 >= last {
			if c < last { // fewer than four children
				m := minChild(h, c, last)
				h[j] = h[m]
				nodes[h[j].n].pos = int32(j)
				j = m
			}
			break
		}
		// The best of four without a branch (which child wins is a coin
		// toss, so branches here are mispredicted half the time): the
		// borrow of kb − ka is 1 exactly when kb < ka, and masks built
		// from borrows select the smaller keys and their offsets.
		q := h[c : c+4 : c+4]
		ka, kb, kc, kd := q[0].k, q[1].k, q[2].k, q[3].k
		_, b1 := bits.Sub64(kb, ka, 0)
		_, b2 := bits.Sub64(kd, kc, 0)
		k1 := ka ^ (ka^kb)&-b1
		k2 := kc ^ (kc^kd)&-b2
		_, b3 := bits.Sub64(k2, k1, 0)
		o1, o2 := b1, 2+b2
		m := c + int(o1^(o1^o2)&-b3)
		h[j] = h[m]
		nodes[h[j].n].pos = int32(j)
		j = m
	}
	s.up(j, it)
	return top
}

// Result returns the outcome so far. Path is built into a buffer the Searcher
// reuses; copy it to keep it past the next Result call or query.
func (s *Searcher) Result() Result {
	r := Result{Status: s.status, Cost: math.Inf(1), Expanded: s.expanded, Pushes: s.pushes, PeakOpen: s.peak}
	if s.status == Found {
		s.path = s.appendPath(s.path[:0], s.found)
		r.Path = s.path
		r.Cost = s.nodes[s.found].g
	}
	return r
}

// Found returns the goal cell that ended the search (useful with GoalTest).
func (s *Searcher) Found() (image.Point, bool) {
	if s.status != Found {
		return image.Point{}, false
	}
	return s.grid.Point(int(s.found)), true
}

// PathTo appends to dst the best path found so far from the start to p and
// returns it; it returns dst unchanged when p has not been reached. For a
// closed cell (and every cell after an exhaustive search) the path is
// optimal within the query's limits.
func (s *Searcher) PathTo(dst []image.Point, p image.Point) []image.Point {
	if !s.grid.In(p) {
		return dst
	}
	i := int32(s.grid.Index(p))
	if s.gen == 0 || s.nodes[i].gen != s.gen {
		return dst
	}
	return s.appendPath(dst, i)
}

func (s *Searcher) appendPath(dst []image.Point, end int32) []image.Point {
	start := len(dst)
	for i := end; i >= 0; i = s.parents[i] {
		dst = append(dst, s.grid.Point(int(i)))
	}
	for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
		dst[a], dst[b] = dst[b], dst[a]
	}
	return dst
}

// CellState is what the current search knows about one cell, for inspectors.
type CellState struct {
	Seen   bool // pushed at least once this query
	Closed bool // expanded
	G, H   float64
	F      float64 // the priority the open list uses
	Parent image.Point
	Root   bool // true for the start (no parent)
	Order  int  // expansion order, valid when Closed
}

// State returns the current query's knowledge of p.
func (s *Searcher) State(p image.Point) CellState {
	if !s.grid.In(p) || len(s.nodes) < s.grid.Len() {
		return CellState{}
	}
	i := s.grid.Index(p)
	nd := &s.nodes[i]
	if nd.gen != s.gen || s.gen == 0 {
		return CellState{}
	}
	h := s.hAt(int32(i), p.X, p.Y)
	par := s.parents[i]
	cs := CellState{Seen: true, Closed: nd.closed(), G: nd.g, H: h, F: s.fOf(nd.g, h), Root: par < 0}
	if cs.Closed {
		cs.Order = int(closedBase - nd.pos)
	}
	if par >= 0 {
		cs.Parent = s.grid.Point(int(par))
	}
	return cs
}

// G returns the best known cost from the start to p and whether p was reached.
func (s *Searcher) G(p image.Point) (float64, bool) {
	if !s.grid.In(p) {
		return math.Inf(1), false
	}
	nd := &s.nodes[s.grid.Index(p)]
	if nd.gen != s.gen || s.gen == 0 {
		return math.Inf(1), false
	}
	return nd.g, true
}

// OpenLen returns the current size of the open list.
func (s *Searcher) OpenLen() int {
	n := max(len(s.heap)-root, 0)
	if s.held {
		n++
	}
	return n
}
