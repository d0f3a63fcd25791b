package world

import (
	"slices"
	"strings"

	"pathlens/pathing"
)

// MaxTraceEvents caps the events recorded for one query. A failing A* on a
// 1024×1024 map pushes and pops every open cell (about two million events);
// past the cap the trace is marked truncated and the timeline ends there.
const MaxTraceEvents = 1 << 22

// MaxLevels is the number of levels the timeline keeps state for (0 = cells,
// 1..MaxLevels-1 = abstract levels).
const MaxLevels = 5

// Timeline replays a recorded query. Its cursor counts the events applied:
// 0 shows nothing, Len() shows the finished query. For every node of every
// level it keeps the index of the last applied event that touched the node,
// so a node's state at the cursor (open or closed, g, h, parent) is one
// lookup, and moving the cursor by k events costs O(k) in either direction.
//
// A Timeline reuses its buffers across queries, and a new query costs what
// the last one touched, not the map: its per-node slices are made (and
// filled with -1) once, and Reset puts back to -1 only the nodes the cursor
// had reached, which set lists. Refilling all of level 0 took 25–45 ms a
// query on a 4096×4096 map (64 MB written) for a search of a few hundred
// cells (BenchmarkTimelineReset4096).
type Timeline struct {
	tr     *pathing.Trace
	cursor int
	last   [MaxLevels][]int32 // per level: node -> last applied event, -1 none
	prev   []int32            // per event: the node's last event before it
	// set lists, per level, the nodes whose last is not -1, in the order
	// the cursor reached them: Seek pushes a node as its first event is
	// applied and pops it as that event is taken back (events are applied
	// and taken back last-in first-out, so the node popped is the one
	// pushed last). Every other entry of last, up to its capacity, is -1.
	set [MaxLevels][]int32
	// Version counts changes of the visible state (cursor moves and new
	// traces); renderers compare it to know when to redraw their caches.
	version uint64
	gen     uint64

	popRank []int32 // per event: pops of its level before it in its phase (PopOrder builds it)
	popGen  uint64  // the gen popRank was built for
}

// Reset points the timeline at tr (which it reads but does not copy) with
// the cursor at 0. cells is the number of level-0 nodes (the grid's Len).
func (t *Timeline) Reset(tr *pathing.Trace, cells int) {
	t.tr = tr
	t.cursor = 0
	t.version++
	t.gen++
	var size [MaxLevels]int
	size[0] = cells
	if tr != nil {
		for i := range tr.Events {
			e := &tr.Events[i]
			if l := int(e.Level); l > 0 && l < MaxLevels && int(e.Node) >= size[l] {
				size[l] = int(e.Node) + 1
			}
		}
	}
	for l := range t.last {
		last := t.last[l]
		for _, node := range t.set[l] {
			last[node] = -1
		}
		t.set[l] = t.set[l][:0]
		if cap(last) < size[l] {
			last = make([]int32, size[l])
			for i := range last {
				last[i] = -1
			}
		}
		t.last[l] = last[:size[l]]
	}
	n := t.Len()
	if cap(t.prev) < n {
		t.prev = make([]int32, n)
	}
	t.prev = t.prev[:n]
}

// PopOrder returns how many expansions (pops) of event i's level precede it
// within its phase: a closed node's expansion order in that search. The
// first call after Reset ranks every event (O(events)); later calls are
// O(1). It returns -1 for an event index out of range.
func (t *Timeline) PopOrder(i int) int {
	if t.tr == nil || i < 0 || i >= len(t.tr.Events) {
		return -1
	}
	ev, ph := t.tr.Events, t.tr.Phases
	if t.popGen != t.gen || len(t.popRank) != len(ev) {
		t.popRank = slices.Grow(t.popRank[:0], len(ev))[:len(ev)]
		var cnt [MaxLevels]int32
		next := 0
		for j := range ev {
			for next < len(ph) && ph[next].Start <= j {
				cnt = [MaxLevels]int32{}
				next++
			}
			l := int(ev[j].Level)
			if l < 0 || l >= MaxLevels {
				t.popRank[j] = -1
				continue
			}
			t.popRank[j] = cnt[l]
			if ev[j].Kind == pathing.EventPop {
				cnt[l]++
			}
		}
		t.popGen = t.gen
	}
	return int(t.popRank[i])
}

