// Package agents simulates characters that walk a changing tile world the way
// a hierarchical pathfinder intends: each agent keeps a high-level plan and
// only the refined segment it is walking now, plans the next segment when it
// reaches the end of the current one, and replans at once when the world
// changes under its plan. Every plan and replan is counted and logged with
// its reason, so a debugger can show why an agent turned.
//
// The pieces: Sim (agents, groups, the budgeted plan queue, the clock, the
// replan log, CellsChanged); Planner and its adapters AStar (sliced over
// ticks), HPA (package hpa, refining one top-level step at a time; each
// plan refines the whole route, or with HPALazy only the next segment, see
// HPAMode for the measured trade-off and why eager is the default), Groups
// (package groups, PlanSegment per segment) and Query (any planner that
// reports its top-level steps); Workload, the stress run behind cmd/bench
// -agents.
//
// The package is headless (standard library and the pathing packages only):
// the window draws it through read-only views (render.DrawAgents), and
// cmd/bench drives it in a loop.
//
// Agents may share a cell; there is no collision avoidance between agents.
// Walls are absolute: an agent never enters a blocked cell.
package agents

import (
	"errors"
	"fmt"
	"image"

	"pathlens/pathing"
)

// ErrUnreachable is returned (possibly wrapped) by Planner.Plan when no path
// joins the start to the goal in the current world.
var ErrUnreachable = errors.New("agents: goal unreachable")

// Leg is one step of a high-level plan that has not been refined yet: the
// agent will go to To, and the refinement of the leg is expected to stay
// inside Area (a cluster, say). Area is what a world change is tested
// against; an empty Area stands for the box around the leg's two ends grown
// by one cell.
type Leg struct {
	To   image.Point
	Area image.Rectangle
	// Foot is the index in Plan.Footprint of the leg's end (when the plan
	// has a footprint).
	Foot int
}

// Plan is what a Planner returns for an agent: the refined segment to walk
// now and the high-level legs after it. Its slices are owned by the agent and
// reused by its next plan; a Planner appends into them after truncating.
type Plan struct {
	// Segment is the refined path to walk now, starting at the agent's cell.
	// Its last cell is where the agent asks for its next plan (or the goal).
	Segment []image.Point
	// Legs is the rest of the high-level plan after the segment, in order;
	// the last leg ends at the goal. Empty when the segment ends at the goal.
	Legs []Leg
	// Footprint, when not empty, lists the cells the legs refine to today
	// (a planner that refines the whole route anyway can give it). A change
	// then concerns the legs only when it lies within one cell of the
	// footprint, which is much tighter than the legs' areas. The agent does
	// not walk it: each leg is planned again when the agent gets there.
	Footprint []image.Point
	// FootFrom is the index in Footprint where the remaining legs begin.
	FootFrom int
	// Cost is the planner's estimate of the whole route's cost from the start
	// (exact for the segment, abstract for the legs); 0 means unknown.
	Cost float64
	// LowerBound says Cost is only a lower bound of the route's cost (the
	// legs measured as straight-line distances, say): too loose to compare
	// between plans, so the Sim measures progress by segment ends instead
	// (see Sim.StuckAgents). False means Cost estimates the route's cost.
	LowerBound bool
	// Work counts the nodes the planner expanded, for statistics.
	Work int
}

// Reset empties p keeping its buffers.
func (p *Plan) Reset() {
	p.Segment = p.Segment[:0]
	p.Legs = p.Legs[:0]
	p.Footprint = p.Footprint[:0]
	p.FootFrom = 0
	p.Cost = 0
	p.LowerBound = false
	p.Work = 0
}

// Planner finds routes for agents. Plan fills p (after Reset) with a route
// from `from` to goal: the next refined segment and the high-level legs
// after it. It returns an error wrapping ErrUnreachable when there is no
// route. The Sim calls Plan only with an open start and an open goal.
//
// A Planner reads the grid it was made for; whoever edits the grid updates
// any hierarchy behind the planner before telling the Sim (Sim.CellsChanged).
// Planners are called from one goroutine and may keep scratch state.
type Planner interface {
	Name() string
	Plan(from, goal image.Point, p *Plan) error
}

// Sliced is implemented by planners whose search can be spread over ticks
// (a sliced query, as in Detour): Begin starts a plan into p, and Continue
// expands up to n more nodes and reports whether the plan is finished,
// with Plan's error when it failed. At most one sliced plan is in progress;
// Begin abandons the previous one. The Sim uses slicing whenever the
// planner offers it, so a long search never holds up a tick for long.
type Sliced interface {
	Planner
	Begin(from, goal image.Point, p *Plan) error
	Continue(n int) (done bool, err error)
}

