package agents

import (
	"fmt"
	"image"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// HPA plans with an HPA* hierarchy (package hpa). The hierarchy's query
// refines a whole path and splits it by top-level plan step; the agent keeps
// only the first step's cells as its segment (a one-step crossing of a
// cluster border is merged with the step after it) and the ends of the other
// steps as the legs of its plan, and asks again at the segment's end, so
// every segment is planned with the hierarchy as it is then. The owner of
// the grid calls Hierarchy.Update after an edit and then Sim.CellsChanged.
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
	for i := k + 1; i < len(ends); i++ {
		pl.Legs = append(pl.Legs, Leg{To: r.Path[ends[i]], Area: bbox(r.Path[ends[i-1] : ends[i]+1]).Inset(-1)})
	}
	pl.Footprint = append(pl.Footprint, r.Path[ends[k]:]...)
	return nil
}