// Trace returns the trace being replayed (nil before the first query).
func (t *Timeline) Trace() *pathing.Trace { return t.tr }

// Len returns the number of events.
func (t *Timeline) Len() int {
	if t.tr == nil {
		return 0
	}
	return len(t.tr.Events)
}

// Cursor returns the number of applied events.
func (t *Timeline) Cursor() int { return t.cursor }

// Version changes whenever the visible state changes.
func (t *Timeline) Version() uint64 { return t.version }

// Generation changes whenever the timeline is pointed at a new trace (a
// new query); within one generation only the cursor moves.
func (t *Timeline) Generation() uint64 { return t.gen }

// AtEnd reports whether every event is applied.
func (t *Timeline) AtEnd() bool { return t.cursor >= t.Len() }

// Seek moves the cursor to c (clamped to 0..Len), applying or unapplying the
// events in between.
func (t *Timeline) Seek(c int) {
	n := t.Len()
	c = max(0, min(c, n))
	if c == t.cursor {
		return
	}
	ev := t.tr.Events
	for t.cursor < c {
		i := t.cursor
		e := &ev[i]
		// Smoothing's line and shortcut events are no search state of a cell.
		if l := int(e.Level); e.Kind.Search() && l < MaxLevels && int(e.Node) >= 0 && int(e.Node) < len(t.last[l]) {
			p := t.last[l][e.Node]
			t.prev[i] = p
			t.last[l][e.Node] = int32(i)
			if p < 0 {
				t.set[l] = append(t.set[l], e.Node)
			}
		}
		t.cursor++
	}
	for t.cursor > c {
		t.cursor--
		i := t.cursor
		e := &ev[i]
		if l := int(e.Level); e.Kind.Search() && l < MaxLevels && int(e.Node) >= 0 && int(e.Node) < len(t.last[l]) {
			t.last[l][e.Node] = t.prev[i]
			if n := len(t.set[l]); t.prev[i] < 0 && n > 0 {
				t.set[l] = t.set[l][:n-1]
			}
		}
	}
	t.version++
}

// Last returns, for level l, the slice mapping each node to the index of the
// last applied event that touched it (-1 for none). The slice is the
// timeline's own: read it, never write it; it changes with the cursor.
func (t *Timeline) Last(l int) []int32 {
	if l < 0 || l >= MaxLevels {
		return nil
	}
	return t.last[l]
}

// Touched returns level l's nodes with an applied event at the cursor
// (those whose Last is not -1), in the order the cursor first reached
// them: what the search has marked so far, without a scan of the level.
// The slice is the timeline's own: read it, never write it; it changes
// with the cursor.
func (t *Timeline) Touched(l int) []int32 {
	if l < 0 || l >= MaxLevels {
		return nil
	}
	return t.set[l]
}

// NodeState is what the replayed query knows of one node at the cursor.
type NodeState struct {
	Seen   bool
	Closed bool
	G, H   float64
	Parent int32 // -1 for a root
	Event  int   // index of the node's last applied event
}

// State returns the state of node at level l at the cursor.
func (t *Timeline) State(l int, node int32) NodeState {
	if l < 0 || l >= MaxLevels || node < 0 || int(node) >= len(t.last[l]) {
		return NodeState{Parent: -1}
	}
	i := t.last[l][node]
	if i < 0 {
		return NodeState{Parent: -1}
	}
	e := &t.tr.Events[i]
	return NodeState{Seen: true, Closed: e.Kind == pathing.EventPop, G: e.G, H: e.H, Parent: e.Parent, Event: int(i)}
}

// Current returns the last applied event, if any.
func (t *Timeline) Current() (pathing.Event, bool) {
	if t.cursor == 0 {
		return pathing.Event{}, false
	}
	return t.tr.Events[t.cursor-1], true
}

