package game

import (
	"errors"
	"fmt"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// runRecording drives g (Update, then Draw on screen) until the recording
// it began is written or gone, and returns the session's message then.
func runRecording(t *testing.T, g *Game, screen *ebiten.Image) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for g.recording != nil || g.recDone != nil {
		if time.Now().After(deadline) {
			t.Fatalf("the recording did not end: %d of %d frames", g.recording.k, g.recording.n)
		}
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
		g.drawnAt = time.Time{}
		g.Draw(screen)
		if g.recording == nil && g.recDone != nil {
			time.Sleep(5 * time.Millisecond) // the encoder writes in the background
		}
	}
	return g.w.Message
}

// decodeGIF reads the GIF at path.
func decodeGIF(t *testing.T, path string) *gif.GIF {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// fakeScreen stands in for the screen's pixels (Ebiten reads none outside
// the game loop): every pixel is the timeline cursor's number as a colour,
// so each frame of the GIF says which event it showed.
func fakeScreen(t *testing.T, g *Game) {
	t.Helper()
	old := readScreen
	readScreen = func(_ *ebiten.Image, pix []byte) {
		c := g.w.Timeline.Cursor()
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(c), byte(c>>8), byte(c>>16), 255
		}
	}
	t.Cleanup(func() { readScreen = old })
}

// recordingGame is the built-in world drawn in a 640×400 window, its
// pixels stood in for by fakeScreen and its keys by the returned fake
// keyboard.
func recordingGame(t *testing.T) (*Game, *heldKeys) {
	t.Helper()
	g := drawnGame(t, 640, 400)
	fakeScreen(t, g)
	held := &heldKeys{}
	fakeKeys(t, held)
	return g, held
}

// startRecordingTest opens the built-in world in a 640×400 window whose
// screenshot folder is a new temporary one (returned), its pixels stood in
// for by fakeScreen, halfway through the query's timeline, and presses
// Shift+F12 there for a recording of the given frames.
func startRecordingTest(t *testing.T, frames int) (*Game, string, *heldKeys, *ebiten.Image) {
	t.Helper()
	g, held := recordingGame(t)
	dir := t.TempDir()
	g.opts.ShotDir, g.opts.GIFFrames = dir, frames
	g.w.Log = world.NewEventLog(nil)
	g.w.Timeline.Seek(g.w.Timeline.Len() / 2)
	press(g, held, ebiten.KeyShift, ebiten.KeyF12)
	if g.recording == nil {
		t.Fatalf("Shift+F12 began no recording; message %q", g.w.Message)
	}
	return g, dir, held, ebiten.NewImage(640, 400)
}

// Shift+F12 records the query's timeline from its start to its end into a
// GIF in the screenshot folder: as many frames as asked, at events spread
// evenly from the first to the last, the last held before the loop; the
// note names the file, the log has a line for it, and the cursor goes back
// where it was. (tests/e2e checks the pictures of a real window's -gif.)
func TestRecordKeyWritesTheTimeline(t *testing.T) {
	g, dir, _, screen := startRecordingTest(t, 6)
	msg := runRecording(t, g, screen)
	files, _ := filepath.Glob(filepath.Join(dir, "pathlens-*.gif"))
	if len(files) != 1 {
		t.Fatalf("%d GIFs written in the screenshot folder (%v), want 1; message %q", len(files), files, msg)
	}
	if !strings.HasPrefix(msg, "animation saved: "+files[0]+" (6 frames") {
		t.Errorf("message %q, want it to name %s and its 6 frames", msg, files[0])
	}
	n := g.w.Timeline.Len()
	if c := g.w.Timeline.Cursor(); c != n/2 {
		t.Errorf("cursor at %d of %d after the recording, want back at %d, where it was", c, n, n/2)
	}
	gg := decodeGIF(t, files[0])
	if len(gg.Image) != 6 || gg.Config.Width != 640 || gg.Config.Height != 400 {
		t.Fatalf("a %d×%d GIF of %d frames, want 640×400 and 6", gg.Config.Width, gg.Config.Height, len(gg.Image))
	}
	for k, p := range gg.Image {
		r, gr, b, _ := p.At(p.Rect.Min.X, p.Rect.Min.Y).RGBA()
		got, want := int(r>>8)|int(gr>>8)<<8|int(b>>8)<<16, k*n/5
		if got != want {
			t.Errorf("frame %d shows event %d, want %d (of %d)", k, got, want, n)
		}
	}
	if gg.Delay[5] != gifDelay+gifHold {
		t.Errorf("the last frame shows %d/100 s, want %d (held)", gg.Delay[5], gifDelay+gifHold)
	}
	found := false
	for _, l := range logged(g) {
		found = found || strings.Contains(l, "recorded") && strings.Contains(l, files[0])
	}
	if !found {
		t.Errorf("no log line for the recording: %q", logged(g))
	}
}

