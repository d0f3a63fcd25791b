package agents

import (
	"fmt"
	"image"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// HPAMode chooses how much of a route the HPA planner refines to cells
// when it plans (Plan; Refine is the same in both modes). The zero value,
// HPAEager, is the default.
//
// The trade-off: HPALazy's plans are cheaper (no refinement and smoothing
// of steps that will be refined again, leg by leg, when the agent gets
// there: BenchmarkHPAPlan, routes of 40+ cells on 512×512 maps, 82 µs
// against 115 on AR0011SR, 97–114 against 135–170 on Aftershock) but it
// knows the rest of the route only as top-level plan steps, so its change
// detection is coarser: any edit inside a whole top-level cluster on the
// route concerns the plan, where HPAEager reacts only to edits within one
// cell of the cells the route refines to today. After edits, lazy agents
// replan more often. Its segments are also shorter: one top-level step
// each, where smoothing the whole route lets an eager plan merge many
// steps into one long straight segment; so lazy agents refine legs up to
// ten times as often (the open game maps) and, smoothed piecewise, walk
// slightly longer routes.
//
// Measured with cmd/bench -agents 1000 -ticks 5000 -seed 1 -algo hpa
// -agent-budget-ms 0 (same plans every run; cluster 10, 2 levels), eager
// against lazy:
//
//	                    plans           plan ms/tick   arrivals
//	-edits 500 (one run)
//	  AR0011SR          14,442 / 51,304   0.41 / 0.65   1,615 / 1,612
//	  Aftershock        16,490 / 50,565   0.90 / 1.21   1,121 / 1,104
//	  random512-10-0    23,707 / 38,997   0.64 / 1.62   1,397 / 1,389
//	  maze512-16-0      34,070 / 106,808  7.7  / 23.5     174 / 179
//	-edits 0 (median of 3)
//	  AR0011SR           4,752 / 27,831   0.070 / 0.077 1,604 / 1,587
//	  Aftershock         4,898 / 28,350   0.068 / 0.079 1,128 / 1,087
//	  random512-10-0    22,959 / 28,877   0.224 / 0.231 1,402 / 1,374
//	  maze512-16-0      10,732 / 26,309   0.184 / 0.230   177 / 174
//
// No wall violations and no stuck agents in either mode. With edits the
// lazy leg areas turn 4–18 times as many edits into replans (AR0011SR:
// 24,745 plans hit through the legs against 2,320), which costs far more
// than the cheaper plans save (under the default 6 ms plan cap, ticks/s
// fell from 1,840 to 1,113, 1,536 to 1,175, 1,085 to 727 and 177 to 134); without edits the two are about even, eager
// slightly ahead. So eager is the default, and lazy is for watching the
// textbook's scheme at work or for a burst of first plans (many agents sent
// at once), where each plan is about 30% cheaper.
type HPAMode uint8

const (
	// HPAEager refines the whole route to cells (one hpa Find with every
	// step refined and smoothed), keeps the first segment and the later
	// steps' cells as the plan's Footprint: a change concerns the legs only
	// when it lies within a cell of that footprint.
	HPAEager HPAMode = iota
	// HPALazy plans high and refines only the next segment
	// (hpa.QueryOptions.RefineSteps). The legs are the unrefined top-level
	// plan steps and the plan has no Footprint: a change concerns a leg
	// when it lies in the leg's area (see HPA.Plan).
	HPALazy
	numHPAModes
)

var hpaModeNames = [...]string{"eager", "lazy"}

// String returns "eager" or "lazy".
func (m HPAMode) String() string {
	if m < numHPAModes {
		return hpaModeNames[m]
	}
	return fmt.Sprintf("HPAMode(%d)", m)
}

// ParseHPAMode accepts the names String returns.
func ParseHPAMode(s string) (HPAMode, error) {
	for i, n := range hpaModeNames {
		if n == s {
			return HPAMode(i), nil
		}
	}
	return HPAEager, fmt.Errorf("agents: unknown HPA planning mode %q (want eager or lazy)", s)
}

// HPAConfig configures the HPA planner. The zero value is the default:
// HPAEager with the default hpa query options.
type HPAConfig struct {
	// Query is passed to every hierarchical query. Its RefineSteps is
	// ignored: Mode decides how much a plan refines.
	Query hpa.QueryOptions
	// Mode is how much of the route Plan refines (see HPAMode).
	Mode HPAMode
}

// HPA plans with an HPA* hierarchy (package hpa). A plan is one query from
// the agent to its goal; the agent walks only the first top-level step's
// cells (with any one-step crossings of a cluster border right after it)
// and keeps the ends of the other steps as the legs of its plan. How much
// of the route that query refines is the HPAMode: all of it (HPAEager,
// whose cells become the plan's footprint) or only the segment (HPALazy).
// At the segment's end Refine plans only the next leg, with the hierarchy
// as it is then (a short query between two nodes of one top-level
// cluster), so the route is planned high once and refined step by step;
// the whole route is planned again only when a change touches it, the goal
// moves or a step turns out blocked. The owner of the grid calls
// Hierarchy.Update after an edit and then Sim.CellsChanged.
type HPA struct {
	h         *hpa.Hierarchy
	q         *hpa.Querier
	opts      hpa.QueryOptions
	mode      HPAMode
	requeries int
}

// NewHPA returns a planner on h (owning one Querier) configured by cfg. A
// nil h is a programming error: it panics, naming the package.
func NewHPA(h *hpa.Hierarchy, cfg HPAConfig) *HPA {
	if h == nil {
		panic("agents: NewHPA: nil hierarchy")
	}
	cfg.Query.RefineSteps = 0
	if cfg.Mode >= numHPAModes {
		cfg.Mode = HPAEager
	}
	return &HPA{h: h, q: h.NewQuerier(), opts: cfg.Query, mode: cfg.Mode}
}

// Hierarchy returns the hierarchy the planner queries.
func (p *HPA) Hierarchy() *hpa.Hierarchy { return p.h }

// Mode returns the planner's HPAMode.
func (p *HPA) Mode() HPAMode { return p.mode }

// Requeries returns how many lazy plans needed a second query because the
// first one's guess of how many top-level steps make the segment (see
// lazyGuess) was wrong.
func (p *HPA) Requeries() int { return p.requeries }

// Name returns "hpa" for HPAEager and "hpa/lazy" for HPALazy.
func (p *HPA) Name() string {
	if p.mode == HPALazy {
		return "hpa/lazy"
	}
	return "hpa"
}

// Plan runs one hierarchical query and keeps its first segment.
//
// HPAEager: the query refines and smooths the whole route; the cells the
// later steps refine to today become the plan's footprint (a change within
// a cell of them concerns the plan) and each leg's area is the box of its
// cells grown by one. Cost is the smoothed route's cost.
//
// HPALazy: the query refines only the segment's top-level steps (one
// query; a second one for the few plans whose segment is not shaped as
// lazyGuess expects, see Requeries). The legs are the later top-level plan
// nodes, unrefined, so the plan has no footprint; a leg's Area is what any
// edit changing that step's cost or legality must touch: the top-level
// cluster holding both nodes of an intra-cluster step (its refinement
// never leaves it), or the two cells of a step across a cluster border.
// Cost is the top-level plan's abstract cost (hpa.Result.PlanCost), an
// upper bound of the smoothed route's.
func (p *HPA) Plan(from, goal image.Point, pl *Plan) error {
	if p.mode == HPALazy {
		return p.planLazy(from, goal, pl)
	}
	pl.Reset()
	r, err := p.find(from, goal, p.opts, pl)
	if err != nil {
		return err
	}
	pl.Cost = r.Cost
	ends := r.SegmentEnds
	if len(ends) == 0 || ends[len(ends)-1] != len(r.Path)-1 {
		pl.Segment = append(pl.Segment, r.Path...)
		return nil
	}
	// The first segment: steps until one of more than one cell was taken,
	// then any one-cell border crossings right after it.
	k := 0
	for k < len(ends)-1 && ends[k] < 2 {
		k++
	}
	for k < len(ends)-1 && ends[k+1]-ends[k] <= 1 {
		k++
	}
	pl.Segment = append(pl.Segment, r.Path[:ends[k]+1]...)
	base := ends[k]
	for i := k + 1; i < len(ends); i++ {
		if ends[i] == ends[i-1] {
			continue // smoothing skipped this step
		}
		pl.Legs = append(pl.Legs, Leg{To: r.Path[ends[i]], Area: bbox(r.Path[ends[i-1] : ends[i]+1]).Inset(-1), Foot: ends[i] - base})
	}
	pl.Footprint = append(pl.Footprint, r.Path[ends[k]:]...)
	return nil
}

// lazyGuess is how many top-level steps a lazy plan refines in its first
// query: the usual shape of a top-level plan is a step inside the start's
// cluster and then a one-cell crossing of its border, which is what the
// segment takes (see segmentSteps). When the segment needs more steps and
// they are all one-cell crossings (a route clipping a cluster corner, or a
// start on a cluster border) the planner appends them; otherwise it queries
// again with the right count (counted by Requeries).
const lazyGuess = 2

// planLazy is Plan for HPALazy.
func (p *HPA) planLazy(from, goal image.Point, pl *Plan) error {
	pl.Reset()
	opts := p.opts
	opts.RefineSteps = lazyGuess
	r, err := p.find(from, goal, opts, pl)
	if err != nil {
		return err
	}
	pl.Cost = r.PlanCost
	top := r.Plans[p.h.Levels()]
	if len(top) < 2 { // the shortcut answered, or start == goal: all refined
		pl.Segment = append(pl.Segment, r.Path...)
		return nil
	}
	n, m := segmentSteps(top), len(r.SegmentEnds)
	if n < m && r.Path[r.SegmentEnds[n-1]] == top[n].Cell {
		pl.Segment = append(pl.Segment, r.Path[:r.SegmentEnds[n-1]+1]...)
		m = n
	} else {
		pl.Segment = append(pl.Segment, r.Path...)
	}
	if n > m && p.appendCrossings(pl, top[m:n+1]) {
		m = n
	}
	if n != m {
		p.requeries++
		opts.RefineSteps = n
		r, err = p.q.Find(from, goal, opts)
		pl.Work += r.Phases.Total()
		if err != nil {
			return fmt.Errorf("agents: hpa %v→%v: %w", from, goal, err)
		}
		if r.Status == pathing.Found && r.Shortcut {
			// The short-query A*'s path won against the whole route
			// (hpa judges a partial answer by its unsmoothed plan, a whole
			// one by its smoothed cost): it is all refined.
			pl.Cost = r.PlanCost
			pl.Segment = append(pl.Segment[:0], r.Path...)
			return nil
		}
		if r.Status != pathing.Found || len(r.SegmentEnds) != n {
			return fmt.Errorf("agents: hpa %v→%v: the second query planned differently", from, goal)
		}
		pl.Cost = r.PlanCost
		top = r.Plans[p.h.Levels()]
		pl.Segment = append(pl.Segment[:0], r.Path...)
	}
	for i := n; i+1 < len(top); i++ {
		a, b := top[i].Cell, top[i+1].Cell
		pl.Legs = append(pl.Legs, Leg{To: b, Area: p.stepArea(a, b)})
	}
	return nil
}

// appendCrossings appends to pl's segment (which ends at nodes[0]) the
// top-level steps along nodes when each is a straight one-cell step that
// is legal now, or no step at all, and reports whether it did; it appends
// nothing otherwise. Such a step is its own refinement (a diagonal one is
// not taken: in a weighted cluster two straight steps may be cheaper).
func (p *HPA) appendCrossings(pl *Plan, nodes []hpa.PlanNode) bool {
	g := p.h.Grid()
	nb := p.h.Config().Neighborhood
	for k := 0; k+1 < len(nodes); k++ {
		a, b := nodes[k].Cell, nodes[k+1].Cell
		if a != b && (abs(a.X-b.X)+abs(a.Y-b.Y) != 1 || !g.CanStep(a, b, nb)) {
			return false
		}
	}
	if pl.Segment[len(pl.Segment)-1] != nodes[0].Cell {
		return false
	}
	for k := 0; k+1 < len(nodes); k++ {
		if b := nodes[k+1].Cell; b != nodes[k].Cell {
			pl.Segment = append(pl.Segment, b)
		}
	}
	return true
}

// segmentSteps returns how many steps of the top-level plan top (at least
// two nodes, start and goal included) make an agent's segment: the steps
// until one longer than one cell, that one, and the one-cell steps (border
// crossings) right after it. A step's length is the Chebyshev distance of
// its nodes, the least number of cells its refinement can take.
func segmentSteps(top []hpa.PlanNode) int {
	steps := len(top) - 1
	n := 0
	for n < steps-1 && chebyshev(top[n].Cell, top[n+1].Cell) <= 1 {
		n++
	}
	n++
	for n < steps && chebyshev(top[n].Cell, top[n+1].Cell) <= 1 {
		n++
	}
	return n
}

// stepArea returns the cells an edit must touch to change the cost or the
// legality of the top-level step a→b: the top-level cluster holding both
// (an intra-cluster step, whose refinement stays inside it), else the two
// cells (a crossing of a cluster border: one straight step).
func (p *HPA) stepArea(a, b image.Point) image.Rectangle {
	L := p.h.Levels()
	if ca := p.h.ClusterOf(L, a); ca >= 0 && ca == p.h.ClusterOf(L, b) {
		return p.h.ClusterRect(L, ca)
	}
	return image.Rectangle{a, a.Add(image.Point{1, 1})}.Union(image.Rectangle{b, b.Add(image.Point{1, 1})})
}

// Refine plans the next leg of pl (see Refiner): one query from `from` to the
// leg's end, taking along any one-step border crossing right after it.
func (p *HPA) Refine(from image.Point, pl *Plan) error {
	if len(pl.Legs) == 0 {
		return fmt.Errorf("agents: hpa: no leg to refine")
	}
	n := 1
	for n < len(pl.Legs) && chebyshev(pl.Legs[n-1].To, pl.Legs[n].To) <= 1 {
		n++
	}
	to := pl.Legs[n-1].To
	pl.Work = 0
	r, err := p.find(from, to, p.opts, pl)
	if err != nil {
		return err
	}
	pl.Segment = append(pl.Segment[:0], r.Path...)
	pl.FootFrom = pl.Legs[n-1].Foot
	m := copy(pl.Legs, pl.Legs[n:])
	pl.Legs = pl.Legs[:m]
	return nil
}

// find runs one query from `from` to `to` with opts, adding the nodes it
// expanded to pl.Work. An error, or no path, is returned as an error naming
// the pair (wrapping ErrUnreachable for no path).
func (p *HPA) find(from, to image.Point, opts hpa.QueryOptions, pl *Plan) (hpa.Result, error) {
	r, err := p.q.Find(from, to, opts)
	pl.Work += r.Phases.Total()
	if err != nil {
		return r, fmt.Errorf("agents: hpa %v→%v: %w", from, to, err)
	}
	if r.Status != pathing.Found {
		return r, fmt.Errorf("agents: hpa %v→%v: %w", from, to, ErrUnreachable)
	}
	return r, nil
}

func chebyshev(a, b image.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }
