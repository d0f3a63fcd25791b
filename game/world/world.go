// Package world is the session model of the pathlens app: the map being
// looked at, the chosen hierarchy and its switches, the current query and its
// recorded timeline, playback, the edit log with undo and redo, and the event
// log. It never imports Ebiten, so everything the window does can be driven
// and tested headless: the game package turns input into calls of the
// methods here, and render only reads the result.
package world

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// Outcome is the answer to the current query with its figures.
//
// Status is pathing.Running only while the current query's answer is being
// worked on (World.Busy; Note says what is done). With no query (before
// the first, after a click that starts a new one) the Outcome is
// NoQueryOutcome: Status NoPath, no path, cost +Inf and NoQueryNote, so a
// check of Status alone never calls the session busy with a query.
type Outcome struct {
	Answer
	Err error // why the query could not run (blocked endpoint...)
	// Duration is the time to answer, untraced: for a hierarchical query,
	// the median of five warm runs when it is fast, else its faster of two
	// runs or, past retimeUnder, its single run (queryTime); a query on a
	// large grid slow enough that its trace is recorded a frame later is
	// run once more untraced in that frame, and the faster run is shown.
	// During a stroke or an endpoint's drag (OneRun) it is the query's
	// single cold run.
	Duration time.Duration
	// OneRun says Duration is one cold run of a hierarchical query
	// replanned while a stroke is painted or the start or goal dragged:
	// each mouse move runs the query once (the five warm runs timed it
	// again at every move, most of a move's work on a 512×512 map), and
	// letting go, which replans, times it as above. The panel marks the
	// figure.
	OneRun   bool
	PeakOpen int  // flat searches only
	Algo     Algo // the algorithm that answered
	Traced   bool // the timeline holds this query's trace
}

// NoQueryNote is the Note of the Outcome when there is no query.
const NoQueryNote = "no query: click a start, then a goal"

// NoQueryOutcome returns the Outcome of a session with no query.
func NoQueryOutcome() Outcome {
	return Outcome{Answer: Answer{Status: pathing.NoPath, Cost: math.Inf(1), Note: NoQueryNote}}
}

// Ghost is an earlier answer kept for comparison after a switch: its plan
// at the top level and its path, labelled with what was switched. After an
// algorithm or heuristic switch it also keeps the cells its cell searches
// expanded (Fill, a bit per cell) and how many expansions it took, so A*
// and Dijkstra, or two heuristics, can be compared on one query. An edit
// of the terrain drops it: it compared searches of another grid.
type Ghost struct {
	Label  string
	Switch string // the switch that made it: "algo", "heuristic", "cost", "exclusion", "target"
	Plan   []image.Point
	Path   []image.Point
	Cost   float64

	Fill     []uint64 // bit i: cell i was expanded by a cell search (nil: trace cut short or none)
	Expanded int      // the answer's expansions (Outcome.Expanded), every level counted

	readsHeuristic bool // its answer read the heuristic (not Dijkstra's, say): H changes it
}

// Filled reports whether cell i (y*Width+x) is in the ghost's fill.
func (g *Ghost) Filled(i int) bool {
	return i>>6 < len(g.Fill) && g.Fill[i>>6]&(1<<(uint(i)&63)) != 0
}

// World is one session: a map, the query on it and everything shown about
// that query. Its methods are the actions of the app; none of them panics on
// bad input (a cell outside the map, a goal in a wall): they record a
// message, shown in the window and written to the event log, instead.
type World struct {
	Map  *maps.Map
	Grid *pathing.Grid
	pace framePace // the window's frame pace, for the search slice (budget)
	// Source is the file the session was loaded from ("" or "builtin:NAME"
	// for embedded worlds); Name is what the title bar shows; About is the
	// one-line "what to look at" of a gallery scenario.
	Source, Name, About string
	// builtin names the built-in scenario the session was opened from
	// ("" otherwise), kept when a save moves Source to the file written.
	builtin string
	// SaveTo, when set, is where SaveDefault writes (the app's -save),
	// instead of the place SavePath derives from Source.
	SaveTo string
	// Regions are the designer's region layers (level 1, 2...), one byte
	// per cell, or nil.
	Regions [][]byte
	// RegionNames[l-1] names the rooms behind layer l's characters where
	// the map gives names (a Tiled map's room objects); nil otherwise.
	RegionNames []map[byte]string
	// straddle are LoadNotes' remarks on rooms one level drawn across the
	// regions of the next (straddleNotes), found when the session opened.
	straddle []string
	// besideNote is LoadNotes' remark on a session saved beside a bare
	// map (sessionBeside).
	besideNote string
	// staleNote is LoadNotes' remark on the file's edit lines that changed
	// nothing on its map (edits.stale), "" when there were none.
	staleNote string
	// viewNote is LoadNotes' remark on a file's view level above the
	// hierarchy Begin builds, "" when there is none.
	viewNote string
	// cover caches uncovered's scan for a grid version: the first open
	// cell in no region, -1 for none, -2 for a layer of another size;
	// level is the layer (0-based) at is in, grid and roomsV what the
	// scan read, for the next version's answer from the cells changed
	// since (uncovered).
	cover struct {
		key    coverKey
		at     int
		level  int
		ok     bool
		grid   *pathing.Grid
		roomsV uint64
	}

	Settings Settings
	// Layers names the map layers that are on, as a scenario's "set
	// layers" line does (maps.LayerNames joined with commas, or
	// maps.NoLayers): the file's when the session opens ("" when it names
	// none), then the window's, which keeps it up to date so that a save
	// writes the layers the user turned on. The session draws nothing.
	Layers string
	// agentClock is the agents' clock speed (Shift+↑ / Shift+↓; 0 is ×1):
	// the file's when the session opens, kept for a simulation made later
	// (the first spawn) and written by a save.
	agentClock float64
	// View is the window's view (zoom and centre, view level, pinned
	// cell), kept up to date by the window as Layers is, so that a save
	// writes it; it is not the user's work, so changing it leaves the
	// session saved. fileView is the view the session's file saved
	// (FileView), fileQuery the first query the file opened on.
	View         View
	fileView     View
	fileQuery    [2]image.Point
	hasFileQuery bool

	Start, Goal       image.Point
	HasStart, HasGoal bool
	// replaced is the whole query a first click put aside (Pick), until
	// the goal click completes the new one or CancelPick brings it back.
	replaced    [2]image.Point
	hasReplaced bool
	// Queries are the scenario's queries; Begin opens Queries[FirstQuery]
	// (0 but for a saved session reopened on one of its list's rows).
	Queries    [][2]image.Point
	FirstQuery int
	// ScenOptimal holds, index for index with Queries, the optimal length
	// the Moving AI list ScenFile gives each of its rows (0 for the
	// session's own queries); nil when no list was added. The lengths are
	// for the map as loaded with 8-connected moves: callers show them only
	// while that holds.
	ScenOptimal []float64
	// ScenFile is the .scen list whose rows are Queries[scenAt:scenAt+scenN]
	// (a path the program can open; "" for none). A save refers to it with
	// a "scen" line rather than writing its rows as queries.
	ScenFile      string
	scenAt, scenN int
	// scenSkip are the rows of the list's file the session removed
	// (RemoveQuery), 0-based, ascending: the file's rows less these are
	// Queries[scenAt:scenAt+scenN], in order. A save writes them as
	// scen-skip lines. scenGen counts the lists added (AddScenRows), so
	// the undo of a removal knows whether its row's list is still there.
	scenSkip []int
	scenGen  int
	// shown is the query an undo or redo of a removal asks the window to
	// open (TakeQueryToShow).
	shown queryToShow

	Outcome  Outcome
	Timeline Timeline
	Play     Playback
	Optimal  Optimal
	// Batch is the run of every query of the list (StartBatch) under way
	// or last finished.
	Batch Batch
	// Ghost is the previous answer kept after a connection-cost,
	// exclusion, target, algorithm or heuristic switch.
	Ghost    *Ghost
	ghostNew bool   // the ghost was made by the switch being planned (switched notes it)
	ghostWhy string // what became of the ghost before it (ghostNote says it); "" when nothing
	// LastRepair is the last stroke's repair report, and RepairSeq counts
	// repairs so the view can flash each one once. A switch that rebuilds
	// or drops the hierarchy clears LastRepair (it described the old one).
	LastRepair Repair
	RepairSeq  int

	// Message is the last thing the user should read (an error or a note),
	// MessageErr marks errors and MessageSeq counts messages so the view
	// can show each for a while.
	Message    string
	MessageErr bool
	MessageSeq int
	// messageGone: the view no longer shows the message (MessageGone).
	// held is a note kept back while an error showed (noteAfterError),
	// to show when message number heldBehind, that error, is gone.
	messageGone bool
	held        string
	heldBehind  int

	Log *EventLog

	// scenario is what the session was loaded from: the map before any
	// edit, its path when it is a file, agents.
	scenario *maps.Scenario

	hier       Hierarchy
	hierGrid   *pathing.Grid // the copy of Grid the hierarchy reads
	absAt      absIndex      // the trace's abstract nodes by cell, for Inspect
	hierKey    hierKey
	hierErr    error
	hierBuild  time.Duration
	building   *buildJob     // a hierarchy being built in the background
	worker     *buildWorker  // runs builds and lends, latest first (started on first use)
	repairTime time.Duration // one mouse move's repair of the installed hierarchy (0: not measured yet)
	plan       *planJob      // the query while its answer is not in
	// traceSettings are the switches the shown answer was planned with,
	// and trail the places a teacher switching back and forth left
	// (switchTrail).
	traceSettings Settings
	trail         switchTrail
	// placeLost is the note of a switch's plan whose trace had no
	// counterpart of the place the switch left (placeLostNote), for the
	// switch to show after its own note; "" when the place was kept.
	placeLost string
	// placeShown is the placeLost note last shown (notePlaceLost), in the
	// message or held behind an error, until the user moves the cursor
	// (dropPlaceNote): it says where the cursor was put, and went on
	// saying "shown from its start" at the end of the timeline.
	placeShown string

	// search is the flat search's state, 20 bytes a cell (84 MB at
	// 2048²): made by flatSearcher on the first flat query, so a session
	// that only plans hierarchically never holds it.
	search *pathing.Searcher
	trace  pathing.Trace
	path   []image.Point

	snap    *gridSnap // the grid's copy background jobs read (snapshot)
	comps   components
	cuts    cutCells // the components layer's cut cells (cutcells.go)
	agents  agentState
	edits   edits
	journal journal

	groupBakes groupBakes // the groups layer's tints (groupbake.go)
	// editFrom and editTo are the grid versions before and after the last
	// edit (LastEdited).
	editFrom, editTo uint64
	// saveLacks says what the last save left out ("" when nothing): the
	// session stays Dirty while it is set (see Dirty).
	saveLacks string
	// saveRefused is the last refused SaveDefault (SaveRefused).
	saveRefused savedRefusal
	// queriesSaved are the queries of the last save or load
	// (savedQueries): QueriesUnsaved compares the session's with them.
	queriesSaved [][2]image.Point
	// scenSaved is the .scen list of the last save or load (savedScen,
	// "" for none): ScenUnsaved compares the session's with it.
	scenSaved string
	// scenSkipSaved is scenSkip as last saved or loaded.
	scenSkipSaved []int
	stroke        *stroke
	roomStroke    *roomStroke // a room stroke in progress (rooms.go)
	// roomsCheck asks the next group hierarchy installed to say which
	// rooms above level 1 it plans mostly outside themselves
	// (roomsPlannedElsewhere): set when the session opens with such rooms
	// and when a room stroke, or its undo or redo, changes them. splitCheck
	// asks it which rooms fall into parts (roomsSplit): set by room
	// strokes alone (a .tmx's load says it of the map's own rooms).
	roomsCheck, splitCheck bool
	splitSeen              map[roomKey]int // see splitBaseline
	// roomsV counts the rooms' layers published (every move of a room
	// stroke, for the renderer); roomsDone names the rooms' state, which
	// the group hierarchy's key, the coverage cache and a batch hold: 0 as
	// opened, a new name (roomsSeq) for each room stroke when it ends, and
	// the name of the state an undo or redo goes back to. Mid-stroke the
	// hierarchy of the rooms before stays current, as the terrain's does
	// while a stroke holds its repair.
	roomsV, roomsDone uint64
	// roomUse counts the cells of each letter in the published layers,
	// by level (see letterCounts).
	roomUse  []*roomUse
	roomsSeq uint64 // the last name given to a rooms' state
	quickSeq int
}

// New returns a world showing m with default settings and no query. The
// map is used, not copied: edits change m.Grid. A nil m, or one without a
// grid, is a programming error: it panics, naming the package.
func New(m *maps.Map) *World {
	if m == nil || m.Grid == nil {
		panic("world: New: nil map")
	}
	w := newWorld(m)
	w.scenario = &maps.Scenario{Name: m.Name, Map: m.Clone()}
	return w
}

// newWorld is New without the scenario (the map before any edit), for
// FromScenario, which has one: a clone made only to be replaced cost a
// copy of the grid and the terrain, 32 MB on a 4096×4096 map.
func newWorld(m *maps.Map) *World {
	w := &World{Map: m, Grid: m.Grid, Name: m.Name}
	w.trace.Limit = MaxTraceEvents
	w.Timeline.Reset(nil, m.Grid.Len())
	w.Play.Speed = DefaultSpeed
	w.Outcome = NoQueryOutcome()
	w.edits.saved = 0
	return w
}

// Note records a message for the user (and the event log when it is an
// error).
func (w *World) Note(format string, args ...any) {
	w.Message = fmt.Sprintf(format, args...)
	w.MessageErr = false
	w.MessageSeq++
	w.messageGone = false
}

// Fail records an error message for the user and logs it.
func (w *World) Fail(format string, args ...any) {
	w.Message = fmt.Sprintf(format, args...)
	w.MessageErr = true
	w.MessageSeq++
	w.messageGone = false
	w.Log.Add("error", F{"msg", w.Message})
}

// MessageGone tells the session that the view no longer shows message
// number seq (MessageSeq): its time ran out, or a later answer made it
// stale. The session does not keep time; the view decides how long a
// message shows. A message newer than seq is not affected.
func (w *World) MessageGone(seq int) {
	if seq != w.MessageSeq || w.messageGone {
		return
	}
	w.messageGone = true
	if w.held != "" && w.heldBehind == seq {
		w.Note("%s", w.held)
	}
	w.held = ""
}