// Expanded returns the index of the pop whose expansion the event at the
// cursor is part of: the event itself when it is a pop; for a push or a
// relax, the last pop of its level before it in its phase, which is the
// node being expanded while its neighbours are pushed. ok is false at
// cursor 0, for smoothing's events, and for the pushes of a search's root
// before its first pop (a push without a parent starts a search: a phase
// may hold several, and the pop before one is the previous search's).
func (t *Timeline) Expanded() (i int, ok bool) {
	if t.cursor == 0 || t.tr == nil {
		return -1, false
	}
	ev := t.tr.Events
	c := t.cursor - 1
	e := &ev[c]
	if !e.Kind.Search() {
		return -1, false
	}
	if e.Kind == pathing.EventPop {
		return c, true
	}
	start := 0
	if k := t.tr.PhaseAt(c); k >= 0 {
		start = t.tr.Phases[k].Start
	}
	for j := c; j >= start; j-- {
		p := &ev[j]
		if p.Level != e.Level || !p.Kind.Search() {
			continue
		}
		switch {
		case p.Kind == pathing.EventPop:
			return j, true
		case p.Kind == pathing.EventPush && p.Parent < 0:
			return -1, false // a root: this search has expanded nothing yet
		}
	}
	return -1, false
}

// Phase returns the index of the phase the cursor is in (the phase of the
// last applied event; at cursor 0 the first event's, which is the one to
// come: a first phase that searched nothing, such as HPA*'s "insert L1"
// joined by straight lines, has no event to stand in), or -1 when the trace
// has no phases. The top bar, the log's step lines and the open list all
// name this one phase.
func (t *Timeline) Phase() int {
	if t.tr == nil || len(t.tr.Phases) == 0 {
		return -1
	}
	if t.cursor == 0 {
		if k := t.tr.PhaseAt(0); k >= 0 {
			return k
		}
		return 0
	}
	return t.tr.PhaseAt(t.cursor - 1)
}

// NextPhase returns the cursor position of the end of the current phase
// (the start of the next one), or Len when the cursor is in the last phase.
func (t *Timeline) NextPhase() int {
	if t.tr == nil {
		return 0
	}
	for _, ph := range t.tr.Phases {
		if ph.Start > t.cursor {
			return ph.Start
		}
	}
	return t.Len()
}

// Stage names the stage of a query a phase belongs to: the first word of
// its name, so HPA*'s phases fall into insert, abstract, refine and
// smooth (after a shortcut stage when its bounded search gave up), and the
// group hierarchy's into plan and cells, which alternate once per walked
// segment. A refinement step that searched nothing ("step 3 crosses a
// cluster border (no search)") is part of refine. A long route has
// hundreds of refinement phases, one or two per top-level step; a class
// wants to get from the abstract search to the smoothing without stepping
// through each.
func Stage(phase string) string {
	word, _, _ := strings.Cut(phase, " ")
	if word == "step" {
		return "refine"
	}
	return word
}

// stepStage is the stage Shift+. and Shift+, step by: Stage, except that
// the group hierarchy's plan at each level is a stage of its own ("plan
// L2", "plan L1"). Its plans run top level first, one after another with
// no walk between them, and as one stage the first press from the start
// showed two plans at once where it promises the top-level plan.
func stepStage(phase string) string {
	s := Stage(phase)
	if s == "plan" {
		if f := strings.Fields(phase); len(f) > 1 {
			return s + " " + f[1]
		}
	}
	return s
}

// stageStarts calls yield with the cursor position where each stage after
// the first begins (the start of a phase whose stage, by stepStage,
// differs from the phase before it), in order, until yield returns false.
func (t *Timeline) stageStarts(yield func(int) bool) {
	if t.tr == nil {
		return
	}
	ph := t.tr.Phases
	for k := 1; k < len(ph); k++ {
		if stepStage(ph[k].Name) != stepStage(ph[k-1].Name) && !yield(ph[k].Start) {
			return
		}
	}
}