// Refiner is implemented by planners that can refine the next leg of a
// kept high-level plan without planning the whole route again (the
// textbook's lazy refinement). Refine plans from `from` to the end of
// p.Legs[0] (taking along legs that are one-step border crossings) with the
// hierarchy as it is now, makes that the new segment and drops the legs it
// covered. On an error the Sim plans the whole route again instead.
type Refiner interface {
	Refine(from image.Point, p *Plan) error
}

// AStarConfig configures the plain A* planner. The zero value plans the whole
// path as one 8-connected segment.
type AStarConfig struct {
	Neighborhood pathing.Neighborhood
	// Chunk, when positive, hands the path out in segments of at most Chunk
	// steps: the first is the segment, the ends of the others become legs, and
	// every segment end costs a new whole search (that is the point of
	// comparing it with a hierarchy). 0 means one segment for the whole path.
	Chunk int
}

// AStar plans with one level-0 A* search per plan. It owns a Searcher (about
// 32 bytes per grid cell) and allocates nothing per plan once warm.
type AStar struct {
	s    *pathing.Searcher
	cfg  AStarConfig
	p    *Plan // the sliced plan in progress
	from image.Point
	goal image.Point
}

// NewAStar returns an A* planner reading g (nil panics, as
// pathing.NewSearcher does).
func NewAStar(g *pathing.Grid, cfg AStarConfig) *AStar {
	return &AStar{s: pathing.NewSearcher(g), cfg: cfg}
}

// Name returns "astar" or "astar/chunkN".
func (a *AStar) Name() string {
	if a.cfg.Chunk > 0 {
		return fmt.Sprintf("astar/chunk%d", a.cfg.Chunk)
	}
	return "astar"
}

// Plan runs a full A* from `from` to goal and splits the path as configured.
func (a *AStar) Plan(from, goal image.Point, p *Plan) error {
	p.Reset()
	res, err := a.s.Search(pathing.Query{Start: from, Goal: goal, Neighborhood: a.cfg.Neighborhood})
	p.Work = res.Expanded
	if err != nil {
		return fmt.Errorf("agents: astar %v→%v: %w", from, goal, err)
	}
	if res.Status != pathing.Found {
		return fmt.Errorf("agents: astar %v→%v: %w", from, goal, ErrUnreachable)
	}
	p.Cost = res.Cost
	splitPath(p, res.Path, a.cfg.Chunk)
	return nil
}

// Begin starts a sliced plan (see Sliced).
func (a *AStar) Begin(from, goal image.Point, p *Plan) error {
	p.Reset()
	a.p, a.from, a.goal = nil, from, goal
	if err := a.s.Init(pathing.Query{Start: from, Goal: goal, Neighborhood: a.cfg.Neighborhood}); err != nil {
		return fmt.Errorf("agents: astar %v→%v: %w", from, goal, err)
	}
	a.p = p
	return nil
}

// Continue runs up to n expansions of the plan started by Begin.
func (a *AStar) Continue(n int) (bool, error) {
	if a.p == nil {
		return true, fmt.Errorf("agents: astar: Continue without Begin")
	}
	st := a.s.Step(n)
	if st == pathing.Running {
		return false, nil
	}
	p := a.p
	a.p = nil
	res := a.s.Result()
	p.Work = res.Expanded
	if st != pathing.Found {
		return true, fmt.Errorf("agents: astar %v→%v: %w", a.from, a.goal, ErrUnreachable)
	}
	p.Cost = res.Cost
	splitPath(p, res.Path, a.cfg.Chunk)
	return true, nil
}

// splitPath copies path into p: all of it as the segment when chunk <= 0 or
// the path is short, else the first chunk steps as the segment and one leg
// (with the bounding box of its cells as Area) per further chunk.
func splitPath(p *Plan, path []image.Point, chunk int) {
	if chunk <= 0 || len(path)-1 <= chunk {
		p.Segment = append(p.Segment, path...)
		return
	}
	p.Segment = append(p.Segment, path[:chunk+1]...)
	for i := chunk; i < len(path)-1; i += chunk {
		end := min(i+chunk, len(path)-1)
		p.Legs = append(p.Legs, Leg{To: path[end], Area: bbox(path[i : end+1])})
	}
}

// bbox returns the smallest rectangle holding every cell of cells.
func bbox(cells []image.Point) image.Rectangle {
	if len(cells) == 0 {
		return image.Rectangle{}
	}
	r := image.Rectangle{cells[0], cells[0].Add(image.Point{1, 1})}
	for _, c := range cells[1:] {
		r.Min.X = min(r.Min.X, c.X)
		r.Min.Y = min(r.Min.Y, c.Y)
		r.Max.X = max(r.Max.X, c.X+1)
		r.Max.Y = max(r.Max.Y, c.Y+1)
	}
	return r
}
