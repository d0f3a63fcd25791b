package world

import (
	"image"
	"strings"
	"time"

	"pathlens/game/world/agents"
)

// CellEdit is one cell's change: its weight before and after (0 blocked).
type CellEdit struct {
	P        image.Point
	Old, New uint8
}

// EditKind says what a stroke does.
type EditKind uint8

const (
	EditDig    EditKind = iota // open blocked cells (weight 1)
	EditFill                   // block open cells
	EditWeight                 // set open cells' weight
	EditLog                    // a scenario's edit log, applied as one step: digs, fills and weights
	// EditAgents is a removal, spawn or send of agents
	// (RemoveSelectedAgents, SpawnAgent, SendAgents): no cell changes, but
	// a step of the same undo history, so Ctrl+Z takes back strokes and
	// these in the order they were made.
	EditAgents
	// EditRooms is a room stroke (rooms.go): the rooms' letters change,
	// not the cells, in the same undo history.
	EditRooms
	// EditQueries is a query taken off the session's list (RemoveQuery):
	// no cell changes, in the same undo history.
	EditQueries
)

var editNames = [...]string{"dig", "fill", "weight", "edit-log", "remove-agents", "rooms", "remove-query"}

func (k EditKind) String() string {
	if int(k) < len(editNames) {
		return editNames[k]
	}
	return "edit?"
}

// Edit is one undoable step: the cells one stroke changed, or (Kind
// EditAgents) the agents one removal took.
type Edit struct {
	Kind    EditKind
	Weight  uint8 // for EditWeight
	Cells   []CellEdit
	removal *agentRemoval // for EditAgents
	rooms   *roomEdit     // for EditRooms
	query   *queryRemoval // for EditQueries
	// pushed are the agents the edit moved off the cells it filled, done;
	// unpushed, those its undo moved off the cells it had dug. Undo puts
	// back the first, redo the second (agents.Sim.PutBack: only agents
	// nothing has happened to since), and each records the other anew.
	pushed, unpushed agentPushes
}

// agentPushes are the agents one change moved off filled cells, in the
// simulation that moved them: ids name agents of that simulation only (a
// switch of the neighbourhood makes the agents anew, under new ids).
type agentPushes struct {
	sim  simTag // the simulation's tag (see removedAgent): not the simulation, kept alive
	list []agents.Push
}

// terrain reports whether e changes cells (every kind but EditAgents,
// EditRooms and EditQueries): what a save writes as the edit log and what
// the edit counts count.
func (e *Edit) terrain() bool { return e.Kind < EditAgents }

// countTerrain counts the terrain edits in es.
func countTerrain(es []Edit) int {
	n := 0
	for i := range es {
		if es[i].terrain() {
			n++
		}
	}
	return n
}

type edits struct {
	list  []Edit
	pos   int // edits [0,pos) are applied; [pos,len) can be redone
	saved int // pos at the last save or load; -1 when unreachable
	// With saved == -1 (for Unsaved): the saved state's steps list[:div]
	// are still the same (a later step pushed below div truncates the
	// list there, so div only shrinks), and lost terrain edits of it
	// beyond div were overwritten.
	div, lost int
	// baked counts the edits the session's file still lists that an
	// export over the map the session was loaded from put into that map
	// (bakeEdits): unsaved until the next save writes the file without
	// them, and says so.
	baked int
	// undoneBaked counts the edits the session's file lists that were
	// undone when such an export ran: the map it wrote lacks them, and the
	// next save leaves them out, as the user had undone them (unsaved
	// until then, as an undone saved edit is).
	undoneBaked int
	// stale counts the file's edited cells that changed nothing when it was
	// opened (its map already holds them: exported over, or redrawn): the
	// session has no step for them, and the next save, which leaves them
	// out, says so.
	stale int
	// roomsLost says a room step of the saved state was overwritten (a
	// new step pushed after undoing it); roomsBaked, that the rooms were
	// unsaved when an export over the map started the history afresh.
	// Either leaves the rooms unsaved until the next save.
	roomsLost, roomsBaked bool
}

type stroke struct {
	edit   Edit
	last   image.Point
	seen   map[image.Point]bool
	repair Repair
	t0     time.Time
	// pending are the cells changed but not yet repaired (see
	// deferRepair): the stroke repairs them once, when it ends. moves
	// counts the mouse moves that added to them.
	pending []image.Point
	moves   int
	// r is the brush's reach past its centre (0: one cell), mode how the
	// stroke's kind was chosen; buf holds the cells of the last move.
	r    int
	mode PaintMode
	buf  []image.Point
	// place is the timeline's place when the stroke began (nil: at the
	// end, or no trace): the stroke's plans show there (editPlace).
	place *place
}

// repairBudget is the repair time per mouse move above which a stroke on a
// large grid stops repairing the hierarchy (and replanning on it) at every
// move and repairs its cells at once when it ends: a slow repair per mouse
// move made painting stutter (the group hierarchy on maze512: 5 to 50 ms
// each).
const repairBudget = 4 * time.Millisecond

