package hpa

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strconv"
	"time"

	"pathlens/pathing"
)

// QueryOptions are per-query switches; the zero value smooths the path and
// lets short queries take the shortcut.
type QueryOptions struct {
	// NoSmooth keeps the refined path as the hierarchy gives it. Smoothing
	// (on by default) replaces stretches of the path by straight lines
	// when that is legal and no dearer, which removes most of HPA*'s
	// suboptimality for a cost linear in the path length.
	NoSmooth bool
	// NoShortcut disables the short-query shortcut: when start and goal lie
	// in the same or neighbouring level-1 clusters, Find first tries a plain
	// A* bounded to those clusters (optimal within them, and cheaper than
	// insertion). Its path answers alone when no path leaving the clusters
	// can be cheaper (a lower bound through the ring of cells around them;
	// in open ground it always is); otherwise the hierarchy answers too
	// and the cheaper path is returned, so the shortcut never makes an
	// answer dearer. With NoShortcut every query goes through the hierarchy.
	NoShortcut bool
	// AbstractWeight multiplies the heuristic of the top-level search
	// (weighted A*); 0, and any value up to 1, means 1: the exact abstract
	// search. NaN and ±Inf are an error. Above 1 the top
	// search expands fewer nodes (at 1.2 about a third fewer on 512×512 game
	// maps, for 20–30% faster queries) and its plan costs at most that factor
	// more than the best abstract plan; after smoothing the paths were about
	// 0.05–0.1 points of mean suboptimality longer (docs/hpa.md has the
	// figures).
	AbstractWeight float64
	// RefineSteps, when positive, refines only the first RefineSteps steps
	// of the top-level plan down to cells: plan high, refine the next
	// stretch only (an agent walking its plan refines the rest later, with
	// the hierarchy as it is then). Result.Path then ends at the end of the
	// last refined step and Result.Partial says so when steps were left;
	// Result.PlanCost is the abstract cost of the whole plan. Smoothing
	// works on the refined stretch, whose two ends stay where they are. 0
	// refines every step; a negative value is an error. A query answered
	// by the short-query shortcut is always whole.
	RefineSteps int
	// Trace, when not nil, receives every search event of every phase, each
	// phase opened by Trace.BeginPhase. It is appended to, not reset.
	// Traced queries allocate phase names.
	Trace *pathing.Trace
}

// PlanNode is one node of a plan: an abstract node id of its level and its
// cell. The start and goal are the querier's temporary nodes (see
// Querier.NodeCell).
type PlanNode struct {
	ID   int32
	Cell image.Point
}

// Phases counts what each phase of a query did. Index by graph level: 0 is
// cell searches, l ≥ 1 searches over level l's abstract graph.
type Phases struct {
	Insert   [MaxLevels + 1]int // nodes expanded inserting start and goal
	Abstract int                // nodes expanded by the top-level search
	Refine   [MaxLevels + 1]int // nodes expanded refining plan steps without a cached path
	Smooth   int                // cells checked by smoothing
	Shortcut int                // cells expanded by the short-query A*
	// InSight says, for the start and the goal, that level-1 insertion
	// joined it by octile distances without a search (a cluster open, or
	// every node on a legal straight line), so 0 expansions there are
	// no missing phase. Both false when no insertion ran (shortcut, start =
	// goal, unreachable goal).
	InSight [2]bool

	InsertTime, AbstractTime, RefineTime, SmoothTime, ShortcutTime time.Duration
}

// Total returns the number of nodes expanded by every search of the query
// (smoothing's cell checks excluded).
func (p *Phases) Total() int {
	t := p.Abstract + p.Shortcut
	for i := range p.Insert {
		t += p.Insert[i] + p.Refine[i]
	}
	return t
}

// PhaseCount is one row of Phases.List: a kind of phase and what it did.
type PhaseCount struct {
	// Name is the phase's kind as the window's timeline names its phases
	// (without their S/G or step): "shortcut", "insert L1" … "insert LN",
	// "abstract LN", "refine L(N−1)" … "refine L1", "refine cells",
	// "smooth".
	Name string
	// Level is the graph level searched: 0 for cells, l for level l.
	Level int
	// Count is the nodes expanded, or for "smooth" the cells checked.
	Count int
	// InSight is set on "insert L1" when the start, the goal or both
	// joined level 1 without a search (Phases.InSight): a row of 0
	// expansions that is not a missing phase.
	InSight [2]bool
}

