package groups

import (
	"errors"
	"fmt"
	"image"
	"math"

	"pathlens/pathing"
)

// Options are the per-query settings of a Planner. The zero value plans
// without a trace and with the neighbourhood's default cell heuristic.
type Options struct {
	// Trace, when not nil, receives every search of the query: one phase
	// per level, named "plan L2", "plan L1", … and "cells", in that order.
	// At level l ≥ 1 Event.Node and Event.Parent are group ids of level l
	// (draw them with Graph.NodeCell); at level 0 they are cell indices.
	// The trace is appended to, not reset.
	Trace *pathing.Trace
	// Heuristic and HeuristicFunc set the cell-level estimate of searches
	// aiming at one cell (Auto: octile or Manhattan). A search aiming at the
	// nearest cell of a group always uses Zero.
	Heuristic     pathing.Heuristic
	HeuristicFunc func(p, goal image.Point) float64
}

// Result is what PlanSegment found. Its slices are owned by the Planner and
// reused by its next query: copy what you keep.
type Result struct {
	// Segment is the refined first step, start to its end inclusive: the
	// cells to walk now. In exclusion mode, and when start and goal share a
	// level-1 group, it is the whole path.
	Segment []image.Point
	Cost    float64 // cost of Segment
	// Final reports that Segment ends at the goal.
	Final bool
	// StartLevel is the level planning began at: the highest level where
	// start and goal groups differ, 0 when they share a level-1 group.
	StartLevel int
	// Plans[l] (l = 1..Levels) is the plan made at level l, as group ids
	// from the start's group, or nil when level l was not planned.
	// PlanCells[l] holds the same nodes' representative cells.
	Plans     [][]int32
	PlanCells [][]image.Point
	// PlanCosts[l] is the connection-cost total of Plans[l].
	PlanCosts []float64
	// Expanded[l] counts the nodes expanded at level l (0: cells).
	Expanded []int
}

// ExcludedError is returned (matching ErrExcluded with errors.Is) when an
// exclusion-mode search could not reach its goal inside the plan above.
type ExcludedError struct {
	Level int // the level whose search failed (0: cells)
}

func (e *ExcludedError) Error() string {
	return fmt.Sprintf("groups: exclusion: the level %d search found no path inside the groups of the level %d plan", e.Level, e.Level+1)
}

// Is makes errors.Is(err, ErrExcluded) true.
func (e *ExcludedError) Is(target error) bool { return target == ErrExcluded }

// noCache marks a search whose limits are not described by a key (the plan
// of the level above, in exclusion mode).
var noCache = [2]int32{-2, -2}

// cacheKey says everything an abstract search's result depends on besides
// its start: the graph's version (bumped by every change), the cost kind,
// the target and the admitted groups one level up.
type cacheKey struct {
	version    uint64
	kind       CostKind
	goal       int32
	goalParent int32
	limit      [2]int32
}

type planCache struct {
	valid bool
	key   cacheKey
	plan  []int32
	cells []image.Point
	g     []float64 // cost from the plan's first node to each node
}

// aItem is an abstract search's open-list entry: group n reached at cost g,
// with estimate f = g + h.
type aItem struct {
	f, g float64
	n    int32
}

// tieTol is the relative difference below which two abstract costs count as
// equal. A plan's cost is a sum of connection costs that are themselves
// sums, products and averages of cell steps (k·w and k·w·√2): two plans
// equal under the definitions can differ in the last bits of their sums
// (level 1's costs are computed as w × octile distance for open rectangles
// and by searches elsewhere, and level 2 adds level 1's), by about 10⁻¹⁵
// of the total per term, so a few thousand terms stay 10⁻¹² apart; distinct
// totals of such terms lie far more than 10⁻¹⁰ apart on any map of the
// benchmark's sizes. Deciding ties by the rule in before rather than by
// those bits keeps plans, and the figures of docs/groups.md, from moving
// when only the rounding of a cost changes. The price, on the largest
// maps only: sums of a straight and b diagonal steps come within 10⁻¹⁰
// (relative) of each other without being equal once routes run to about
// 10⁵ steps (114,243 against 80,782·√2, 4·10⁻⁶ apart), and two such plans
// count as one cost there, so a plan may be dearer than the best by that
// much (a review's example; "near" is not transitive either, which only
// matters between such costs).
const tieTol = 1e-10