// noteAfterError notes msg, unless an error is on screen (ErrorShown): the
// error stays up, and msg shows when the view reports it gone, unless
// another message has come meanwhile.
func (w *World) noteAfterError(msg string) {
	if w.ErrorShown() {
		w.held, w.heldBehind = msg, w.MessageSeq
		return
	}
	w.Note("%s", msg)
}

// NoteAfterError is noteAfterError for the view's own switches (the
// brush weight): a note that waits while an error is on screen.
func (w *World) NoteAfterError(format string, args ...any) {
	w.noteAfterError(fmt.Sprintf(format, args...))
}

// ErrorShown reports whether the message is an error the user may still be
// reading: set, and not reported gone by the view (MessageGone). Some
// notes wait while it is (noteAfterError).
func (w *World) ErrorShown() bool {
	return w.MessageErr && w.Message != "" && !w.messageGone
}

// pt formats a cell for the log.
func pt(p image.Point) string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

// checkEndpoint says why p cannot be a start or goal, or "" when it can.
func (w *World) checkEndpoint(p image.Point) string {
	if !w.Grid.In(p) {
		return fmt.Sprintf("cell (%d,%d) is outside the %d×%d map", p.X, p.Y, w.Grid.Width(), w.Grid.Height())
	}
	if !w.Grid.Open(p) {
		return fmt.Sprintf("cell (%d,%d) is blocked: pick an open cell", p.X, p.Y)
	}
	return ""
}

// SetEndpoints sets start and goal and plans between them. Endpoints
// outside the map or on blocked cells are refused with one message naming
// each; a good start with a bad goal is kept, waiting for a goal as after
// a first click, and a good goal with a bad start is kept too, waiting for
// a start (Pick places it and plans).
func (w *World) SetEndpoints(start, goal image.Point) bool {
	w.hasReplaced = false
	// Both are checked, so one message names every endpoint to fix.
	var bad []string
	for i, p := range []image.Point{start, goal} {
		if msg := w.checkEndpoint(p); msg != "" {
			bad = append(bad, [2]string{"start", "goal"}[i]+": "+msg)
		}
	}
	if len(bad) > 0 {
		if len(bad) == 1 {
			// The good end is kept, waiting for the other as after a first
			// click (a -from in a wall used to drop a good -to with it).
			keepStart := w.checkEndpoint(start) == ""
			if keepStart {
				w.Start = start
			} else {
				w.Goal = goal
			}
			w.HasStart, w.HasGoal = keepStart, !keepStart
			w.Ghost = nil
			w.clearQuery()
		}
		w.Fail("%s", strings.Join(bad, "; "))
		return false
	}
	w.dropGhostUnless(start, goal)
	w.Start, w.HasStart = start, true
	w.Goal, w.HasGoal = goal, true
	w.Replan()
	return true
}

// dropGhostUnless forgets the ghost (the answer before a switch, kept to
// compare) unless the query stays start→goal: a ghost of another query
// compared two unrelated paths (F3 after M on textbook-groups showed query
// 1's path and cost beside query 2's).
func (w *World) dropGhostUnless(start, goal image.Point) {
	if !w.HasStart || !w.HasGoal || w.Start != start || w.Goal != goal {
		w.Ghost = nil
	}
}

// Pick handles a click on cell p in "two clicks" style: the first click
// places the start, the second the goal (and plans), the next a new start.
// When only a goal is set (SetEndpoints refused the start), the click is
// the start and plans.
// Clicks outside the map or on blocked cells are refused with a message.
func (w *World) Pick(p image.Point) {
	if msg := w.checkEndpoint(p); msg != "" {
		w.Fail("%s", msg)
		return
	}
	if !w.HasStart && w.HasGoal {
		// The goal of a query whose start was refused: this is its start.
		w.Start, w.HasStart = p, true
		w.Log.Add("start", F{"at", pt(p)})
		w.Replan()
		return
	}
	if !w.HasStart || w.HasGoal {
		w.replaced, w.hasReplaced = [2]image.Point{w.Start, w.Goal}, w.HasStart && w.HasGoal
		w.Ghost = nil
		w.Start, w.HasStart = p, true
		w.HasGoal = false
		w.clearQuery()
		if w.hasReplaced {
			w.Note("start (%d,%d): click the goal (Esc: back to the query before)", p.X, p.Y)
		} else {
			w.Note("start (%d,%d): click the goal", p.X, p.Y)
		}
		w.Log.Add("start", F{"at", pt(p)})
		return
	}
	w.Goal, w.HasGoal = p, true
	w.hasReplaced = false
	w.Replan()
}

// CancelPick abandons a query whose start was clicked but not its goal,
// bringing back the whole query that click put aside (a stray click in
// the query tool would otherwise lose a prepared query for good: query
// changes are not edits, so undo does not cover them). It reports whether
// there was one to bring back. The put-aside query is replanned as if
// picked again (its cells may have changed since).
func (w *World) CancelPick() bool {
	if !w.hasReplaced || !w.HasStart || w.HasGoal {
		return false
	}
	q := w.replaced
	w.hasReplaced = false
	w.Log.Add("cancel", F{"start", pt(w.Start)}, F{"back", pt(q[0]) + "->" + pt(q[1])})
	if !w.SetEndpoints(q[0], q[1]) {
		return true // SetEndpoints said why (a cell walled since)
	}
	w.Note("back to the query (%d,%d) → (%d,%d)", q[0].X, q[0].Y, q[1].X, q[1].Y)
	return true
}