// List returns the phases of a query on a hierarchy of levels abstract
// levels in the order they run, one row per kind with a non-zero count
// (and "insert L1" whenever either end joined it without a search). The
// counts of every row but "smooth" add up to Total. It allocates the
// returned slice.
func (p *Phases) List(levels int) []PhaseCount {
	var out []PhaseCount
	add := func(name string, level, n int) {
		if n > 0 {
			out = append(out, PhaseCount{Name: name, Level: level, Count: n})
		}
	}
	add("shortcut", 0, p.Shortcut)
	for l := range p.Insert { // Insert[l]: searches on level l putting S and G into level l+1
		if l == 0 && (p.InSight[0] || p.InSight[1]) {
			out = append(out, PhaseCount{Name: "insert L1", Count: p.Insert[0], InSight: p.InSight})
			continue
		}
		add(fmt.Sprintf("insert L%d", l+1), l, p.Insert[l])
	}
	add(fmt.Sprintf("abstract L%d", levels), levels, p.Abstract)
	for l := len(p.Refine) - 1; l >= 1; l-- {
		add(fmt.Sprintf("refine L%d", l), l, p.Refine[l])
	}
	add("refine cells", 0, p.Refine[0])
	add("smooth", 0, p.Smooth)
	return out
}

// Result is the outcome of Find. Its slices are the Querier's own buffers,
// overwritten by the next Find: copy what must outlive it.
type Result struct {
	Status pathing.Status // Found or NoPath
	Path   []image.Point  // start to goal inclusive; nil unless Found
	Cost   float64        // cost of Path; +Inf unless Found
	// SegmentEnds splits Path by top-level plan step: segment i is
	// Path[b:SegmentEnds[i]+1] with b = 0 for i = 0, else SegmentEnds[i−1].
	// After smoothing a segment can shrink to a single cell when a
	// straight line skipped it.
	SegmentEnds []int
	// Plans[l] is the plan at level l (1..Levels), start and goal
	// included; Plans[0] is nil (the cells are Path). All are empty when
	// Shortcut is true or the query ended before searching. With Partial,
	// the top level's plan is whole and each lower one covers the refined
	// steps only (it ends where Path ends).
	Plans [][]PlanNode
	// Partial reports that QueryOptions.RefineSteps left top-level steps
	// unrefined: Path and Cost stop at the node Plans[Levels][RefineSteps].
	Partial bool
	// PlanCost is the cost of the whole top-level plan from start to goal
	// in the abstract graph (the exact in-cluster costs of its steps),
	// before smoothing; +Inf unless Found. A whole answer's path costs
	// as much before smoothing (up to rounding), and smoothing only lowers
	// Cost; a shortcut answer has PlanCost = Cost.
	PlanCost float64
	// Shortcut reports that the bounded short-query A*'s path is the
	// answer: proved optimal on its own (Phases.Abstract is 0), or no
	// dearer than the hierarchy's, which was searched too.
	Shortcut bool
	// Unreachable reports a NoPath decided by the component labels alone.
	Unreachable bool
	Phases      Phases
	// Refined and RefinedEnds are Path and SegmentEnds as refinement left
	// them, before smoothing. They are set only for a traced query
	// (QueryOptions.Trace) that smoothed, so a viewer stepping through the
	// refinement phases can show each step's cells rather than the
	// smoothed path (whose first segment may already span the whole
	// route). Querier buffers, like Path.
	Refined     []image.Point
	RefinedEnds []int
}

// smoothPasses is how many times smoothing runs over a path at most (it
// stops early when a pass changes nothing). The second pass keeps the first
// one's straight stretches and pulls the string again from just before each
// of its corners (see smoother): on the five game maps (cluster 16, 2
// levels) it takes the mean suboptimality from 0.06–0.99% after one pass to
// 0.03–0.37%, for about as many cell checks again as the first pass.
const smoothPasses = 2

// ErrBlocked is wrapped by Find's error when the start or goal is blocked or
// outside the grid; the message names the cell.
var ErrBlocked = errors.New("cell is blocked or outside the grid")

// ErrStale is wrapped by Find's error when the grid's cells changed
// (pathing.Grid.Version advanced) since the hierarchy's Build or its last
// Update: the hierarchy no longer describes the terrain, and answering from
// it would give paths through walls. Call Update with the changed cells
// first. The check sees a forgotten Update, not an Update whose list missed
// some of the changed cells.
var ErrStale = errors.New("the grid changed since Build or the last Update: call Update with the changed cells")