// Esc stops a recording under way and writes nothing; with no query there
// is nothing to record, and the message says what to do.
func TestRecordStopsAndRefuses(t *testing.T) {
	g, dir, held, screen := startRecordingTest(t, 50)
	for range 3 {
		g.Update()
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	press(g, held, -1, ebiten.KeyEscape)
	if g.recording != nil || !strings.Contains(g.w.Message, "recording stopped: no file written") {
		t.Errorf("Esc: recording %v, message %q; want it stopped and said", g.recording != nil, g.w.Message)
	}
	// A user's report: Esc left the cursor at the event the recording had
	// reached, in another phase; it goes back where it was.
	if c, want := g.w.Timeline.Cursor(), g.w.Timeline.Len()/2; c != want {
		t.Errorf("Esc: cursor at %d, want back at %d, where it was", c, want)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Errorf("a stopped recording wrote %v", files)
	}
	// The log, which had its "record" line, says how it ended (a reader
	// of it saw a recording begin and never end).
	stopped := false
	for _, l := range logged(g) {
		stopped = stopped || strings.Contains(l, "record_stopped") && strings.Contains(l, "why=esc")
	}
	if !stopped {
		t.Errorf("Esc: no record_stopped line in the log: %q", logged(g))
	}

	// A question opened meanwhile (Ctrl+Q with unsaved work) stops it: it
	// is answered in the window, which the recording would hold still.
	press(g, held, ebiten.KeyShift, ebiten.KeyF12)
	g.confirm = &confirm{lines: []string{"unsaved"}, what: "quit", then: func(*Game) error { return nil }}
	g.Update()
	if g.recording != nil || !strings.Contains(g.w.Message, "recording stopped") {
		t.Errorf("a question: recording %v, message %q; want it stopped", g.recording != nil, g.w.Message)
	}
	g.confirm = nil

	g.w.Pick(g.w.Start) // a new start, no goal yet: no timeline
	press(g, held, ebiten.KeyShift, ebiten.KeyF12)
	if g.recording != nil || !g.w.MessageErr || !strings.Contains(g.w.Message, "nothing to record") {
		t.Errorf("no query: recording %v, message %q; want a refusal", g.recording != nil, g.w.Message)
	}
}

// While agents run, Shift+F12 records the window live: the timeline's
// cursor stays where it is, the keys go on working (K hides the legend
// mid-recording), the agents' clock keeps running, a frame is taken every
// liveEvery ticks, and the title says the recording is under way.
func TestRecordLiveWhileAgentsRun(t *testing.T) {
	g, dir := agentsRunningGame(t, 5)
	sim := g.w.Agents()
	cursor := g.w.Timeline.Cursor()
	ticks := 0
	old := readScreen
	readScreen = func(_ *ebiten.Image, pix []byte) {
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(ticks), byte(ticks>>8), 0, 255
		}
	}
	t.Cleanup(func() { readScreen = old })
	held := &heldKeys{}
	fakeKeys(t, held)
	screen := ebiten.NewImage(640, 400)
	step := func() {
		t.Helper()
		ticks++
		time.Sleep(17 * time.Millisecond) // a frame's time: the agents' clock runs on real time
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	*held = heldKeys{ebiten.KeyF12: 1, ebiten.KeyShift: 2}
	step()
	*held = heldKeys{}
	r := g.recording
	if r == nil || !r.live {
		t.Fatalf("Shift+F12 with agents running: recording %v (live %v), message %q; want a live one", r != nil, r != nil && r.live, g.w.Message)
	}
	if !strings.Contains(g.Title(), "recording") {
		t.Errorf("title %q does not say it records", g.Title())
	}
	legend := g.noLegend
	*held = heldKeys{ebiten.KeyK: 1}
	step()
	*held = heldKeys{}
	if g.noLegend == legend {
		t.Errorf("K did nothing during a live recording: the keys must go on")
	}
	clock := sim.Now()
	for g.recording != nil && ticks < 200 {
		step()
	}
	if g.recording != nil {
		t.Fatalf("the live recording did not end: %d of %d frames", g.recording.k, g.recording.n)
	}
	if ticks > 2+5*liveEvery+2 {
		t.Errorf("%d ticks for 5 frames, want one every %d", ticks, liveEvery)
	}
	if g.w.Timeline.Cursor() != cursor {
		t.Errorf("a live recording moved the timeline's cursor: %d, was %d", g.w.Timeline.Cursor(), cursor)
	}
	if sim.Now() <= clock {
		t.Errorf("the agents' clock stood during the recording (tick %d, was %d)", sim.Now(), clock)
	}
	msg := runRecording(t, g, screen)
	files, _ := filepath.Glob(filepath.Join(dir, "pathlens-*.gif"))
	if len(files) != 1 || !strings.HasPrefix(msg, "animation saved: ") {
		t.Fatalf("files %v, message %q; want one GIF said", files, msg)
	}
	gg := decodeGIF(t, files[0])
	if len(gg.Image) != 5 {
		t.Fatalf("%d frames, want 5", len(gg.Image))
	}
	if strings.Contains(g.Title(), "recording") {
		t.Errorf("title %q still says it records", g.Title())
	}
}

// pressQuit presses Ctrl+Q (the session has nothing unsaved: no question)
// and returns what the Update after it returns, the one that ends the app.
func pressQuit(g *Game, held *heldKeys) error {
	*held = heldKeys{ebiten.KeyQ: 1, ebiten.KeyControl: 5}
	g.Update()
	*held = heldKeys{}
	return g.Update()
}

// Regression: Ctrl+Q while the finished recording was still being
// written in the background ended the app at once, killing the writer:
// the GIF the user had recorded was lost, with no word. The quit waits
// for the file.
func TestQuitWaitsForTheRecordingBeingWritten(t *testing.T) {
	old := writeRecording
	writeRecording = func(path string, data []byte) error {
		time.Sleep(300 * time.Millisecond) // a big GIF, a slow disk
		return old(path, data)
	}
	t.Cleanup(func() { writeRecording = old })
	g, dir, held, screen := startRecordingTest(t, 3)
	for range 20 {
		if g.recording == nil {
			break
		}
		g.Update()
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	if g.recording != nil || g.recDone == nil {
		t.Fatalf("the recording is not being written (under way %v, writing %v)", g.recording != nil, g.recDone != nil)
	}
	if err := pressQuit(g, held); err != ebiten.Termination {
		t.Fatalf("Ctrl+Q: Update returned %v, want the app's end", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 || filepath.Ext(files[0]) != ".gif" {
		t.Errorf("after the quit the screenshot folder holds %v, want the GIF", files)
	}
}

// Regression: with -gif, closing the window (or Ctrl+Q) before the
// recording was written ended the app as a written one does, exit status
// 0 and no file, and a script took it for done. It is an error now.
func TestGIFQuitBeforeWrittenFails(t *testing.T) {
	g, held := recordingGame(t)
	path := filepath.Join(t.TempDir(), "t.gif")
	g.opts.GIFPath, g.opts.GIFFrames = path, 50
	screen := ebiten.NewImage(640, 400)
	for range 3 {
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	if g.recording == nil {
		t.Fatalf("-gif began no recording; message %q", g.w.Message)
	}
	err := pressQuit(g, held)
	if !errors.Is(err, ErrGIF) {
		t.Errorf("Ctrl+Q during the -gif recording: Update returned %v, want an ErrGIF", err)
	} else if msg := err.Error(); !strings.Contains(msg, "quit (Ctrl+Q or the window closed)") || !regexp.MustCompile(`\(\d+ of \d+ frames captured\)`).MatchString(msg) {
		t.Errorf("Ctrl+Q during the -gif recording: %q, want it to say the app was quit and how many frames were captured", msg)
	}
	if _, serr := os.Stat(path); serr == nil {
		t.Errorf("%s written", path)
	}
}

// Regression: Shift+F12 pressed over the help (where the key is listed)
// or the gallery recorded them over every frame of the GIF, and Esc, the
// key that closes them, stopped the recording instead. The recording
// closes them first: it shows the query's timeline.
func TestRecordClosesTheHelpAndTheGallery(t *testing.T) {
	g, held := recordingGame(t)
	g.opts.ShotDir, g.opts.GIFFrames = t.TempDir(), 4
	for _, over := range []string{"help", "gallery"} {
		g.showHelp, g.gallery = over == "help", over == "gallery"
		press(g, held, ebiten.KeyShift, ebiten.KeyF12)
		if g.recording == nil {
			t.Fatalf("Shift+F12 over the %s began no recording; message %q", over, g.w.Message)
		}
		if g.showHelp || g.gallery {
			t.Errorf("Shift+F12 over the %s: help %v, gallery %v while recording, want both closed", over, g.showHelp, g.gallery)
		}
		runRecording(t, g, ebiten.NewImage(640, 400))
	}
}

// A lecturer's finding: a window resized in the middle of a recording (a
// drag of its corner, a projector's screen taking it) gave a GIF whose
// later frames were the new window stretched to the old size, text and
// cells squashed out of shape. It stops, as for a query that changed, and
// says why; nothing is written.
func TestRecordStopsWhenTheWindowIsResized(t *testing.T) {
	g, dir, _, screen := startRecordingTest(t, 50)
	for range 3 {
		g.Update()
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	g.Layout(900, 600)
	g.Update()
	if g.recording != nil || !g.w.MessageErr || !strings.Contains(g.w.Message, "resized") {
		t.Errorf("resized: recording %v, message %q; want it stopped and said", g.recording != nil, g.w.Message)
	}
	runRecording(t, g, ebiten.NewImage(900, 600))
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Errorf("a recording stopped by a resize wrote %v", files)
	}
}

// A lecturer's finding: the textbook's small example (a query a few cells
// long, a timeline of a dozen events) took one frame per event at 1/20 s
// each: the whole search flashed by in half a second, then the answer sat
// for three. A timeline with fewer events than the frames asked shows each
// of its frames longer, so the recording lasts about as long as asked
// (frames × 1/20 s), up to a second a frame.
func TestRecordShortTimelineIsSlowEnoughToFollow(t *testing.T) {
	gr, err := pathing.NewGrid(8, 3)
	if err != nil {
		t.Fatal(err)
	}
	wd := world.New(maps.NewMap("corridor", gr))
	t.Cleanup(wd.Close)
	wd.Settings.Algo = world.AlgoAStar
	wd.PrependQuery([2]image.Point{{1, 1}, {4, 1}})
	wd.Begin()
	wd.Wait()
	events := wd.Timeline.Len()
	if events < 3 || events > 40 {
		t.Fatalf("the test wants a short timeline, got %d events", events)
	}
	g := drawnOn(t, wd, 640, 400)
	fakeScreen(t, g)
	dir := t.TempDir()
	for _, c := range []struct{ asked, wantDelay int }{
		{100, min(100, 100*gifDelay/(events+1))}, // 5 s asked
		{2 * (events + 1), 2 * gifDelay},         // twice the events: each twice as long
		{2, gifDelay},                            // fewer frames than events: as asked
	} {
		path := filepath.Join(dir, fmt.Sprintf("short-%d.gif", c.asked))
		if err := g.startRecording(path, c.asked, false, false); err != nil {
			t.Fatal(err)
		}
		runRecording(t, g, ebiten.NewImage(640, 400))
		gg := decodeGIF(t, path)
		for k, d := range gg.Delay[:len(gg.Delay)-1] {
			if d != c.wantDelay {
				t.Errorf("%d frames asked of a timeline of %d events: frame %d shows %d/100 s, want %d", c.asked, events, k, d, c.wantDelay)
				break
			}
		}
	}
}

// A lecturer's finding: during a recording (27 s for a zoomed view with
// the g / h / f numbers) the window said "paused" and nothing else: no
// sign that Shift+F12 had taken, nor how far it had got, nor that Esc
// stops it. The window shows a badge with the frame it is at; the badge
// is drawn after the frame is captured, so the GIF does not show it.
func TestRecordingShowsItsProgressInTheWindow(t *testing.T) {
	g, _, _, screen := startRecordingTest(t, 20)
	var atCapture []string
	old := readScreen
	readScreen = func(s *ebiten.Image, pix []byte) {
		atCapture = append(atCapture, g.drawnBadge)
		old(s, pix)
	}
	for range 3 {
		g.Update()
		g.drawnAt = time.Time{}
		g.Draw(screen)
	}
	if want := "recording the timeline: frame 3 of 20 · Esc stops"; g.drawnBadge != want {
		t.Errorf("after three frames the window shows %q, want %q", g.drawnBadge, want)
	}
	for k, b := range atCapture {
		if b != "" {
			t.Errorf("frame %d was captured with the badge %q on it", k, b)
		}
	}
	runRecording(t, g, screen)
	g.drawnAt = time.Time{}
	g.Draw(screen)
	if g.drawnBadge != "" {
		t.Errorf("after the recording the window still shows %q", g.drawnBadge)
	}
}

// A lecturer's GIF of A*: the inspector showed, on every frame, the
// figures of the cell the pointer had rested on before Shift+F12 ("search
// open, g 121.971", taken at another event), while the frames stepped the
// search: the inspector was not refreshed during a recording. A pinned
// cell (-pin, the inspect tool) now shows its figures at each frame's
// event, and a cell only hovered is left out, as a -shot leaves the
// pointer out.
func TestRecordingInspectorFollowsTheFrames(t *testing.T) {
	for _, pinned := range []bool{true, false} {
		g, _, _, screen := startRecordingTest(t, 20)
		// The query's start: its figures at the first frame (not yet
		// pushed) differ from those halfway, where the recording began.
		p := g.w.Start
		if pinned {
			g.pinned, g.hasPinned = p, true
		} else {
			g.hover, g.hoverOK = p, true
		}
		g.inspectKey = inspectKey{}
		g.updateInspect() // as the frame before Shift+F12 left it
		g.hover, g.hoverOK = p, true
		for k := 0; k < 19; k++ {
			g.Update()
			g.drawnAt = time.Time{}
			g.Draw(screen)
			want := world.CellInfo{}
			if pinned {
				want = g.w.Inspect(p)
			}
			if !reflect.DeepEqual(g.inspect, want) {
				t.Errorf("pinned %v, frame %d (event %d): the inspector shows %v %+v, want %v %+v", pinned, k, g.w.Timeline.Cursor(), g.inspect.P, g.inspect.Search, want.P, want.Search)
				break
			}
		}
		runRecording(t, g, screen)
	}
}

// A recording that reaches the recorder's memory cap (a big window whose
// frames change wholly; -gif-frames 2000 at 1280×800 did) kept nothing and
// said only "anim: recording full". The frames taken are written, and the
// message says how many of those asked, why, and what to do.
func TestRecordCutShortKeepsItsFrames(t *testing.T) {
	old := recordLimit
	recordLimit = 640 * 400 * 3 // three frames that change wholly
	t.Cleanup(func() { recordLimit = old })
	g, dir, _, screen := startRecordingTest(t, 10) // fakeScreen: each frame another colour
	msg := runRecording(t, g, screen)
	files, _ := filepath.Glob(filepath.Join(dir, "pathlens-*.gif"))
	if len(files) != 1 {
		t.Fatalf("%d GIFs written (%v), want the frames taken; message %q", len(files), files, msg)
	}
	if n := len(decodeGIF(t, files[0]).Image); n != 3 {
		t.Errorf("%d frames written, want the 3 that fit", n)
	}
	if !g.w.MessageErr || !strings.Contains(msg, "holds 3 of the 10 frames asked: the recording reached its memory cap") {
		t.Errorf("message %q (error %v), want it to say the recording was cut short and why", msg, g.w.MessageErr)
	}
}

// A screenshot folder removed since the start is said when Shift+F12 is
// pressed, naming the file: it was found only when the GIF was written,
// after seconds of recording.
func TestRecordChecksTheFolderFirst(t *testing.T) {
	g, held := recordingGame(t)
	gone := filepath.Join(t.TempDir(), "shots")
	g.opts.ShotDir, g.opts.GIFFrames = gone, 5
	press(g, held, ebiten.KeyShift, ebiten.KeyF12)
	if g.recording != nil || !g.w.MessageErr || !strings.Contains(g.w.Message, "recording: "+gone) || !strings.Contains(g.w.Message, "cannot be used") {
		t.Errorf("Shift+F12 into a missing folder: recording %v, message %q; want a refusal naming it", g.recording != nil, g.w.Message)
	}
}

// agentsRunningGame is the built-in world in a 640×400 window with one
// agent walking from the query's start to its goal, the agents' clock
// running, recordings of the given frames going to a new temporary folder
// (returned).
func agentsRunningGame(t *testing.T, frames int) (*Game, string) {
	t.Helper()
	g := drawnGame(t, 640, 400)
	dir := t.TempDir()
	g.opts.ShotDir, g.opts.GIFFrames = dir, frames
	id, err := g.w.SpawnAgent(g.w.Start)
	if err != nil {
		t.Fatal(err)
	}
	sim := g.w.Agents()
	sim.Select([]int{id}, false)
	if err := g.w.SendAgents(g.w.Goal, false); err != nil {
		t.Fatal(err)
	}
	if !sim.Running() {
		g.w.ToggleAgents()
	}
	return g, dir
}

// A user's report: on a slow machine (22 frames drawn a second against
// 60 ticks) a live recording took one frame in 12 ticks and its GIF played
// 4× fast, each frame stamped 1/20 s. Several updates between two draws
// no longer lose the frame asked, and each frame is shown as long as it
// was on screen.
func TestRecordLiveOnASlowMachine(t *testing.T) {
	g, dir := agentsRunningGame(t, 4)
	clock := time.Unix(0, 0)
	oldNow, oldRead := recordNow, readScreen
	recordNow = func() time.Time { return clock }
	frame := 0
	readScreen = func(_ *ebiten.Image, pix []byte) { // each frame another colour
		frame++
		for i := 0; i < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(frame), 0, 0, 255
		}
	}
	t.Cleanup(func() { recordNow, readScreen = oldNow, oldRead })
	held := &heldKeys{}
	fakeKeys(t, held)
	screen := ebiten.NewImage(640, 400)
	*held = heldKeys{ebiten.KeyF12: 1, ebiten.KeyShift: 2}
	g.Update()
	*held = heldKeys{}
	if g.recording == nil || !g.recording.live {
		t.Fatalf("Shift+F12 with agents running began no live recording; message %q", g.w.Message)
	}
	draws := 0
	for g.recording != nil && draws < 20 {
		for range 4 { // a slow machine: four ticks between two frames
			g.Update()
		}
		clock = clock.Add(150 * time.Millisecond)
		g.drawnAt = time.Time{}
		g.Draw(screen)
		draws++
	}
	if draws != 4 {
		t.Errorf("%d frames drawn for a recording of 4, want one taken at each", draws)
	}
	runRecording(t, g, screen)
	files, _ := filepath.Glob(filepath.Join(dir, "pathlens-*.gif"))
	if len(files) != 1 {
		t.Fatalf("%d GIFs written, want 1", len(files))
	}
	gg := decodeGIF(t, files[0])
	if len(gg.Image) != 4 {
		t.Fatalf("%d frames, want 4", len(gg.Image))
	}
	for k, d := range gg.Delay[:3] {
		if d != 15 {
			t.Errorf("frame %d shown %d/100 s, want the 15 it was on screen", k, d)
		}
	}
}

// A timeline recording's frames leave out the controls (the tool and its
// hint in the top bar; render tests the status line): the window drawn
// before and after it shows them.
func TestRecordingFramesLeaveOutTheTool(t *testing.T) {
	g, held := recordingGame(t)
	g.opts.ShotDir, g.opts.GIFFrames = t.TempDir(), 4
	screen := ebiten.NewImage(640, 400)
	g.drawnAt = time.Time{}
	g.Draw(screen)
	if got := g.r.TopBarShown(); !strings.Contains(got, "tool:") {
		t.Fatalf("top bar before the recording %q: want the tool (the test needs room for it)", got)
	}
	press(g, held, ebiten.KeyShift, ebiten.KeyF12)
	if g.recording == nil {
		t.Fatalf("Shift+F12 began no recording; message %q", g.w.Message)
	}
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	g.drawnAt = time.Time{}
	g.Draw(screen)
	if got := g.r.TopBarShown(); strings.Contains(got, "tool:") {
		t.Errorf("top bar in a recorded frame %q: want no tool", got)
	}
	runRecording(t, g, screen)
	g.drawnAt = time.Time{}
	g.Draw(screen)
	if got := g.r.TopBarShown(); !strings.Contains(got, "tool:") {
		t.Errorf("top bar after the recording %q: want the tool back", got)
	}
}
