package agents

import (
	"fmt"
	"image"
)

// QueryFunc answers one query the way its owner plans now (the session's
// current hierarchy and switches, say): the path from `from` to goal split
// into its refined segments, one per top-level plan step, each starting
// where the previous ended. found is false when there is no path. The
// segments may be the owner's buffers: the planner copies them at once.
type QueryFunc func(from, goal image.Point) (segments [][]image.Point, cost float64, found bool, err error)

// Query adapts any whole-path planner that reports its top-level steps
// (QueryFunc) to a Planner with lazy refinement: the agent walks the first
// step (a one-step border crossing is merged into it), keeps the ends of
// the other steps as its legs and the rest of the path as its footprint,
// and at the segment's end Refine asks the function again, only as far as
// the next leg's end. It lets the window drive agents with whatever
// hierarchy the user has switched on, without this package knowing it.
type Query struct {
	name string
	f    QueryFunc
	flat []image.Point
	ends []int
}

// NewQuery returns a planner called name that plans with f.
func NewQuery(name string, f QueryFunc) *Query { return &Query{name: name, f: f} }

// Name returns the name given to NewQuery.
func (q *Query) Name() string { return q.name }

// Plan asks f for the whole route and keeps its first step as the segment.
func (q *Query) Plan(from, goal image.Point, p *Plan) error {
	p.Reset()
	segs, cost, found, err := q.f(from, goal)
	if err != nil {
		return fmt.Errorf("agents: %s %v→%v: %w", q.name, from, goal, err)
	}
	if !found {
		return fmt.Errorf("agents: %s %v→%v: %w", q.name, from, goal, ErrUnreachable)
	}
	// Flatten, remembering where each step ends.
	q.flat = q.flat[:0]
	ends := q.ends[:0]
	defer func() { q.ends = ends }()
	for _, s := range segs {
		if len(s) == 0 {
			continue
		}
		if len(q.flat) > 0 && q.flat[len(q.flat)-1] == s[0] {
			s = s[1:]
		}
		q.flat = append(q.flat, s...)
		if n := len(q.flat) - 1; n >= 0 && (len(ends) == 0 || ends[len(ends)-1] != n) {
			ends = append(ends, n)
		}
	}
	if len(q.flat) == 0 || q.flat[0] != from {
		return fmt.Errorf("agents: %s %v→%v: the path does not start at the agent's cell", q.name, from, goal)
	}
	p.Cost = cost
	k := 0
	for k < len(ends)-1 && ends[k] < 2 {
		k++
	}
	for k < len(ends)-1 && ends[k+1]-ends[k] <= 1 {
		k++
	}
	if len(ends) == 0 {
		p.Segment = append(p.Segment, q.flat...)
		return nil
	}
	p.Segment = append(p.Segment, q.flat[:ends[k]+1]...)
	base := ends[k]
	for i := k + 1; i < len(ends); i++ {
		p.Legs = append(p.Legs, Leg{To: q.flat[ends[i]], Area: bbox(q.flat[ends[i-1] : ends[i]+1]).Inset(-1), Foot: ends[i] - base})
	}
	if len(p.Legs) > 0 {
		p.Footprint = append(p.Footprint, q.flat[base:]...)
	}
	return nil
}

// Refine asks f for the way to the next leg's end (see Refiner).
func (q *Query) Refine(from image.Point, p *Plan) error {
	if len(p.Legs) == 0 {
		return fmt.Errorf("agents: %s: no leg to refine", q.name)
	}
	n := 1
	for n < len(p.Legs) && chebyshev(p.Legs[n-1].To, p.Legs[n].To) <= 1 {
		n++
	}
	to := p.Legs[n-1].To
	segs, _, found, err := q.f(from, to)
	if err != nil {
		return fmt.Errorf("agents: %s %v→%v: %w", q.name, from, to, err)
	}
	if !found {
		return fmt.Errorf("agents: %s %v→%v: %w", q.name, from, to, ErrUnreachable)
	}
	p.Segment = p.Segment[:0]
	for _, s := range segs {
		if len(s) > 0 && len(p.Segment) > 0 && p.Segment[len(p.Segment)-1] == s[0] {
			s = s[1:]
		}
		p.Segment = append(p.Segment, s...)
	}
	if len(p.Segment) == 0 || p.Segment[0] != from || p.Segment[len(p.Segment)-1] != to {
		return fmt.Errorf("agents: %s %v→%v: the path does not join the two cells", q.name, from, to)
	}
	p.FootFrom = p.Legs[n-1].Foot
	m := copy(p.Legs, p.Legs[n:])
	p.Legs = p.Legs[:m]
	return nil
}
