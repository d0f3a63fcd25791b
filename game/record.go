package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/anim"
	"pathlens/render"
)

// The timeline recording (Shift+F12, -gif): the query's timeline from its
// start to its end drawn frame by frame into an animated GIF, for slides
// and web pages. Update moves the cursor to each frame's event in turn and
// Draw captures the window once it shows it; the file is encoded and
// written in the background. While agents run, Shift+F12 records the
// window live instead: a frame every liveEvery ticks, input going on (a
// dig in front of them shows their replan).

// Recording defaults.
const (
	// gifDelay is each frame's time on screen, in hundredths of a second.
	gifDelay = 5
	// gifHold is the finished query's extra time before the GIF loops.
	gifHold = 300
	// liveEvery is how many ticks (of 60 a second) a live recording's
	// frames are apart: gifDelay's 1/20 s.
	liveEvery = 3
	// gifSlowest is the longest a frame is shown: a timeline of fewer
	// events than the frames asked shows each longer (startRecording).
	gifSlowest = 100
)

// readScreen reads the screen's pixels (RGBA) into pix: a variable so that
// tests, which run outside the game loop where Ebiten refuses ReadPixels,
// can stand in for it.
var readScreen = func(screen *ebiten.Image, pix []byte) { screen.ReadPixels(pix) }

// recordNow is the clock a live recording times its frames by (a
// variable for tests).
var recordNow = time.Now

// recordLimit caps the memory a recording's frames take (0:
// anim.DefaultLimit); a variable so that a test can fill it quickly.
var recordLimit = 0

// writeRecording writes an encoded recording to its file: a variable so
// that tests can make the background writer slow.
var writeRecording = writeFileAtomic

// ErrGIF wraps a failure of the -gif recording.
var ErrGIF = errors.New("game: recording")

// recording is a timeline recording under way.
type recording struct {
	path   string
	rec    *anim.Recorder
	events int  // the timeline's length when it began
	n, k   int  // frames to capture, frames captured
	delay  int  // each frame's time on screen, in hundredths of a second
	want   bool // Update placed the cursor for frame k: the next Draw captures it
	pix    []byte
	scaled *image.RGBA // the frame at the window's size, under a UI scale (reused)
	script bool        // -gif: the app ends once the file is written
	gen    uint64
	// live: the window as it goes (agents running), not the timeline;
	// ticks counts its updates, a frame every liveEvery.
	live  bool
	ticks int
	taken time.Time // when the live recording's last frame was taken
	// cursor0 is the timeline's cursor when it began, where a timeline
	// recording leaves it.
	cursor0 int
}

// recordDone is what the background encoder reports.
type recordDone struct {
	path          string
	frames, bytes int
	secs          float64
	err           error
	script        bool
	asked         int // frames asked when the memory cap cut it short, else 0
}

// agentsRunning reports whether agents walk on the map with their clock
// running: Shift+F12 then records the window live.
func (g *Game) agentsRunning() bool {
	s := g.w.Agents()
	return s != nil && s.Running() && s.Live() > 0
}