// Querier answers queries on one Hierarchy. It owns all its working memory
// (reused from query to query: no allocations per query once warm) and never
// writes the hierarchy, so each goroutine can have its own Querier on a
// shared Hierarchy. A Querier is not safe for concurrent use.
type Querier struct {
	h     *Hierarchy
	cs    [3]*cellSearch // S insertion, G insertion, refinement/shortcut
	ext   []ext          // ext[l-1]: the extension of level l
	insF  []absSearch    // insF[m-1]: start insertion into level m+1 (graph m)
	insR  []absSearch
	ref   []absSearch // ref[m-1]: refinement searches on graph m
	top   absSearch
	ids   [][]int32 // plan ids per level
	res   Result
	path  []image.Point
	path2 []image.Point
	// refined, refinedEnds: the path and segment ends before smoothing,
	// kept for traced queries (Result.Refined).
	refined     []image.Point
	refinedEnds []int
	sm          smoother
	tr          *pathing.Trace
	step        int
	err         error
	// sOpen/gOpen: the start's/goal's level-1 cluster is open and uniform,
	// so insertion used octile distances and refinement draws lines.
	sOpen, gOpen bool
	divW         uint64 // cellDivisor of the grid's width
	// short: the bounded short-query A*'s path when it could not be
	// proved optimal, kept while the hierarchy answers too.
	short []image.Point
}

// cellDivisor returns m such that c*m>>42 == c/w for every cell index c of a
// grid of width w (c < 2²⁸ since sides are at most pathing.MaxSide = 2¹⁴):
// a multiply and a shift instead of a division per cached path cell. With
// m = ⌈2⁴²/w⌉ the error c·(m − 2⁴²/w)/2⁴² < c/2⁴² < 2⁻¹⁴ ≤ 1/w never
// reaches the next integer, and c·m < 2⁵⁷ cannot overflow.
func cellDivisor(w int) uint64 {
	return (1<<42 + uint64(w) - 1) / uint64(w)
}

// NewQuerier returns a Querier for h. It allocates its working memory now,
// sized for the hierarchy (cell state for two clusters' area, node state
// for every level's ids, path buffers for a few map crossings), so queries
// allocate nothing; buffers still grow after repairs add nodes or for
// unusually long paths. A Querier stays valid across Updates. NewQuerier
// reads the hierarchy: like a query, it must not overlap Update.
func (h *Hierarchy) NewQuerier() *Querier {
	L := h.cfg.Levels
	q := &Querier{h: h, divW: cellDivisor(h.w)}
	for i := range q.cs {
		q.cs[i] = newCellSearch(h.grid, h.cfg.Neighborhood)
	}
	q.ext = make([]ext, L)
	q.insF = make([]absSearch, L)
	q.insR = make([]absSearch, L)
	q.ref = make([]absSearch, L)
	q.ids = make([][]int32, L+1)
	q.res.Plans = make([][]PlanNode, L+1)
	// Size the working memory for the hierarchy as it is now, so the first
	// queries do not allocate either (it still grows after repairs add
	// nodes, or for unusually long paths).
	C := h.cfg.ClusterSize
	for _, cs := range q.cs {
		cs.st = make([]cellState, 4*C*C)
		cs.heap = make([]hitem, 0, 4*C*C)
		cs.dh = make([]ditem, 0, 4*C*C)
	}
	for l := 1; l <= L; l++ {
		n := len(h.lv[l-1].nodes) + 2
		q.ext[l-1].reset(n, image.Point{}, image.Point{})
		q.ext[l-1].sOut = make([]tempEdge, 0, 256)
		q.ext[l-1].gIn = make([]tempEdge, 0, 256)
		for _, a := range []*absSearch{&q.insF[l-1], &q.insR[l-1], &q.ref[l-1]} {
			a.st = make([]absState, n+n/4)
			a.heap = make([]aitem, aroot, 256)
		}
		q.ids[l] = make([]int32, 0, 1024)
		q.res.Plans[l] = make([]PlanNode, 0, 1024)
	}
	q.top.st = make([]absState, len(h.lv[L-1].nodes)+2)
	q.top.heap = make([]aitem, aroot, len(h.lv[L-1].nodes)+2+aroot)
	q.res.SegmentEnds = make([]int, 0, 1024)
	q.path = make([]image.Point, 0, 4*(h.w+h.h))
	q.path2 = make([]image.Point, 0, 4*(h.w+h.h))
	q.short = make([]image.Point, 0, 4*C)
	q.sm.out = make([]image.Point, 0, 4*(h.w+h.h))
	q.sm.prefix = make([]uint64, 0, 4*(h.w+h.h))
	q.sm.newIdx = make([]int, 0, 4*(h.w+h.h))
	q.sm.corners = make([]int, 0, 256)
	q.sm.cin = make([]int, 0, 256)
	return q
}

// Hierarchy returns the hierarchy q searches.
func (q *Querier) Hierarchy() *Hierarchy { return q.h }

// NodeCell returns the cell of node id of the given level as the querier's
// last query saw it: a shared abstract node (see Hierarchy.NodeCell) or one
// of the query's temporary nodes (the start has id Hierarchy.TempBase(level),
// the goal that plus one). Level 0 ids are cell indices.
func (q *Querier) NodeCell(level int, id int32) image.Point {
	if level >= 1 && level <= len(q.ext) {
		e := &q.ext[level-1]
		if id == e.base {
			return e.sPt
		}
		if id == e.base+1 {
			return e.gPt
		}
	}
	return q.h.NodeCell(level, id)
}