// NextStage returns the cursor position at the end of the cursor's stage
// (the start of the next one), or at the end of the next stage when the
// cursor is already at a stage's end; Len after the last stage.
func (t *Timeline) NextStage() int {
	to := t.Len()
	for at := range t.stageStarts {
		if at > t.cursor {
			to = at
			break
		}
	}
	return to
}

// PrevStage returns the cursor position at the start of the cursor's
// stage, or of the stage before when the cursor is already at a stage's
// start; 0 before the second stage.
func (t *Timeline) PrevStage() int {
	to := 0
	for at := range t.stageStarts {
		if at >= t.cursor {
			break
		}
		to = at
	}
	return to
}

// EmptyPhasesPassed names, in order, the phases holding no events (a start
// joined without a search, a stored plan followed) that a seek between
// cursors a and b went over, either way. The cursor counts events, so an
// empty phase sits between two of them, at its Start; a cursor there shows
// the phase before it (Phase: the last event's) and has it still ahead.
// So a seek passes the empty phases starting at or after min(a,b) and
// before max(a,b): a step that stops where one sits does not name it yet
// (the top bar would show the phase before it while the note said it had
// been passed, a tester's report), the next step does. At 0 the cursor
// shows the first phase itself, which is therefore never named. Empty
// phases after the last event (HPA*'s last steps crossing a border or
// following the goal's insertion path, an empty smoothing) have no step
// after them: a seek forward to the end names them.
func (t *Timeline) EmptyPhasesPassed(a, b int) []string {
	if t.tr == nil || a == b {
		return nil
	}
	lo, hi := min(a, b), max(a, b)
	toEnd := b == hi && hi == t.Len()
	var names []string
	for k, ph := range t.tr.Phases {
		if k == 0 && ph.Start == 0 {
			continue // what the cursor shows at 0
		}
		if ph.Start >= lo && (ph.Start < hi || toEnd && ph.Start == hi) && t.tr.PhaseEnd(k) <= ph.Start {
			names = append(names, ph.Name)
		}
	}
	return names
}

// PrevPhase returns the start of the current phase, or of the previous one
// when the cursor already sits at a phase start.
func (t *Timeline) PrevPhase() int {
	if t.tr == nil {
		return 0
	}
	best := 0
	for _, ph := range t.tr.Phases {
		if ph.Start < t.cursor {
			best = ph.Start
		}
	}
	return best
}

// FindPhase returns the index of the first phase whose name starts with
// name (a number ending name ends there: step 3 is not step 30), else of the first whose words include all of name's (the panel's
// row "insert L2" adds up the timeline's "insert S L2" and "insert G L2"),
// else -1 (also with no trace). Phases holding events come first: the
// panel's "insert L1" of a start joined without a search is the goal's
// search, not the start's empty phase; an empty one is found only when no
// phase with events matches.
func (t *Timeline) FindPhase(name string) int {
	if t.tr == nil {
		return -1
	}
	phases := t.tr.Phases
	empty := func(k int) bool { return t.tr.PhaseEnd(k) <= phases[k].Start }
	want := strings.Fields(name)
	match := func(ph pathing.Phase, byWords bool) bool {
		if !byWords {
			// A number ends at a digit: "refine cells step 1" is not
			// step 12 (a tester's -cursor showed step 12 for a step 1
			// that searched nothing).
			rest, ok := strings.CutPrefix(ph.Name, name)
			return ok && !(rest != "" && name != "" && isDigit(rest[0]) && isDigit(name[len(name)-1]))
		}
		if len(want) == 0 {
			return false
		}
		words := strings.Fields(ph.Name)
		for _, w := range want {
			if !slices.Contains(words, w) {
				return false
			}
		}
		return true
	}
	for _, allowEmpty := range []bool{false, true} {
		for _, byWords := range []bool{false, true} {
			for k, ph := range phases {
				if (allowEmpty || !empty(k)) && match(ph, byWords) {
					return k
				}
			}
		}
	}
	return -1
}