// near reports whether costs a and b are equal but for rounding.
func near(a, b float64) bool {
	return math.Abs(a-b) <= tieTol*max(1, math.Abs(a), math.Abs(b))
}

// before reports whether a pops before b: the smaller f; on equal f the
// larger g (the node further along its route, nearer the goal by the
// estimate, as the grid searcher breaks ties, so A* reaches the goal with
// fewer expansions; with no estimate equal f means equal g); then the
// smaller group id. Equal is near, so the order depends on the graph alone,
// not on the order entries were pushed nor on how a cost was summed.
func before(a, b aItem) bool {
	if !near(a.f, b.f) {
		return a.f < b.f
	}
	if !near(a.g, b.g) {
		return a.g > b.g
	}
	return a.n < b.n
}

// PopsBefore reports whether the abstract search pops the entry (af, ag, an)
// before (bf, bg, bn): f, g and group id as in its trace's events (f = G +
// H). The order is total: the window's open-list panel lists entries by it.
func PopsBefore(af, ag float64, an int32, bf, bg float64, bn int32) bool {
	return before(aItem{af, ag, an}, aItem{bf, bg, bn})
}

// Planner answers queries on a Graph. It owns all working memory (a cell
// Searcher, per-group search state stamped with generation counters, the
// result slices), so a warm Planner allocates nothing per PlanSegment. It is
// not safe for concurrent use: give each goroutine its own; any number may
// share one Graph.
type Planner struct {
	g *Graph
	s *pathing.Searcher

	gen    uint32
	stamp  []uint32 // per group of the level being searched
	closed []uint32
	gval   []float64
	par    []int32
	heap   []aItem

	markGen uint32
	marks   [][]uint32 // marks[l][id] == markGen: group id of level l admitted

	sG, gG, next []int32 // per level: start's group, goal's group, plan's first step

	res      Result
	seg      []image.Point
	path     []image.Point
	allowL   int // level of the groups a restricted cell search admits
	inTarget func(image.Point) bool
	target1  int32 // level-1 group inTarget accepts
	visit    []uint32
	visitGen uint32
	goal     image.Point
	walkExp  []int
	// firstPlans and firstCells are Walk's FirstPlans and FirstPlanCells.
	firstPlans [][]int32
	firstCells [][]image.Point
	caching    bool        // reuse a level's plan while its search is unchanged (Walk)
	cache      []planCache // per level
}

// NewPlanner returns a Planner for g. A nil g is a programming error: it
// panics, naming the package and the function.
func NewPlanner(g *Graph) *Planner {
	if g == nil {
		panic("groups: NewPlanner: nil graph")
	}
	p := &Planner{g: g, s: pathing.NewSearcher(g.grid)}
	p.inTarget = func(c image.Point) bool {
		return p.g.levels[1].groupOf[p.g.grid.Index(c)] == p.target1
	}
	return p
}

// Graph returns the graph the planner queries.
func (p *Planner) Graph() *Graph { return p.g }

// fit grows the buffers to the graph's current size (after Update).
func (p *Planner) fit() {
	L := p.g.cfg.Levels
	if len(p.marks) != L+1 {
		p.marks = make([][]uint32, L+1)
		p.sG, p.gG, p.next = make([]int32, L+2), make([]int32, L+2), make([]int32, L+2)
		p.res.Plans = make([][]int32, L+1)
		p.res.PlanCells = make([][]image.Point, L+1)
		p.res.PlanCosts = make([]float64, L+1)
		p.res.Expanded = make([]int, L+1)
		p.cache = make([]planCache, L+1)
	}
	most := 0
	for l := 1; l <= L; l++ {
		n := len(p.g.levels[l].groups)
		if len(p.marks[l]) < n {
			p.marks[l] = make([]uint32, n)
		}
		most = max(most, n)
	}
	if len(p.stamp) < most {
		p.stamp = make([]uint32, most)
		p.closed = make([]uint32, most)
		p.gval = make([]float64, most)
		p.par = make([]int32, most)
		p.gen = 0
	}
	if p.s.Grid() != p.g.grid || len(p.visit) != p.g.grid.Len() {
		p.s.SetGrid(p.g.grid)
		p.visit = make([]uint32, p.g.grid.Len())
		p.visitGen = 0
	}
}