func (q *Querier) phase(name string, level int) {
	if q.tr != nil {
		q.tr.BeginPhase(name, level)
	}
}

// noSearchSuffix ends the name of an insertion phase joined by octile
// distances without a search: "insert S L1 (straight lines, no search)"
// (Trace.MarkEmptyPhase).
const noSearchSuffix = " (straight lines, no search)"

// stepPhase begins the phase refining top-level step step ("refine L1
// step 3", "refine cells step 3"). Consecutive searches of one step on
// one level (the several edges a step crosses) share one phase rather than
// repeating its name.
func (q *Querier) stepPhase(prefix string, level, step int) {
	if q.tr == nil {
		return
	}
	name := prefix + strconv.Itoa(step)
	if n := len(q.tr.Phases); n > 0 && q.tr.Phases[n-1].Level == level && q.tr.Phases[n-1].Name == name {
		return
	}
	q.tr.BeginPhase(name, level)
}

// noSearchStep names, as a phase with no events, top-level step i (a→b
// at level L) when refining it searched nothing at any level: the phases
// went "refine L1 step 2", "refine L1 step 4", and a class asked where step
// 3 was. It says why: the step crosses a cluster border (an inter edge is
// one move between two cells), follows the insertion search's path of the
// start or goal, or follows paths stored with the hierarchy.
func (q *Querier) noSearchStep(L, i int, a, b int32) {
	e := &q.ext[L-1]
	why := "follows stored paths"
	switch {
	case a == e.base:
		why = "follows the start's insertion path"
	case b == e.base+1:
		why = "follows the goal's insertion path"
	default:
		lv := q.h.lv[L-1]
		if lv.nodes[a].cluster != lv.nodes[b].cluster {
			why = "crosses a cluster border"
		}
	}
	q.tr.BeginPhase("step "+strconv.Itoa(i)+" "+why+" (no search)", L-1)
}

// Find returns a path from start to goal. It fails (wrapping ErrBlocked and
// naming the cell) when an endpoint is blocked or outside the grid, (wrapping
// ErrStale) when the grid changed without Update, and (wrapping
// ErrConcurrentUpdate) when an Update of the hierarchy overlapped the query.
// A goal in another component gives NoPath at once, without any search. The
// Result's slices are q's buffers, valid until the next Find. Cost on
// 512×512 game maps: tens to a few hundred microseconds.
func (q *Querier) Find(start, goal image.Point, opt QueryOptions) (res Result, err error) {
	h := q.h
	// Update makes h.updates odd while it runs. An odd count here, or one
	// that moved by the end, means the query read a hierarchy being
	// rewritten: its answer (or a panic it ran into) is replaced by an
	// error. Two atomic loads and an open-coded defer: no allocation.
	u0 := h.updates.Load()
	if u0&1 != 0 {
		return q.overlapped()
	}
	defer func() {
		if h.updates.Load() != u0 {
			p := recover() // whatever the torn hierarchy made the query do
			res, err = q.overlapped()
			err = pathing.WithPanic(err, p)
		}
	}()
	err = q.find(start, goal, opt)
	return q.res, err
}

// ErrConcurrentUpdate is wrapped by Find's error when Hierarchy.Update ran
// while the query did: Update and queries must not overlap (see Hierarchy).
// The check sees every overlap with an Update of the querier's hierarchy,
// but not a grid written during a query.
var ErrConcurrentUpdate = errors.New("Update ran during the query: Update and queries must not overlap")

// findHook, when not nil, runs in every query once its endpoints are checked
// (tests: an Update or a panic in the middle of a query).
var findHook func()

// overlapped is Find's answer to a query that overlapped an Update.
func (q *Querier) overlapped() (Result, error) {
	r := &q.res
	*r = Result{Status: pathing.NoPath, Cost: inf, PlanCost: inf, Plans: r.Plans, SegmentEnds: r.SegmentEnds[:0]}
	for i := range r.Plans {
		r.Plans[i] = r.Plans[i][:0]
	}
	return *r, fmt.Errorf("hpa: %w", ErrConcurrentUpdate)
}