// place is where the cursor stands in a trace, said in the trace's own
// terms so that it can be found in another trace of the same query: a
// switch replans, and a teacher stepped to "insert S L2" wants to stay in
// that phase of the new plan rather than be shown its end.
type place struct {
	phase string // the name of the cursor's phase
	nth   int    // phases of that name before it (the group planner repeats "cells")
	into  int    // events of the phase applied, 1 or more
	end   bool   // all of them: the cursor is at the phase's end
	stage string // Stage(phase)
	start bool   // the cursor is at 0, before any event
	// flat: the trace was one phase (a grid search: A*, Dijkstra,
	// greedy), so another one-phase trace keeps the same number of events
	// (A* stepped to event 500, then Dijkstra: Dijkstra's 500th).
	flat bool
	// kind is the step of a hierarchical search the phase is
	// (phaseKind), which HPA* and the group hierarchy share under
	// other stage names.
	kind string
	// algo is the algorithm whose trace this is (the switch's note
	// names it when the new trace has no such place).
	algo Algo
	// cursor and of are the cursor and the event count of the trace.
	cursor, of int
}

// here returns the cursor's place, ok false when there is no trace or the
// cursor is at its end (where a new trace is shown anyway).
func (t *Timeline) here() (p place, ok bool) {
	if t.tr == nil || t.AtEnd() || len(t.tr.Phases) == 0 {
		return place{}, false
	}
	if t.cursor == 0 {
		return place{start: true}, true
	}
	k := t.Phase()
	ph := t.tr.Phases[k]
	p = place{phase: ph.Name, into: t.cursor - ph.Start, end: t.cursor == t.tr.PhaseEnd(k), stage: Stage(ph.Name),
		flat: len(t.tr.Phases) == 1, kind: phaseKind(t.tr.Phases, k), cursor: t.cursor, of: t.Len()}
	for _, o := range t.tr.Phases[:k] {
		if o.Name == ph.Name {
			p.nth++
		}
	}
	return p, true
}

// find returns the cursor position that shows p in this trace, and
// whether anything in it corresponds to p: at 0 for the start; else in
// the phase of p's name (its nth of that name, or the last when there are
// fewer), as many events into it as p was (at its end when p was at the
// end of its phase, or when this one is shorter); else, the phase gone, at
// the first event of p's stage (insert, abstract, refine, smooth), so that
// the top bar names a phase of it; between two one-phase traces (grid
// searches), as many events in; else, between HPA* and the group
// hierarchy, at the first event of the step of the same kind (phaseKind:
// HPA*'s abstract search and the group hierarchy's top-level plan; HPA*'s
// refinement and the group hierarchy's walk after that plan); else from
// smoothing, the last stage, at the end (smoothing turned off, or a plan
// that never smooths: its path is whole there too). Anything else (a grid
// search's event in a hierarchy's trace or back, HPA*'s insertion under
// the group hierarchy, a query the bounded A* now answers) has no
// counterpart: 0 and false, the new timeline from its start rather than
// its end, which would show the answer in the middle of a lesson.
func (t *Timeline) find(p place) (int, bool) {
	if t.tr == nil {
		return 0, true
	}
	if p.start {
		return 0, true
	}
	phases := t.tr.Phases
	k, seen := -1, 0
	for i, ph := range phases {
		if ph.Name == p.phase {
			k = i
			if seen == p.nth {
				break
			}
			seen++
		}
	}
	if k >= 0 {
		start, end := phases[k].Start, t.tr.PhaseEnd(k)
		if end > start {
			if p.end {
				return end, true
			}
			return min(start+p.into, end), true
		}
	}
	if at := t.firstOf(func(i int) bool { return Stage(phases[i].Name) == p.stage }); at >= 0 {
		return at, true
	}
	if p.flat && len(phases) == 1 {
		start, end := phases[0].Start, t.tr.PhaseEnd(0)
		if p.end {
			return end, true
		}
		return min(start+p.into, end), true
	}
	if p.kind != "" {
		if at := t.firstOf(func(i int) bool { return phaseKind(phases, i) == p.kind }); at >= 0 {
			return at, true
		}
	}
	if p.kind == "smooth" {
		return t.Len(), true
	}
	return 0, false
}