// startRecording begins recording the timeline into path in about n frames
// (fewer when the timeline has fewer events, each then shown longer), or,
// live, n frames of the window as it goes. It says why when it cannot.
func (g *Game) startRecording(path string, n int, script, live bool) error {
	w := g.w
	switch {
	case g.recording != nil:
		return errors.New("a recording is already under way (Esc stops it)")
	case g.recDone != nil:
		return errors.New("the last recording is still being written")
	case live:
	case w.Busy():
		return errors.New("nothing to record yet: the query is still being worked out")
	case w.Timeline.Len() == 0:
		return errors.New("nothing to record: plan a query first (its timeline is what is recorded), or run agents (U) to record them")
	}
	// Checked before the capture, not found when it is written: a
	// screenshot folder removed or made read-only since the start was
	// said only after seconds of recording.
	if err := world.WritableFolder(path, "timeline.gif"); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	asked := n
	n = max(2, min(n, anim.MaxFrames))
	if !live {
		n = min(n, w.Timeline.Len()+1)
	}
	// A timeline of fewer events than the frames asked (a textbook's
	// small query) flashed by in half a second at 1/20 s a frame: each
	// frame is shown longer, so the recording lasts about as long as
	// asked, up to gifSlowest a frame.
	delay := gifDelay
	if n < asked {
		delay = max(gifDelay, min(gifSlowest, asked*gifDelay/n))
	}
	// The window's size, as a screenshot's: under a UI scale the screen
	// is drawn smaller and the window shows it enlarged.
	sw, sh := g.outsideW, g.outsideH
	if sw <= 0 || sh <= 0 {
		sw, sh = g.lay.Screen.Dx(), g.lay.Screen.Dy()
	}
	rec, err := anim.New(sw, sh)
	if err != nil {
		return err
	}
	rec.SetLimit(recordLimit)
	if !live {
		w.Play.Playing = false
	}
	// The help or the gallery, where open, would cover every frame (a
	// user reading "Shift+F12 timeline GIF" in the help pressed it there),
	// and Esc, which closes them, would stop the recording instead.
	g.closeOverlays()
	g.recording = &recording{path: path, rec: rec, events: w.Timeline.Len(), n: n, delay: delay, script: script,
		gen: w.Timeline.Generation(), live: live, cursor0: w.Timeline.Cursor()}
	w.Log.Add("record", world.F{Key: "path", Val: path}, world.F{Key: "frames", Val: fmt.Sprint(n)},
		world.F{Key: "live", Val: onOff(live)})
	g.syncTitle()
	return nil
}

// updateRecording moves the cursor to the next frame's event, or ends the
// recording: Esc stops it (no file), and so do a timeline that changed
// under it and a resized window. It reports whether the recording takes
// this update (the rest of the input waits): a timeline recording does, a
// live one does not.
func (g *Game) updateRecording() bool {
	r := g.recording
	if r == nil {
		return false
	}
	w := g.w
	if !r.script && (g.in.JustPressed(ActEscape) || g.confirm != nil) {
		// Esc, or a question opened meanwhile (Ctrl+Q with unsaved work):
		// it is answered in the window, which the recording would hold.
		g.stopRecording(r)
		why := "esc"
		if g.confirm != nil {
			why = "question"
		}
		w.Log.Add("record_stopped", world.F{Key: "path", Val: r.path}, world.F{Key: "why", Val: why},
			world.F{Key: "frames", Val: fmt.Sprint(r.k)})
		w.Note("recording stopped: no file written")
		g.syncTitle()
		return g.confirm == nil
	}
	g.syncTitle()
	if sw, sh := r.rec.Size(); g.outsideW > 0 && g.outsideH > 0 && (g.outsideW != sw || g.outsideH != sh) {
		// A GIF has one size: the new window stretched to the old one
		// squashed its text and cells out of shape.
		g.stopRecording(r)
		g.failRecording(r, fmt.Errorf("the window was resized from %d×%d while it was being recorded (a GIF has one size): nothing written; record again at this size", sw, sh))
		return true
	}
	if r.live {
		// A frame every liveEvery ticks; the window goes on meanwhile.
		// The request stands until a Draw takes it: Ebiten runs several
		// updates per frame on a slow machine, and a later one cleared it
		// (a user's GIF had one frame in 12 ticks, and played 4× fast).
		if r.ticks%liveEvery == 0 {
			r.want = true
		}
		r.ticks++
		return false
	}
	if w.Timeline.Generation() != r.gen || w.Timeline.Len() != r.events {
		g.stopRecording(r)
		g.failRecording(r, errors.New("the query changed while it was being recorded"))
		return true
	}
	if r.k >= r.n {
		return true // written by the background encoder (finishRecording)
	}
	w.ScrubTo(r.k * r.events / (r.n - 1))
	// The inspector at this frame's event: a pinned cell's figures, and
	// no hovered cell's (readMouse leaves the pointer out, as for a
	// -shot); the frames showed the figures from before Shift+F12.
	g.updateInspect()
	r.want = true
	return true
}

