package pathing

// EventKind says what a search did to a node.
type EventKind uint8

const (
	// EventPush: the node entered the open list for the first time, or was
	// reopened after being closed (an inconsistent heuristic).
	EventPush EventKind = iota
	// EventPop: the node left the open list and was closed (expanded).
	EventPop
	// EventRelax: an open node got a cheaper g and a new parent.
	EventRelax
	// EventLine: path smoothing checked straight lines from cell Node to
	// cell Parent (level 0). H is the cost of the path's stretch between
	// them; G the cost of the line found, or +Inf when none was legal (open
	// cells, no corner cut) and as cheap. A line with G ≤ H is a candidate:
	// the smoother goes on to try farther cells from the same anchor.
	EventLine
	// EventShortcut: the line smoothing took from anchor Node: the
	// farthest candidate, which replaces the path's stretch to Parent (G
	// its cost, H the stretch's). An anchor whose stretch stays has none;
	// a later pass may take a longer line over this one.
	EventShortcut
)

var eventNames = [...]string{"push", "pop", "relax", "line", "shortcut"}

// Search reports whether k is a search's event (push, pop, relax), which
// sets its node's search state; smoothing's line and shortcut events are
// not.
func (k EventKind) Search() bool { return k <= EventRelax }

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "event?"
}

// Event is one step of a recorded search. At level 0 Node and Parent are cell
// indices (y*Width+x); at higher levels they are abstract node ids of that
// level's graph. Parent is -1 for a root.
type Event struct {
	Kind   EventKind
	Level  uint8
	Node   int32
	Parent int32
	G, H   float64
}

// Phase marks where a named part of a query begins in a Trace. The names are
// the caller's: hpa's Find writes "shortcut", "insert S L1", "abstract L2",
// "refine L1 step 3", "refine cells step 3", "smooth" and the like; groups'
// planner "plan L2", "plan L1", "cells". A phase ends where the next one
// starts (PhaseEnd), and may hold no events.
type Phase struct {
	Name string
	// Level is the graph level the phase's events are about: 0 for cells
	// (Event.Node is a cell index), l ≥ 1 for level l's abstract nodes.
	Level int
	Start int // index of the phase's first event in Trace.Events
	// Estimate says in a few words what the H of the phase's events is,
	// when the searcher says (SetEstimate): "cluster steps", "0 over
	// rooms", "octile"; "" when it did not. An abstract search's estimate
	// need not be the heuristic the user chose for cells, and a panel that
	// showed "h 1.00" under a "heuristic: octile" row misled a class.
	Estimate string
}

// Trace records the events of one query, possibly spanning several searches
// at several levels, for the UI to replay forwards and backwards. Recording is
// opt-in: a search given a nil *Trace pays one pointer test per event.
//
// A Trace is reused across queries by Reset, which keeps its capacity, so a
// steady stream of traced queries allocates nothing once the buffers have
// grown.
type Trace struct {
	Events []Event
	Phases []Phase
	// Limit caps len(Events) when positive; events past it are dropped and
	// Truncated is set, so a trace of a huge failing search cannot exhaust
	// memory.
	Limit     int
	Truncated bool
	// Level is stamped on every event a Searcher records into this trace.
	Level uint8
}

// Reset empties the trace, keeping its buffers and Limit.
func (t *Trace) Reset() {
	t.Events = t.Events[:0]
	t.Phases = t.Phases[:0]
	t.Truncated = false
	t.Level = 0
}

// BeginPhase starts a named phase at the current end of the trace and sets the
// level stamped on following events.
func (t *Trace) BeginPhase(name string, level int) {
	t.Phases = append(t.Phases, Phase{Name: name, Level: level, Start: len(t.Events)})
	t.Level = uint8(level)
}

// SetEstimate records what the H of the current (last) phase's events is
// (Phase.Estimate); nothing when no phase has begun. A phase that runs
// several searches keeps the last one's word.
func (t *Trace) SetEstimate(s string) {
	if n := len(t.Phases); n > 0 {
		t.Phases[n-1].Estimate = s
	}
}

// Add appends an event unless the limit is reached.
func (t *Trace) Add(e Event) {
	if t.Limit > 0 && len(t.Events) >= t.Limit {
		t.Truncated = true
		return
	}
	t.Events = append(t.Events, e)
}

// PhaseEnd returns the index one past the last event of phase k: where
// phase k+1 starts, or len(Events) for the last phase. A phase whose end
// is its Start holds no events.
func (t *Trace) PhaseEnd(k int) int {
	if k+1 < len(t.Phases) {
		return t.Phases[k+1].Start
	}
	return len(t.Events)
}

// MarkEmptyPhase appends note to the name of the phase just begun, when it
// is at level and holds no events yet: a part of a query that needed no
// search (an insertion joined by straight lines, a plan followed as
// stored), so the timeline, which cannot rest in an empty phase, says why
// it holds none. It does nothing on a nil Trace.
func (t *Trace) MarkEmptyPhase(level int, note string) {
	if t == nil || len(t.Phases) == 0 {
		return
	}
	if ph := &t.Phases[len(t.Phases)-1]; ph.Level == level && ph.Start == len(t.Events) {
		ph.Name += note
	}
}

// PhaseAt returns the index in Phases of the phase containing event i, or -1
// when i precedes every phase.
func (t *Trace) PhaseAt(i int) int {
	p := -1
	for k, ph := range t.Phases {
		if ph.Start <= i {
			p = k
		} else {
			break
		}
	}
	return p
}