// MoveEndpoint moves the start (goal false) or goal to p while the user
// drags it, replanning at once without recording a trace on large maps so
// dragging stays smooth, and running a hierarchical query once, its time
// marked as one run (Outcome.OneRun). Blocked cells and cells outside the
// map are skipped silently (the endpoint stays where it was). Call Replan
// when the drag ends for the full timeline, the query's timing and a log
// line.
func (w *World) MoveEndpoint(goal bool, p image.Point) {
	if !w.Grid.Open(p) {
		return
	}
	if goal {
		if w.HasGoal && w.Goal == p {
			return
		}
		w.Goal, w.HasGoal = p, true
	} else {
		if w.HasStart && w.Start == p {
			return
		}
		w.Start, w.HasStart = p, true
	}
	w.Ghost = nil // another query now
	if w.HasStart && w.HasGoal {
		// A hierarchical query runs once (Outcome.OneRun): timing it five
		// more times at every move was most of a move's work on a 512×512
		// map, and the Replan at the drop times it.
		w.replanJob(planJob{traced: w.Grid.Len() <= liveTraceCells, oneRun: true})
	}
}

// liveTraceCells is the largest grid on which live replanning (dragging,
// painting) records a trace.
const liveTraceCells = 256 * 256

// clearQuery forgets the current query's answer, and any plan for it: the
// Outcome becomes NoQueryOutcome until a query is asked (the caller sets
// Err when the query was refused).
func (w *World) clearQuery() {
	w.Outcome = NoQueryOutcome()
	w.trace.Reset()
	w.Timeline.Reset(nil, w.Grid.Len())
	w.Play.Playing = false
	w.Optimal.reset()
	w.plan = nil
}

// Replan runs the current query again with the current switches, records
// its trace, moves the timeline to its end and logs a plan line.
func (w *World) Replan() {
	w.replan(true, true)
}

func (w *World) replan(traced, logIt bool) { w.replanAt(traced, logIt, nil) }

// replanAt is replan that shows the new trace at place at (see
// Timeline.find) rather than at its end, when at is not nil.
func (w *World) replanAt(traced, logIt bool, at *place) {
	w.replanJob(planJob{traced: traced, logIt: logIt, place: at})
}

// replanJob starts the plan p (its traced, logIt, place and oneRun set)
// for the current query, as replanAt does.
func (w *World) replanJob(p planJob) {
	w.plan = nil
	if !w.HasStart || !w.HasGoal {
		if w.Settings.Algo.Hierarchical() {
			// No query yet, but the structure layers (borders, groups,
			// nodes, edges) show the hierarchy: build it now.
			w.hierarchy()
		}
		return
	}
	for _, e := range []image.Point{w.Start, w.Goal} {
		if msg := w.checkEndpoint(e); msg != "" {
			w.clearQuery()
			w.Outcome.Err = fmt.Errorf("%s", msg)
			w.Outcome.Note = "" // a query, refused: Err says why
			if p.logIt {
				w.Fail("%s", msg)
			}
			if w.Settings.Algo.Hierarchical() {
				w.hierarchy() // the structure layers show it without a query
			}
			return
		}
	}
	w.plan = &p
	// Search, not the frame's drawing, for the next Tick's pace: this
	// slice runs before that Tick (a drag, a stroke's move) in its frame.
	t0 := tickClock()
	w.advancePlan(w.budget())
	d := tickClock().Sub(t0)
	w.pace.slice += d
	w.pace.early += d
}

// warmRunsUnder is the time under which a hierarchical query is timed
// again: its first run after a build or an edit is cold (buffers grow,
// caches miss) and took several times what cmd/bench's median of warm runs
// reports for the same query (418 against 63 µs on an AR0011SR row). The
// five more runs cost a plan's frame at most 2.5 ms; a stroke's or a
// drag's live plans, one per mouse move, skip them (Outcome.OneRun).
const warmRunsUnder = 500 * time.Microsecond

// retimeUnder is the cold time under which a hierarchical query is run
// once more to see whether it is fast when warm: a cold first run of 1.4 ms
// (the built-in world's HPA* query, a fresh start) was shown as the query
// time when its warm runs take 0.1 ms, being over warmRunsUnder. The one
// extra run costs a plan's frame at most this much (a stroke's or a
// drag's live plans skip it).
const retimeUnder = 5 * time.Millisecond

// queryClock times the hierarchical queries whose time the panel shows
// (tests replace it).
var queryClock = time.Now