// newMarks starts a fresh set of admitted groups.
func (p *Planner) newMarks() {
	p.markGen++
	if p.markGen == 0 {
		for _, m := range p.marks {
			clear(m)
		}
		p.markGen = 1
	}
}

// PlanSegment plans from start toward goal the textbook's way and returns
// the first refined segment plus the plans above it (see Result). Without
// exclusion it begins at the highest level where the start's and goal's
// groups differ, plans there (inside the group both share one level up, if
// any), takes the plan's first step and plans that step one level down
// (inside the step's two groups, toward the next group's representative, or
// its nearest part with Target Nearest, or the goal's own group when the
// step enters it), and so on down to cells. Keeping each refinement inside
// its step's two groups guarantees it succeeds and that calling again from
// the segment's end makes progress, so Walk always terminates. With
// exclusion every level is planned from start to goal, each limited to the
// groups of the plan above, and the segment is the whole path.
//
// Errors: a blocked or outside endpoint (wrapping pathing.ErrStartBlocked or
// ErrGoalBlocked), ErrNoPath, an *ExcludedError (exclusion mode), ErrStale,
// ErrConcurrentUpdate (an Update of the graph overlapped the query).
// Cost: a few small abstract A* searches (on cluster levels the estimate is
// the Chebyshev distance in clusters, every connection costing at least 1;
// with regions none, as connection costs are not distances) and one cell
// search confined to two groups; no allocation once warm.
func (p *Planner) PlanSegment(start, goal image.Point, opts Options) (res Result, err error) {
	// Update makes g.inUpdate odd while it runs. An odd count here, or one
	// that moved by the end, means the query read a graph being rewritten:
	// its answer (or a panic it ran into) is replaced by an error. Two
	// atomic loads and an open-coded defer: no allocation.
	g := p.g
	u0 := g.inUpdate.Load()
	if u0&1 != 0 {
		return p.overlapped()
	}
	defer func() {
		if g.inUpdate.Load() != u0 {
			v := recover() // whatever the torn graph made the query do
			res, err = p.overlapped()
			err = pathing.WithPanic(err, v)
		}
	}()
	return p.planSegment(start, goal, opts)
}

// ErrConcurrentUpdate is wrapped by the planner's error when Graph.Update ran
// while it planned: Update and queries must not overlap. The check sees
// every overlap with an Update, but not a grid written during a query.
var ErrConcurrentUpdate = errors.New("groups: Update ran during the query: Update and queries must not overlap")

// planHook, when not nil, runs in every PlanSegment once its endpoints are
// checked (tests: an Update or a panic in the middle of a query).
var planHook func()

// overlapped is PlanSegment's answer to a query that overlapped an Update.
func (p *Planner) overlapped() (Result, error) {
	r := &p.res
	for l := range r.Plans {
		r.Plans[l] = r.Plans[l][:0]
		r.PlanCells[l] = r.PlanCells[l][:0]
		r.PlanCosts[l] = 0
	}
	r.Segment, r.Cost, r.Final, r.StartLevel = nil, math.Inf(1), false, 0
	return *r, ErrConcurrentUpdate
}