// deferRepair reports whether the stroke's next cells are collected for
// one repair when it ends rather than repaired now: once it has started
// doing so, and on a large grid whose installed hierarchy (not being
// rebuilt) either is not read by the plan (A* with a grid heuristic: it is
// repaired at the end, the plan goes on live) or took over repairBudget for
// its last repair of one mouse move.
func (w *World) deferRepair() bool {
	if st := w.stroke; st != nil && len(st.pending) > 0 {
		return true
	}
	if w.Grid.Len() <= asyncCells || w.hier == nil || w.building != nil {
		return false
	}
	return !w.planNeedsHier() || w.repairTime > repairBudget
}

// planNeedsHier reports whether the current plan reads a hierarchy: a
// hierarchical algorithm, or A* or greedy with the cluster heuristic (the
// group hierarchy's table; Dijkstra ignores the heuristic).
func (w *World) planNeedsHier() bool { return w.Settings.Uses("cluster") }

// strokeHolds reports whether the plan waits for the stroke in progress:
// it defers its repairs and the plan reads the hierarchy they would update.
func (w *World) strokeHolds() bool {
	st := w.stroke
	return st != nil && len(st.pending) > 0 && w.planNeedsHier()
}

// journal records which cells changed, in order, so a renderer can rebake
// only those. Version is the total number of changes ever recorded.
type journal struct {
	cells []int32
	base  uint64
}

const journalCap = 1 << 16

func (j *journal) add(i int32) {
	if len(j.cells) >= journalCap {
		j.base += uint64(len(j.cells))
		j.cells = j.cells[:0]
	}
	j.cells = append(j.cells, i)
}

// GridVersion counts cell changes since the world was made; it changes
// with every dig, fill, weight change, undo and redo.
func (w *World) GridVersion() uint64 { return w.journal.base + uint64(len(w.journal.cells)) }

// ChangedSince returns the indices of the cells changed after version v
// (possibly with repeats). ok is false when v is too old to answer (the
// caller then refreshes everything). The slice is the world's own: read it
// before the next edit.
func (w *World) ChangedSince(v uint64) (cells []int32, ok bool) {
	if v < w.journal.base {
		return nil, false
	}
	off := v - w.journal.base
	if off > uint64(len(w.journal.cells)) {
		return nil, false
	}
	return w.journal.cells[off:], true
}

// fewChangedSince is ChangedSince when it answers with at most one cell in
// 16 of the grid: past that, a walk or copy of the whole grid is about as
// quick as following the cells one by one, so the callers that patch
// state cell by cell (snapshots, the grid copies of builds and batches,
// the rooms' cover) start afresh instead.
func (w *World) fewChangedSince(v uint64) (cells []int32, ok bool) {
	cells, ok = w.ChangedSince(v)
	if !ok || len(cells) > w.Grid.Len()/16 {
		return nil, false
	}
	return cells, true
}

// LastEdited returns the indices of the cells the last stroke, edit, undo
// or redo changed (possibly with repeats; the stroke in progress counts),
// while nothing has changed the grid since; nil otherwise, or when the
// journal no longer holds them. The view marks them on a map zoomed out so
// far that one filled cell is under a pixel and under the search drawn over
// it: the route jumped with no visible cause once the repair's flash
// faded. The slice is the world's own: read it before the next edit.
func (w *World) LastEdited() []int32 {
	if w.stroke == nil && w.GridVersion() != w.editTo {
		return nil
	}
	cells, ok := w.ChangedSince(w.editFrom)
	if !ok {
		return nil
	}
	return cells
}

// editBegins and editEnds bracket the grid changes of one edit for
// LastEdited.
func (w *World) editBegins() { w.editFrom = w.GridVersion() }
func (w *World) editEnds()   { w.editTo = w.GridVersion() }

// Dirty reports whether the session has edits not saved to a file,
// counting a stroke in progress that has changed cells (it is not an edit
// until EndStroke, but the grid already shows it: quitting must ask),
// agents spawned, sent, removed or brought back since the last save (a
// save keeps them), rooms painted since (RoomsUnsaved), or queries placed,
// moved or put back (QueriesUnsaved), or a .scen list added or replaced
// (ScenUnsaved). Switches and the view are not work
// to keep.
//
// A save that left something out (a query or agent on a blocked cell,
// the goal of an agent saved idle) does not make the session clean: the
// file lacks it (saveLacks) until a save writes everything.
func (w *World) Dirty() bool {
	return w.Unsaved() > 0 || w.AgentsUnsaved() || w.RoomsUnsaved() || w.QueriesUnsaved() || w.ScenUnsaved() || w.saveLacks != ""
}

// AgentsUnsaved reports whether agents were spawned, sent or removed since
// the last save or load, unless there were none then and none are left.
// Switches are not counted: trying them is not work to keep.
func (w *World) AgentsUnsaved() bool {
	if w.agents.version == w.agents.saved {
		return false
	}
	return w.agents.savedSome || w.agents.sim != nil && w.agents.sim.Live() > 0
}