// queryTime is the time the panel shows for a hierarchical query whose
// first (cold) run took cold; run runs it once more, untraced, and returns
// how long that took. A query under limit (retimeUnder, or less when the
// frame has less to spare) runs a second time: when that warm run is under
// warmRunsUnder the time is the median of warmRuns warm runs, else the
// faster of the two runs. A slower query is run once only.
func queryTime(cold, limit time.Duration, run func() time.Duration) time.Duration {
	if cold >= limit {
		return cold
	}
	warm := run()
	if warm >= warmRunsUnder {
		return min(cold, warm)
	}
	const warmRuns = 5
	var ds [warmRuns]time.Duration
	ds[0] = warm
	for i := 1; i < warmRuns; i++ {
		ds[i] = run()
	}
	slices.Sort(ds[:])
	return ds[warmRuns/2]
}

// advancePlan moves the pending plan on by about budget of work (0: to the
// end, or until it waits for a background build) and shows its answer when
// it is in.
func (w *World) advancePlan(budget time.Duration) {
	p := w.plan
	if p == nil {
		return
	}
	if w.strokeHolds() {
		w.showPending("planning: when the stroke ends (its cells are repaired then)…")
		return
	}
	s := w.Settings
	o := Outcome{Algo: s.Algo}
	var ans Answer
	var err error
	if s.Algo.Hierarchical() {
		h, herr := w.hierarchy()
		switch {
		case errors.Is(herr, errBuilding):
			w.showWaiting("")
			return
		case herr != nil:
			err = herr
		default:
			// untraced runs the query once, untraced, and times it.
			untraced := func() (Answer, time.Duration, error) {
				t0 := queryClock()
				a, e := h.Query(w.Start, w.Goal, s, nil)
				return a, queryClock().Sub(t0), e
			}
			again := func() time.Duration { _, d, _ := untraced(); return d }
			// A stroke's or a drag's live plan, one per mouse move, is
			// run once: its precise time comes with the plan when the
			// mouse is let go.
			o.OneRun = p.oneRun
			if p.stage == 0 {
				var cold time.Duration
				ans, cold, err = untraced()
				p.dur = cold
				split := p.traced && err == nil && budget > 0 && cold > budget/2
				if err == nil && !split && !o.OneRun {
					// Timed again within what the frame has to spare: the
					// split below is decided on the cold run, which is what
					// this frame has already paid.
					limit := retimeUnder
					if budget > 0 {
						limit = min(limit, budget/2)
					}
					p.dur = queryTime(cold, limit, again)
				}
				if split {
					// A slow query on a large grid: its answer is shown
					// now, and the next frame records its trace.
					p.stage = 1
					ans.Note = joinNotes(ans.Note, unusedHeuristicNote(s))
					w.showAnswer(Outcome{Algo: s.Algo, Duration: p.dur, OneRun: o.OneRun}, ans, nil, false, false)
					return
				}
			}
			if p.stage != 0 && err == nil && !o.OneRun {
				// Split: the time is still the cold run's (the querier's
				// buffers grown, caches missed), which on a 2048×2048 map
				// took up to 1.4 times the warm runs cmd/bench's median
				// reports (14.0 against 9.6 ms, cluster 8, 4 levels), the
				// figure an engineer compares. This frame records the
				// trace, a dearer run than one more untraced: the warm
				// time is worth its cost here.
				p.dur = min(p.dur, again())
			}
			o.Duration = p.dur
			if p.traced && err == nil {
				w.trace.Reset()
				ans, err = h.Query(w.Start, w.Goal, s, &w.trace)
			}
			if err == nil {
				ans.Note = joinNotes(ans.Note, unusedHeuristicNote(s))
			}
		}
	} else {
		var done bool
		done, ans, o.PeakOpen, o.Duration, err = w.flatStep(budget)
		if !done {
			return
		}
	}
	w.plan = nil
	w.traceSettings = s
	w.showAnswer(o, ans, err, p.traced, p.logIt)
	lost := ""
	if p.place != nil && w.Outcome.Traced {
		at, kept := w.Timeline.find(*p.place)
		w.Timeline.Seek(at)
		if !kept {
			lost = placeLostNote(*p.place, s.Algo)
		}
		if !w.Timeline.AtEnd() && p.logIt {
			// Not a stroke's live plans, one per mouse move: its last.
			if lost != "" {
				w.logStep("seek", F{"note", lost})
			} else {
				w.logStep("seek")
			}
		}
		w.switchLanded()
	}
	w.placeLost = lost // shown by the switch (switched), after its own note
	if p.after != nil {
		p.after()
	}
}