// planSegment is PlanSegment without the check for a concurrent Update.
func (p *Planner) planSegment(start, goal image.Point, opts Options) (Result, error) {
	g := p.g
	p.fit()
	r := &p.res
	L := g.cfg.Levels
	for l := range r.Plans {
		r.Plans[l] = r.Plans[l][:0]
		r.PlanCells[l] = r.PlanCells[l][:0]
		r.PlanCosts[l] = 0
		r.Expanded[l] = 0
	}
	r.Segment, r.Cost, r.Final, r.StartLevel = nil, math.Inf(1), false, 0
	p.goal = goal
	if g.grid.Version() != g.seen {
		// Planned on anyway, a dig that joined two parts read as ErrNoPath.
		return *r, fmt.Errorf("%w: the grid changed since Build or the last Update (call Update with the changed cells)", ErrStale)
	}
	if !g.grid.Open(start) {
		return *r, fmt.Errorf("groups: %w: cell (%d,%d)", pathing.ErrStartBlocked, start.X, start.Y)
	}
	if !g.grid.Open(goal) {
		return *r, fmt.Errorf("groups: %w: cell (%d,%d)", pathing.ErrGoalBlocked, goal.X, goal.Y)
	}
	if planHook != nil {
		planHook()
	}
	if start == goal {
		p.seg = append(p.seg[:0], start)
		r.Segment, r.Cost, r.Final = p.seg, 0, true
		return *r, nil
	}
	si, gi := g.grid.Index(start), g.grid.Index(goal)
	top := 0
	for l := 1; l <= L; l++ {
		p.sG[l], p.gG[l] = g.levels[l].groupOf[si], g.levels[l].groupOf[gi]
		if p.sG[l] != p.gG[l] {
			top = l
		}
	}
	r.StartLevel = top
	tr := opts.Trace
	if top == 0 {
		// Start and goal share their level-1 group. In exclusion mode the
		// plan is that group alone, so the cell search stays inside it (a
		// group is connected, so a path inside it exists); otherwise it is
		// free, and optimal.
		if !g.cfg.Exclusion {
			return p.cells(start, goal, opts, false, -1)
		}
		p.newMarks()
		p.marks[1][p.sG[1]] = p.markGen
		p.allowL = 1
		return p.cells(start, goal, opts, true, -1)
	}

	// The start level: plan to the goal's group, inside the common parent.
	restrict := top < L
	if restrict {
		p.newMarks()
		p.marks[top+1][p.sG[top+1]] = p.markGen
	}
	if tr != nil {
		tr.BeginPhase(fmt.Sprintf("plan L%d", top), top)
	}
	if !p.abstract(top, p.sG[top], p.gG[top], -1, restrict, p.topLimit(top), tr) {
		if restrict {
			return *r, fmt.Errorf("%w (level %d inside one level-%d group)", ErrStale, top, top+1)
		}
		return *r, ErrNoPath
	}
	p.next[top] = r.Plans[top][1]

	if g.cfg.Exclusion {
		for l := top - 1; l >= 1; l-- {
			p.newMarks()
			for _, id := range r.Plans[l+1] {
				p.marks[l+1][id] = p.markGen
			}
			if tr != nil {
				tr.BeginPhase(fmt.Sprintf("plan L%d", l), l)
			}
			if !p.abstract(l, p.sG[l], p.gG[l], -1, true, noCache, tr) {
				return *r, &ExcludedError{Level: l}
			}
		}
		p.newMarks()
		for _, id := range r.Plans[1] {
			p.marks[1][id] = p.markGen
		}
		p.allowL = 1
		res, err := p.cells(start, goal, opts, true, -1)
		if err != nil && errors.Is(err, ErrStale) {
			return res, &ExcludedError{Level: 0}
		}
		return res, err
	}

	for l := top - 1; l >= 1; l-- {
		// Refine the step sG[l+1] → next[l+1] at level l, inside those two.
		p.newMarks()
		p.marks[l+1][p.sG[l+1]] = p.markGen
		p.marks[l+1][p.next[l+1]] = p.markGen
		goalID, goalParent := int32(-1), int32(-1)
		switch {
		case p.next[l+1] == p.gG[l+1]:
			goalID = p.gG[l]
		case g.cfg.Target == Nearest:
			goalParent = p.next[l+1]
		default:
			goalID = g.levels[l].groupOf[g.grid.Index(g.levels[l+1].groups[p.next[l+1]].Rep)]
		}
		if tr != nil {
			tr.BeginPhase(fmt.Sprintf("plan L%d", l), l)
		}
		if !p.abstract(l, p.sG[l], goalID, goalParent, true, [2]int32{p.sG[l+1], p.next[l+1]}, tr) {
			return *r, fmt.Errorf("%w (refining a level %d step at level %d)", ErrStale, l+1, l)
		}
		p.next[l] = r.Plans[l][1]
	}
	// Cells: refine sG[1] → next[1] inside those two groups.
	p.newMarks()
	p.marks[1][p.sG[1]] = p.markGen
	p.marks[1][p.next[1]] = p.markGen
	p.allowL = 1
	switch {
	case p.next[1] == p.gG[1]:
		return p.cells(start, goal, opts, true, -1)
	case g.cfg.Target == Nearest:
		return p.cells(start, goal, opts, true, p.next[1])
	default:
		return p.cells(start, g.levels[1].groups[p.next[1]].Rep, opts, true, -1)
	}
}

