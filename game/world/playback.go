package world

import (
	"fmt"
	"image"
	"math"
	"strings"
)

// Playback speeds, in trace events per second.
const (
	MinSpeed     = 1
	MaxSpeed     = 100000
	DefaultSpeed = 200
)

// speedSteps are the speeds the faster/slower actions move between.
var speedSteps = []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000}

// Playback is the state of timeline playback: whether it runs and how
// fast. The cursor itself lives in the Timeline.
type Playback struct {
	Playing bool
	Speed   float64 // events per second, MinSpeed..MaxSpeed
	acc     float64 // fractional events carried between ticks
}

func (p *Playback) tick(w *World, dt float64) {
	if !p.Playing {
		return
	}
	tl := &w.Timeline
	if tl.AtEnd() {
		p.Playing = false
		return
	}
	p.acc += p.Speed * dt
	n := math.Floor(p.acc)
	p.acc -= n
	if n > 0 {
		tl.Seek(tl.Cursor() + int(n))
	}
	if tl.AtEnd() {
		p.Playing = false
	}
}

// TogglePlay starts or pauses playback. Starting at the end of the
// timeline restarts it from the beginning.
func (w *World) TogglePlay() {
	if w.Timeline.Len() == 0 {
		w.Note("nothing to play: plan a query first")
		return
	}
	w.dropPlaceNote()
	w.Play.Playing = !w.Play.Playing
	if w.Play.Playing && w.Timeline.AtEnd() {
		w.Timeline.Seek(0)
	}
	w.Play.acc = 0
	w.logStep("play")
}

// StepBy moves the timeline n events forward (or back when n < 0) and
// pauses playback.
func (w *World) StepBy(n int) {
	w.noteStuck(n > 0)
	w.moveCursor(w.Timeline.Cursor() + n)
	w.logStep("step")
}

// Notes for a step that cannot move: the window opens at a query's end,
// and a lecturer's first → (or . or Shift+.) there changed nothing on
// screen and said nothing.
const (
	NoteAtEnd   = "the query has ended: Home goes back to its start (Space plays it from there)"
	NoteAtStart = "the query's start: → steps forward, Space plays"
)

// noteStuck says so when a step forward is asked at the timeline's end,
// or a step back at its start, once while the note is on screen (a held
// key repeats the step).
func (w *World) noteStuck(forward bool) {
	tl := &w.Timeline
	note := ""
	switch {
	case tl.Len() == 0:
		return
	case forward && tl.AtEnd():
		note = NoteAtEnd
	case !forward && tl.Cursor() == 0:
		note = NoteAtStart
	default:
		return
	}
	if w.messageGone || !w.MessageErr && w.Message != note {
		w.Note("%s", note) // not over an error still on screen
	}
}

// SeekTo moves the timeline to event i (clamped), pauses playback and
// logs a seek: the end of a drag on the scrubber.
func (w *World) SeekTo(i int) {
	w.moveCursor(i)
	w.logStep("seek")
}

// ScrubTo moves the timeline to event i (clamped) and pauses playback,
// unlogged: a step of a drag on the scrubber (SeekTo logs where it ends).
func (w *World) ScrubTo(i int) { w.moveCursor(i) }

// SeekStart rewinds the timeline to before its first event.
func (w *World) SeekStart() {
	w.moveCursor(0)
	w.logStep("seek")
}

// SeekEnd moves the timeline to the finished query.
func (w *World) SeekEnd() {
	w.moveCursor(w.Timeline.Len())
	w.logStep("seek")
}

// NextPhase jumps to the start of the next phase (or the end). Phases
// with no events on the way are named in a note (the cursor cannot stop
// in them).
func (w *World) NextPhase() {
	w.noteStuck(true)
	w.seekPhase(w.Timeline.NextPhase())
}

// PrevPhase jumps to the start of the current phase, or of the previous
// one when already at a phase start.
func (w *World) PrevPhase() {
	w.noteStuck(false)
	w.seekPhase(w.Timeline.PrevPhase())
}

// NextStage shows the rest of the timeline cursor's stage (Stage: insert,
// abstract, refine, smooth), or the next stage whole when the cursor is at
// a stage's end. The empty phases passed are not named, as NextPhase does:
// a jump over a stage passes hundreds of them on a long route.
func (w *World) NextStage() {
	w.noteStuck(true)
	w.seekStage(w.Timeline.NextStage())
}

// PrevStage takes back the cursor's stage, or the stage before when the
// cursor is at a stage's start.
func (w *World) PrevStage() {
	w.noteStuck(false)
	w.seekStage(w.Timeline.PrevStage())
}

func (w *World) seekStage(to int) {
	w.moveCursor(to)
	w.logStep("stage")
}

func (w *World) seekPhase(to int) {
	from := w.Timeline.Cursor()
	w.moveCursor(to)
	w.logStep("phase")
	if names := w.Timeline.EmptyPhasesPassed(from, to); len(names) > 0 {
		w.Note("passed %s: no events to step through", strings.Join(names, ", "))
	}
}

// moveCursor is every move of the timeline's cursor the user makes:
// playback pauses, the note of where a switch put the cursor goes
// (dropPlaceNote), and the cursor goes to event i (clamped).
func (w *World) moveCursor(i int) {
	w.Play.Playing = false
	w.dropPlaceNote()
	w.Timeline.Seek(i)
}