// showAnswer makes a finished plan the current outcome: its path, the
// timeline of its trace, the optimal reference's request and its log line.
func (w *World) showAnswer(o Outcome, ans Answer, err error, traced, logIt bool) {
	s := w.Settings
	o.Answer = ans
	o.Err = err
	o.Traced = traced && err == nil
	if err != nil {
		o.Status = pathing.NoPath
		o.Cost = math.Inf(1)
		o.Path = nil
	}
	// Keep our own copy of the path: planners reuse their buffers.
	if o.Path != nil {
		w.path = append(w.path[:0], o.Path...)
		o.Path = w.path
	}
	w.Outcome = o
	if o.Traced {
		w.Timeline.Reset(&w.trace, w.Grid.Len())
		w.Timeline.Seek(w.Timeline.Len())
	} else {
		w.trace.Reset()
		w.Timeline.Reset(nil, w.Grid.Len())
	}
	w.Play.Playing = false
	w.Optimal.request(w, logIt, o.OneRun)
	if !logIt {
		return
	}
	if err != nil {
		w.Fail("%s: %v", s.Algo.Title(), err)
		return
	}
	if o.Status != pathing.Found {
		msg := fmt.Sprintf("no path from (%d,%d) to (%d,%d)", w.Start.X, w.Start.Y, w.Goal.X, w.Goal.Y)
		sep := ": "
		if why := w.walledIn(); why != "" {
			msg, sep = msg+": "+why, "; "
		}
		if o.Note != "" {
			msg += sep + o.Note
		}
		w.Note("%s", msg)
	} else if o.Note != "" {
		w.Note("%s", o.Note)
	}
	w.logPlan()
}

// unusedHeuristicNote says, for the answer's note, when the cluster
// heuristic setting does nothing: Dijkstra has no heuristic; HPA*
// estimates with its own octile (Manhattan) distance whatever the setting
// (the panel dims the row); and the group planner, which honours the grid
// heuristics, searches towards the next group's cell rather than the
// query's goal, so a table towards that goal does not apply and it uses
// octile. None builds the cluster table. "" when the setting is used.
func unusedHeuristicNote(s Settings) string {
	if s.Heuristic != HeurCluster {
		return ""
	}
	switch s.Algo {
	case AlgoDijkstra:
		return "Dijkstra ignores the heuristic: the cluster table was not built"
	case AlgoHPA:
		return fmt.Sprintf("HPA* ignores the heuristic (it uses %s): the cluster table was not built", pathing.Auto.Resolve(s.Neighborhood))
	case AlgoGroup:
		return fmt.Sprintf("the group planner ignores the cluster heuristic (its searches aim at the next group, with %s): the table was not built", pathing.Auto.Resolve(s.Neighborhood))
	}
	return ""
}

// joinNotes joins two notes of one answer with "; ", skipping empty ones.
func joinNotes(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "; " + b
}

// swapNote replaces was, the last of the notes joined in note (joinNotes),
// with now: an answer's note on a setting that changed without a replan.
func swapNote(note, was, now string) string {
	if was != "" {
		if note == was {
			note = ""
		} else {
			note = strings.TrimSuffix(note, "; "+was)
		}
	}
	return joinNotes(note, now)
}

func (w *World) logPlan() {
	o := &w.Outcome
	fs := []F{{"algo", w.Settings.Algo}, {"from", pt(w.Start)}, {"to", pt(w.Goal)},
		{"status", o.Status.String()}, {"cost", round3(o.Cost)}, {"expanded", o.Expanded},
		{"ms", o.Duration}, {"events", w.Timeline.Len()}, {"phases", len(w.trace.Phases)}}
	if w.Settings.Algo.Hierarchical() {
		fs = append(fs, F{"cluster", clusterField(w.keyFor(w.Settings.Algo))}, F{"levels", w.Settings.LevelCount()})
		if w.Settings.Algo == AlgoGroup {
			fs = append(fs, F{"cost_kind", w.Settings.Cost}, F{"exclusion", w.Settings.Exclusion}, F{"target", w.Settings.Target})
		} else {
			fs = append(fs, F{"smooth", w.Settings.Smooth()}, F{"shortcut", w.Settings.Shortcut()}, F{"transitions", TransitionsText(w.Settings.Dense)})
			if w.Settings.CachePaths {
				fs = append(fs, F{"cache", true}) // -cache: logged only when on
			}
		}
	} else {
		if w.Settings.Uses("heuristic") {
			fs = append(fs, F{"heuristic", w.Settings.Heuristic}) // Dijkstra has none
		}
		fs = append(fs, F{"nb", w.Settings.Neighborhood.String()})
	}
	if w.Optimal.Known {
		fs = appendSubopt(append(fs, F{"optimal", round3(w.Optimal.Cost)}), w.Suboptimality())
	}
	if o.Note != "" {
		fs = append(fs, F{"note", o.Note})
	}
	w.Log.Add("plan", fs...)
}