// cells runs the cell-level search of a query: to dst, or (toGroup >= 0) to
// the nearest cell of level-1 group toGroup; limited to the marked groups of
// level p.allowL when restrict. The segment is final when it ends at the
// query's goal.
func (p *Planner) cells(start, dst image.Point, opts Options, restrict bool, toGroup int32) (Result, error) {
	r := &p.res
	q := pathing.Query{Start: start, Goal: dst, Neighborhood: p.g.cfg.Neighborhood,
		Heuristic: opts.Heuristic, HeuristicFunc: opts.HeuristicFunc, Trace: opts.Trace}
	if restrict {
		// The marked groups of level allowL (an Allow function making
		// the same test cost a call per neighbour).
		q.Groups, q.Marks, q.Mark = p.g.levels[p.allowL].groupOf, p.marks[p.allowL], p.markGen
	}
	if toGroup >= 0 {
		p.target1 = toGroup
		q.GoalTest = p.inTarget
		q.Algorithm = pathing.Dijkstra
		q.Goal = start
	}
	if opts.Trace != nil {
		opts.Trace.BeginPhase("cells", 0)
	}
	res, err := p.s.Search(q)
	r.Expanded[0] += res.Expanded
	if err != nil {
		if dst != p.goal && toGroup < 0 {
			// A representative that is no longer open.
			return *r, fmt.Errorf("%w (representative %v: %v)", ErrStale, dst, err)
		}
		return *r, fmt.Errorf("groups: %w", err)
	}
	if res.Status != pathing.Found {
		if restrict {
			return *r, fmt.Errorf("%w (cell search inside its groups)", ErrStale)
		}
		return *r, ErrNoPath
	}
	p.seg = append(p.seg[:0], res.Path...)
	r.Segment, r.Cost = p.seg, res.Cost
	r.Final = toGroup < 0 && dst == p.goal
	return *r, nil
}

// topLimit is the cache key of the start level's limit: the common parent.
func (p *Planner) topLimit(top int) [2]int32 {
	if top == p.g.cfg.Levels {
		return [2]int32{-1, -1}
	}
	return [2]int32{p.sG[top+1], -1}
}

// StoredPlanSuffix ends the name of a level's planning phase that followed
// the stored plan instead of searching ("plan L1 (stored plan, no
// search)"): the phase holds no events.
const StoredPlanSuffix = " (stored plan, no search)"

// The words Trace.SetEstimate records for an abstract search's H, which the
// window shows beside the open list: not the heuristic chosen for cells.
const (
	EstimateClusterSteps = "cluster steps"
	EstimateRooms        = "0 over rooms"
	EstimateGoalSet      = "0 to a goal set"
)

// abstractEstimate names the H of an abstract search (see abstract): the
// Chebyshev distance in clusters, or zero over regions or toward a set of
// groups.
func abstractEstimate(useH, clustersOnly bool) string {
	switch {
	case useH:
		return EstimateClusterSteps
	case !clustersOnly:
		return EstimateRooms
	}
	return EstimateGoalSet
}