// UnsavedText says what a save would keep that the file lacks: "3 unsaved
// edits", "unsaved agents", "1 unsaved edit and agents", "2 unsaved
// edits, agents and rooms", "unsaved queries", "unsaved .scen list"; ""
// when Dirty is false. The parts are listed with commas and a last "and"
// (it read "2 unsaved edits and agents and rooms").
func (w *World) UnsavedText() string {
	var parts []string
	ahead, undone := w.unsavedParts()
	if ahead > 0 {
		parts = append(parts, plural(ahead, "unsaved edit", "unsaved edits"))
	}
	if undone > 0 {
		// Undoing what the file holds is a change to save, not an edit
		// (a user read "1 unsaved edit" after only pressing Ctrl+Z).
		parts = append(parts, plural(undone, "saved edit", "saved edits")+" undone")
	}
	if b := w.edits.baked; b > 0 {
		parts = append(parts, plural(b, "stale edit", "stale edits")+" (now in the map)")
	}
	if u := w.edits.undoneBaked; u > 0 {
		parts = append(parts, plural(u, "saved edit", "saved edits")+" undone")
	}
	counted := len(parts)
	if w.AgentsUnsaved() {
		parts = append(parts, "agents")
	}
	if w.RoomsUnsaved() {
		parts = append(parts, "rooms")
	}
	// Rows of the list removed are queries to the user, as the list's
	// rows are (F3 goes through them).
	if w.QueriesUnsaved() || !w.scenFileUnsaved() && w.scenRowsUnsaved() {
		parts = append(parts, "queries")
	}
	if w.scenFileUnsaved() {
		parts = append(parts, ".scen list")
	}
	if counted == 0 && len(parts) > 0 {
		parts[0] = "unsaved " + parts[0]
	}
	s := listAnd(parts)
	if w.saveLacks != "" {
		if s != "" {
			s += "; "
		}
		s += w.saveLacks
	}
	return s
}