// clusterHeuristic returns the cluster heuristic towards the goal, building
// the group hierarchy it is read from when there is none. Its error is one
// sentence for the message bar: what failed, why, and what to change (the
// levels when the hierarchy cannot be built, else another heuristic).
func (w *World) clusterHeuristic() (func(p, goal image.Point) float64, error) {
	h, err := w.hierarchyFor(AlgoGroup)
	if errors.Is(err, errBuilding) {
		return nil, err
	}
	if err != nil {
		if be, ok := err.(*buildError); ok {
			return nil, fmt.Errorf("the cluster heuristic needs the group hierarchy, but %s: %s, or choose another heuristic", be.Why, be.Fix)
		}
		return nil, fmt.Errorf("the cluster heuristic needs the group hierarchy, which could not be built (%v): choose another heuristic", err)
	}
	gh, ok := h.(*groupHier)
	if !ok {
		return nil, fmt.Errorf("world: internal error: the group hierarchy offers no cluster heuristic: choose another heuristic")
	}
	hf, known, err := gh.cachedHeuristic(w.Goal)
	if !known {
		if w.Grid.Len() > asyncCells {
			// One search over the whole grid: tens of milliseconds.
			goal := w.Goal
			w.lend(fmt.Sprintf("computing the cluster heuristic towards (%d,%d)", goal.X, goal.Y),
				fmt.Sprintf("the cluster heuristic towards (%d,%d) is computed", goal.X, goal.Y), func() { gh.ClusterHeuristic(goal) })
			return nil, errBuilding
		}
		hf, err = gh.ClusterHeuristic(w.Goal)
	}
	if err != nil {
		return nil, fmt.Errorf("the cluster heuristic towards (%d,%d) could not be computed (%v): choose another heuristic", w.Goal.X, w.Goal.Y, err)
	}
	return hf, nil
}

// SearchState returns what the flat search knows about p after the last
// query (g, h, f, parent, expansion order) for the inspector. It is only
// meaningful for flat algorithms; hierarchical queries are inspected
// through the timeline.
func (w *World) SearchState(p image.Point) pathing.CellState {
	if w.Settings.Algo.Hierarchical() || !w.Outcome.Traced || w.search == nil {
		return pathing.CellState{}
	}
	return w.search.State(p)
}

// Suboptimality returns cost/optimal − 1 for the current answer
// (maps.Suboptimality), or NaN when either cost is unknown or infinite (no
// path, a failed query, the optimal still computing) or the optimal is 0
// and the path costs more (no value, the zero-optimum rule): print no
// figure then.
func (w *World) Suboptimality() float64 {
	if !w.Optimal.Known || w.Outcome.Status != pathing.Found || math.IsInf(w.Optimal.Cost, 0) {
		return math.NaN()
	}
	if sub, ok := maps.Suboptimality(w.Outcome.Cost, w.Optimal.Cost); ok {
		return sub
	}
	return math.NaN()
}

// Hierarchy returns the built hierarchy of the current algorithm, or nil
// for flat searches, before it is first built, or when it could not be
// built. It never builds (drawing may call it).
func (w *World) Hierarchy() Hierarchy {
	if !w.Settings.Algo.Hierarchical() || w.hier == nil || w.hierKey != w.keyFor(w.Settings.Algo) {
		return nil
	}
	return w.hier
}

// HierarchyError returns why the current algorithm's hierarchy could not
// be built, or nil.
func (w *World) HierarchyError() error {
	if w.Settings.Algo.Hierarchical() && w.hierKey == w.keyFor(w.Settings.Algo) {
		return w.hierErr
	}
	return nil
}

// HierarchyBuildTime returns how long the current hierarchy took to build.
func (w *World) HierarchyBuildTime() time.Duration { return w.hierBuild }

// HierarchyKept returns how many levels the current group hierarchy kept
// from the one it replaced (a change of levels alone builds only those
// above them, and HierarchyBuildTime is that build's), 0 for a full build.
func (w *World) HierarchyKept() int {
	if gh, ok := w.hier.(*groupHier); ok {
		return gh.kept
	}
	return 0
}

// Tick advances time by dt seconds: a background build that finished, a
// frame's slice of a pending plan (see Busy), playback, results arriving
// from background work, the cut cells of an edited grid asked for (see
// ShowCutCells). The game calls it once per frame.
func (w *World) Tick(dt float64) {
	f := &w.pace
	now := tickClock()
	if !f.last.IsZero() {
		f.gap = now.Sub(f.last)
		f.rest = f.gap - f.slice
	}
	early := f.early
	f.last, f.slice, f.early = now, 0, 0
	if st := w.roomStroke; st != nil && st.unpublished && time.Since(st.published) >= roomPublishGap {
		w.publishStroke() // a big map's last move, the button held still
	}
	if !w.pollBuild(false) {
		// (A frame that installs a build leaves the plan to the next.)
		// One slice a frame: a replan in this frame's input (a drag, a
		// stroke's move) has spent part of it already, on a plan the next
		// move may replace anyway.
		if b := w.budget(); b == 0 || b > early {
			if b > 0 {
				b -= early
			}
			w.advancePlan(b)
		}
		f.slice = tickClock().Sub(now)
	}
	w.Optimal.poll(w)
	w.pollGroupBake(0) // a bake come in draws a frame (GroupTintsSeq)
	w.pollBatch(false)
	w.syncCutCells()
	w.syncComponents()
	w.Play.tick(w, dt)
	w.tickAgents(dt)
}