// captureFrame adds the screen to the recording when Update placed the
// cursor for it, and hands a finished recording to the background encoder.
func (g *Game) captureFrame(screen *ebiten.Image) {
	r := g.recording
	if r == nil || !r.want {
		return
	}
	r.want = false
	b := screen.Bounds()
	if len(r.pix) != 4*b.Dx()*b.Dy() {
		r.pix = make([]byte, 4*b.Dx()*b.Dy())
	}
	readScreen(screen, r.pix)
	// At the window's size (updateRecording stops a recording whose
	// window was resized): under a UI scale the screen is smaller.
	sw, sh := r.rec.Size()
	pic := windowSized(&image.RGBA{Pix: r.pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}, sw, sh, r.scaled)
	r.scaled = pic
	if r.live {
		// Each frame is shown as long as it was on screen: the frame
		// before is held the real time since it was taken, beyond its
		// 1/20 s (a slow machine draws fewer frames than asked).
		now := recordNow()
		if !r.taken.IsZero() {
			r.rec.Hold(int(now.Sub(r.taken)/(10*time.Millisecond)) - r.delay)
		}
		r.taken = now
	}
	if err := r.rec.Add(pic.Pix, r.delay); err != nil {
		if errors.Is(err, anim.ErrFull) && r.rec.Frames() >= 2 {
			// The frames so far are kept rather than thrown away (a
			// large window whose frames change wholly fills the cap
			// after a few hundred): written, and said to be cut short.
			g.finishRecording(r, true)
			return
		}
		g.stopRecording(r)
		g.failRecording(r, err)
		return
	}
	if r.k++; r.k < r.n {
		return
	}
	g.finishRecording(r, false)
}

// finishRecording ends recording r and hands it to the background
// encoder; cut says it stopped at the recorder's memory cap, short of its
// frames.
func (g *Game) finishRecording(r *recording, cut bool) {
	g.stopRecording(r)
	g.syncTitle()
	r.rec.Hold(gifHold)
	done := make(chan recordDone, 1)
	g.recDone = done
	write := writeRecording
	asked := r.n
	go func(rec *anim.Recorder, path string, script bool) {
		var buf bytes.Buffer
		err := rec.Encode(&buf)
		if err == nil {
			err = write(path, buf.Bytes())
		}
		d := recordDone{path: path, frames: rec.Frames(), bytes: buf.Len(), err: err, script: script,
			secs: float64(rec.Duration()) / 100}
		if cut {
			d.asked = asked
		}
		done <- d
	}(r.rec, r.path, r.script)
}

// stopRecording ends recording r: a timeline recording puts the cursor
// back where the user had it (Esc left it at the event the recording had
// reached, in another phase and level), unless the query changed.
func (g *Game) stopRecording(r *recording) {
	g.recording = nil
	if !r.live && g.w.Timeline.Generation() == r.gen && g.w.Timeline.Len() == r.events {
		g.w.ScrubTo(r.cursor0)
	}
}

// failRecording reports a recording that ended without a file.
func (g *Game) failRecording(r *recording, err error) {
	if r.script {
		g.recErr = err
		return
	}
	g.w.Fail("recording: %v", err)
}