// listAnd joins parts as "a", "a and b", "a, b and c".
func listAnd(parts []string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// UndoSteps returns how many steps Undo can take back (strokes, room
// strokes, edits and the agents' steps).
func (w *World) UndoSteps() int { return w.edits.pos }

// CanUndo reports whether there is a step to undo: a stroke or edit, or a
// removal, spawn or send of agents.
func (w *World) CanUndo() bool { return w.edits.pos > 0 && w.stroke == nil && w.roomStroke == nil }

// CanRedo reports whether an undone step can be done again.
func (w *World) CanRedo() bool {
	return w.edits.pos < len(w.edits.list) && w.stroke == nil && w.roomStroke == nil
}

// EditCount returns the number of applied terrain edits (strokes and
// edit logs; removals of agents, steps of the same undo history, are not
// edits of the map).
func (w *World) EditCount() int { return countTerrain(w.edits.list[:w.edits.pos]) }

// Unsaved returns how many terrain edits separate the session from its
// file: edits applied since the last save or load, edits of the saved state
// undone since, one for a stroke in progress, and the saved edits an export
// over the session's map put into it (the file still lists them). Agents
// are not counted (AgentsUnsaved): Dirty is Unsaved() > 0 or
// AgentsUnsaved().
func (w *World) Unsaved() int {
	ahead, undone := w.unsavedParts()
	return ahead + undone + w.edits.baked + w.edits.undoneBaked
}

// savedTerrain counts the terrain edits of the state last saved or loaded,
// those the session's file lists (with baked, those an export put into
// the map since).
func (w *World) savedTerrain() int {
	ed := &w.edits
	if ed.saved >= 0 {
		return countTerrain(ed.list[:ed.saved])
	}
	return countTerrain(ed.list[:ed.div]) + ed.lost
}

// bakeEdits makes the terrain on screen the session's map, as it is once
// an export has written it over the map file the session was loaded from:
// the undo history (strokes and the agents' steps alike) starts here, as a
// reopened session's would, and the edits the session's file lists are
// counted unsaved (edits.baked) until a save writes the file without them.
// It returns how many edits went into the map, how many the file lists,
// and how many of those were undone, so the map lacks them (a review: a
// user who undid the file's 3 edits and exported was told "3 stale edits
// (now in the map)", and that quitting unsaved was harmless).
func (w *World) bakeEdits() (n, listed, undone int) {
	ed := &w.edits
	n, listed = w.EditCount(), w.savedTerrain()
	applied := 0 // the listed edits applied now, which the map holds
	if ed.saved >= 0 {
		applied = countTerrain(ed.list[:min(ed.pos, ed.saved)])
	} else {
		applied = countTerrain(ed.list[:min(ed.pos, ed.div)])
	}
	undone = listed - applied
	w.edits = edits{baked: ed.baked + applied, undoneBaked: ed.undoneBaked + undone, stale: ed.stale, roomsBaked: w.RoomsUnsaved()}
	return n, listed, undone
}

// apart returns the steps between the session and its file: those applied
// that the file lacks, and those the file holds that are undone (beyond
// them, with saved == -1, lost and roomsLost count what was overwritten).
func (ed *edits) apart() (ahead, undone []Edit) {
	if ed.saved >= 0 {
		if ed.pos > ed.saved {
			return ed.list[ed.saved:ed.pos], nil
		}
		return nil, ed.list[ed.pos:ed.saved]
	}
	c := min(ed.pos, ed.div) // the applied steps still shared with the file
	return ed.list[c:ed.pos], ed.list[c:ed.div]
}

// unsavedParts splits Unsaved: edits applied that the file lacks (a stroke
// in progress counted), and edits the file holds that are undone.
func (w *World) unsavedParts() (ahead, undone int) {
	ed := &w.edits
	a, u := ed.apart()
	ahead, undone = countTerrain(a), countTerrain(u)
	if ed.saved < 0 {
		undone += ed.lost
	}
	if w.stroke != nil && len(w.stroke.edit.Cells) > 0 {
		ahead++
	}
	return ahead, undone
}

// Edits returns the applied terrain edits, oldest first (for saving;
// removals of agents, which the saved agents already reflect, left out).
func (w *World) Edits() []Edit {
	var out []Edit
	for _, e := range w.edits.list[:w.edits.pos] {
		if e.terrain() {
			out = append(out, e)
		}
	}
	return out
}

// PaintMode says what a stroke without a weight does.
type PaintMode uint8

const (
	PaintAuto PaintMode = iota // the first cell decides: a blocked one digs, an open one fills
	PaintDig                   // dig, whatever the first cell is
	PaintFill                  // fill, whatever the first cell is
)

var paintModeNames = [...]string{"auto", "dig", "fill"}

func (m PaintMode) String() string {
	if int(m) < len(paintModeNames) {
		return paintModeNames[m]
	}
	return "paint?"
}

// MaxBrushSize is the widest brush, in cells across.
const MaxBrushSize = 31

// Brush is how a stroke paints.
type Brush struct {
	// Weight 1..9 sets that weight on the open cells the stroke passes;
	// 0 digs or fills as Mode says.
	Weight uint8
	Mode   PaintMode
	// Size is the width of the square brush in cells: odd, 1 (or 0) to
	// MaxBrushSize; an even size paints one wider, so the brush is centred
	// on the cell under the pointer.
	Size int
}

// radius is how many cells the brush reaches past its centre.
func (b Brush) radius() int { return min(max(b.Size, 1), MaxBrushSize) / 2 }

// BeginStroke starts painting at p with a one-cell brush whose first cell
// decides (BeginStrokeWith).
func (w *World) BeginStroke(p image.Point, weight uint8) {
	w.BeginStrokeWith(p, Brush{Weight: weight})
}

// BeginStrokeWith starts painting at p, the centre of the brush b. With
// weight 0 and PaintAuto the cell p decides what the stroke does: a
// blocked cell makes it dig, an open one fill; PaintDig and PaintFill dig
// or fill whatever p is. With weight 1..9 the stroke sets that weight on
// the open cells it passes; walls stay (dig them first). A stroke started
// outside the map is ignored with a note. However wide the brush, the
// stroke is one undoable edit and one repair (EndStroke).
func (w *World) BeginStrokeWith(p image.Point, b Brush) {
	w.EndStroke()
	if !w.Grid.In(p) {
		w.Note("cell (%d,%d) is outside the map: nothing to paint", p.X, p.Y)
		return
	}
	st := &stroke{last: p, seen: map[image.Point]bool{}, t0: time.Now(), r: b.radius(), mode: b.Mode, place: w.editPlace()}
	w.editBegins()
	switch {
	case b.Weight > 0:
		st.edit.Kind, st.edit.Weight = EditWeight, min(b.Weight, 9)
	case b.Mode == PaintDig:
		st.edit.Kind = EditDig
	case b.Mode == PaintFill:
		st.edit.Kind = EditFill
	case w.Grid.Open(p):
		st.edit.Kind = EditFill
	default:
		st.edit.Kind = EditDig
	}
	w.stroke = st
	if s := w.agents.sim; s != nil {
		s.BeginEdit() // the agents replan for its digs once, when it ends
	}
	w.agents.pushes = nil // gathered for this stroke's edit (EndStroke)
	st.buf = brushSquare(st.buf[:0], p, st.r)
	w.paint(st.buf)
}

// Painting reports whether a stroke is in progress, and its kind.
func (w *World) Painting() (EditKind, bool) {
	if w.stroke == nil {
		return 0, false
	}
	return w.stroke.edit.Kind, true
}

// StrokeBrush returns the brush of the stroke in progress (its size, mode
// and weight as it began: a brush changed mid-stroke applies to the next
// one), and false when there is none.
func (w *World) StrokeBrush() (Brush, bool) {
	st := w.stroke
	if st == nil {
		return Brush{}, false
	}
	b := Brush{Mode: st.mode, Size: 2*st.r + 1}
	if st.edit.Kind == EditWeight {
		b.Weight = st.edit.Weight
	}
	return b, true
}

// StrokeTo continues the stroke along a straight line to p: a brush wider
// than a cell paints the whole band it sweeps, however far p is from the
// last cell (a fast drag leaves no gaps). Cells outside the map are
// skipped; the stroke goes on when the mouse comes back.
func (w *World) StrokeTo(p image.Point) {
	st := w.stroke
	if st == nil || p == st.last {
		return
	}
	st.buf = brushPath(st.buf[:0], st.last, p, st.r)
	st.last = p
	w.paint(st.buf)
}

// brushPath appends the cells a brush reaching r cells past its centre
// covers going from a (exclusive) to b: the one-cell line, or the band a
// wider square sweeps (terrain and room strokes alike).
func brushPath(out []image.Point, a, b image.Point, r int) []image.Point {
	if r == 0 {
		return appendLine(out, a, b)
	}
	return sweepCells(out, a, b, r)
}

// paint applies the stroke to cells, repairs the hierarchy for the cells
// that changed, and replans live.
func (w *World) paint(cells []image.Point) {
	st := w.stroke
	var changed []image.Point
	for _, p := range cells {
		if !w.Grid.In(p) {
			continue
		}
		// Never paint over the endpoints with a wall.
		if st.edit.Kind == EditFill && ((w.HasStart && p == w.Start) || (w.HasGoal && p == w.Goal)) {
			continue
		}
		old := w.Grid.Weight(p)
		var nw uint8
		switch st.edit.Kind {
		case EditDig:
			if old != 0 {
				continue
			}
			nw = 1
		case EditFill:
			nw = 0
		case EditWeight:
			if old == 0 {
				continue // a weight brush dragged over walls leaves them (it dug them out of a case)
			}
			nw = st.edit.Weight
		}
		// A wide brush passes most cells many times: the map is asked
		// only about the cells that would change.
		if old == nw || st.seen[p] {
			continue
		}
		st.seen[p] = true
		w.Grid.SetWeight(p, nw)
		w.journal.add(int32(w.Grid.Index(p)))
		st.edit.Cells = append(st.edit.Cells, CellEdit{P: p, Old: old, New: nw})
		changed = append(changed, p)
	}
	if len(changed) == 0 {
		return
	}
	w.Ghost = nil // it compared searches of the grid before
	if len(st.edit.Cells) == len(changed) {
		// The stroke's first change: the agents may replan (and log it)
		// while it goes on, before its edit line at the end; this line
		// comes first, naming what they react to.
		fs := []F{{"kind", st.edit.Kind}, {"first", pt(changed[0])}}
		if st.edit.Kind == EditWeight {
			fs = append(fs, F{"weight", int(st.edit.Weight)})
		} else if st.mode != PaintAuto {
			fs = append(fs, F{"forced", true}) // not what the first cell decides
		}
		if st.r > 0 {
			fs = append(fs, F{"brush", 2*st.r + 1})
		}
		w.Log.Add("stroke", fs...)
	}
	if w.deferRepair() {
		st.pending = append(st.pending, changed...)
		st.moves++
		// The agents are told of the cells now (one painted over an agent
		// moves it out, one on a route replans it at the next tick, as a
		// repaired stroke's would), and until the stroke ends A* on the
		// grid plans for them, not the hierarchy's copy of it that is not
		// repaired yet (syncAgentStandIn: a stand-in, which replans nobody).
		w.syncAgentStandIn()
		w.agentsSeeChange(changed)
		// A plan that reads the hierarchy shows as pending until the stroke
		// ends (advancePlan); a flat one is planned live on the grid.
		w.replanLive(st)
		return
	}
	t0 := time.Now()
	r := w.repairHier(changed)
	if r.Time > 0 {
		// One mouse move's, as the window waits for it: the hierarchy's
		// own repair and what the adapter does with its report (the
		// views' patch took 100 times the repair on a 2048×2048 map, and
		// a budget blind to it kept a stroke repairing live). Not the
		// agents' taking the cells in, below: they are told of every
		// move's cells, deferred or not.
		w.repairTime = max(r.Time, time.Since(t0))
	}
	w.agentsSeeChange(changed)
	st.repair.merge(r)
	w.LastRepair = st.repair
	w.RepairSeq++
	w.replanLive(st)
}

// replanLive replans for a stroke's mouse move: traced on grids up to
// liveTraceCells (the timeline follows the stroke), at the place the
// stroke began, unlogged, and a hierarchical query run once
// (Outcome.OneRun): EndStroke's plan times it.
func (w *World) replanLive(st *stroke) {
	w.replanJob(planJob{traced: w.Grid.Len() <= liveTraceCells, place: st.place, oneRun: true})
}

// repair tells the built hierarchy (if any) which cells changed, then the
// agents: a hierarchy being built in the background is told when it
// arrives.
func (w *World) repair(changed []image.Point) Repair {
	r := w.repairHier(changed)
	w.agentsSeeChange(changed)
	return r
}

// repairHier is repair without telling the agents.
func (w *World) repairHier(changed []image.Point) Repair {
	if j := w.building; j != nil {
		j.changed = append(j.changed, changed...)
		// A hierarchy installed meanwhile is the one kept for a switch back
		// to its switches (or nil while lent): it is not repaired but
		// forgotten, since the grid it reads is now out of date.
		w.hier, w.hierGrid, w.hierErr = nil, nil, nil
		w.hierKey = hierKey{}
		w.repairTime = 0
		return Repair{}
	}
	if w.hier == nil {
		if w.hierErr != nil {
			// A failed build may succeed on the edited grid.
			w.dropHierarchy()
		}
		return Repair{}
	}
	t0 := time.Now()
	w.mirror(changed)
	r := w.hier.Update(changed)
	if r.Time == 0 {
		r.Time = time.Since(t0)
	}
	return r
}

// agentsSeeChange tells the agents which cells changed, after the
// hierarchy behind their planner was repaired.
func (w *World) agentsSeeChange(changed []image.Point) {
	if w.agents.sim != nil && len(changed) > 0 {
		w.agents.sim.CellsChanged(changed)
		w.agents.pushes = w.agents.sim.Pushes(w.agents.pushes)
		if agentsSeeHook != nil {
			agentsSeeHook()
		}
	}
}

// agentsSeeHook, when not nil, runs after the agents are told of changed
// cells (tests: agents slow to take an edit in).
var agentsSeeHook func()

// EndStroke finishes the stroke: it becomes one undoable edit, and the
// edit, its repair and the new plan are logged.
func (w *World) EndStroke() {
	w.EndRoomStroke() // either stroke: a save, an export or a new stroke ends it
	st := w.stroke
	if st == nil {
		return
	}
	w.stroke = nil
	if s := w.agents.sim; s != nil {
		// The agents its digs could shorten replan now, once (after the
		// repair below: at their next tick, on the repaired hierarchy).
		defer s.EndEdit()
	}
	if len(st.edit.Cells) == 0 {
		return
	}
	if len(st.pending) > 0 {
		// The agents were told of these cells as they were painted; they
		// plan on the repaired hierarchy again from here (syncAgentPlanner
		// below ends the stand-in).
		t0 := time.Now()
		r := w.repairHier(st.pending)
		if r.Time > 0 {
			// Per mouse move, like a live repair's: the next stroke compares
			// it with repairBudget. The hierarchy's own repair (r.Time) is
			// shared among the moves; the adapter's work around it (HPA*'s
			// patch of the drawn node and edge views, which filters each
			// view's lists once per repair, however few cells changed) is
			// what every live move would pay again, so it counts whole. It
			// was left out: on a 2048×2048 rooms grid with both views
			// listed an 8-move stroke's repair took 35–60 ms and the patch
			// 0.5–0.7 s, and the estimate read 4–8 ms a move.
			adapter := max(time.Since(t0)-r.Time, 0)
			w.repairTime = r.Time/time.Duration(max(st.moves, 1)) + adapter
		}
		st.repair.merge(r)
		w.LastRepair = st.repair
		w.RepairSeq++
	}
	w.editEnds()
	st.edit.pushed = w.takePushes()
	w.pushEdit(st.edit)
	w.logEdit("edit", st.edit)
	w.logRepair(st.repair)
	w.noteSplitChange()
	w.syncAgentPlanner()
	w.replanKeeping(st.place)
}

// ApplyEdit applies e as one undoable step (scenario edit logs, tests).
// Cells outside the map are skipped; Old values are taken from the grid.
func (w *World) ApplyEdit(e Edit) {
	w.EndStroke()
	at := w.editPlace()
	var done Edit
	done.Kind, done.Weight = e.Kind, e.Weight
	var changed []image.Point
	from := w.GridVersion()
	for _, c := range e.Cells {
		if !w.Grid.In(c.P) {
			continue
		}
		old := w.Grid.Weight(c.P)
		if old == c.New {
			continue
		}
		w.Grid.SetWeight(c.P, c.New)
		w.journal.add(int32(w.Grid.Index(c.P)))
		done.Cells = append(done.Cells, CellEdit{P: c.P, Old: old, New: c.New})
		changed = append(changed, c.P)
	}
	if len(changed) == 0 {
		return
	}
	w.editFrom = from
	w.editEnds()
	w.pushEdit(done)
	w.Ghost = nil // it compared searches of the grid before
	w.takePushes()
	r := w.repair(changed)
	w.edits.list[w.edits.pos-1].pushed = w.takePushes()
	w.LastRepair = r
	w.RepairSeq++
	w.logEdit("edit", done)
	w.logRepair(r)
	w.noteSplitChange()
	w.replanKeeping(at)
}

func (w *World) pushEdit(e Edit) {
	ed := &w.edits
	switch {
	case ed.saved > ed.pos:
		// The saved state was undone and is now overwritten.
		ed.div, ed.lost = ed.pos, countTerrain(ed.list[ed.pos:ed.saved])
		ed.roomsLost = ed.roomsLost || hasRooms(ed.list[ed.pos:ed.saved])
		ed.saved = -1
	case ed.saved < 0 && ed.pos < ed.div:
		ed.lost += countTerrain(ed.list[ed.pos:ed.div])
		ed.roomsLost = ed.roomsLost || hasRooms(ed.list[ed.pos:ed.div])
		ed.div = ed.pos
	}
	ed.list = append(ed.list[:ed.pos], e)
	ed.pos++
}

// Undo reverts the last step: a stroke or edit, or a removal, spawn or
// send of agents (see agentStep).
func (w *World) Undo() {
	if !w.CanUndo() {
		w.Note("nothing to undo")
		return
	}
	w.edits.pos--
	e := w.edits.list[w.edits.pos]
	switch e.Kind {
	case EditAgents:
		w.agentStep(e.removal, "undo")
		return
	case EditRooms:
		w.roomStep(e.rooms, true)
		return
	case EditQueries:
		w.queryStep(e.query, true)
		return
	}
	w.logEdit("undo", e) // before the repair and plan lines it causes
	w.applyCells(&w.edits.list[w.edits.pos], true)
}

// Redo does the last undone step again.
func (w *World) Redo() {
	if !w.CanRedo() {
		w.Note("nothing to redo")
		return
	}
	e := w.edits.list[w.edits.pos]
	w.edits.pos++
	switch e.Kind {
	case EditAgents:
		w.agentStep(e.removal, "redo")
		return
	case EditRooms:
		w.roomStep(e.rooms, false)
		return
	case EditQueries:
		w.queryStep(e.query, false)
		return
	}
	w.logEdit("redo", e) // before the repair and plan lines it causes
	w.applyCells(&w.edits.list[w.edits.pos-1], false)
}

func (w *World) applyCells(e *Edit, undo bool) {
	at := w.editPlace()
	w.editBegins()
	defer w.editEnds()
	changed := make([]image.Point, 0, len(e.Cells))
	for i := range e.Cells {
		c := e.Cells[i]
		if undo {
			c = e.Cells[len(e.Cells)-1-i]
		}
		v := c.New
		if undo {
			v = c.Old
		}
		if w.Grid.SetWeight(c.P, v) {
			w.journal.add(int32(w.Grid.Index(c.P)))
			changed = append(changed, c.P)
		}
	}
	if len(changed) > 0 {
		w.Ghost = nil // it compared searches of the grid before
	}
	w.takePushes()
	r := w.repair(changed)
	back := e.pushed
	if undo {
		e.unpushed = w.takePushes()
	} else {
		stroke := e.pushed
		e.pushed = w.takePushes()
		w.repushAsBefore(stroke, e.pushed)
		back = e.unpushed
	}
	w.putBack(back, undo)
	w.LastRepair = r
	w.RepairSeq++
	w.logRepair(r)
	w.noteSplitChange()
	w.replanKeeping(at)
}

// repushAsBefore puts each agent a redo pushed (now) where the edit's
// pushes when it was first made (before) had left it, when both started
// from the same cell: a stroke fills cell by cell, and pushes an agent
// along, where its redo fills every cell at once and pushed the agent to
// another edge of the area (undo then redo left an agent one cell from
// where the stroke had put it: a designer's report). The records are
// rewritten to the cells the agents stand on, so that undo puts them back.
func (w *World) repushAsBefore(before, now agentPushes) {
	s := w.agents.sim
	if s == nil || before.sim != w.tagOf(s) || now.sim != w.tagOf(s) || len(before.list) == 0 {
		return
	}
	for i := range now.list {
		r := &now.list[i]
		first, last, seen := image.Point{}, image.Point{}, false
		for _, p := range before.list {
			if p.ID != r.ID {
				continue
			}
			if !seen {
				first, seen = p.From, true
			}
			last = p.To
		}
		if seen && first == r.From && last != r.To {
			s.Repush(r, last)
		}
	}
}

// takePushes returns the agents moved off filled cells since the last
// call (agentsSeeChange gathers them), and forgets them.
func (w *World) takePushes() agentPushes {
	p := agentPushes{sim: w.tagOf(w.agents.sim), list: w.agents.pushes}
	w.agents.pushes = nil
	return p
}

// putBack returns the agents an edit (or its undo) pushed off filled
// cells to where they stood, newest first, now that undo (or redo) has
// opened those cells again, and says how many went back. Agents that have
// walked on since stay where they are, and the note says so: undoing a
// fill had left every agent it pushed beside the cells it reopened.
func (w *World) putBack(p agentPushes, undo bool) {
	ps := p.list
	if len(ps) == 0 || w.agents.sim == nil {
		return
	}
	verb := "undo"
	if !undo {
		verb = "redo"
	}
	if p.sim != w.tagOf(w.agents.sim) {
		w.Note("%s: the agents pushed off the filled cells stay where they are (a switch of the moves made the agents anew since)", verb)
		return
	}
	back := 0
	for i := len(ps) - 1; i >= 0; i-- {
		if w.agents.sim.PutBack(ps[i]) {
			back++
		}
	}
	switch {
	case back == len(ps):
		w.Note("%s: %s pushed off the filled cells put back", verb, plural(back, "agent", "agents"))
	case back > 0:
		others := "the others have"
		if len(ps)-back == 1 {
			others = "the other has"
		}
		w.Note("%s: %d of the %d agents pushed off the filled cells put back; %s walked on", verb, back, len(ps), others)
	case len(ps) == 1:
		w.Note("%s: the agent pushed off the filled cells has walked on and stays where it is", verb)
	default:
		w.Note("%s: the %d agents pushed off the filled cells have walked on and stay where they are", verb, len(ps))
	}
}

// editPlace returns the timeline's place for an edit's plan to show the
// new trace at, as a switch's does (Timeline.find): a teacher stepping
// through a query who digs or fills a cell stays in the phase they were
// reading, rather than being thrown to the end. nil when the cursor is at
// the end or there is no trace: the answer's end shows. A plan still
// being worked on for an earlier switch or edit gives its place.
func (w *World) editPlace() *place {
	if at, ok := w.Timeline.here(); ok {
		at.algo = w.Outcome.Algo
		return &at
	}
	if w.plan != nil && w.plan.place != nil {
		return w.plan.place
	}
	return nil
}

// replanKeeping replans after an edit, showing the new trace at place at
// (nil: its end). The places a teacher's switches left (switchTrail) were
// on the grid before the edit and are forgotten. When the new trace has
// nothing like the place it shows from its start, and a note says so.
func (w *World) replanKeeping(at *place) {
	w.trail.stops = w.trail.stops[:0]
	seq := w.MessageSeq
	w.replanAt(true, true, at)
	w.afterPlan(func() { w.notePlaceLost(seq) })
}

func (w *World) logEdit(kind string, e Edit) {
	fs := []F{{"kind", e.Kind}, {"cells", len(e.Cells)}}
	if len(e.Cells) > 0 {
		fs = append(fs, F{"first", pt(e.Cells[0].P)}, F{"last", pt(e.Cells[len(e.Cells)-1].P)})
	}
	if e.Kind == EditWeight {
		fs = append(fs, F{"weight", int(e.Weight)})
	}
	fs = append(fs, F{"edits", w.EditCount()}, F{"dirty", w.Dirty()})
	w.Log.Add(kind, fs...)
}

func (w *World) logRepair(r Repair) {
	if w.hier == nil {
		return
	}
	w.Log.Add("repair", F{"dirty", r.DirtyCount()}, F{"nodes_added", r.NodesAdded},
		F{"nodes_removed", r.NodesRemoved}, F{"edges_added", r.AddedEdges},
		F{"edges_removed", r.RemovedEdges}, F{"edges_changed", r.ChangedEdges},
		F{"rebuilt", r.Rebuilt}, F{"ms", r.Time})
}

// lineCells returns the cells of a 4-connected line from a (exclusive) to
// b (inclusive), so a fast stroke leaves no diagonal gaps a path could slip
// through.
func lineCells(a, b image.Point) []image.Point {
	return appendLine(make([]image.Point, 0, min(iabs(b.X-a.X)+iabs(b.Y-a.Y), maxLine)), a, b)
}

// maxLine caps the cells of one line (a drag across a huge map).
const maxLine = 1 << 16

// lineSteps calls step for each cell of lineCells(a, b) after a, in order,
// with the direction it moved in (dx, dy: one of them 0).
func lineSteps(a, b image.Point, step func(p image.Point, dx, dy int)) {
	nx, ny := iabs(b.X-a.X), iabs(b.Y-a.Y)
	sx, sy := 1, 1
	if a.X > b.X {
		sx = -1
	}
	if a.Y > b.Y {
		sy = -1
	}
	p := a
	for ix, iy, n := 0, 0, 0; (ix < nx || iy < ny) && n < maxLine; n++ {
		// Step along the axis whose next cell boundary the ideal line
		// crosses first.
		if (1+2*ix)*ny < (1+2*iy)*nx {
			p.X += sx
			ix++
			step(p, sx, 0)
		} else {
			p.Y += sy
			iy++
			step(p, 0, sy)
		}
	}
}

// appendLine appends lineCells(a, b) to out.
func appendLine(out []image.Point, a, b image.Point) []image.Point {
	lineSteps(a, b, func(p image.Point, _, _ int) { out = append(out, p) })
	return out
}

// brushSquare appends the cells of the square brush of reach r centred on
// c (clipped to nothing: paint skips cells off the map).
func brushSquare(out []image.Point, c image.Point, r int) []image.Point {
	for y := c.Y - r; y <= c.Y+r; y++ {
		for x := c.X - r; x <= c.X+r; x++ {
			out = append(out, image.Pt(x, y))
		}
	}
	return out
}

// sweepCells appends the cells a square brush of reach r newly covers as
// its centre moves from a (whose square is painted) to b along
// lineCells(a, b): at each one-cell step, the edge of the square that
// leads. The union of the squares along that 4-connected line holds every
// cell within r (Chebyshev) of the straight segment from a to b, so the
// band swept has no gaps however fast the drag; each cell is listed about
// once (the painting asks 2r+1 cells a step, not (2r+1)²).
func sweepCells(out []image.Point, a, b image.Point, r int) []image.Point {
	lineSteps(a, b, func(p image.Point, dx, dy int) {
		if dx != 0 {
			x := p.X + dx*r // the column the square moved into
			for y := p.Y - r; y <= p.Y+r; y++ {
				out = append(out, image.Pt(x, y))
			}
			return
		}
		y := p.Y + dy*r // the row the square moved into
		for x := p.X - r; x <= p.X+r; x++ {
			out = append(out, image.Pt(x, y))
		}
	})
	return out
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