// find is Find without the check for a concurrent Update.
func (q *Querier) find(start, goal image.Point, opt QueryOptions) error {
	h := q.h
	r := &q.res
	plans := r.Plans
	for i := range plans {
		plans[i] = plans[i][:0]
	}
	*r = Result{Status: pathing.NoPath, Cost: inf, PlanCost: inf, Plans: plans, SegmentEnds: r.SegmentEnds[:0]}
	q.path = q.path[:0]
	q.tr = opt.Trace
	if opt.RefineSteps < 0 {
		return fmt.Errorf("hpa: RefineSteps %d is negative (0 refines every step)", opt.RefineSteps)
	}
	if w := opt.AbstractWeight; math.IsNaN(w) || math.IsInf(w, 0) {
		return fmt.Errorf("hpa: AbstractWeight %v: want a finite factor (up to 1 means 1)", w)
	}
	if v := h.grid.Version(); v != h.seen {
		return fmt.Errorf("hpa: %w", ErrStale)
	}
	if !h.grid.Open(start) {
		return fmt.Errorf("hpa: start (%d,%d): %w", start.X, start.Y, ErrBlocked)
	}
	if !h.grid.Open(goal) {
		return fmt.Errorf("hpa: goal (%d,%d): %w", goal.X, goal.Y, ErrBlocked)
	}
	if findHook != nil {
		findHook()
	}
	if lb := h.comp.Labels(); lb[h.grid.Index(start)] != lb[h.grid.Index(goal)] {
		r.Unreachable = true
		return nil
	}
	if start == goal {
		q.path = append(q.path, start)
		r.SegmentEnds = append(r.SegmentEnds, 0)
		r.PlanCost = 0
		q.finish(0)
		return nil
	}
	l1 := h.lv[0]
	short := inf // the bounded A*'s cost when it found a path it could not prove optimal
	if !opt.NoShortcut {
		t0 := time.Now()
		a, b := l1.clusters[l1.clusterIndex(start)].rect, l1.clusters[l1.clusterIndex(goal)].rect
		dx, dy := a.Min.X-b.Min.X, a.Min.Y-b.Min.Y
		C := h.cfg.ClusterSize
		if dx >= -C && dx <= C && dy >= -C && dy <= C {
			q.phase("shortcut", 0)
			cs := q.cs[2]
			box := a.Union(b)
			cs.reset(box, false, q.tr)
			ok := cs.run(start, goal)
			r.Phases.Shortcut = cs.expanded
			if ok {
				c, _ := cs.cost(goal)
				if c <= h.leaveBound(box, start, goal) {
					// No path through a cell outside the box can be
					// cheaper: the bounded A*'s path is optimal.
					q.path = cs.appendPath(q.path, goal, false)
					q.shortAnswer(c)
					r.Phases.ShortcutTime = time.Since(t0)
					q.finish(c)
					return nil
				}
				// A path leaving the box might be cheaper (a wall inside
				// it, a gap just outside): ask the hierarchy too, and keep
				// the cheaper answer.
				q.short = cs.appendPath(q.short[:0], goal, false)
				short = c
			}
		}
		r.Phases.ShortcutTime = time.Since(t0)
	}

	// Insertion: extend every level with the start and the goal.
	t0 := time.Now()
	L := h.cfg.Levels
	if err := q.insert(start, goal); err != nil {
		return err
	}
	t1 := time.Now()
	r.Phases.InsertTime = t1.Sub(t0)

	// The top-level search.
	e := &q.ext[L-1]
	if q.tr != nil {
		q.phase("abstract L"+strconv.Itoa(L), L)
	}
	q.top.reset(h, L, e, false, q.tr)
	if opt.AbstractWeight > 1 {
		q.top.w = opt.AbstractWeight
	}
	found := q.top.run(e.base, e.base+1)
	r.Phases.Abstract = q.top.expanded
	t2 := time.Now()
	r.Phases.AbstractTime = t2.Sub(t1)
	if !found {
		return fmt.Errorf("hpa: internal error: no abstract path from (%d,%d) to (%d,%d) inside one component", start.X, start.Y, goal.X, goal.Y)
	}
	top := append(q.ids[L][:0], e.base)
	top = q.top.appendPath(top, e.base+1)
	q.ids[L] = top
	r.PlanCost, _ = q.top.cost(e.base + 1)
	for l := 1; l < L; l++ {
		q.ids[l] = append(q.ids[l][:0], q.ext[l-1].base)
	}

	// Refinement, one top-level step at a time.
	steps := len(top) - 1
	if opt.RefineSteps > 0 && opt.RefineSteps < steps {
		steps = opt.RefineSteps
		r.Partial = true
	}
	q.path = append(q.path, start)
	q.err = nil
	for i := 0; i < steps; i++ {
		q.step = i
		np := 0
		if q.tr != nil {
			np = len(q.tr.Phases)
		}
		q.refine(L, top[i], top[i+1])
		r.SegmentEnds = append(r.SegmentEnds, len(q.path)-1)
		if q.tr != nil && len(q.tr.Phases) == np {
			q.noSearchStep(L, i, top[i], top[i+1])
		}
	}
	if q.err != nil {
		return q.err
	}
	for l := 1; l <= L; l++ {
		for _, id := range q.ids[l] {
			plans[l] = append(plans[l], PlanNode{id, q.NodeCell(l, id)})
		}
	}
	t3 := time.Now()
	r.Phases.RefineTime = t3.Sub(t2)
	var cost float64
	if opt.NoSmooth {
		cost = pathing.PathCost(h.grid, q.path, h.cfg.Neighborhood)
	} else {
		if q.tr != nil {
			q.refined = append(q.refined[:0], q.path...)
			q.refinedEnds = append(q.refinedEnds[:0], r.SegmentEnds...)
			r.Refined, r.RefinedEnds = q.refined, q.refinedEnds
		}
		q.phase("smooth", 0)
		q.sm.tr = q.tr // nil when not traced
		q.path, cost = q.sm.smooth(h, q.path, r.SegmentEnds, false)
		r.Phases.Smooth = q.sm.checked
		for pass := 1; pass < smoothPasses; pass++ {
			n := len(q.path)
			q.path = append(q.path2[:0], q.path...)
			q.path2 = q.path
			var c2 float64
			q.path, c2 = q.sm.smooth(h, q.path, r.SegmentEnds, true)
			r.Phases.Smooth += q.sm.checked
			done := c2 >= cost-1e-9 && len(q.path) == n
			cost = c2
			if done {
				break
			}
		}
		r.Phases.SmoothTime = time.Since(t3)
	}
	if short < inf {
		// A partial answer is judged by its whole plan's cost (what its
		// full refinement costs before smoothing).
		judge := cost
		if r.Partial {
			judge = r.PlanCost
		}
		// The costs sum the same steps in different orders, so a tie may
		// differ in the last bits: ties go to the bounded path, whichever
		// way they rounded, so a partial query of a pair and a whole one
		// agree on them (an agent asks both).
		if short <= judge*(1+1e-9) {
			q.path = append(q.path[:0], q.short...)
			q.shortAnswer(short)
			q.finish(short)
			return nil
		}
	}
	q.finish(cost)
	return nil
}