// abstract runs A* at level l from start to
// goalID, or (goalParent >= 0) to any group whose level l+1 parent is
// goalParent, admitting only groups whose parent is marked when restrict. It
// stores the plan in p.res and reports success.
func (p *Planner) abstract(l int, start, goalID, goalParent int32, restrict bool, key [2]int32, tr *pathing.Trace) bool {
	lv := p.g.levels[l]
	kind := p.g.cfg.Cost
	ck := cacheKey{version: p.g.version, kind: kind, goal: goalID, goalParent: goalParent, limit: key}
	useCache := p.caching && key != noCache
	if useCache && p.cache[l].valid && p.cache[l].key == ck {
		// An agent that stored its plan: while the start lies on the plan
		// for the same target and limits, the rest of that plan is still a
		// cheapest one, so follow it instead of searching again.
		c := &p.cache[l]
		for i, n := range c.plan {
			if n != start {
				continue
			}
			p.res.Plans[l] = append(p.res.Plans[l][:0], c.plan[i:]...)
			p.res.PlanCells[l] = append(p.res.PlanCells[l][:0], c.cells[i:]...)
			p.res.PlanCosts[l] = c.g[len(c.g)-1] - c.g[i]
			tr.MarkEmptyPhase(l, StoredPlanSuffix)
			return true
		}
	}
	if useCache {
		defer func() {
			c := &p.cache[l]
			c.valid = len(p.res.Plans[l]) > 0
			c.key = ck
			c.plan = append(c.plan[:0], p.res.Plans[l]...)
			c.cells = append(c.cells[:0], p.res.PlanCells[l]...)
			c.g = c.g[:0]
			for _, n := range c.plan {
				c.g = append(c.g, p.gval[n])
			}
		}()
	}
	p.gen++
	if p.gen == 0 {
		clear(p.stamp)
		clear(p.closed)
		p.gen = 1
	}
	gen := p.gen
	// The estimate: on levels built from clusters alone every connection
	// costs at least 1 and joins clusters at most one apart, so the
	// Chebyshev distance between the cluster coordinates of a group and the
	// goal group never overestimates and is consistent. Regions, or a goal
	// that is a set of groups, get no estimate.
	useH := goalID >= 0 && p.g.levels[l].clustersOnly
	var gk Key
	if useH {
		gk = lv.groups[goalID].Key
	}
	if tr != nil {
		tr.SetEstimate(abstractEstimate(useH, p.g.levels[l].clustersOnly))
	}
	est := func(n int32) float64 {
		if !useH {
			return 0
		}
		k := lv.groups[n].Key
		return float64(max(abs32(k.X-gk.X), abs32(k.Y-gk.Y)))
	}
	h := p.heap[:0]
	p.stamp[start], p.gval[start], p.par[start] = gen, 0, -1
	h0 := est(start)
	h = append(h, aItem{h0, 0, start})
	if tr != nil {
		tr.Add(pathing.Event{Kind: pathing.EventPush, Level: uint8(l), Node: start, Parent: -1, H: h0})
	}
	var up []uint32
	if restrict {
		up = p.marks[l+1]
	}
	found := int32(-1)
	expanded := 0
	for len(h) > 0 {
		top := h[0]
		last := len(h) - 1
		h[0] = h[last]
		h = h[:last]
		siftDown(h, 0)
		u := top.n
		if p.closed[u] == gen {
			continue // stale heap entry
		}
		p.closed[u] = gen
		expanded++
		if tr != nil {
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(l), Node: u, Parent: p.par[u], G: p.gval[u], H: est(u)})
		}
		if u == goalID || (goalParent >= 0 && lv.groups[u].Parent == goalParent) {
			found = u
			break
		}
		gu := p.gval[u]
		for _, e := range lv.edges[lv.edgeStart[u]:lv.edgeStart[u+1]] {
			v := e.To
			if restrict && up[lv.groups[v].Parent] != p.markGen {
				continue
			}
			if p.closed[v] == gen {
				continue
			}
			nd := gu + e.Costs[kind]
			kindEv := pathing.EventPush
			if p.stamp[v] == gen {
				// An equal cost (near) keeps the parent found first, which
				// the pop order (before) decides.
				if nd >= p.gval[v] || near(nd, p.gval[v]) {
					continue
				}
				kindEv = pathing.EventRelax
			}
			p.stamp[v], p.gval[v], p.par[v] = gen, nd, u
			hv := est(v)
			h = append(h, aItem{nd + hv, nd, v})
			siftUp(h, len(h)-1)
			if tr != nil {
				tr.Add(pathing.Event{Kind: kindEv, Level: uint8(l), Node: v, Parent: u, G: nd, H: hv})
			}
		}
	}
	p.heap = h
	p.res.Expanded[l] += expanded
	if found < 0 {
		return false
	}
	plan := p.res.Plans[l][:0]
	for n := found; n >= 0; n = p.par[n] {
		plan = append(plan, n)
	}
	for a, b := 0, len(plan)-1; a < b; a, b = a+1, b-1 {
		plan[a], plan[b] = plan[b], plan[a]
	}
	cells := p.res.PlanCells[l][:0]
	for _, n := range plan {
		cells = append(cells, lv.groups[n].Rep)
	}
	p.res.Plans[l], p.res.PlanCells[l], p.res.PlanCosts[l] = plan, cells, p.gval[found]
	return true
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

func siftUp(h []aItem, j int) {
	for j > 0 {
		pa := (j - 1) / 2
		if !before(h[j], h[pa]) {
			break
		}
		h[pa], h[j] = h[j], h[pa]
		j = pa
	}
}

func siftDown(h []aItem, j int) {
	for {
		l, m := 2*j+1, j
		if l < len(h) && before(h[l], h[m]) {
			m = l
		}
		if r := l + 1; r < len(h) && before(h[r], h[m]) {
			m = r
		}
		if m == j {
			return
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
}
