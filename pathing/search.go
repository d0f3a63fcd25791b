package pathing

import (
	"errors"
	"fmt"
	"image"
	"math"
)

// Algorithm selects how a search orders its open list.
type Algorithm uint8

const (
	AStar    Algorithm = iota // f = g + w·h; optimal with an admissible heuristic and w = 1
	Dijkstra                  // f = g; the heuristic is ignored
	Greedy                    // f = h; fast, not optimal
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
	// Four). Custom calls HeuristicFunc(cell, Goal) instead; a custom function
	// costs a call per pushed cell.
	Heuristic     Heuristic
	HeuristicFunc func(p, goal image.Point) float64
	// Weight multiplies h in A* (weighted A*); 0 means 1. Above 1 the search
	// is faster and at most Weight times the optimal cost.
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

const (
	posNone   = -1 // seen this generation but not on the open list (unused today)
	posClosed = -2
)

// node is the per-cell working state, valid only when gen == Searcher.gen.
type node struct {
	g, h   float64
	parent int32
	pos    int32 // index in the heap, or posClosed
	gen    uint32
	order  int32 // expansion order (0-based) once closed
}

type heapItem struct {
	f, g float64
	n    int32
}

// Searcher runs grid searches and owns all their working memory: per-cell
// state stamped with a generation counter (so starting a query is O(1), not a
// clear of the grid) and a binary heap with decrease-key. One Searcher serves
// any number of queries on grids of the size it was made for, with zero
// allocations per query once its buffers have grown. It is not safe for
// concurrent use; give each goroutine its own.
//
// The blocking form of a query is Init followed by Step until the status is
// not Running; Search does exactly that.
type Searcher struct {
	grid  *Grid
	nodes []node
	heap  []heapItem
	gen   uint32
	path  []image.Point

	q        Query
	hk       Heuristic
	weight   float64
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
func NewSearcher(g *Grid) *Searcher {
	return &Searcher{grid: g, nodes: make([]node, g.Len()), found: -1, status: NoPath}
}

// Grid returns the grid the searcher reads.
func (s *Searcher) Grid() *Grid { return s.grid }

// SetGrid points the searcher at another grid, keeping its buffers when the
// size allows. Any query in progress is abandoned.
func (s *Searcher) SetGrid(g *Grid) {
	s.grid = g
	if len(s.nodes) < g.Len() {
		s.nodes = make([]node, g.Len())
		s.gen = 0
	}
	s.status = NoPath
	s.found = -1
}

// Init starts a query. It fails when the start is blocked or outside the
// grid, or (without a GoalTest) when the goal is; the error names the cell.
// After a successful Init the status is Running, or Found at once when the
// start is the goal.
func (s *Searcher) Init(q Query) error {
	g := s.grid
	s.status = NoPath
	s.found = -1
	if !g.Open(q.Start) {
		return fmt.Errorf("pathing: %w: cell (%d,%d)", ErrStartBlocked, q.Start.X, q.Start.Y)
	}
	if q.GoalTest == nil && !g.Open(q.Goal) {
		return fmt.Errorf("pathing: %w: cell (%d,%d)", ErrGoalBlocked, q.Goal.X, q.Goal.Y)
	}
	if q.Mask != nil && len(q.Mask) != g.Len() {
		return fmt.Errorf("pathing: mask has %d cells, grid has %d", len(q.Mask), g.Len())
	}
	s.q = q
	s.hk = q.Heuristic.Resolve(q.Neighborhood)
	if q.Heuristic == Custom && q.HeuristicFunc == nil {
		s.hk = Zero
	}
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
	s.limited = s.bounds != g.Bounds() || q.Mask != nil || q.Allow != nil
	s.goalIdx = -1
	if g.In(q.Goal) {
		s.goalIdx = int32(g.Index(q.Goal))
	}

	s.gen++
	if s.gen == 0 { // wrapped: old stamps could collide, so clear once
		for i := range s.nodes {
			s.nodes[i].gen = 0
		}
		s.gen = 1
	}
	s.heap = s.heap[:0]
	s.expanded, s.pushes, s.peak = 0, 0, 0
	s.status = Running

	si := int32(g.Index(q.Start))
	s.push(si, -1, 0)
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
// search has ended does nothing and returns the final status.
func (s *Searcher) Step(n int) Status {
	if s.status != Running {
		return s.status
	}
	g := s.grid
	w, h := g.w, g.h
	cells := g.cells
	four := s.q.Neighborhood == Four
	tr := s.q.Trace
	goalTest := s.q.GoalTest
	for ; n > 0; n-- {
		if len(s.heap) == 0 {
			s.status = NoPath
			return NoPath
		}
		cur := s.pop()
		cn := &s.nodes[cur]
		cn.pos = posClosed
		cn.order = int32(s.expanded)
		s.expanded++
		if tr != nil {
			tr.Add(Event{Kind: EventPop, Level: tr.Level, Node: cur, Parent: cn.parent, G: cn.g, H: cn.h})
		}
		if goalTest == nil {
			if cur == s.goalIdx {
				s.found = cur
				s.status = Found
				return Found
			}
		} else if goalTest(g.Point(int(cur))) {
			s.found = cur
			s.status = Found
			return Found
		}
		cg := cn.g
		c := int(cur)
		x, y := c%w, c/w
		// Terrain openness of the four straight neighbours.
		eO := x+1 < w && cells[c+1] != Blocked
		wO := x > 0 && cells[c-1] != Blocked
		sO := y+1 < h && cells[c+w] != Blocked
		nO := y > 0 && cells[c-w] != Blocked
		if eO {
			s.relax(c+1, x+1, y, cur, cg+float64(cells[c+1]))
		}
		if sO {
			s.relax(c+w, x, y+1, cur, cg+float64(cells[c+w]))
		}
		if wO {
			s.relax(c-1, x-1, y, cur, cg+float64(cells[c-1]))
		}
		if nO {
			s.relax(c-w, x, y-1, cur, cg+float64(cells[c-w]))
		}
		if four {
			continue
		}
		if sO && eO && cells[c+w+1] != Blocked {
			s.relax(c+w+1, x+1, y+1, cur, cg+Sqrt2*float64(cells[c+w+1]))
		}
		if sO && wO && cells[c+w-1] != Blocked {
			s.relax(c+w-1, x-1, y+1, cur, cg+Sqrt2*float64(cells[c+w-1]))
		}
		if nO && wO && cells[c-w-1] != Blocked {
			s.relax(c-w-1, x-1, y-1, cur, cg+Sqrt2*float64(cells[c-w-1]))
		}
		if nO && eO && cells[c-w+1] != Blocked {
			s.relax(c-w+1, x+1, y-1, cur, cg+Sqrt2*float64(cells[c-w+1]))
		}
	}
	return s.status
}

// relax offers cell i (at x,y) a path through parent with cost ng.
func (s *Searcher) relax(i, x, y int, parent int32, ng float64) {
	if s.limited && !s.admit(i, x, y) {
		return
	}
	nd := &s.nodes[i]
	if nd.gen != s.gen {
		s.push(int32(i), parent, ng)
		return
	}
	if nd.pos == posClosed {
		// Only an inconsistent heuristic can improve a closed node; the
		// epsilon keeps rounding noise from reopening nodes needlessly.
		if ng < nd.g-1e-9 {
			nd.g = ng
			nd.parent = parent
			s.reopen(int32(i))
		}
		return
	}
	if ng < nd.g {
		nd.g = ng
		nd.parent = parent
		p := int(nd.pos)
		s.heap[p].g = ng
		s.heap[p].f = s.fOf(ng, nd.h)
		s.up(p)
		if tr := s.q.Trace; tr != nil {
			tr.Add(Event{Kind: EventRelax, Level: tr.Level, Node: int32(i), Parent: parent, G: ng, H: nd.h})
		}
	}
}

func (s *Searcher) admit(i, x, y int) bool {
	b := s.bounds
	if x < b.Min.X || x >= b.Max.X || y < b.Min.Y || y >= b.Max.Y {
		return false
	}
	if s.q.Mask != nil && !s.q.Mask[i] {
		return false
	}
	if s.q.Allow != nil && !s.q.Allow(image.Point{x, y}) {
		return false
	}
	return true
}

func (s *Searcher) hOf(i int32) float64 {
	switch s.hk {
	case Zero:
		return 0
	case Custom:
		return s.q.HeuristicFunc(s.grid.Point(int(i)), s.q.Goal)
	}
	w := s.grid.w
	c := int(i)
	return estimate(s.hk, iabs(c%w-s.q.Goal.X), iabs(c/w-s.q.Goal.Y))
}

func (s *Searcher) fOf(g, h float64) float64 {
	if s.q.Algorithm == Greedy {
		return h
	}
	return g + s.weight*h
}

func (s *Searcher) push(i, parent int32, g float64) {
	nd := &s.nodes[i]
	h := s.hOf(i)
	*nd = node{g: g, h: h, parent: parent, gen: s.gen, pos: int32(len(s.heap))}
	s.heap = append(s.heap, heapItem{f: s.fOf(g, h), g: g, n: i})
	s.up(len(s.heap) - 1)
	s.pushes++
	if len(s.heap) > s.peak {
		s.peak = len(s.heap)
	}
	if tr := s.q.Trace; tr != nil {
		tr.Add(Event{Kind: EventPush, Level: tr.Level, Node: i, Parent: parent, G: g, H: h})
	}
}

func (s *Searcher) reopen(i int32) {
	nd := &s.nodes[i]
	nd.pos = int32(len(s.heap))
	s.heap = append(s.heap, heapItem{f: s.fOf(nd.g, nd.h), g: nd.g, n: i})
	s.up(len(s.heap) - 1)
	s.pushes++
	if len(s.heap) > s.peak {
		s.peak = len(s.heap)
	}
	if tr := s.q.Trace; tr != nil {
		tr.Add(Event{Kind: EventPush, Level: tr.Level, Node: i, Parent: nd.parent, G: nd.g, H: nd.h})
	}
}

// less orders by f, breaking ties toward the larger g (deeper nodes first),
// which on open ground expands far fewer equal-f cells.
func less(a, b *heapItem) bool {
	return a.f < b.f || (a.f == b.f && a.g > b.g)
}

func (s *Searcher) up(j int) {
	h := s.heap
	it := h[j]
	for j > 0 {
		p := (j - 1) / 2
		if !less(&it, &h[p]) {
			break
		}
		h[j] = h[p]
		s.nodes[h[j].n].pos = int32(j)
		j = p
	}
	h[j] = it
	s.nodes[it.n].pos = int32(j)
}

func (s *Searcher) pop() int32 {
	h := s.heap
	top := h[0].n
	last := len(h) - 1
	it := h[last]
	s.heap = h[:last]
	h = s.heap
	if last > 0 {
		j := 0
		for {
			l := 2*j + 1
			if l >= last {
				break
			}
			m := l
			if r := l + 1; r < last && less(&h[r], &h[l]) {
				m = r
			}
			if !less(&h[m], &it) {
				break
			}
			h[j] = h[m]
			s.nodes[h[j].n].pos = int32(j)
			j = m
		}
		h[j] = it
		s.nodes[it.n].pos = int32(j)
	}
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
	if s.nodes[i].gen != s.gen {
		return dst
	}
	return s.appendPath(dst, i)
}

func (s *Searcher) appendPath(dst []image.Point, end int32) []image.Point {
	start := len(dst)
	for i := end; i >= 0; i = s.nodes[i].parent {
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
	nd := &s.nodes[s.grid.Index(p)]
	if nd.gen != s.gen || s.gen == 0 {
		return CellState{}
	}
	cs := CellState{Seen: true, Closed: nd.pos == posClosed, G: nd.g, H: nd.h, F: s.fOf(nd.g, nd.h), Root: nd.parent < 0, Order: int(nd.order)}
	if nd.parent >= 0 {
		cs.Parent = s.grid.Point(int(nd.parent))
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
func (s *Searcher) OpenLen() int { return len(s.heap) }