// shortAnswer makes q.path, the bounded A*'s path of cost c, the answer:
// one segment, no plans, no refinement to show (after the hierarchy was
// searched too, its plans are dropped; the work of every phase stays
// counted).
func (q *Querier) shortAnswer(c float64) {
	r := &q.res
	r.Shortcut = true
	r.Partial = false
	r.SegmentEnds = append(r.SegmentEnds[:0], len(q.path)-1)
	r.PlanCost = c
	r.Refined, r.RefinedEnds = nil, nil
	for l := range r.Plans {
		r.Plans[l] = r.Plans[l][:0]
	}
}

// leaveBound returns a lower bound on the cost of any path from s to g (both
// inside box) that leaves box: such a path enters a cell of the ring just
// outside box, and every step costs at least its length (weights are at
// least 1), so it costs at least the least octile (Manhattan, 4-connected)
// distance s→r→g over the ring's cells r on the grid. +Inf when the box
// covers the whole grid. The ring holds about 6 cluster sides of cells.
func (h *Hierarchy) leaveBound(box image.Rectangle, s, g image.Point) float64 {
	d := pathing.Octile
	if h.cfg.Neighborhood == pathing.Four {
		d = pathing.Manhattan
	}
	best := inf
	try := func(x, y int) {
		r := image.Point{x, y}
		if v := d.Distance(s, r) + d.Distance(r, g); v < best {
			best = v
		}
	}
	x0, x1 := max(box.Min.X-1, 0), min(box.Max.X, h.w-1)
	if y := box.Min.Y - 1; y >= 0 {
		for x := x0; x <= x1; x++ {
			try(x, y)
		}
	}
	if y := box.Max.Y; y < h.h {
		for x := x0; x <= x1; x++ {
			try(x, y)
		}
	}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		if x := box.Min.X - 1; x >= 0 {
			try(x, y)
		}
		if x := box.Max.X; x < h.w {
			try(x, y)
		}
	}
	// Sums of the same distances in another order may differ in the last
	// bits; the margin keeps an exact tie proven.
	return best * (1 + 1e-12)
}

func (q *Querier) finish(cost float64) {
	r := &q.res
	r.Status = pathing.Found
	r.Path = q.path
	r.Cost = cost
}