// pollRecording reports a recording the background encoder has written:
// a note, a log line, and for -gif the end of the app (with the error, if
// any).
func (g *Game) pollRecording() error {
	if g.recErr != nil {
		return fmt.Errorf("%w: %v", ErrGIF, g.recErr)
	}
	if g.recDone == nil {
		return nil
	}
	var d recordDone
	select {
	case d = <-g.recDone:
	default:
		return nil
	}
	g.recDone = nil
	if d.err != nil {
		if d.script {
			return fmt.Errorf("%w: %v", ErrGIF, d.err)
		}
		g.w.Fail("recording: %v", d.err)
		return nil
	}
	g.logRecorded(d)
	if d.asked > 0 {
		// Written, but not all that was asked: a script must not take
		// it for the whole recording.
		cut := fmt.Sprintf("%s holds %d of the %d frames asked: the recording reached its memory cap (the window's frames changed too much; ask fewer frames, or make the window smaller)", d.path, d.frames, d.asked)
		if d.script {
			return fmt.Errorf("%w: %s", ErrGIF, cut)
		}
		g.w.Fail("recording: %s", cut)
		return nil
	}
	if d.script {
		return ebiten.Termination
	}
	g.w.Note("animation saved: %s (%d frames, %.1f s, %s)", d.path, d.frames, d.secs, render.FormatBytes(d.bytes))
	return nil
}

// quitRecording is how a quit (Ctrl+Q, the window closed) ends the app
// with a recording: one being written in the background is waited for,
// since the end of the app killed its writer (a quit right after Shift+F12
// lost the GIF, with no word, and could leave its .tmp file), and a write
// that fails is the app's error, the only place left to say it. A -gif
// recording not yet written fails: the script would take the app's clean
// end for a file written. A recording still being captured in the window
// is dropped, as Esc drops it.
func (g *Game) quitRecording() error {
	if g.recDone != nil {
		d := <-g.recDone
		g.recDone = nil
		if d.err != nil {
			return fmt.Errorf("%w: %v", ErrGIF, d.err)
		}
		g.logRecorded(d)
		return ebiten.Termination
	}
	if g.opts.GIFPath != "" {
		// g.quit comes from Ctrl+Q as well as from the window's close
		// box: "the window was closed" misled a user who pressed Ctrl+Q.
		// How far the capture got tells a script's author whether the
		// frames asked were the trouble.
		got := ""
		if r := g.recording; r != nil {
			got = fmt.Sprintf(" (%d of %d frames captured)", r.k, r.n)
		}
		return fmt.Errorf("%w: the app was quit (Ctrl+Q or the window closed) before %s was written%s: nothing written", ErrGIF, g.opts.GIFPath, got)
	}
	return ebiten.Termination
}

// logRecorded logs a recording written.
func (g *Game) logRecorded(d recordDone) {
	g.w.Log.Add("recorded", world.F{Key: "path", Val: d.path}, world.F{Key: "frames", Val: fmt.Sprint(d.frames)},
		world.F{Key: "bytes", Val: fmt.Sprint(d.bytes)})
}

// recordingBadge is the window's sign of a recording under way (drawn
// after the frame is captured, so not in the GIF): the frames captured,
// and how to stop it; "" when none is.
func (g *Game) recordingBadge() string {
	switch r := g.recording; {
	case r != nil && r.script:
		return fmt.Sprintf("recording the timeline: frame %d of %d", r.k, r.n)
	case r != nil && r.live:
		return fmt.Sprintf("recording the window: frame %d of %d · Esc stops", r.k, r.n)
	case r != nil:
		return fmt.Sprintf("recording the timeline: frame %d of %d · Esc stops", r.k, r.n)
	case g.recDone != nil:
		return "writing the GIF…"
	}
	return ""
}

// shotPath is where F12 (ext ".png") and Shift+F12 (".gif") write: the
// screenshot folder, named by the time, by its full path, which the note
// and any error then give: "screenshot saved: pathlens-….png" named no
// folder under the default "." (the working folder, unknown to a user who
// started pathlens from a launcher).
func (g *Game) shotPath(ext string) string {
	p := filepath.Join(g.opts.ShotDir, "pathlens-"+time.Now().Format("20060102-150405.000")+ext)
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// writeFileAtomic writes data to path through a temporary file beside it,
// so a failed write leaves no half a file under the name. The error names
// path, the file asked for, not the temporary one ("open
// /x/shot.png.tmp: no such file" was a screenshot's message).
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	err := os.WriteFile(tmp, data, 0o644)
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %v", path, pathCause(err))
	}
	return nil
}
