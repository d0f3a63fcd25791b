package world

import (
	"fmt"
	"image"
	"strings"
	"time"

	"pathlens/pathing/groups"
)

// Rooms painted in the window: the designer's region layers (Regions) are
// edited by strokes as the terrain is, one undoable step per stroke. The
// group hierarchy, whose groups the rooms are, is built again when a
// stroke ends (its key holds the rooms' version), and a save writes the
// layers as the scenario's own.
//
// A layer is never written in place once published: a stroke paints a
// copy and replaces the layer (and the list of layers) with it, so a
// build on the worker, a saved scenario and the renderer's cache, which
// all hold the slices they were given, read layers that do not change
// under them.

// NoRoom is the letter of a cell in no room (groups.NoRegion): the group
// hierarchy gives it to the square clusters. '#', not ' ': a saved layer's
// rows must not end in spaces, which editors strip (the row is then too
// short to read back).
const NoRoom = '#'

// RoomCell is one cell's change of room letter.
type RoomCell struct {
	P        image.Point
	Old, New byte
}

// roomEdit is what one room stroke changed, on one level (1 is level 1).
type roomEdit struct {
	level int
	cells []RoomCell
	// added says the stroke made the layer (the map had no room layer at
	// that level): its undo takes the layer away again.
	added bool
	// before and after name the rooms' states the step goes between
	// (World.roomsDone): an undo and its redo come back to the same name,
	// so a batch run before them is not stale after them.
	before, after uint64
}

// roomStroke is a room stroke in progress.
type roomStroke struct {
	edit   roomEdit
	letter byte
	last   image.Point
	r      int
	buf    []image.Point
	// layer is the stroke's own copy of the layer, published after a move
	// that changed a cell (publishStroke; on big maps at most every
	// roomPublishGap, unpublished meanwhile).
	layer       []byte
	published   time.Time
	unpublished bool
	pubFrom     int // edit.cells from here on are not yet published
	// place is the timeline's place when the stroke began: its plan shows
	// there, as a terrain stroke's does (editPlace; a designer's test
	// found a room stroke throwing the cursor to the end).
	place *place
}

// RoomsVersion counts the rooms' layers published: every move of a room
// stroke that changed a cell, and every undo and redo (the window redraws
// when it moves).
func (w *World) RoomsVersion() uint64 { return w.roomsV }

// RoomsUnsaved reports whether the rooms differ from the last save or
// load: room steps done or undone since, read from the undo history as the
// terrain's edits are (an undo and its redo leave the saved rooms), or a
// room stroke in progress that changed cells.
func (w *World) RoomsUnsaved() bool {
	if st := w.roomStroke; st != nil && len(st.edit.cells) > 0 {
		return true
	}
	ed := &w.edits
	ahead, undone := ed.apart()
	return ed.roomsBaked || ed.roomsLost || hasRooms(ahead) || hasRooms(undone)
}

// hasRooms reports whether es holds a room step.
func hasRooms(es []Edit) bool {
	for i := range es {
		if es[i].Kind == EditRooms {
			return true
		}
	}
	return false
}

// RoomAt returns the room letter of cell p on level (1 is level 1), and
// NoRoom off the map or where the level has no layer.
func (w *World) RoomAt(p image.Point, level int) byte {
	if level < 1 || level > len(w.Regions) || !w.Grid.In(p) {
		return NoRoom
	}
	l := w.Regions[level-1]
	if i := w.Grid.Index(p); i < len(l) && !groups.NoRegion(l[i]) {
		return l[i]
	}
	return NoRoom
}

// roomLetters are the letters a new room takes, in order.
const roomLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// FreeRoom returns the first letter of roomLetters that no cell of level's
// layer has (any letter when the level has no layer), and false when every
// one is taken.
func (w *World) FreeRoom(level int) (byte, bool) {
	var count [256]int
	if u := w.letterCounts(level); u != nil {
		count = u.count
	}
	for i := 0; i < len(roomLetters); i++ {
		if c := roomLetters[i]; count[c] == 0 {
			return c, true
		}
	}
	return 0, false
}

// roomUse is how many cells of a published layer have each letter.
type roomUse struct {
	layer []byte // the layer counted (the same slice: layers are never written once published)
	count [256]int
}

