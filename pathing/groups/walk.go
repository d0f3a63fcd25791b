package groups

import (
	"errors"
	"fmt"
	"image"

	"pathlens/pathing"
)

// WalkResult is the whole path an agent walks by calling PlanSegment again
// each time its segment ends: the cost of one query of the incremental
// planner. Path is owned by the Planner and reused by its next Walk.
type WalkResult struct {
	Path     []image.Point // start to goal inclusive
	Cost     float64       // step costs of Path
	Segments int           // PlanSegment calls made
	Expanded int           // nodes expanded over all levels and segments
	// ExpandedByLevel[l] sums the expansions at level l (0: cells).
	ExpandedByLevel []int
	// FirstPlans[l] and FirstPlanCells[l] (l = 1..Levels) are the first
	// segment's Result.Plans and PlanCells: what the planner decided at
	// the start, as PlanSegment(start, goal) alone returns them (empty
	// when the first segment failed). Owned by the Planner like Path: a
	// caller that wanted them ran that PlanSegment before the Walk, and
	// paid its searches twice (the Walk's plans start afresh), about a
	// third of a window query on a 512×512 map. A level with no plan
	// may be nil or empty, depending on what the Planner ran before (its
	// buffers are reused): test it with len, never against nil (the
	// window's excluded area read "not nil" as "planned" and veiled every
	// cell).
	FirstPlans     [][]int32
	FirstPlanCells [][]image.Point
}

// Walk plans from start to goal segment by segment, as an agent following
// the planner would, and returns the walked path. Each segment starts where
// the previous ended. PlanSegment's refinement rule makes every segment
// progress, so Walk ends; as a guard it fails with ErrNoProgress (naming the
// cell) should a segment ever start at a cell an earlier one started at. In
// exclusion mode one segment is the whole path. Like an agent that stores
// its plans (textbook §4.6.3), Walk reuses a level's plan from the previous
// segment while that level's search would be identical (same start group,
// target and limits), so its expansion counts include only searches run;
// plans are not kept from one Walk to the next, so walking a query again
// repeats its work and its counts. Errors of PlanSegment are
// returned with the segment number. The trace, when given, records every
// segment's searches in order. An Update that runs during the walk, within
// a segment or between two, fails it with ErrConcurrentUpdate (and an empty
// result): its segments were planned on two different graphs.
func (p *Planner) Walk(start, goal image.Point, opts Options) (wr WalkResult, err error) {
	// As PlanSegment (which checks each segment alone): an Update between
	// two segments, or one under way while Walk sizes its buffers (fit),
	// was not seen, and the path was stitched from two graphs.
	g := p.g
	u0 := g.inUpdate.Load()
	if u0&1 != 0 {
		return WalkResult{}, ErrConcurrentUpdate
	}
	defer func() {
		if g.inUpdate.Load() != u0 {
			v := recover() // whatever the torn graph made the walk do
			// A segment's PlanSegment keeps a panic of its own overlap.
			var op *pathing.OverlapPanic
			if v == nil && errors.As(err, &op) {
				wr, err = WalkResult{}, op
			} else {
				wr, err = WalkResult{}, pathing.WithPanic(ErrConcurrentUpdate, v)
			}
		}
	}()
	return p.walk(start, goal, opts)
}

// walkHook, when not nil, runs after each segment of a Walk (tests: an
// Update between two segments).
var walkHook func()

// walk is Walk without the check for a concurrent Update.
func (p *Planner) walk(start, goal image.Point, opts Options) (WalkResult, error) {
	p.fit()
	// The stored plans serve the segments of this walk only: kept from an
	// earlier Walk, the same query walked again skipped its top-level
	// search and reported fewer expansions (cmd/bench's timed walk after
	// its warm-up walk counted 263 on an AR0011SR row the window counts
	// 310).
	for l := range p.cache {
		p.cache[l].valid = false
	}
	p.caching = true
	defer func() { p.caching = false }()
	wr := WalkResult{Path: p.path[:0], ExpandedByLevel: p.walkExp[:0]}
	for l := 0; l <= p.g.cfg.Levels; l++ {
		wr.ExpandedByLevel = append(wr.ExpandedByLevel, 0)
	}
	if len(p.firstPlans) != p.g.cfg.Levels+1 {
		p.firstPlans = make([][]int32, p.g.cfg.Levels+1)
		p.firstCells = make([][]image.Point, p.g.cfg.Levels+1)
	}
	for l := range p.firstPlans {
		p.firstPlans[l] = p.firstPlans[l][:0]
		p.firstCells[l] = p.firstCells[l][:0]
	}
	wr.FirstPlans, wr.FirstPlanCells = p.firstPlans, p.firstCells
	p.visitGen++
	if p.visitGen == 0 {
		clear(p.visit)
		p.visitGen = 1
	}
	cur := start
	for {
		if p.g.grid.Open(cur) {
			i := p.g.grid.Index(cur)
			if p.visit[i] == p.visitGen {
				p.path, p.walkExp = wr.Path, wr.ExpandedByLevel
				return wr, fmt.Errorf("%w: segment %d would start again at (%d,%d)", ErrNoProgress, wr.Segments+1, cur.X, cur.Y)
			}
			p.visit[i] = p.visitGen
		}
		r, err := p.PlanSegment(cur, goal, opts)
		wr.Segments++
		if wr.Segments == 1 && err == nil {
			for l := 1; l < len(r.Plans) && l < len(p.firstPlans); l++ {
				p.firstPlans[l] = append(p.firstPlans[l], r.Plans[l]...)
				p.firstCells[l] = append(p.firstCells[l], r.PlanCells[l]...)
			}
		}
		for l, n := range r.Expanded {
			wr.ExpandedByLevel[l] += n
			wr.Expanded += n
		}
		if err != nil {
			// The buffers are kept on failure too: a planner whose walks
			// all fail allocated them afresh on every call.
			p.path, p.walkExp = wr.Path, wr.ExpandedByLevel
			if wr.Segments == 1 {
				return wr, err
			}
			return wr, fmt.Errorf("segment %d from (%d,%d): %w", wr.Segments, cur.X, cur.Y, err)
		}
		seg := r.Segment
		if len(wr.Path) > 0 {
			seg = seg[1:]
		}
		wr.Path = append(wr.Path, seg...)
		wr.Cost += r.Cost
		cur = r.Segment[len(r.Segment)-1]
		if r.Final || cur == goal {
			break
		}
		if walkHook != nil {
			walkHook()
		}
	}
	p.path = wr.Path
	p.walkExp = wr.ExpandedByLevel
	return wr, nil
}