// insert builds the extension of every level: level 1 by cell searches inside
// the start's and goal's clusters, level l+1 by searches of the extended
// level-l graph inside their level-(l+1) clusters.
func (q *Querier) insert(s, g image.Point) error {
	h := q.h
	r := &q.res
	l1 := h.lv[0]
	e := &q.ext[0]
	e.reset(len(l1.nodes), s, g)
	e.sClu, e.gClu = l1.clusterIndex(s), l1.clusterIndex(g)
	same := e.sClu == e.gClu

	q.phase("insert S L1", 0)
	eight := h.cfg.Neighborhood == pathing.Eight
	cl := &l1.clusters[e.sClu]
	cf := q.cs[0]
	cf.reset(cl.rect, false, q.tr)
	q.sOpen = eight && (cl.open || q.lineReach(cl, l1, s, g, same, false))
	if q.sOpen {
		q.tr.MarkEmptyPhase(0, noSearchSuffix)
		// An open cluster of one weight: octile distances are exact.
		w := float64(h.grid.Weight(s))
		for _, id := range cl.nodes {
			e.addS(id, w*pathing.OctileDistance(s, l1.nodes[id].pt))
		}
		if same {
			e.sg = w * pathing.OctileDistance(s, g)
		}
	} else {
		cf.loadPad(cl.rect)
		cf.usePad()
		for _, id := range cl.nodes {
			cf.markTarget(l1.nodes[id].pt)
		}
		if same {
			cf.markTarget(g)
		}
		cf.run(s, image.Pt(-1, -1))
		for _, id := range cl.nodes {
			if c, ok := cf.cost(l1.nodes[id].pt); ok {
				e.addS(id, c)
			}
		}
		if same {
			if c, ok := cf.cost(g); ok {
				e.sg = c
			}
		}
	}
	q.phase("insert G L1", 0)
	cl = &l1.clusters[e.gClu]
	cr := q.cs[1]
	cr.reset(cl.rect, true, q.tr)
	q.gOpen = eight && (cl.open || q.lineReach(cl, l1, g, s, false, true))
	if q.gOpen {
		q.tr.MarkEmptyPhase(0, noSearchSuffix)
		w := float64(h.grid.Weight(g))
		for _, id := range cl.nodes {
			e.addG(id, w*pathing.OctileDistance(g, l1.nodes[id].pt))
		}
	} else {
		cr.loadPad(cl.rect)
		cr.usePad()
		for _, id := range cl.nodes {
			cr.markTarget(l1.nodes[id].pt)
		}
		cr.run(g, image.Pt(-1, -1))
		for _, id := range cl.nodes {
			if c, ok := cr.cost(l1.nodes[id].pt); ok {
				e.addG(id, c)
			}
		}
	}
	r.Phases.Insert[0] = cf.expanded + cr.expanded
	r.Phases.InSight = [2]bool{q.sOpen, q.gOpen}

	for l := 2; l <= h.cfg.Levels; l++ {
		lv := h.lv[l-1]
		le := &q.ext[l-2] // the level below, already extended
		e := &q.ext[l-1]
		e.reset(len(lv.nodes), s, g)
		e.sClu, e.gClu = lv.clusterIndex(s), lv.clusterIndex(g)
		same := e.sClu == e.gClu

		if q.tr != nil {
			q.phase("insert S L"+strconv.Itoa(l), l-1)
		}
		cl := &lv.clusters[e.sClu]
		f := &q.insF[l-2]
		f.reset(h, l-1, le, false, q.tr)
		f.restrict(cl.rect)
		for _, id := range cl.nodes {
			f.markTarget(lv.nodes[id].down)
		}
		if same {
			f.markTarget(le.base + 1)
		}
		f.run(le.base, -1)
		for _, id := range cl.nodes {
			if c, ok := f.cost(lv.nodes[id].down); ok {
				e.addS(id, c)
			}
		}
		if same {
			if c, ok := f.cost(le.base + 1); ok {
				e.sg = c
			}
		}
		if q.tr != nil {
			q.phase("insert G L"+strconv.Itoa(l), l-1)
		}
		cl = &lv.clusters[e.gClu]
		b := &q.insR[l-2]
		b.reset(h, l-1, le, true, q.tr)
		b.restrict(cl.rect)
		for _, id := range cl.nodes {
			b.markTarget(lv.nodes[id].down)
		}
		b.run(le.base+1, -1)
		for _, id := range cl.nodes {
			if c, ok := b.cost(lv.nodes[id].down); ok {
				e.addG(id, c)
			}
		}
		r.Phases.Insert[l-1] = f.expanded + b.expanded
	}
	return nil
}

