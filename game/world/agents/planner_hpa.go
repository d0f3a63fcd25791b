package agents

import (
	"fmt"
	"image"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// HPA plans with an HPA* hierarchy (package hpa). A plan is one query from
// the agent to its goal: the hierarchy refines the whole path and splits it
// by top-level plan step; the agent walks only the first step's cells (a
// one-step crossing of a cluster border is merged with the step before it)
// and keeps the ends of the other steps as the legs of its plan. At the
// segment's end Refine plans only the next leg, with the hierarchy as it is
// then (a short query between two nodes of one top-level cluster), so the
// route is planned high once and refined step by step; the whole route is
// planned again only when a change touches it, the goal moves or a step
// turns out blocked. The owner of the grid calls Hierarchy.Update after an
// edit and then Sim.CellsChanged.
type HPA struct {
	h    *hpa.Hierarchy
	q    *hpa.Querier
	opts hpa.QueryOptions
}

// NewHPA returns a planner on h (owning one Querier). opts are passed to
// every query.
func NewHPA(h *hpa.Hierarchy, opts hpa.QueryOptions) *HPA {
	return &HPA{h: h, q: h.NewQuerier(), opts: opts}
}

// Hierarchy returns the hierarchy the planner queries.
func (p *HPA) Hierarchy() *hpa.Hierarchy { return p.h }

// Name returns "hpa".
func (p *HPA) Name() string { return "hpa" }

// Plan runs one hierarchical query and keeps its first segment. The cells
// the later steps refine to today become the plan's footprint (a change
// within a cell of them concerns the plan); each leg's area is the box of
// its cells grown by one.
func (p *HPA) Plan(from, goal image.Point, pl *Plan) error {
	pl.Reset()
	r, err := p.q.Find(from, goal, p.opts)
	pl.Work = r.Phases.Total()
	if err != nil {
		return fmt.Errorf("agents: hpa %v→%v: %w", from, goal, err)
	}
	if r.Status != pathing.Found {
		return fmt.Errorf("agents: hpa %v→%v: %w", from, goal, ErrUnreachable)
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
	r, err := p.q.Find(from, to, p.opts)
	pl.Work = r.Phases.Total()
	if err != nil {
		return fmt.Errorf("agents: hpa %v→%v: %w", from, to, err)
	}
	if r.Status != pathing.Found {
		return fmt.Errorf("agents: hpa %v→%v: %w", from, to, ErrUnreachable)
	}
	pl.Segment = append(pl.Segment[:0], r.Path...)
	pl.FootFrom = pl.Legs[n-1].Foot
	m := copy(pl.Legs, pl.Legs[n:])
	pl.Legs = pl.Legs[:m]
	return nil
}

func chebyshev(a, b image.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }
