// Package world is the session model of the pathlens app: the map being
// looked at, the chosen hierarchy and its switches, the current query and its
// recorded timeline, playback, the edit log with undo and redo, and the event
// log. It never imports Ebiten, so everything the window does can be driven
// and tested headless: the game package turns input into calls of the
// methods here, and render only reads the result.
package world

import (
	"fmt"
	"image"
	"math"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// Outcome is the answer to one query, whichever planner gave it.
type Outcome struct {
	Status   pathing.Status
	Err      error         // why the query could not run (blocked endpoint...)
	Path     []image.Point // start to goal; nil unless Found
	Cost     float64       // cost of Path; +Inf unless Found
	Expanded int           // nodes expanded over all phases and levels
	PeakOpen int
	Duration time.Duration // time to answer, without tracing
}

// World is one session: a map, the query on it and everything shown about
// that query. Its methods are the actions of the app; none of them panics on
// bad input (a cell outside the map, a goal in a wall): they record a
// message instead.
type World struct {
	Map  *maps.Map
	Grid *pathing.Grid

	Start, Goal       image.Point
	HasStart, HasGoal bool

	Algorithm    pathing.Algorithm
	Neighborhood pathing.Neighborhood
	Heuristic    pathing.Heuristic

	Outcome  Outcome
	Timeline Timeline

	// Message is the last thing the user should read (an error or a note);
	// MessageAt orders messages for fading.
	Message   string
	MessageAt time.Time

	search *pathing.Searcher
	trace  pathing.Trace
	path   []image.Point
}

// New returns a world showing m with no query.
func New(m *maps.Map) *World {
	w := &World{Map: m, Grid: m.Grid}
	w.search = pathing.NewSearcher(m.Grid)
	w.trace.Limit = MaxTraceEvents
	w.Timeline.Reset(nil, m.Grid.Len())
	return w
}

// Note records a message for the user.
func (w *World) Note(format string, args ...any) {
	w.Message = fmt.Sprintf(format, args...)
	w.MessageAt = time.Now()
}

// SetEndpoints sets start and goal and plans between them.
func (w *World) SetEndpoints(start, goal image.Point) {
	w.Start, w.HasStart = start, true
	w.Goal, w.HasGoal = goal, true
	w.Replan()
}

// Pick handles a click on cell p in "two clicks" style: the first click
// places the start, the second the goal (and plans), the next a new start.
// Clicks outside the map or on blocked cells are refused with a message.
func (w *World) Pick(p image.Point) {
	if !w.Grid.In(p) {
		w.Note("cell (%d,%d) is outside the %d×%d map", p.X, p.Y, w.Grid.Width(), w.Grid.Height())
		return
	}
	if !w.Grid.Open(p) {
		w.Note("cell (%d,%d) is blocked: pick an open cell", p.X, p.Y)
		return
	}
	if !w.HasStart || w.HasGoal {
		w.Start, w.HasStart = p, true
		w.HasGoal = false
		w.Outcome = Outcome{Cost: math.Inf(1)}
		w.Timeline.Reset(nil, w.Grid.Len())
		w.Note("start (%d,%d): click the goal", p.X, p.Y)
		return
	}
	w.Goal, w.HasGoal = p, true
	w.Replan()
}

// Replan runs the current query again with the current switches, records
// its trace and moves the timeline to its end.
func (w *World) Replan() {
	if !w.HasStart || !w.HasGoal {
		return
	}
	q := pathing.Query{Start: w.Start, Goal: w.Goal, Algorithm: w.Algorithm,
		Neighborhood: w.Neighborhood, Heuristic: w.Heuristic}
	// Time an untraced run, then record the trace in a second run.
	t0 := time.Now()
	_, err := w.search.Search(q)
	dur := time.Since(t0)
	w.trace.Reset()
	q.Trace = &w.trace
	w.trace.BeginPhase(w.Algorithm.String(), 0)
	res, _ := w.search.Search(q)
	o := Outcome{Status: res.Status, Err: err, Cost: res.Cost, Expanded: res.Expanded, PeakOpen: res.PeakOpen, Duration: dur}
	if err != nil {
		o.Status = pathing.NoPath
		w.Note("%v", err)
	} else if res.Status == pathing.Found {
		w.path = append(w.path[:0], res.Path...)
		o.Path = w.path
	} else {
		w.Note("no path from (%d,%d) to (%d,%d)", w.Start.X, w.Start.Y, w.Goal.X, w.Goal.Y)
	}
	w.Outcome = o
	w.Timeline.Reset(&w.trace, w.Grid.Len())
	w.Timeline.Seek(w.Timeline.Len())
}
