package agents

import (
	"errors"
	"fmt"
	"image"

	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// Groups plans with the textbook's group hierarchy (package groups): each
// plan is one PlanSegment, so the agent gets the first refined step of the
// plan and asks again at its end. With the graph's exclusion switch on,
// PlanSegment returns the whole path, so the agent plans once up front.
// The switches of the graph (cost kind, exclusion, target) are read at each
// plan, so toggling them takes effect at the next segment.
type Groups struct {
	p    *groups.Planner
	opts groups.Options
}

// NewGroups returns a planner on graph gr (owning one groups.Planner; nil
// panics, as groups.NewPlanner does).
func NewGroups(gr *groups.Graph) *Groups {
	return &Groups{p: groups.NewPlanner(gr)}
}

// Graph returns the hierarchy the planner queries.
func (g *Groups) Graph() *groups.Graph { return g.p.Graph() }

// Name returns "groups/<cost>", with "/exclusion" when that switch is on.
func (g *Groups) Name() string {
	c := g.p.Graph().Config()
	n := "groups/" + c.Cost.String()
	if c.Exclusion {
		n += "/exclusion"
	}
	return n
}

// Plan asks for the next segment. The legs are the representatives of the
// groups on the highest plan after the start's group (the last leg ends at
// the goal), each with its group's box as the area a change must touch.
// With legs, p.Cost is the segment's cost plus the octile distances along
// them, a lower bound of the route's cost (p.LowerBound); a segment that
// ends at the goal gives its exact cost.
func (g *Groups) Plan(from, goal image.Point, p *Plan) error {
	p.Reset()
	r, err := g.p.PlanSegment(from, goal, g.opts)
	for _, n := range r.Expanded {
		p.Work += n
	}
	if err != nil {
		if errors.Is(err, groups.ErrNoPath) {
			return fmt.Errorf("agents: %s %v→%v: %w", g.Name(), from, goal, ErrUnreachable)
		}
		return fmt.Errorf("agents: %s %v→%v: %w", g.Name(), from, goal, err)
	}
	p.Segment = append(p.Segment, r.Segment...)
	end := r.Segment[len(r.Segment)-1]
	p.Cost = r.Cost
	if r.Final || end == goal {
		return nil
	}
	p.LowerBound = true
	top := r.StartLevel
	gr := g.p.Graph()
	prev := end
	if top >= 1 && top < len(r.Plans) && len(r.Plans[top]) > 1 {
		all := gr.Groups(top)
		plan := r.Plans[top]
		for k := 1; k < len(plan); k++ {
			grp := all[plan[k]]
			to := grp.Rep
			area := grp.Box
			if k == 1 {
				area = area.Union(all[plan[0]].Box)
			}
			if k == len(plan)-1 {
				to = goal
			}
			p.Legs = append(p.Legs, Leg{To: to, Area: area})
			p.Cost += pathing.OctileDistance(prev, to)
			prev = to
		}
		return nil
	}
	p.Legs = append(p.Legs, Leg{To: goal})
	p.Cost += pathing.OctileDistance(end, goal)
	return nil
}