// dropPlaceNote takes the note of where a switch or an edit put the
// cursor (placeLostNote: "HPA* has no step like A*'s event 34 of 12,927:
// shown from its start") out of the message, and out of a note held
// behind an error, once the user moves the cursor: it stayed up after End
// while the view was at the end (a teacher's report). The rest of the
// message (the switch's comparison with its ghost) stays, on its own
// clock; a message that was only that note goes.
func (w *World) dropPlaceNote() {
	note := w.placeShown
	if note == "" {
		return
	}
	w.placeShown = ""
	w.ReplaceNote(note, "")
}

// ReplaceNote puts with in the place of note in the message, and in a
// note held behind an error, on the message's own clock: a note whose
// words are no longer true is taken back ("" for with) or said again as
// it is now. The view's note that the side panel had no room "in a 330
// px wide window" stayed over the map once the window was wide again,
// the panel back beside it (a new user's trial). A message that was only
// note goes (with ""); one that ends "; "+note keeps the rest. An error
// on screen is left alone.
func (w *World) ReplaceNote(note, with string) {
	if note == "" {
		return
	}
	if w.held != "" {
		w.held, _ = replaceLast(w.held, note, with)
	}
	if w.MessageErr || w.messageGone {
		return
	}
	if msg, ok := replaceLast(w.Message, note, with); ok {
		w.Message = msg
		if msg == "" {
			w.messageGone = true
		}
	}
}

// replaceLast returns msg with note, the whole of it or its last "; "
// part, replaced by with (dropped for ""), and whether it was there
// (swapNote, for an answer's notes, adds with either way).
func replaceLast(msg, note, with string) (string, bool) {
	if msg == note {
		return with, true
	}
	if t, ok := strings.CutSuffix(msg, "; "+note); ok {
		if with != "" {
			t += "; " + with
		}
		return t, true
	}
	return msg, false
}

// Faster and Slower move the playback speed one step.
func (w *World) Faster() { w.setSpeedStep(+1) }

// Slower moves the playback speed one step down.
func (w *World) Slower() { w.setSpeedStep(-1) }

func (w *World) setSpeedStep(d int) {
	i := 0
	for k, s := range speedSteps {
		if s <= w.Play.Speed {
			i = k
		}
	}
	if j := i + d; (j < 0 || j >= len(speedSteps)) && speedSteps[i] == w.Play.Speed {
		// At a limit already: ↑ (or ↓) changed nothing and said nothing,
		// as the cluster size and levels keys say theirs.
		note := fmt.Sprintf("playback speed %s/s is the %s (%s to %s)", plural(int(w.Play.Speed), "event", "events"), limitWord(d > 0), Count(MinSpeed), Count(MaxSpeed))
		if w.messageGone || !w.MessageErr && w.Message != note { // once while a held key repeats
			w.Note("%s", note)
		}
		return
	}
	i = max(0, min(len(speedSteps)-1, i+d))
	w.SetSpeed(speedSteps[i])
}

// SetSpeed sets the playback speed, clamped to MinSpeed..MaxSpeed.
func (w *World) SetSpeed(s float64) {
	if math.IsNaN(s) {
		s = DefaultSpeed
	}
	w.Play.Speed = max(MinSpeed, min(MaxSpeed, s))
	w.Log.Add("switch", F{"name", "speed"}, F{"value", w.Play.Speed})
}

// PhaseName returns the name of the phase at the cursor, with its level,
// as shown on screen: "abstract search L2", "A*"... It is "" with no trace.
func (w *World) PhaseName() string {
	tr := w.Timeline.Trace()
	i := w.Timeline.Phase()
	if tr == nil || i < 0 {
		return ""
	}
	return tr.Phases[i].Name
}

func (w *World) logStep(kind string, extra ...F) {
	tl := &w.Timeline
	fs := []F{{"cursor", tl.Cursor()}, {"of", tl.Len()}, {"phase", w.PhaseName()}}
	if e, ok := tl.Current(); ok {
		fs = append(fs, F{"event", e.Kind.String()}, F{"level", int(e.Level)}, F{"node", w.nodeLabel(int(e.Level), e.Node)})
	}
	if kind == "play" {
		fs = append(fs, F{"playing", w.Play.Playing}, F{"speed", w.Play.Speed})
	}
	w.Log.Add(kind, append(fs, extra...)...)
}

// nodeLabel names a node of a level by its cell.
func (w *World) nodeLabel(level int, node int32) string {
	p, ok := w.NodeCell(level, node)
	if !ok {
		return "?"
	}
	return pt(p)
}

// NodeCell returns the cell of node at level (a cell index at level 0, an
// abstract node of the current hierarchy above).
func (w *World) NodeCell(level int, node int32) (image.Point, bool) {
	if node < 0 {
		return image.Point{}, false
	}
	if level == 0 {
		if int(node) >= w.Grid.Len() {
			return image.Point{}, false
		}
		return w.Grid.Point(int(node)), true
	}
	if w.hier == nil {
		return image.Point{}, false
	}
	return w.hier.NodeCell(level, node), true
}