// lineReach reports whether every node of the level-1 cluster cl (and the
// other endpoint o when withO) is joined to p by a legal straight grid line
// (the even shape refinement draws: from p when !toP, else towards p) in a
// cluster whose open cells all have one weight (8-connected only). Such a
// line costs the weight times the octile distance, the least any path can,
// so insertion may use octile distances and refinement lines exactly as in
// a fully open cluster, without the Dijkstra. Cost: one line walk (at most
// the cluster side) per node, stopping at the first failure; on the 512×512
// game maps most start and goal clusters with walls pass it.
func (q *Querier) lineReach(cl *cluster, l1 *level, p, o image.Point, withO, toP bool) bool {
	if !cl.sym {
		return false
	}
	g := q.h.grid
	ok := func(t image.Point) bool {
		a, b := p, t
		if toP {
			a, b = t, p
		}
		c, _ := lineCost(g, a, b, pathing.Eight, inf, shapeEven)
		return c < inf
	}
	for _, id := range cl.nodes {
		if !ok(l1.nodes[id].pt) {
			return false
		}
	}
	return !withO || ok(o)
}

// refine appends to the plan one level down (or to the cell path at level 1)
// the refinement of the level-l step a→b, recursively down to cells.
func (q *Querier) refine(l int, a, b int32) {
	h := q.h
	lv := h.lv[l-1]
	e := &q.ext[l-1]
	S, G := e.base, e.base+1
	if l == 1 {
		switch {
		case a == S && b == G && q.sOpen:
			q.path = appendLinePts(q.path, e.sPt, e.gPt, h.cfg.Neighborhood)
		case a == S && b == G:
			q.path = q.cs[0].appendPath(q.path, e.gPt, true)
		case a == S && q.sOpen:
			q.path = appendLinePts(q.path, e.sPt, lv.nodes[b].pt, h.cfg.Neighborhood)
		case a == S:
			q.path = q.cs[0].appendPath(q.path, lv.nodes[b].pt, true)
		case b == G && q.gOpen:
			q.path = appendLinePts(q.path, lv.nodes[a].pt, e.gPt, h.cfg.Neighborhood)
		case b == G:
			q.path = q.cs[1].appendPath(q.path, lv.nodes[a].pt, true)
		default:
			na, nb := &lv.nodes[a], &lv.nodes[b]
			if na.cluster != nb.cluster {
				q.path = append(q.path, nb.pt)
				return
			}
			cl := &lv.clusters[na.cluster]
			if h.cfg.CachePaths {
				k := int(na.slot)*len(cl.nodes) + int(nb.slot)
				w := h.w
				for _, c := range cl.arena[cl.pidx[2*k] : cl.pidx[2*k]+cl.pidx[2*k+1]] {
					y := int(uint64(c) * q.divW >> 42) // c / w, see cellDivisor
					q.path = append(q.path, image.Point{int(c) - y*w, y})
				}
				return
			}
			q.stepPhase("refine cells step ", 0, q.step)
			cs := q.cs[2]
			cs.reset(cl.rect, false, q.tr)
			if !cs.run(na.pt, nb.pt) {
				q.fail(1, a, b)
				return
			}
			q.res.Phases.Refine[0] += cs.expanded
			q.path = cs.appendPath(q.path, nb.pt, true)
		}
		return
	}
	le := &q.ext[l-2]
	ids := q.ids[l-1]
	from := len(ids) - 1
	switch {
	case a == S && b == G:
		ids = q.insF[l-2].appendPath(ids, le.base+1)
	case a == S:
		ids = q.insF[l-2].appendPath(ids, lv.nodes[b].down)
	case b == G:
		ids = q.insR[l-2].appendPath(ids, lv.nodes[a].down)
	default:
		na, nb := &lv.nodes[a], &lv.nodes[b]
		if na.cluster != nb.cluster {
			ids = append(ids, nb.down)
			break
		}
		cl := &lv.clusters[na.cluster]
		if h.cfg.CachePaths {
			k := int(na.slot)*len(cl.nodes) + int(nb.slot)
			ids = append(ids, cl.arena[cl.pidx[2*k]:cl.pidx[2*k]+cl.pidx[2*k+1]]...)
			break
		}
		if q.tr != nil {
			q.stepPhase("refine L"+strconv.Itoa(l-1)+" step ", l-1, q.step)
		}
		s := &q.ref[l-2]
		s.reset(h, l-1, nil, false, q.tr)
		s.restrict(cl.rect)
		if !s.run(na.down, nb.down) {
			q.fail(l, a, b)
			return
		}
		q.res.Phases.Refine[l-1] += s.expanded
		ids = s.appendPath(ids, nb.down)
	}
	q.ids[l-1] = ids
	for k := from; k+1 < len(q.ids[l-1]); k++ {
		q.refine(l-1, q.ids[l-1][k], q.ids[l-1][k+1])
	}
}

func (q *Querier) fail(l int, a, b int32) {
	if q.err == nil {
		q.err = fmt.Errorf("hpa: internal error: cannot refine level-%d step %v→%v", l, q.NodeCell(l, a), q.NodeCell(l, b))
	}
}