// letterCounts returns the letters' counts of level's published layer, or
// of a new layer (all NoRoom) one past the last; nil for another level.
// The layer is walked the first time it is asked for; a room stroke and
// an undo or redo move the counts by the cells they change (moveCounts),
// so a press of the room tool outside every room (FreeRoom) does not walk
// the layer each time: 7 ms at 4096×4096.
func (w *World) letterCounts(level int) *roomUse {
	switch {
	case level == len(w.Regions)+1:
		u := &roomUse{}
		u.count[NoRoom] = w.Grid.Len()
		return u
	case level < 1 || level > len(w.Regions):
		return nil
	}
	for len(w.roomUse) < level {
		w.roomUse = append(w.roomUse, nil)
	}
	layer := w.Regions[level-1]
	u := w.roomUse[level-1]
	if u == nil || !sameLayer(u.layer, layer) {
		u = &roomUse{layer: layer}
		for _, c := range layer {
			u.count[c]++
		}
		w.roomUse[level-1] = u
	}
	return u
}

// sameLayer reports whether a and b are the same slice.
func sameLayer(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// moveCounts is to be called before layer is published as level's: it
// moves the counts of the layer it replaces (when they are kept; a new
// layer's start all NoRoom) by cells, each going from its Old letter to
// its New one, which make the one layer the other.
func (w *World) moveCounts(level int, layer []byte, cells []RoomCell) {
	var u *roomUse
	switch {
	case level == len(w.Regions)+1:
		u = &roomUse{}
		u.count[NoRoom] = len(layer)
	case level < 1 || level > len(w.Regions) || level > len(w.roomUse):
		return
	default:
		u = w.roomUse[level-1]
		if u == nil || !sameLayer(u.layer, w.Regions[level-1]) {
			w.roomUse[level-1] = nil // counted for another layer: walked when next asked
			return
		}
	}
	for _, c := range cells {
		u.count[c.Old]--
		u.count[c.New]++
	}
	u.layer = layer
	for len(w.roomUse) < level {
		w.roomUse = append(w.roomUse, nil)
	}
	w.roomUse[level-1] = u
}

// RoomLevelError says why rooms cannot be painted on level, or nil: a
// level past the hierarchy's levels, one more than a layer above the last
// (layers go 1, 2, … in order), or a level whose rooms are the map file's
// own (a Tiled map's, read from it whenever the session opens: a save
// would not keep them; they are edited in Tiled, or exported as .tmx).
func (w *World) RoomLevelError(level int) error {
	n := len(w.Regions)
	switch {
	case level < 1:
		return fmt.Errorf("no level %d to paint rooms on", level)
	case level > w.Settings.LevelCount():
		return fmt.Errorf("rooms of level %d need %d levels (Shift+] adds one)", level, level)
	case level > n+1:
		return fmt.Errorf("level %d has no rooms yet: paint level %d's first (L shows it)", n+1, n+1)
	case w.scenario != nil && level <= w.scenario.MapLevels:
		return fmt.Errorf("level %d's rooms are %s's own, read from it whenever the session opens: edit them in Tiled (levels above them can be painted here)", level, w.mapFileName())
	}
	return nil
}

// mapFileName names the session's map file for a message.
func (w *World) mapFileName() string {
	if mf := w.MapFile(); mf != "" {
		return mf
	}
	return "the map"
}

// BeginRoomStroke starts painting room letter on level's layer at p, the
// centre of a square brush size cells wide (1, 3, 5, 9: Brush.Size);
// letter NoRoom takes cells out of their rooms. Walls take the letter too,
// so a wall dug later is in the room around it. A level it cannot paint
// (RoomLevelError) or a cell off the map is refused with a note. However
// wide the brush, the stroke is one undoable step (EndRoomStroke).
func (w *World) BeginRoomStroke(p image.Point, level int, letter byte, size int) {
	w.EndStroke() // and a room stroke
	if !w.Grid.In(p) {
		w.Fail("cell (%d,%d) is outside the map: no room to paint", p.X, p.Y)
		return
	}
	if err := w.RoomLevelError(level); err != nil {
		w.Fail("%v", err) // shown and logged as an error
		return
	}
	if groups.NoRegion(letter) {
		letter = NoRoom
	}
	st := &roomStroke{letter: letter, last: p, r: Brush{Size: size}.radius()}
	st.edit.level = level
	st.edit.added = level > len(w.Regions)
	st.layer = w.roomLayerCopy(level)
	st.place = w.editPlace()
	w.roomStroke = st
	st.buf = brushSquare(st.buf[:0], p, st.r)
	w.paintRooms(st.buf)
}

// roomLayerCopy returns a copy of level's layer to paint (never the
// published one), or a new layer of no rooms one past the last.
func (w *World) roomLayerCopy(level int) []byte {
	if level <= len(w.Regions) {
		return append([]byte(nil), w.Regions[level-1]...)
	}
	layer := make([]byte, w.Grid.Len())
	for i := range layer {
		layer[i] = NoRoom
	}
	return layer
}

// RoomPainting reports whether a room stroke is in progress, its letter
// (NoRoom: erasing), its level and its brush's size.
func (w *World) RoomPainting() (letter byte, level, size int, ok bool) {
	if st := w.roomStroke; st != nil {
		return st.letter, st.edit.level, 2*st.r + 1, true
	}
	return 0, 0, 0, false
}

// RoomStrokeTo continues the room stroke along a straight line to p (the
// band a wide brush sweeps, as StrokeTo).
func (w *World) RoomStrokeTo(p image.Point) {
	st := w.roomStroke
	if st == nil || p == st.last {
		return
	}
	st.buf = brushPath(st.buf[:0], st.last, p, st.r)
	st.last = p
	w.paintRooms(st.buf)
}

// paintRooms gives the stroke's letter to cells and publishes the layer
// when any changed.
func (w *World) paintRooms(cells []image.Point) {
	st := w.roomStroke
	changed := false
	for _, p := range cells {
		if !w.Grid.In(p) {
			continue
		}
		i := w.Grid.Index(p)
		old := st.layer[i]
		if old == st.letter || groups.NoRegion(old) && st.letter == NoRoom {
			continue
		}
		st.layer[i] = st.letter
		st.edit.cells = append(st.edit.cells, RoomCell{P: p, Old: old, New: st.letter})
		changed = true
	}
	if changed {
		st.unpublished = true
		if len(st.layer) <= roomPublishEvery || time.Since(st.published) >= roomPublishGap {
			w.publishStroke()
		}
	}
}

// Publishing a layer costs a copy of it here and a new bake of the regions
// layer in the window (about 17 ms at 1024×1024): on a map over
// roomPublishEvery cells a stroke publishes at most every roomPublishGap,
// and what it painted between shows at the next publish or when it ends
// (a designer's drag on a big map lagged the pointer by a hand's width).
const roomPublishEvery = 512 * 512

var roomPublishGap = 60 * time.Millisecond // a var: a test holds it

// publishStroke makes the stroke's copy of its layer the session's.
func (w *World) publishStroke() {
	st := w.roomStroke
	w.moveCounts(st.edit.level, st.layer, st.edit.cells[st.pubFrom:])
	st.pubFrom = len(st.edit.cells)
	w.publishRooms(st.edit.level, st.layer)
	st.published, st.unpublished = time.Now(), false
	// The next move paints a copy again: the one just published may be
	// read by a build started meanwhile.
	st.layer = append([]byte(nil), st.layer...)
}

// publishRooms makes layer the rooms of level (1-based; one past the last
// adds a layer), in a new list of layers, and moves RoomsVersion.
func (w *World) publishRooms(level int, layer []byte) {
	rs := make([][]byte, max(len(w.Regions), level))
	copy(rs, w.Regions)
	rs[level-1] = layer
	w.Regions = rs
	if len(w.RegionNames) > 0 && len(w.RegionNames) < len(rs) {
		names := make([]map[byte]string, len(rs))
		copy(names, w.RegionNames)
		w.RegionNames = names
	}
	w.roomsV++
}

// dropRoomLayer takes level's layer away (the undo of the stroke that
// made it); only the last layer can go.
func (w *World) dropRoomLayer(level int) {
	if level != len(w.Regions) {
		return
	}
	w.Regions = append([][]byte(nil), w.Regions[:level-1]...)
	if len(w.Regions) == 0 {
		w.Regions = nil
	}
	if len(w.RegionNames) > len(w.Regions) {
		w.RegionNames = append([]map[byte]string(nil), w.RegionNames[:len(w.Regions)]...)
	}
	w.roomsV++
}

// EndRoomStroke finishes the room stroke: it becomes one undoable step,
// logged, and the plan is made again (on a group hierarchy built for the
// new rooms).
func (w *World) EndRoomStroke() {
	st := w.roomStroke
	if st == nil {
		return
	}
	if st.unpublished {
		w.publishStroke() // the cells painted since the last publish
	}
	w.roomStroke = nil
	if len(st.edit.cells) == 0 {
		return
	}
	re := st.edit
	re.before = w.roomsDone
	w.roomsSeq++
	re.after = w.roomsSeq
	w.pushEdit(Edit{Kind: EditRooms, rooms: &re})
	w.roomsDone = re.after
	w.logRooms("rooms", &re, st.letter)
	w.roomsChanged(st.place)
	w.noteStraddle(re.level)
}

// noteStraddle says, after a room stroke on level, which rooms of the
// level below it (or of it, under the level above) lie in two regions of
// the level above, as the load's note does: the group hierarchy puts each
// wholly in one, so what is drawn is not what is planned, and a designer
// painting level 3 over two level-2 wings saw the tint say one room and
// the planner use the other, with no word until the file was reopened.
func (w *World) noteStraddle(level int) {
	for _, n := range straddleNotes(w.Regions, w.RegionNames) {
		for _, l := range []int{level - 1, level} {
			if l >= 1 && strings.HasPrefix(n, fmt.Sprintf("level-%d rooms cross level-%d regions", l, l+1)) {
				w.NoteAfterError("%s", n)
				w.Log.Add("rooms_straddle", F{"msg", n})
				return
			}
		}
	}
}

// roomsChanged replans after the rooms changed: the group hierarchy's key
// holds their version, so the plan builds it again; the agents' planner
// follows it (syncAgentPlanner). HPA* does not read the rooms. The new
// plan shows at the timeline's place at (nil: its end), as an edit's does.
func (w *World) roomsChanged(at *place) {
	w.roomsCheck = len(w.Regions) >= 2 // when the group hierarchy is built on them (install)
	w.splitCheck = len(w.Regions) >= 1
	w.Ghost = nil
	w.syncAgentPlanner()
	w.replanKeeping(at)
}

// roomStep undoes or redoes a room stroke.
func (w *World) roomStep(re *roomEdit, undo bool) {
	at := w.editPlace()
	how := "redo"
	if undo {
		how = "undo"
	}
	w.logRooms(how, re, 0)
	w.roomsDone = re.after
	if undo {
		w.roomsDone = re.before
	}
	if undo && re.added {
		w.dropRoomLayer(re.level)
		w.roomsChanged(at)
		return
	}
	layer := w.roomLayerCopy(re.level)
	moved := make([]RoomCell, 0, len(re.cells))
	for k := range re.cells {
		c := re.cells[k]
		v := c.New
		if undo {
			c = re.cells[len(re.cells)-1-k]
			v = c.Old
		}
		if w.Grid.In(c.P) {
			i := w.Grid.Index(c.P)
			moved = append(moved, RoomCell{P: c.P, Old: layer[i], New: v})
			layer[i] = v
		}
	}
	w.moveCounts(re.level, layer, moved)
	w.publishRooms(re.level, layer)
	w.roomsChanged(at)
}

// logRooms logs a room stroke (kind "rooms"), or its undo or redo.
func (w *World) logRooms(kind string, re *roomEdit, letter byte) {
	fs := []F{{"level", re.level}, {"cells", len(re.cells)}}
	if kind == "rooms" {
		room := string(letter)
		if letter == NoRoom {
			room = "none"
		}
		fs = append(fs, F{"room", room})
	} else {
		fs = append([]F{{"kind", "rooms"}}, fs...)
	}
	if len(re.cells) > 0 {
		fs = append(fs, F{"first", pt(re.cells[0].P)})
	}
	w.Log.Add(kind, append(fs, F{"dirty", w.Dirty()})...)
}
