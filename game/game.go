// Package game is the Ebiten adapter of pathlens: it polls input into named
// actions, runs the active tool, moves the camera, and asks render to draw
// the session kept in game/world. It holds no pathfinding logic of its own.
package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	xdraw "golang.org/x/image/draw"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/internal/cli"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/render"
)

// Options configure a Game.
type Options struct {
	// ShotPath, when set, makes the game draw its first complete frame to
	// this PNG file and then end.
	ShotPath string
	// Layers is a comma-separated list of layer names to show instead of
	// the defaults, or "+name,-name" changes to the defaults, or "all".
	Layers string
	// Cursor places the timeline cursor before the shot, or in the window
	// once the first traced answer is in: an event number, a fraction of
	// the timeline ("0.4") or "phase:NAME".
	Cursor string
	// ViewLevel is the abstract level whose structure is drawn (0: 1,
	// or, with Cursor in a trace, the level of the phase there, as
	// stepping to it shows).
	ViewLevel int
	// Zoom, when positive, zooms the first frame about the point Center
	// (cells) to this many pixels per cell instead of fitting the map.
	Zoom   float64
	Center image.Point
	// ZoomSet: -zoom was given, 0 included (the fitted map): the first
	// query is then not framed.
	ZoomSet bool
	// ProfileFrames, when positive, measures Update and Draw for that many
	// frames, then ends; ProfileReport gives the figures.
	ProfileFrames int
	// Play starts the timeline playing from its beginning.
	Play bool
	// ShotDir is where the screenshot key writes (default ".").
	ShotDir string
	// NoLegend starts with the layer legend hidden (K shows it).
	NoLegend bool
	// NoPanel starts with the side panel hidden (Tab shows it).
	NoPanel bool
	// UIScale sizes the text, panel, bars and legend: 1.5 draws them half
	// as large again (0: 1). New refuses one outside
	// cli.MinUIScale..cli.MaxUIScale.
	UIScale float64
	// Pin, when HasPin is set, is the cell pinned in the inspector at
	// start, as a click of the inspect tool pins it: a -shot ignores the
	// pointer, so this is how its picture shows a cell's figures. New
	// refuses a cell outside the map.
	Pin    image.Point
	HasPin bool
	// StartError is a message to show at start (a file that failed to
	// load).
	StartError string
	// GIFPath, when set, makes the game record the query's timeline, from
	// its start to its end, into this animated GIF and then end (-gif);
	// GIFFrames is how many frames the recording (and Shift+F12's) takes
	// (0: cli.DefaultGIFFrames).
	GIFPath   string
	GIFFrames int
}

// Game implements ebiten.Game for one session.
type Game struct {
	// builtinCase's answer for the source builtinSrc.
	builtinSrc              string
	builtinKnown, builtinIs bool

	crash error // a panic caught in Draw (survive): the next Update returns it
	w     *world.World
	opts  Options
	r     *render.Renderer
	in    *Input
	cam   render.Camera
	lay   render.Layout

	// kept says where keepUserQuery put the user's query ("" when it
	// kept none): sayKept adds it to the message.
	kept string

	screenW, screenH int
	selBuf           []int // the selected agents, for the agent tool's caption (reused)
	autoFit          bool  // refit on resize until the user moves the view
	// startView: what autoFit keeps is the view -zoom asked for
	// (Options.Zoom pixels a cell, Options.Center in the middle of the map
	// area) rather than the whole map, so a window resized after it opens
	// keeps that cell in the middle. Cleared wherever autoFit is set anew
	// (F, a query framed whole, a typed query, another session): those ask
	// for the whole map.
	startView bool
	// viewZoom and viewCenter are the view startView keeps: -zoom's and
	// -center's, or the view a session's file saved (applyFileView).
	viewZoom   float64
	viewCenter image.Point
	frameFirst bool // the session's first query is framed (frameListQuery) once the view is fitted
	// viewGiven: the first view was asked for (-zoom, or the file's own
	// zoom and centre), so a step placed at the start is not framed.
	viewGiven bool
	// stepPending: the session opened at a step (an event number of
	// -cursor, or the file's "set cursor"), which is framed once the
	// query's own framing is done (frameStepWhenReady).
	stepPending bool
	// fileLevel is the view level the session's file saved, which the
	// file's cursor keeps rather than its phase's (0: none).
	fileLevel int
	// routePending: the query routeFor was framed on its ends and is
	// framed on its route once its answer and optimum are in
	// (frameRouteWhenIn).
	routePending bool
	routeFor     [2]image.Point

	layers     render.LayerSet
	noLegend   bool
	camLogged  render.Camera
	camStable  int
	viewLevel  int
	phaseSeen  phaseKey // the trace and phase followPhase last saw
	scenGrid   uint64   // the grid's version the -scen optimal lengths hold for
	panel      bool
	showHelp   bool
	helpScroll int // pixels the help screen is scrolled
	gallery    bool
	gallerySel int
	confirm    *confirm
	prompt     *prompt     // the one-line text entry (open, go to, save as), nil when closed
	promptHist [3][]string // per prompt kind, what Enter carried out, oldest first (↑ ↓ recall it)

	tools     []Tool
	tool      Tool
	toolDown  Tool // the tool receiving the current left drag (nil: none)
	rightDown bool
	// rightWait: the right button went down beside the grid (in the map
	// area's margin); the stroke begins at the first grid cell the drag
	// reaches, with rightShift (the weight) as pressed.
	rightWait, rightShift bool
	lastCell              image.Point
	brush                 uint8
	brushSize             int             // the brush's width in cells (brushSizes), for every stroke
	paintMode             world.PaintMode // what a stroke without the weight does (Shift+D)
	query                 int             // index in w.Queries of the query F3 last opened
	pinned                image.Point
	hasPinned             bool
	hover                 image.Point
	hoverOK               bool
	mouseX                int
	mouseY                int
	mouseIn               bool
	panning               bool
	panX, panY            int
	spaceDown             bool
	spacePan              bool
	scrubbing             bool

	inspect     world.CellInfo
	inspectKey  inspectKey
	repairSeq   int
	repairAt    time.Time
	repairHeld  bool              // Shift+R: the last repair's highlight stays, unfaded
	uiScale     float64           // window pixels per screen pixel (Layout; Ctrl+= Ctrl+-)
	outsideW    int               // the window's width in its own pixels (Layout)
	outsideH    int               // and its height
	panelSaid   bool              // the panel's drop for want of width has been noted
	panelNote   string            // that note as written (panelRoomNote's words; "" once taken back)
	panelNoteAt [2]float64        // and the window's width and scale it was worded for (notePanelDrop)
	panelScroll int               // lines the panel's numbers and inspector are scrolled
	switchFold  render.SwitchFold // the panel's switch rows: folded when short, or as clicked
	messageSeq  int
	messageW    *world.World // the session messageSeq counts in (each session counts from 0)
	messageAt   time.Time
	messageGen  uint64 // the timeline generation when the message appeared
	messageBusy bool   // it appeared while a plan was being worked on
	// msgDismissed is the message Esc put away (its number, in session
	// msgDismissedW): messageAge counts it gone. notesHidden is the map
	// notes Esc put away, as render.MapNotesShown gave them: they stay
	// hidden until what they say changes.
	msgDismissed  int
	msgDismissedW *world.World
	notesHidden   string
	title         string
	frames        int
	shotDone      bool
	shotErr       error
	shotPending   string         // screenshot-key path to write in the next Draw
	shotWritten   string         // path written by Draw, logged by the next Update
	shotPhase     string         // the top bar's phase in that picture
	deferred      *deferredStart // -cursor / -play waiting for the first plan (pollDeferred)
	shotBusy      bool           // whether the session was busy in it (world.Busy)
	quit          bool
	saveAtEnd     bool // Ctrl+S came during a stroke: save when it ends
	last          time.Time

	// stepping is whether the timeline's cursor was inside the query (a
	// search being stepped or played) at the last Update; panelScrolled
	// whether the wheel has moved the panel since the stepping began.
	// While stepping and not scrolled, the panel follows its open list.
	stepping, panelScrolled bool

	prof profile

	// edgesAll draws every abstract edge alike (Shift+E); off, the pinned
	// or pointed cluster's are bright and the rest faint (render.Frame).
	edgesAll bool

	agentLayer render.AgentLayer

	drawKey  frameKey
	drawnKey frameKey
	drawnAt  time.Time

	// The timeline recording (record.go).
	recording  *recording      // under way (Shift+F12, -gif)
	recDone    chan recordDone // the background encoder's report, until read
	recErr     error           // a -gif recording that failed: Update ends the app with it
	drawnBadge string          // the recording badge the last Draw showed ("" none): drawn after the capture
	gifStarted bool            // the -gif recording has been begun
}

// frameKey is everything a frame shows that can change between Updates;
// when it is unchanged (and nothing animates), Draw keeps the last frame,
// which saves a software-rendered display nearly all its work.
type frameKey struct {
	w                  *world.World
	tl, grid, rooms    uint64
	msg, repair        int
	cam                render.Camera
	lay                render.Layout
	hover, pinned      image.Point
	hoverOK, hasPinned bool
	mouseX, mouseY     int
	layers             render.LayerSet
	edgesAll           bool
	level              int
	tool               Tool
	help, gal, conf    bool
	helpScroll         int
	galSel             int
	settings           world.Settings
	pending, playing   bool
	deferred           bool
	dirty, legend      bool
	panel, repairHeld  bool
	panelScroll        int
	panelFollow        bool
	brush              uint8
	brushSize          int
	paintMode          world.PaintMode
	painting           bool
	caption            string
	status             string
	prompt             render.Prompt // the open prompt's (zero when closed)
	// A background build arriving changes no other field when there is no
	// query (the structure layers appear), and a sliced search's progress
	// shows only in the note: without these they waited for the 500 ms
	// safety net.
	busy, hier bool
	note       string
	// The components layer's cut cells arriving from the background, and
	// the moment its note starts saying they are computed: no other
	// field changes then.
	cuts, cutsNote bool
	// The inspector's component labelled in the background coming in.
	comps uint64
	// A bake of the groups layer coming in from the background.
	groups uint64
	// The agents: what the simulation shows changes its Version (a tick,
	// a spawn, a selection…), and the agent tool's box drag ends on a
	// release that may move nothing else. A paused or empty simulation
	// keeps the key, so it costs no redraw (the 100 ms redraws it had
	// with agents, and every frame's with an empty running clock, took
	// 160 % of a core under Xvfb).
	sim     *agents.Sim
	simV    uint64
	simDrag image.Rectangle
	// Whether the message shows (render.drawMessage: until its
	// MessageLife): it is drawn whole or not at all, so only its going
	// needs a redraw. needsDraw redrew every frame for 13 s after each
	// message (a spawn's, an undo's).
	msgShown    bool
	notesHidden string // Esc put the map notes away (Game.notesHidden)
}

type inspectKey struct {
	p       image.Point
	tl, grd uint64
	algo    world.Algo
	w       *world.World
	// The hierarchy the cell's levels come from: one built in the
	// background (or for a new cluster size with no query) arrives without
	// any other field changing.
	hier   world.Hierarchy
	repair int
	comps  uint64 // World.ComponentsSeq: a component worked out in the background came in
	shown  bool   // a cell is inspected at all (pinned, or hovered off the legend)
}

// loadedGrid is the grid version a .scen list's optimal lengths hold for
// in w just opened: the map as loaded, or none when a scenario's own edits
// already changed it.
func loadedGrid(w *world.World) uint64 {
	if w.EditCount() > 0 {
		return ^uint64(0)
	}
	return w.GridVersion()
}

// confirm is a pending question (unsaved edits) and what to do on yes.
type confirm struct {
	lines  []string
	what   string              // what yes does ("quit", "open arena.map")
	then   func(g *Game) error // after saving or discarding
	cancel func()              // on Esc (nil: nothing to undo)
}

// New returns a game showing w.
func New(w *world.World, opts Options) (*Game, error) {
	g := &Game{w: w, opts: opts, r: render.New(), in: NewInput(actionTable), autoFit: true, startView: opts.Zoom > 0, frameFirst: true,
		viewZoom: opts.Zoom, viewCenter: opts.Center, viewGiven: opts.ZoomSet || opts.Zoom > 0,
		layers: render.DefaultLayers, panel: !opts.NoPanel, brush: 5, brushSize: 1, viewLevel: max(1, opts.ViewLevel), noLegend: opts.NoLegend}
	g.tools = []Tool{&queryTool{}, paintTool{}, inspectTool{}, &agentTool{}, roomTool{}}
	g.tool = g.tools[0]
	g.query = w.FirstQuery // the query Begin opened
	g.scenGrid = loadedGrid(w)
	g.uiScale = opts.UIScale
	if g.uiScale == 0 {
		g.uiScale = 1
	}
	if !(g.uiScale >= cli.MinUIScale && g.uiScale <= cli.MaxUIScale) {
		return nil, fmt.Errorf("UI scale %v: want %v to %v", opts.UIScale, cli.MinUIScale, cli.MaxUIScale)
	}
	g.fileLayers()
	if err := g.applyLayerSpec(opts.Layers); err != nil {
		return nil, err
	}
	g.syncLayers()
	w.ShowCutCells(g.layers.Has(render.LayerComponents))
	if opts.ShotPath != "" {
		// The picture shows the layer's cut cells, as it shows the
		// finished plan (main waited for it): they are computed in the
		// background on maps over 256×256.
		w.Wait()
	}
	if opts.ShotDir == "" {
		g.opts.ShotDir = "."
	}
	if opts.GIFFrames <= 0 {
		g.opts.GIFFrames = cli.DefaultGIFFrames
	}
	if opts.GIFPath != "" {
		w.Wait() // the recording covers the finished query's whole timeline
		if !w.HasStart || !w.HasGoal {
			// Said before a window opens, with the flags that give a
			// query ("plan a query first" was advice for the window).
			if why := g.refusedQuery("record"); why != "" {
				return nil, fmt.Errorf("-gif %s: %s", opts.GIFPath, why)
			}
			return nil, fmt.Errorf("-gif %s: there is no query to record: give one with -from X,Y -to X,Y (or open a .pls with a query line)", opts.GIFPath)
		}
	}
	g.applyFileView(true) // before -cursor: a step is not framed over the file's own view
	if opts.Cursor != "" && (!w.HasStart || !w.HasGoal) {
		// No query: no plan will come for the cursor to wait for (on a
		// map over 256×256 it waited, and was dropped at the first query
		// as "another query was asked").
		return nil, g.seekSpec(opts.Cursor)
	}
	if opts.Cursor != "" || opts.Play {
		start := func() error {
			if opts.Cursor != "" {
				if err := g.applyCursor(); err != nil {
					return err
				}
			}
			if opts.Play {
				w.TogglePlay()
			}
			return nil
		}
		if !w.Busy() {
			if err := start(); err != nil {
				return nil, err
			}
		} else {
			// A map over 256×256 builds and plans in the background (a
			// shot waited above): the timeline is empty until the
			// traced answer is in, so the cursor is placed (and play
			// starts) then. A cursor that trace cannot show is said in
			// the window, open by then, rather than ending the app.
			// The query it is for is kept: an edit or a switch that plans
			// the same query again keeps the flag for the new plan (its
			// phase or fraction still makes sense there), a new query
			// drops it, said once that query's answer is in (said at
			// once, a pick's own instruction hid it). See pollDeferred.
			g.deferred = &deferredStart{run: start, query: queryOf(w)}
		}
	}
	if opts.Cursor == "" && !opts.Play {
		g.placeFileCursor()
	}
	if opts.HasPin {
		if !w.Grid.In(opts.Pin) {
			return nil, fmt.Errorf("pin %d,%d: outside the %d×%d map (cells 0,0 to %d,%d)",
				opts.Pin.X, opts.Pin.Y, w.Grid.Width(), w.Grid.Height(), w.Grid.Width()-1, w.Grid.Height()-1)
		}
		g.pinned, g.hasPinned = opts.Pin, true
	}
	g.messageSeq = -1
	g.repairSeq = w.RepairSeq
	return g, nil
}

// fileLayers shows the layers the session's file names ("set layers"),
// when it names them: a saved session opens with the layers the user had
// on. A file that names none leaves the layers as they are (install has
// set a gallery case's to the defaults first).
func (g *Game) fileLayers() {
	spec := g.w.Layers
	if spec == "" {
		return
	}
	var ls render.LayerSet
	if spec != maps.NoLayers {
		for _, name := range strings.Split(spec, ",") {
			if l, ok := render.LayerByName(name); ok { // the reader took only known names
				ls = ls.With(l, true)
			}
		}
	}
	g.layers = ls
}

// syncLayers tells the session which layers are on, for a save to write
// them ("set layers"); call it whenever they change.
func (g *Game) syncLayers() {
	g.w.Layers = layerSpec(g.layers)
}

// layerSpec writes ls as a scenario's "set layers" value: the layers' names
// in the legend's order, or maps.NoLayers.
func layerSpec(ls render.LayerSet) string {
	var names []string
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if ls.Has(l) {
			names = append(names, l.ShortName())
		}
	}
	if len(names) == 0 {
		return maps.NoLayers
	}
	return strings.Join(names, ",")
}

// applyLayerSpec applies -layers.
func (g *Game) applyLayerSpec(spec string) error {
	if spec == "" {
		return nil
	}
	if spec == "all" {
		g.layers = render.LayerSet(1<<render.NumLayers - 1)
		return nil
	}
	parts := strings.Split(spec, ",")
	relative := strings.HasPrefix(parts[0], "+") || strings.HasPrefix(parts[0], "-")
	if !relative {
		g.layers = 0
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		on := true
		if strings.HasPrefix(p, "-") {
			on = false
		}
		name := strings.TrimLeft(p, "+-")
		full, ok := cli.LayerName(name) // a name, or the layer's key letter
		l, known := render.LayerByName(full)
		if !ok || !known {
			return cli.CheckLayers(name) // says why, as the command line's check does
		}
		g.layers = g.layers.With(l, on)
	}
	return nil
}

// deferredStart is -cursor (and -play) waiting for a big map's first
// plan: run places the cursor (starts play), query is the query it is for.
type deferredStart struct {
	run   func() error
	query [4]int
	// file: the session file's saved cursor, not a flag: dropped without
	// a word when another query came first.
	file bool
}

// applyFileView shows the view the session's file saved (world.FileView:
// "set zoom", "set center", "set level", "set pin"), as -zoom, -center,
// -level and -pin would: the zoom about its centre, kept on a resize until
// the view is moved, the view level, and the pinned cell. flags is true
// at the start, where the command line's flags say otherwise: -zoom (0
// too) replaces the zoom and centre, -level or -cursor the level (-cursor
// shows its phase's), -pin the pin. The zoom and centre are for the query
// the file opened on: a -query, -from or -to that opens another is framed
// as it always was.
func (g *Game) applyFileView(flags bool) {
	w := g.w
	v := w.FileView()
	g.fileLevel = 0
	if (v.Zoom > 0 || v.Fit) && w.OpensFileQuery() && !(flags && g.opts.ZoomSet) {
		// The file's view, not the query framed. "set zoom fit" is the
		// whole map, as -zoom 0, and the step the file saved is not
		// framed either.
		if v.Zoom > 0 {
			g.viewZoom, g.viewCenter = v.Zoom, v.Center
		}
		g.autoFit, g.startView, g.viewGiven = true, v.Zoom > 0, true
		g.frameFirst, g.routePending = false, false
	}
	if v.Level > 0 && !(flags && (g.opts.ViewLevel != 0 || g.opts.Cursor != "")) {
		g.viewLevel, g.fileLevel = v.Level, v.Level
	}
	if v.Pinned && !(flags && g.opts.HasPin) {
		g.pinned, g.hasPinned = v.Pin, true
	}
}

// syncView tells the session the view on screen, for a save to write it
// (world.View): the zoom and the cell in the middle of the map area,
// unless the whole map is fitted, the view level where there is a
// hierarchy to show, and the pinned cell. Call it once the camera is
// placed; it costs a few multiplications.
func (g *Game) syncView() {
	w := g.w
	var v world.View
	if (!g.autoFit || g.startView) && g.cam.Fitted() && !g.lay.Map.Empty() {
		m := g.lay.Map
		x, y := g.cam.ToWorld(float64(m.Min.X+m.Max.X)/2, float64(m.Min.Y+m.Max.Y)/2)
		v.Zoom, v.Center = g.cam.Zoom, image.Pt(int(math.Floor(x)), int(math.Floor(y)))
		if g.autoFit && g.startView {
			v.Zoom, v.Center = g.viewZoom, g.viewCenter // as asked, not as rounded by the camera
		}
	} else {
		v.Fit = true
	}
	if w.Settings.Algo.Hierarchical() || w.Settings.UsesClusterHeuristic() {
		v.Level = g.shownLevel()
	}
	v.Pin, v.Pinned = g.pinned, g.hasPinned
	w.View = v
}

// placeFileCursor places the first query's cursor at the event the
// session's file saved it at ("set cursor N"), once its traced answer is
// in. A place the timeline does not have (the file's map redrawn since) is
// noted, never an error: the file opens either way. The place is for the
// query the file opened on: a flag that opens another leaves it out.
func (g *Game) placeFileCursor() {
	w := g.w
	c := w.FileCursor()
	if c == "" {
		return
	}
	run := func() error {
		n, _ := strconv.Atoi(c)
		if tl := &g.w.Timeline; n > tl.Len() {
			g.w.Note("the file saved the query at event %s, past its timeline's %s events: shown at the end", world.Count(n), world.Count(tl.Len()))
			return nil
		}
		if err := g.seekSpec(c); err == nil {
			g.w.Play.Playing = false
			tl := &g.w.Timeline
			if g.fileLevel > 0 {
				// The level saved with the step, not its phase's: the
				// user may have switched it there with L.
				g.viewLevel, g.phaseSeen = g.fileLevel, phaseKey{tl.Generation(), tl.Phase()}
			} else {
				g.phaseSeen = phaseKey{tl.Generation(), -1} // show the level of its phase
			}
			g.stepPending = !g.viewGiven
		}
		return nil
	}
	if !w.Busy() {
		run()
		return
	}
	g.deferred = &deferredStart{run: run, query: queryOf(w), file: true}
}

// queryOf is the session's query as a comparable value.
func queryOf(w *world.World) [4]int {
	if !w.HasStart || !w.HasGoal {
		return [4]int{-1, -1, -1, -1}
	}
	return [4]int{w.Start.X, w.Start.Y, w.Goal.X, w.Goal.Y}
}

// pollDeferred applies a waiting -cursor (and -play) once the session's
// plan is in: to it when it answers the query the flags were for (after an
// edit or a switch too, and after Esc brought that query back), else it
// says that they were not applied, once, when the other query's answer is
// in.
func (g *Game) pollDeferred() {
	d := g.deferred
	if d == nil || g.w.Busy() || !g.w.HasStart || !g.w.HasGoal {
		return // a pick half done waits: its instruction stays up
	}
	g.deferred = nil
	w := g.w
	if queryOf(w) == d.query {
		if err := d.run(); err != nil {
			// Also where the flag was typed, as a -shot says it.
			fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
			w.Fail("%v", err)
		}
		return
	}
	if d.file {
		return // the file's place was for the query it opened with
	}
	msg := deferredDroppedNote(g.opts)
	fmt.Fprintf(os.Stderr, "pathlens: %s\n", msg)
	w.Note("%s", msg)
	w.Log.Add("flag_dropped", world.F{Key: "msg", Val: msg})
}

// deferredDroppedNote says that -cursor (or -play) waited for the first
// plan of a big map and was not applied, since another query was asked
// before that plan came in.
func deferredDroppedNote(opts Options) string {
	var flags []string
	if opts.Cursor != "" {
		flags = append(flags, "-cursor "+opts.Cursor)
	}
	if opts.Play {
		flags = append(flags, "-play")
	}
	return strings.Join(flags, " and ") + " not applied: another query was asked before the first plan came in, and the flag was for that plan"
}

// applyCursor places the cursor -cursor asks for in the current trace,
// and has the view follow its phase's level.
func (g *Game) applyCursor() error {
	if err := g.seekSpec(g.opts.Cursor); err != nil {
		return err
	}
	if _, err := strconv.Atoi(g.opts.Cursor); err == nil && !g.viewGiven && !g.opts.Play {
		// An event number names a step, shown as the file's cursor is
		// (a fraction or a phase names a stretch of the query, framed
		// whole as before; played, the step is gone at once).
		g.stepPending = true
	}
	if g.opts.ViewLevel == 0 {
		// The cursor moved within this trace: followPhase shows the
		// level of its phase, as for a step there ("phase:abstract
		// L2" kept level 1's structure on screen).
		g.phaseSeen = phaseKey{g.w.Timeline.Generation(), -1}
	}
	return nil
}

// seekSpec places the timeline cursor: an event number or a fraction.
func (g *Game) seekSpec(s string) error {
	tl := &g.w.Timeline
	if !g.w.HasStart || !g.w.HasGoal {
		if why := g.refusedQuery("place it in"); why != "" {
			// A query was given (-from and -to, a scenario's), but the
			// session refused it: "there is no query … give one with
			// -from X,Y -to X,Y" told a user who had given one.
			return fmt.Errorf("-cursor %q: %s", s, why)
		}
		// Not "the query has no timeline" nor "events 0 to 0": there is
		// no query at all (-map without -from/-to), said so.
		return fmt.Errorf("-cursor %q: there is no query to place it in: give one with -from X,Y -to X,Y (or open a .pls with a query line)", s)
	}
	if name, ok := strings.CutPrefix(s, "phase:"); ok {
		// The middle of the phase FindPhase picks.
		tr := tl.Trace()
		if tr == nil {
			return fmt.Errorf("-cursor %q: the query has no timeline", s)
		}
		k := tl.FindPhase(name)
		if k >= 0 && tr.PhaseEnd(k) > tr.Phases[k].Start {
			tl.Seek((tr.Phases[k].Start + tr.PhaseEnd(k) + 1) / 2)
			return nil
		}
		if msg, ok := stepRefusal(s, name, tr); ok {
			return errors.New(msg)
		}
		if k >= 0 {
			// A phase that searched nothing has no event to stand in:
			// the cursor would show the phase before it (a review found
			// "phase:step 3" accepted so, "phase:plan L2 (stored plan…)"
			// too).
			return errors.New(emptyPhaseRefusal(s, tl, k))
		}
		// One name per kind of phase: a long route has a refinement
		// phase per plan step, listed as "refine L1 step K". Only the
		// kinds the cursor can stand in are listed: a phase that searched
		// nothing is refused above, and HPA*'s long routes listed three
		// kinds of "step K … (no search)" before the example.
		var names, empty []string
		example := ""
		for k, ph := range tr.Phases {
			name := stepNumber.ReplaceAllString(ph.Name, "step K")
			if tr.PhaseEnd(k) <= ph.Start {
				if !slices.Contains(empty, name) {
					empty = append(empty, name)
				}
				continue
			}
			if name != ph.Name && (example == "" || !strings.HasPrefix(example, "refine") && strings.HasPrefix(ph.Name, "refine")) {
				example = ph.Name // a refinement's, the kind the panel lists
			}
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		// A kind empty in one phase and searched in another is listed.
		empty = slices.DeleteFunc(empty, func(x string) bool { return slices.Contains(names, x) })
		list := strings.Join(names, ", ")
		if len(names) == 0 {
			list = "none that searched"
		}
		if example != "" {
			list += fmt.Sprintf("; K is a plan step, as in phase:%q", example)
		}
		if len(empty) > 0 {
			list += "; " + world.Plural(len(empty), "kind", "kinds") + " searched nothing"
		}
		if onlyShortcut(tr) {
			// HPA* answered a short query by its bounded A* alone: no
			// insertion, abstract search or refinement ran, which "(have
			// shortcut)" left the user to guess.
			return fmt.Errorf("-cursor %q: no such phase: the query lies within neighbouring clusters, so HPA* answered it by its bounded-A* shortcut alone, with no insertion, abstract search or refinement (have %s); -shortcut=false (Shift+Z in the window) sends it through the hierarchy", s, list)
		}
		return fmt.Errorf("-cursor %q: no such phase (have %s)", s, list)
	}
	if strings.Contains(s, ".") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 0 || f > 1 {
			return fmt.Errorf("-cursor %q: want an event number or a fraction 0..1", s)
		}
		tl.Seek(int(f * float64(tl.Len())))
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("-cursor %q: want an event number or a fraction 0..1", s)
	}
	if n < 0 || n > tl.Len() {
		return fmt.Errorf("-cursor %d: the query's timeline has events 0 to %d", n, tl.Len())
	}
	tl.Seek(n)
	return nil
}

// refusedQuery words why the session's first query, given but refused,
// has no start or goal, and what to give instead ("the query's start
// (30,40) and goal (45,45) are blocked, so no query ran to VERB …", verb
// "place it in" for -cursor, "record" for -gif); "" when the session was
// given no query.
func (g *Game) refusedQuery(verb string) string {
	w := g.w
	if len(w.Queries) == 0 {
		return ""
	}
	q := w.Queries[min(max(w.FirstQuery, 0), len(w.Queries)-1)]
	var bad, flags []string
	for i, p := range q {
		if w.Grid.In(p) && w.Grid.Weight(p) == 0 {
			bad = append(bad, fmt.Sprintf("%s (%d,%d)", [2]string{"start", "goal"}[i], p.X, p.Y))
			flags = append(flags, [2]string{"-from", "-to"}[i]+" X,Y")
		}
	}
	ran := "so no query ran to " + verb
	switch len(bad) {
	case 0:
		return fmt.Sprintf("the query (%d,%d)→(%d,%d) was refused, %s: give one with -from X,Y -to X,Y", q[0].X, q[0].Y, q[1].X, q[1].Y, ran)
	case 1:
		return fmt.Sprintf("the query's %s is blocked, %s: give an open cell with %s", bad[0], ran, flags[0])
	}
	return fmt.Sprintf("the query's %s and %s are blocked, %s: give open cells with -from X,Y -to X,Y", bad[0], bad[1], ran)
}

// onlyShortcut reports whether every phase of tr is HPA*'s bounded-A*
// shortcut: a query within neighbouring clusters answered without the
// hierarchy.
func onlyShortcut(tr *pathing.Trace) bool {
	for _, ph := range tr.Phases {
		if ph.Name != "shortcut" {
			return false
		}
	}
	return len(tr.Phases) > 0
}

// stepNumber matches the plan step a refinement phase's name carries.
var stepNumber = regexp.MustCompile(`step \d+`)

// Title is the window title.
func (g *Game) Title() string {
	t := "pathlens — " + g.w.Name
	// The file too when its name is not the session's: a designer opened a
	// copy of rooms.pls and read "rooms", with no way to tell which file
	// the edits would go to.
	// The file the next Ctrl+S writes (-save, a save as) before the one
	// opened: after a save as, the title named the old file.
	f := g.w.SaveTo
	if f == "" {
		f = g.w.ScenarioFile()
	}
	// And the map when the session is named otherwise: room.map saved as
	// level2.pls read "pathlens — level2", the map gone from the title.
	// With the map the file is named too, so a session reads the same
	// after its save as and when its file is reopened.
	var extra []string
	m := g.w.MapFile()
	if m != "" && (stem(m) == g.w.Name || filepath.Base(m) == filepath.Base(f)) {
		m = ""
	}
	if f != "" && (stem(f) != g.w.Name || m != "") {
		extra = append(extra, filepath.Base(f))
	}
	if m != "" {
		extra = append(extra, "map "+filepath.Base(m))
	}
	if len(extra) > 0 {
		t += " (" + strings.Join(extra, ", ") + ")"
	}
	if g.w.Dirty() {
		t += " (unsaved)"
	}
	if r := g.recording; r != nil {
		// In the title, not on screen: the recording takes the screen.
		t += fmt.Sprintf(" — recording %d/%d (Esc stops)", r.k, r.n)
	}
	return t
}

// stem is path's base name without its extension.
func stem(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// syncTitle gives the window the title of the moment (Title), when it
// changed.
func (g *Game) syncTitle() {
	if t := g.Title(); t != g.title {
		g.title = t
		ebiten.SetWindowTitle(t)
	}
}

// ErrShot wraps a failure to write the -shot file.
var ErrShot = errors.New("game: screenshot")

// Update moves the session and the view one tick.
func (g *Game) Update() (err error) {
	t0 := time.Now()
	defer func() { g.prof.addUpdate(time.Since(t0)) }()
	defer g.survive("updating the window", &err)
	if g.crash != nil {
		return g.crash // a panic while drawing
	}
	if updateHook != nil {
		updateHook(g)
	}
	if g.shotDone {
		if g.shotErr != nil {
			return fmt.Errorf("%w: %v", ErrShot, g.shotErr)
		}
		return ebiten.Termination
	}
	if err := g.pollRecording(); err != nil {
		return err
	}
	if g.quit {
		return g.quitRecording()
	}
	if g.opts.ProfileFrames > 0 && g.prof.frames() >= g.opts.ProfileFrames {
		return ebiten.Termination
	}
	g.frames++
	now := frameClock()
	dt := 1.0 / 60
	if !g.last.IsZero() {
		dt = math.Min(now.Sub(g.last).Seconds(), 0.25)
	}
	g.last = now
	g.in.Poll()
	g.lay = g.layout(g.screenW, g.screenH)
	g.notePanelDrop()
	if g.autoFit || !g.cam.Fitted() {
		g.fit()
	}
	g.cam.SetView(g.lay.Map) // a resize keeps the user's view but bounds panning by the new area
	if g.frameFirst {
		// The query the session opened with (-query K, or the list's
		// first) is framed as F3 frames one, unless -zoom asked for a
		// view of its own.
		g.frameFirst = false
		if !g.opts.ZoomSet && g.opts.Zoom <= 0 || g.frames > 1 {
			g.frameListQuery()
		}
	}
	g.frameRouteWhenIn()
	g.syncView()
	if g.shotWritten != "" {
		g.w.Note("screenshot saved: %s", g.shotWritten)
		g.w.Log.Add("screenshot", world.F{Key: "path", Val: g.shotWritten},
			world.F{Key: "phase", Val: g.shotPhase}, world.F{Key: "busy", Val: onOff(g.shotBusy)})
		g.shotWritten = ""
	}

	if ebiten.IsWindowBeingClosed() || g.in.JustPressed(ActQuit) {
		g.askThen("quit", func(g *Game) error { g.quit = true; return nil })
	}
	g.readMouse()
	if fsys := ebiten.DroppedFiles(); fsys != nil && g.opts.ShotPath == "" {
		g.drop(fsys)
	}
	if g.in.JustPressed(ActScreenshot) {
		g.shotPending = g.shotPath(".png")
	}
	if g.opts.GIFPath != "" && !g.gifStarted {
		g.gifStarted = true
		if err := g.startRecording(g.opts.GIFPath, g.opts.GIFFrames, true, false); err != nil {
			return fmt.Errorf("%w: %v", ErrGIF, err)
		}
	}
	if g.in.JustPressed(ActRecord) && g.confirm == nil && g.prompt == nil {
		if err := g.startRecording(g.shotPath(".gif"), g.opts.GIFFrames, false, g.agentsRunning()); err != nil {
			g.w.Fail("recording: %v", err)
		}
	}
	if g.updateRecording() {
		return nil // the recording moves the cursor; the rest of the input waits
	}
	switch {
	case g.confirm != nil:
		g.updateConfirm()
	case g.prompt != nil:
		g.updatePrompt()
	case g.promptKeys():
		// Ctrl+O, Ctrl+G, Ctrl+Shift+S over the help or the gallery: they
		// close it, and what is typed next is the prompt's.
	case g.showHelp:
		if g.in.JustPressed(ActHelp) || g.in.JustPressed(ActEscape) {
			g.showHelp = false
			g.logOverlay("help", false)
		}
		g.updateHelpScroll()
	case g.gallery:
		g.updateGallery()
	default:
		g.updateKeys()
		g.updateMouse()
	}
	g.saveAfterStroke()
	// The session keeps the cut cells computed while the components layer
	// shows them (for a world opened this frame too).
	g.w.ShowCutCells(g.layers.Has(render.LayerComponents))
	g.w.Tick(dt)
	g.pollDeferred()
	g.frameStepWhenReady()
	g.followPhase()
	g.noteStepping()
	g.updateInspect()
	g.logView()
	g.syncTitle()
	if g.w.RepairSeq != g.repairSeq {
		g.repairSeq = g.w.RepairSeq
		g.repairAt = now
	}
	if g.repairHeld && !g.repairToShow() {
		// The held repair was of a hierarchy a switch replaced or dropped.
		g.repairHeld, g.repairAt = false, time.Time{}
		g.logOverlay("repair", false)
	}
	g.noteMessage(now)
	g.expireMessage(now)
	g.drawKey = g.frameKey()
	return nil
}

// survive, deferred by Update and Draw, catches a panic in them (a bug):
// the session may be half-changed, so rather than go on with it the app
// writes it to a rescue file (world.Rescue: the edits, the stroke under
// way, agents, queries and switches; the session's own files untouched)
// and ends, the error saying what failed and where the work is. The
// panic's stack goes to standard error (world.Recovered). Update returns
// the error through err; after a panic in Draw the next Update does.
func (g *Game) survive(what string, err *error) {
	p := recover()
	if p == nil {
		return
	}
	if g.crash == nil {
		ie := world.Recovered(what, p)
		if !dirty(g.w) {
			// Nothing to lose: no rescue file left in a map folder by a
			// -shot, a script or a session with no change.
			g.crash = fmt.Errorf("%w\nnothing was unsaved: the session's files are as they were", ie)
			if err != nil {
				*err = g.crash
			}
			return
		}
		path, rerr := g.w.Rescue()
		if rerr != nil {
			g.crash = fmt.Errorf("%w; %v", ie, rerr)
		} else {
			arg := path
			if strings.ContainsAny(arg, " \t\n'\"$`\\!*?[]{}()<>|&;#~") {
				// Single quotes: a shell expands $ and ` inside double
				// ones (strconv.Quote's), and reads \\ as one backslash.
				arg = "'" + strings.ReplaceAll(arg, "'", `'\''`) + "'"
			}
			g.crash = fmt.Errorf("%w\nthe session (terrain edits, agents, queries, switches) was saved to %s; reopen it with: pathlens -map %s", ie, path, arg)
		}
	}
	if err != nil {
		*err = g.crash
	}
}

// dirty is w.Dirty(), true when that panics too (the rescue is then
// written rather than risked).
func dirty(w *world.World) (d bool) {
	defer func() {
		if recover() != nil {
			d = true
		}
	}()
	return w.Dirty()
}

// frameClock is the clock of the window's own timing: each frame's dt,
// how long a message and the repair flash have shown, and needsDraw's
// half-second safety net; all the times it compares were read from it.
// Tests step it by hand: on a loaded machine frames run seconds apart,
// and a test of what an idle frame redraws then saw the safety net's
// redraws (TestIdleAgentsNeedNoRedraw).
var frameClock = time.Now

// updateHook, when not nil, runs at the start of each Update (tests: a
// panic there).
var updateHook func(g *Game)

// drawHook, when not nil, runs at the start of each Draw (tests).
var drawHook func(g *Game)

// expireMessage tells the session when its message is no longer shown
// (past its render.MessageLife, or stale): an error gone from the screen
// no longer holds back the notes that would replace it (a switch's note).
func (g *Game) expireMessage(now time.Time) {
	if w := g.w; w.Message != "" && g.messageAge(now) > render.MessageLife(w.MessageErr) {
		w.MessageGone(w.MessageSeq)
	}
}

// frameKey returns the key of what the frame would show now.
func (g *Game) frameKey() frameKey {
	w := g.w
	caption := ""
	if qt, ok := g.tool.(*queryTool); ok {
		caption = qt.caption()
	}
	k := frameKey{w: w, tl: w.Timeline.Version(), grid: w.GridVersion(), rooms: w.RoomsVersion(), msg: w.MessageSeq, repair: w.RepairSeq,
		cam: g.cam, lay: g.lay, hover: g.hover, pinned: g.pinned, hoverOK: g.hoverOK, hasPinned: g.hasPinned,
		mouseX: g.mouseX, mouseY: g.mouseY, layers: g.layers, edgesAll: g.edgesAll, level: g.viewLevel, tool: g.tool,
		help: g.showHelp, helpScroll: g.helpScroll, panelScroll: g.panelScroll, panelFollow: g.panelFollow(), gal: g.gallery, conf: g.confirm != nil, galSel: g.gallerySel, settings: w.Settings,
		pending: w.Optimal.Pending, deferred: w.Optimal.Deferred, playing: w.Play.Playing, dirty: w.Dirty(), legend: g.noLegend, panel: g.panel, repairHeld: g.repairHeld,
		brush: g.brush, brushSize: g.brushSize, paintMode: g.paintMode, painting: g.paintingNow() || g.roomPaintingNow(), caption: caption, status: w.Outcome.Status.String() + w.Message,
		busy: w.Busy(), hier: w.Hierarchy() != nil, note: w.Outcome.Note,
		cuts: w.CutCells() != nil, cutsNote: g.cutsAge(time.Now()) >= render.CutsNoteAfter, comps: w.ComponentsSeq(), groups: w.GroupTintsSeq()}
	if p := g.promptView(); p != nil {
		k.prompt = *p
	}
	if s := w.Agents(); s != nil {
		k.sim, k.simV = s, s.Version()
	}
	k.msgShown = w.Message != "" && g.messageAge(frameClock()) <= render.MessageLife(w.MessageErr)
	k.notesHidden = g.notesHidden
	if at, ok := g.tool.(*agentTool); ok {
		k.simDrag = at.drag
	}
	return k
}

// needsDraw reports whether the frame must be drawn again: something it
// shows changed (a message going included: frameKey), a repair flash is
// fading, or half a second passed (a safety net for anything the key
// misses).
func (g *Game) needsDraw() bool {
	now := frameClock()
	if g.drawKey != g.drawnKey || now.Sub(g.drawnAt) > 500*time.Millisecond {
		return true
	}
	if g.repairHeld || !g.repairAt.IsZero() && now.Sub(g.repairAt).Seconds() < 2.2 {
		return true
	}
	// A big map's terrain is baked over several frames (render's
	// terrainBudget); the groups layer's tints are uploaded a strip a
	// frame: every frame until they are all in (while they are baked,
	// GroupTintsSeq's move draws the frame after).
	return g.r.TerrainPending() || g.r.GroupsUploading()
}

// noteMessage starts the clock of a new message of the session. A message
// is new when its number differs, or when it is another session's (one
// opened from the gallery or a drop counts its messages from 0 again):
// the first message of the new session, with the same number as the old
// session's last, an error shown seconds before, ran on that error's clock.
func (g *Game) noteMessage(now time.Time) {
	if g.w.MessageSeq != g.messageSeq || g.w != g.messageW {
		g.messageSeq, g.messageW = g.w.MessageSeq, g.w
		g.messageAt = now
		g.messageGen = g.w.Timeline.Generation()
		g.messageBusy = planPending(g.w)
	}
}

// planPending reports whether the session shows the current query's answer
// as being worked on (a background build, a sliced search, a stroke).
func planPending(w *world.World) bool {
	return w.Busy() && w.Outcome.Status == pathing.Running && w.HasStart && w.HasGoal
}

// messageAge is how long the session's message has shown, in seconds. A
// message that a later successful plan made stale counts as expired, so it
// no longer sits under the answer for its 6 or 12 seconds: an error ("cell
// (399,149) is blocked" after the next click placed the goal), an
// instruction carried out ("start (60,38): click the goal"), the figures
// of an earlier plan. A new plan still being worked on (world.Busy) counts
// too: "click the goal" sat under "building the HPA* hierarchy…" for the
// whole build on maze512. The answer of a plan that was already being
// worked on when the message appeared does not count: on maze512 "saved
// m2.pls" (Ctrl+S during a build) and F3's "query 2 of 1280 …, the .scen's
// optimal" went in the frame that answer arrived, unread.
func (g *Game) messageAge(now time.Time) float64 {
	w := g.w
	if w.MessageSeq != g.messageSeq || w != g.messageW {
		return 0 // newer than the last noteMessage: it has just appeared
	}
	if w == g.msgDismissedW && w.MessageSeq == g.msgDismissed {
		return math.Inf(1) // Esc put it away
	}
	o := &w.Outcome
	newer := w.Timeline.Generation() != g.messageGen
	if g.messageBusy && w.Timeline.Generation() == g.messageGen+1 && !planPending(w) {
		newer = false // the answer it was shown beside, now in
	}
	if newer && o.Err == nil && (len(o.Path) > 0 || planPending(w)) {
		return math.Inf(1)
	}
	return now.Sub(g.messageAt).Seconds()
}

func (g *Game) fit() {
	side, below := 0, 0 // room for the legend beside a narrow map or under a wide one (render.LegendRoom)
	if !g.noLegend {
		side, below = g.r.LegendRoom(g.legend(), g.lay.Map)
	}
	gw, gh := g.w.Grid.Width(), g.w.Grid.Height()
	g.cam.FitBeside(gw, gh, g.lay.Map, float64(side), float64(below))
	if !g.noLegend {
		// No margin for the whole legend: the legend over the map would
		// hide some of it, its corner at least, so the fit makes a
		// margin for a smaller legend under the map.
		onScreen := func() image.Rectangle {
			x0, y0 := g.cam.ToScreen(0, 0)
			x1, y1 := g.cam.ToScreen(float64(gw), float64(gh))
			return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
		}
		// First every layer's row in a wide box (a click turns any layer
		// on), where that keeps the map at 85 % of its size; else the
		// compact form (the layers that draw something, with their
		// colours), else the line of keys, each as far as 75 %: their
		// only other place is over the map. At 100 % on 1280×800 the
		// whole legend sat over the built-in world's bottom-left corner,
		// at 125 % over its top-right one.
		wide, compact, line := g.r.LegendLineRoom(g.legend(), g.w, g.lay.Map, onScreen())
		for i, try := range [...]struct {
			room    int
			minZoom float64
		}{{wide, render.WideLegendMinZoom}, {compact, render.CompactMinZoom}, {line, render.CompactMinZoom}} {
			if try.room <= 0 {
				continue
			}
			g.cam.FitBesideMin(gw, gh, g.lay.Map, 0, float64(try.room), try.minZoom)
			_, yb := g.cam.ToScreen(0, float64(gh))
			if float64(g.lay.Map.Max.Y)-yb >= float64(try.room) || i == 2 {
				break // the room made, or the line's fit (the map moved up what it can)
			}
		}
	}
	if g.startView {
		cx, cy := float64(g.viewCenter.X)+0.5, float64(g.viewCenter.Y)+0.5
		sx, sy := g.cam.ToScreen(cx, cy)
		g.cam.ZoomTo(sx, sy, g.viewZoom)
		g.centreView(cx, cy)
	}
}

// scrubTo moves the timeline, paused, to the place a click or drag at
// screen column mx on the scrubber names: render.TimelineCursorAt, the
// mapping the hover tip reads, so the tip's event is the one clicked.
func (g *Game) scrubTo(mx int) {
	b := render.TimelineBarRect(g.lay)
	if b.Dx() <= 0 {
		return
	}
	g.w.ScrubTo(render.TimelineCursorAt(b, g.w.Timeline.Len(), float64(mx)))
}

// centreView pans the view so that world point (wx, wy) is in the middle
// of the map area (the window less the panel, the top bar and the
// timeline), as far as the camera's bounds let it.
func (g *Game) centreView(wx, wy float64) {
	sx, sy := g.cam.ToScreen(wx, wy)
	m := g.lay.Map
	g.cam.Pan(float64(m.Min.X+m.Max.X)/2-sx, float64(m.Min.Y+m.Max.Y)/2-sy)
}

// readMouse reads the pointer. A -shot run ignores it: the picture must
// not depend on where the pointer happens to rest on the display (it drew
// the hovered cell's outline, the inspector's hover and an edge tooltip).
// So does a timeline recording; a live one (agents) does not: the user
// digs in front of the agents while it runs.
func (g *Game) readMouse() {
	if g.opts.ShotPath != "" || g.opts.GIFPath != "" || g.recording != nil && !g.recording.live {
		g.mouseX, g.mouseY, g.mouseIn, g.hoverOK = -1, -1, false, false
		return
	}
	if g.lay.TooSmall {
		// The window shows only the note that it is too small: no
		// widget, no map is drawn, so the pointer is over none of them.
		g.mouseX, g.mouseY, g.mouseIn, g.hoverOK = -1, -1, false, false
		return
	}
	mx, my := cursorPosition()
	g.mouseX, g.mouseY = mx, my
	g.mouseIn = image.Pt(mx, my).In(g.lay.Screen)
	inMap := image.Pt(mx, my).In(g.lay.Map)
	g.hover = g.cam.CellAt(float64(mx), float64(my))
	g.hoverOK = inMap && g.w.Grid.In(g.hover)
	if _, _, under := g.r.LegendAt(mx, my); under && g.hoverOK {
		// The cell under the legend is hidden: hovered, it filled the
		// inspector with a cell no one could see and scrolled the panel's
		// numbers away, while a lecturer only went to click a layer. The
		// edges' focus already ignores it; drags still read g.hover.
		g.hoverOK = false
	}
}

// askThen runs then at once when the session has no unsaved edits, else
// asks first.
func (g *Game) askThen(what string, then func(g *Game) error) {
	if !g.w.Dirty() {
		then(g)
		return
	}
	if g.confirm != nil {
		return
	}
	g.w.Log.Add("ask", world.F{Key: "what", Val: what}, world.F{Key: "unsaved", Val: g.w.UnsavedText()})
	g.confirm = &confirm{
		lines: []string{
			g.w.UnsavedText() + " in " + g.w.Name,
			saveLine(g.w, g.w.SaveGoesTo(), what),
			// Not "discard them": after undoing saved edits it read as
			// discarding the edits, when D keeps the file as it is.
			fmt.Sprintf("D: %s without saving", what),
			"Esc: cancel",
		},
		what: what,
		then: then,
	}
}

// saveLine is the unsaved question's S line for a save to path: a file
// marked read-only is named so, since the save will be refused (a designer
// was offered "S: save to ro.pls", pressed it and got the refusal), and so
// is a file whose save was refused just now (a folder the user cannot
// write: World.SaveRefused).
func saveLine(w *world.World, path, what string) string {
	if maps.ReadOnlyFile(path) {
		return fmt.Sprintf("S: save to %s, read-only: refused (Esc, then %s saves elsewhere)", absPath(path), keysOf(ActSaveAs))
	}
	if why := w.SaveRefused(path); why != "" {
		// Ctrl+S was refused there just now (a folder the user cannot
		// write): S would only be refused again.
		return fmt.Sprintf("S: save to %s again, refused just now: %s (Esc, then %s saves elsewhere)", absPath(path), why, keysOf(ActSaveAs))
	}
	return fmt.Sprintf("S: save to %s, then %s", absPath(path), what)
}

// transitionsText is the transitions row's value.
func transitionsText(dense bool) string {
	if dense {
		return "dense: all open pairs" // fits beside its Shift+N in the full panel
	}
	return "sparse: paper's rule"
}

// shortcutText is the shortcut row's value: what a short HPA* query does.
func shortcutText(on bool) string {
	if on {
		return "on: bounded A*"
	}
	return "off: via hierarchy"
}

// heuristicText is the heuristic row's value: its name, and a warning
// when it may overestimate under the neighbourhood (Manhattan with
// diagonal moves), since paths found with it need not be shortest.
func heuristicText(s world.Settings) string {
	if s.Algo == world.AlgoGroup && s.Heuristic == world.HeurCluster {
		// The planner's searches aim at the next group, where the cluster
		// table has nothing to say: it takes the grid's own distance (its
		// note says so).
		return "cluster (" + pathing.Auto.Resolve(s.Neighborhood).String() + " here)"
	}
	if !s.Admissible() {
		return s.Heuristic.String() + " (inadmissible)"
	}
	return s.Heuristic.String()
}

// absPath is p made absolute for a message (p itself when that fails), so
// the quit question names the folder, wherever the app was started.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// cancelConfirm answers the question no (Esc): nothing is saved,
// discarded or opened, and the note says so.
func (g *Game) cancelConfirm() {
	c := g.confirm
	g.confirm = nil
	if c.cancel != nil {
		c.cancel()
	}
	g.w.Log.Add("cancel", world.F{Key: "what", Val: c.what})
	g.w.Note("did not %s: the session and its edits are as they were", c.what)
}

// confirmSave answers the question S: save, then do what was asked. A
// failed save does nothing else (its error is on screen, nothing is
// lost); after a save the new session's note follows the save's, which it
// would hide.
func (g *Game) confirmSave() {
	c := g.confirm
	g.confirm = nil
	if err := g.w.SaveDefault(); err != nil {
		if c.cancel != nil {
			c.cancel()
		}
		return
	}
	// The window may close in this frame: the terminal keeps where the
	// file went (the working folder when the map's was read-only).
	saved := g.w.Message
	fmt.Fprintf(os.Stderr, "pathlens: %s\n", saved)
	c.then(g)
	if !g.w.MessageErr {
		if g.w.Message == "" || g.w.Message == saved {
			g.w.Note("%s", saved)
		} else {
			g.w.Note("%s; %s", saved, g.w.Message)
		}
	}
}

func (g *Game) updateConfirm() {
	c := g.confirm
	switch {
	case keyJust(ebiten.KeyEscape):
		g.cancelConfirm()
	case keyJust(ebiten.KeyS):
		g.confirmSave()
	case keyJust(ebiten.KeyD):
		g.w.Log.Add("discard", world.F{Key: "edits", Val: g.w.Unsaved()}, world.F{Key: "agents", Val: g.w.AgentsUnsaved()})
		g.confirm = nil
		c.then(g)
	}
}

// helpScrollStep is how far an arrow key or a notch of the wheel scrolls
// the help screen: three lines.
const helpScrollStep = 3 * render.HelpLineH

// updateHelpScroll scrolls the help screen when it is taller than the
// window: arrows and the wheel by lines, Page Up/Down by screens, Home and
// End to the ends.
func (g *Game) updateHelpScroll() {
	v := g.r.Help(g.lay, helpSections())
	if v.MaxScroll == 0 {
		g.helpScroll = 0
		return
	}
	step, page := helpScrollStep, max(render.HelpLineH, v.Area.Dy()-40)
	d := 0
	if _, wy := wheel(); wy != 0 && !g.lay.TooSmall {
		d -= int(math.Round(wy * float64(step)))
	}
	keys := map[ebiten.Key]int{ebiten.KeyArrowDown: step, ebiten.KeyArrowUp: -step,
		ebiten.KeyPageDown: page, ebiten.KeyPageUp: -page, ebiten.KeyEnd: v.MaxScroll, ebiten.KeyHome: -v.MaxScroll}
	for k, by := range keys {
		if d0 := keyDuration(k); d0 == 1 || (d0 > 18 && d0%3 == 0) {
			d += by
		}
	}
	g.helpScroll = max(0, min(g.helpScroll+d, v.MaxScroll))
}

func (g *Game) galleryItems() []render.GalleryItem {
	var items []render.GalleryItem
	for i, n := range assets.Names() {
		about := ""
		if b, ok := assets.File(n); ok {
			about = aboutOf(b)
		}
		keys := ""
		if i < 9 {
			keys = strconv.Itoa(i + 1)
		}
		items = append(items, render.GalleryItem{Name: n, About: about, Keys: keys})
	}
	return items
}

// openCase is the gallery entry the gallery opens on: the built-in case
// the session is, else the entry selected last. The selection (what
// Enter opens, filled and marked) stayed on row 1, "world", while another
// case was open (a lecturer's report).
func (g *Game) openCase() int {
	if name, ok := strings.CutPrefix(g.w.Source, assets.Prefix); ok {
		if i := slices.Index(assets.Names(), name); i >= 0 {
			return i
		}
	}
	return g.gallerySel
}

// builtinCase reports whether the session is a built-in case, whose
// whole about text the gallery shows (openCase selects its entry).
// The answer is kept per source: every frame asks.
func (g *Game) builtinCase() bool {
	if src := g.w.Source; src != g.builtinSrc || !g.builtinKnown {
		name, ok := strings.CutPrefix(src, assets.Prefix)
		g.builtinSrc, g.builtinKnown = src, true
		g.builtinIs = ok && slices.Contains(assets.Names(), name)
	}
	return g.builtinIs
}

// aboutOf reads the "about" lines of a scenario file without parsing it
// all.
func aboutOf(b []byte) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "about"); ok && (rest == "" || rest[0] == ' ') {
			out = append(out, strings.TrimSpace(rest))
		}
		if l == "map inline" {
			break
		}
	}
	return strings.Join(out, " ")
}

func (g *Game) updateGallery() {
	names := assets.Names()
	if g.in.JustPressed(ActGallery) || g.in.JustPressed(ActEscape) {
		g.gallery = false
		g.logOverlay("gallery", false)
		return
	}
	pick := -1
	for i := 0; i < len(names) && i < 9; i++ {
		if keyJust(ebiten.Key1 + ebiten.Key(i)) {
			pick = i
		}
	}
	if keyJust(ebiten.KeyArrowDown) {
		g.gallerySel = min(g.gallerySel+1, len(names)-1)
	}
	if keyJust(ebiten.KeyArrowUp) {
		g.gallerySel = max(g.gallerySel-1, 0)
	}
	if _, wy := wheel(); wy != 0 && !g.lay.TooSmall { // the wheel moves the selection (and scrolls a long list)
		g.gallerySel = max(0, min(g.gallerySel-int(math.Copysign(1, wy)), len(names)-1))
	}
	if keyJust(ebiten.KeyEnter) {
		pick = g.gallerySel
	}
	if mouseJust(ebiten.MouseButtonLeft) && !g.lay.TooSmall { // too small: the gallery is not drawn
		v := g.r.Gallery(g.lay, g.galleryItems(), g.gallerySel)
		for i, row := range v.Rows {
			if image.Pt(g.mouseX, g.mouseY).In(row) {
				pick = i
			}
		}
	}
	if pick >= 0 && pick < len(names) {
		g.gallery = false
		name := assets.Prefix + names[pick]
		g.askThen("open "+names[pick], func(g *Game) error { return g.open(name) })
	}
}

// open replaces the session with the one at src, keeping the event log.
// A failure leaves the current session as it was, with the message shown.
func (g *Game) open(src string) error {
	nw, err := world.Open(src)
	if err != nil {
		g.w.Fail("%v", err)
		return err
	}
	g.install(nw)
	return nil
}

// loadNotesOut is the terminal, where install writes a file's load notes
// (a test reads them).
var loadNotesOut io.Writer = os.Stderr

// install makes nw (opened, not begun) the session, keeping the event log
// and the playback speed, and closes the old one.
func (g *Game) install(nw *world.World) {
	nw.Log = g.w.Log
	nw.Play.Speed = g.w.Play.Speed
	old := g.w
	g.w = nw
	g.saveAtEnd = false // the old session's
	g.prompt = nil      // typed for the old session
	old.Close()         // its background workers and their grid copies
	nw.Begin()
	// The window shows a few of the file's load notes (LoadNotesShown);
	// the terminal gets every one, as for a file named on the command line.
	for _, l := range nw.LoadNoteLines() {
		fmt.Fprintf(loadNotesOut, "pathlens: %s\n", l)
	}
	g.autoFit, g.startView = true, false
	g.frameFirst = true
	g.hasPinned = false
	g.query = nw.FirstQuery
	g.scenGrid = loadedGrid(nw)
	g.viewLevel = 1
	if strings.HasPrefix(nw.Source, assets.Prefix) {
		// A gallery case (F2) shows what it is meant to show: its own
		// layers, those its "set layers" names, else the defaults, as
		// -scenario builtin:NAME and its README picture show it. The
		// layers toggled on the case before hid its search or borders.
		g.layers = render.DefaultLayers
	}
	g.fileLayers() // a saved session's own, else the ones on stay on (a gallery case's: the defaults)
	g.syncLayers()
	g.phaseSeen = phaseKey{g.w.Timeline.Generation(), g.w.Timeline.Phase()}
	g.inspectKey = inspectKey{}
	g.repairSeq = nw.RepairSeq
	g.repairHeld, g.repairAt = false, time.Time{} // the flash was the old world's
	g.deferred = nil                              // the old session's
	g.viewGiven, g.stepPending = false, false
	g.applyFileView(false)
	g.placeFileCursor()
}

func (g *Game) updateKeys() {
	in := g.in
	w := g.w
	if in.JustPressed(ActHelp) {
		g.showHelp, g.helpScroll = true, 0
		g.logOverlay("help", true)
		return
	}
	if in.JustPressed(ActGallery) {
		g.gallery = true
		g.gallerySel = g.openCase()
		g.logOverlay("gallery", true)
		return
	}
	if in.JustPressed(ActEscape) {
		g.escape()
	}
	if in.JustPressed(ActSpawn) {
		g.spawnAtMouse()
	}
	if in.JustPressed(ActAgentsRun) {
		w.ToggleAgents()
	}
	if in.JustPressed(ActAgentsStep) {
		w.StepAgents()
	}
	if in.JustPressed(ActRemoveAgents) {
		g.removeAgents()
	}
	if in.JustPressed(ActFit) {
		g.autoFit, g.startView = true, false
		g.viewMoved()
		g.fit()
	}
	mid := func() (float64, float64) {
		return float64(g.lay.Map.Min.X+g.lay.Map.Max.X) / 2, float64(g.lay.Map.Min.Y+g.lay.Map.Max.Y) / 2
	}
	if in.Repeating(ActZoomIn) {
		x, y := mid()
		g.autoFit = false
		g.viewMoved()
		g.cam.ZoomAt(x, y, 1.25)
	}
	if in.Repeating(ActZoomOut) {
		x, y := mid()
		g.autoFit = false
		g.viewMoved()
		g.cam.ZoomAt(x, y, 1/1.25)
	}
	if in.JustPressed(ActLegend) {
		g.noLegend = !g.noLegend
		g.logOverlay("legend", !g.noLegend)
		if g.autoFit {
			g.fit() // the room beside a narrow map was the legend's
		}
	}
	switch {
	case in.JustPressed(ActUIBigger):
		g.setUIScale(g.uiScale + uiScaleStep)
	case in.JustPressed(ActUISmaller):
		g.setUIScale(g.uiScale - uiScaleStep)
	case in.JustPressed(ActUIReset):
		g.setUIScale(1)
	}
	if in.JustPressed(ActRepairShow) {
		g.toggleRepair(frameClock())
	}
	if in.JustPressed(ActPanel) && g.panelNoRoom() {
		// Tab would change nothing on screen: say why, and what would
		// show the panel. The panel comes back by itself when there is
		// room again.
		g.panel, g.panelSaid = true, true
		g.w.Note("%s", g.panelRoomNote(""))
		g.w.Log.Add("overlay", world.F{Key: "name", Val: "panel"}, world.F{Key: "on", Val: false}, world.F{Key: "why", Val: "no_room"})
	} else if in.JustPressed(ActPanel) {
		g.panel = !g.panel
		g.logOverlay("panel", g.panel)
		g.lay = g.layout(g.screenW, g.screenH)
		if g.autoFit {
			g.fit()
		}
	}
	if in.JustPressed(ActViewLevel) {
		g.nextViewLevel()
	}
	// Tools.
	for i, a := range []Action{ActToolQuery, ActToolPaint, ActToolInspect, ActToolAgents, ActToolRooms} {
		if in.JustPressed(a) {
			g.setTool(g.tools[i])
		}
	}
	if in.JustPressed(ActBrush) {
		g.nextBrush()
	}
	if in.JustPressed(ActBrushBigger) {
		g.stepBrushSize(+1)
	}
	if in.JustPressed(ActBrushSmaller) {
		g.stepBrushSize(-1)
	}
	if in.JustPressed(ActPaintMode) {
		g.nextPaintMode()
	}
	// Switches.
	algos := map[Action]world.Algo{ActAlgoAStar: world.AlgoAStar, ActAlgoDijkstra: world.AlgoDijkstra,
		ActAlgoGreedy: world.AlgoGreedy, ActAlgoHPA: world.AlgoHPA, ActAlgoGroup: world.AlgoGroup}
	for a, al := range algos {
		if in.JustPressed(a) {
			w.SetAlgo(al)
		}
	}
	simple := []struct {
		a Action
		f func()
	}{
		{ActHeuristic, w.CycleHeuristic}, {ActCost, w.CycleCost}, {ActExclusion, w.ToggleExclusion}, {ActTarget, w.ToggleTarget},
		{ActClusterUp, w.ClusterBigger}, {ActClusterDown, w.ClusterSmaller},
		{ActLevelsUp, w.LevelsUp}, {ActLevelsDown, w.LevelsDown},
		{ActNeighborhood, w.ToggleNeighborhood}, {ActSmooth, w.ToggleSmooth}, {ActShortcut, w.ToggleShortcut},
		{ActTransitions, w.ToggleTransitions}, {ActAgentRefine, w.ToggleAgentRefine},
		{ActSeekStart, w.SeekStart}, {ActSeekEnd, w.SeekEnd},
		{ActNextPhase, w.NextPhase}, {ActPrevPhase, w.PrevPhase},
		{ActNextStage, w.NextStage}, {ActPrevStage, w.PrevStage},
		{ActFaster, w.Faster}, {ActSlower, w.Slower},
		{ActAgentsFaster, func() { w.StepAgentClock(true) }}, {ActAgentsSlower, func() { w.StepAgentClock(false) }},
		{ActUndo, g.undo}, {ActRedo, g.redo},
	}
	for _, s := range simple {
		if in.JustPressed(s.a) {
			s.f()
		}
	}
	if in.JustPressed(ActExclusion) && w.Settings.Exclusion && w.Uses("exclusion") {
		// Only where exclusion is read: under HPA* the layer was lit in
		// the legend with nothing to draw.
		g.layers = g.layers.With(render.LayerExcluded, true)
		g.syncLayers()
	}
	if in.JustPressed(ActNextQuery) {
		g.stepQuery(+1)
	}
	if in.JustPressed(ActPrevQuery) {
		g.stepQuery(-1)
	}
	if in.JustPressed(ActRemoveQuery) {
		g.removeQuery()
	}
	if in.JustPressed(ActBatch) {
		g.toggleBatch()
	}
	if in.JustPressed(ActWorst) {
		g.openWorst(+1)
	}
	if in.JustPressed(ActWorstBack) {
		g.openWorst(-1)
	}
	if in.JustPressed(ActSave) {
		g.save()
	}
	if g.promptKeys() {
		return
	}
	if in.Repeating(ActStepFwd) {
		w.StepBy(1)
	}
	if in.Repeating(ActStepBack) {
		w.StepBy(-1)
	}
	if in.Repeating(ActStepFwdBig) {
		w.StepBy(100)
	}
	if in.Repeating(ActStepBackBig) {
		w.StepBy(-100)
	}
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if in.JustPressed(ActLayer0 + Action(l)) {
			g.toggleLayer(l)
		}
	}
	if in.JustPressed(ActEdgesAll) {
		g.toggleEdgesAll()
	}
	if in.JustPressed(ActDropGhost) {
		w.DropGhost()
	}
	// Space: a tap plays or pauses; held with a left drag, it pans.
	if keyJust(ebiten.KeySpace) && currentMods() == 0 {
		g.spaceDown, g.spacePan = true, false
	}
	if g.spaceDown && keyReleased(ebiten.KeySpace) {
		g.spaceDown = false
		if !g.spacePan {
			w.TogglePlay()
		}
	}
}

// stepQuery opens the scenario's next (d = +1) or previous (d = -1)
// query, wrapping around: a scenario file may hold several, and only the
// first was ever shown. It logs a "query" line before the plan's; with no
// other query it says so.
func (g *Game) stepQuery(d int) {
	w := g.w
	n := len(w.Queries)
	if n == 1 && !g.onListQuery() {
		// The one query of the list, from one of the user's own: F3 said
		// "1 query" and would not go back to it (an engineer's report).
		g.gotoQuery(0)
		return
	}
	if n < 2 {
		w.Note("%s has %s: click a start and a goal to make another", w.Name, plural(n, "query", "queries"))
		return
	}
	g.gotoQuery(((g.query+d)%n + n) % n)
}

// gotoQuery opens the session's query i (F3, or a number in the go-to
// prompt) and says which it is, with the .scen's optimal length when that
// holds, unless the plan left a message of its own.
func (g *Game) gotoQuery(i int) {
	w := g.w
	defer g.sayKept()
	shown := g.showQuery(i)
	g.frameListQuery()
	if shown {
		q := w.Queries[i]
		scen := ""
		if opt := g.scenOptimal(i); opt > 0 && g.scenHolds() {
			scen = fmt.Sprintf(", the .scen's optimal %.2f", opt)
		}
		w.Note("query %s of %s: (%d,%d) → (%d,%d)%s", world.Count(i+1), world.Count(len(w.Queries)), q[0].X, q[0].Y, q[1].X, q[1].Y, scen)
		return
	}
	if ends := g.walledEnds(i); ends != "" && w.MessageErr {
		// A row an edit walled, this session's or a saved edit log's, or
		// a row of a scenario's list that the map file itself walls:
		// SetEndpoints' "goal: cell (1,10) is blocked: pick an open cell"
		// named no row, and read as a click's.
		w.Fail("query %s of %s: %s (%s opens the next query)",
			world.Count(i+1), world.Count(len(w.Queries)), ends, keysOf(ActNextQuery))
	}
}

// walledEnds says which ends of the session's query i are walls on the
// grid as it is now, and why ("goal (1,10) is blocked, walled by an
// edit"), or "" when both are open.
func (g *Game) walledEnds(i int) string {
	w := g.w
	if i < 0 || i >= len(w.Queries) {
		return ""
	}
	var bad []string
	for k, p := range w.Queries[i] {
		if w.Grid.In(p) && w.Grid.Open(p) {
			continue
		}
		why := "a wall of the map"
		if w.MapOpen(p) {
			why = "walled by an edit"
		}
		bad = append(bad, fmt.Sprintf("%s (%d,%d) is blocked, %s", [2]string{"start", "goal"}[k], p.X, p.Y, why))
	}
	return strings.Join(bad, "; ")
}

// onWalledListQuery reports whether the screen shows what opening the
// list's query g.query left when an edit had walled one of its ends: the
// other end alone, waiting (SetEndpoints). The panel's row then keeps the
// query's number, saying which end is walled, rather than "your query".
func (g *Game) onWalledListQuery() (end string, ok bool) {
	w := g.w
	if g.query < 0 || g.query >= len(w.Queries) {
		return "", false
	}
	q := w.Queries[g.query]
	startBad := !w.Grid.In(q[0]) || !w.Grid.Open(q[0])
	goalBad := !w.Grid.In(q[1]) || !w.Grid.Open(q[1])
	switch {
	case goalBad && !startBad && w.HasStart && !w.HasGoal && w.Start == q[0]:
		return "goal", true
	case startBad && !goalBad && w.HasGoal && !w.HasStart && w.Goal == q[1]:
		return "start", true
	}
	return "", false
}

// escape is Esc over the map: it drops a new start (back to the query
// before), unpins the inspector and clears the agent selection, and only
// when none of those had anything to do cancels the batch under way, the
// last of its chain: unpinning a cell must not throw away a long batch
// (Ctrl+B cancels it at any time). With none of those either, it puts
// away the note over the map: the message, else the map notes
// (dismissNote). The prompts, the question, the help, the gallery and a
// recording take Esc before it reaches here (Update).
func (g *Game) escape() {
	w := g.w
	did := w.CancelPick()
	if g.hasPinned {
		w.Log.Add("inspect", world.F{Key: "at", Val: fmt.Sprintf("%d,%d", g.pinned.X, g.pinned.Y)}, world.F{Key: "pinned", Val: false})
		g.hasPinned, did = false, true
	}
	if s := w.Agents(); s != nil {
		did = did || len(s.Selected(nil)) > 0
		s.ClearSelection()
	}
	if !did {
		did = w.CancelBatch()
	}
	if !did {
		g.dismissNote()
	}
}

// dismissNote puts away the message shown over the map (it counts as
// gone, so a note held behind an error shows: expireMessage), else the
// map notes shown in the last frame, until they say something else. A
// note hid what it described (A*'s comparison over Dijkstra's frontier at
// 175 %), and nothing but waiting took it away.
func (g *Game) dismissNote() {
	w := g.w
	if w.Message != "" && g.messageAge(frameClock()) <= render.MessageLife(w.MessageErr) {
		g.msgDismissed, g.msgDismissedW = w.MessageSeq, w
		w.Log.Add("note", world.F{Key: "dismissed", Val: true})
		return
	}
	if s := g.r.MapNotesShown(); s != "" {
		g.notesHidden = s
	}
}

// toggleBatch starts a batch over the session's query list (Ctrl+B), or
// cancels the one under way.
func (g *Game) toggleBatch() {
	if !g.w.CancelBatch() {
		g.w.StartBatch()
	}
}

// openWorst opens the last batch's next row down its ranking (d = +1, F4)
// or back up it (d = -1, Shift+F4) as the go-to prompt opens a query
// number, and says which it is and how bad; with no row that way it says
// why.
func (g *Game) openWorst(d int) {
	w := g.w
	row, rank, msg, ok := w.BatchStep(d)
	if !ok {
		w.Note("%s", msg)
		return
	}
	r := w.LastBatch()
	what := row.Problem
	switch {
	case what != "":
	case row.Sub == 0:
		what = "optimal"
	default:
		what = world.Percent(row.Sub) + " over optimal"
	}
	note := fmt.Sprintf("worst %s of %s: query %s, %s (batch: %s)", world.Count(rank+1), world.Count(len(r.Ranking)),
		world.Count(row.Query+1), what, r.Config)
	if st := w.BatchStale(); st != "" {
		note += "; the batch ran before this: " + st
	}
	seq := w.MessageSeq
	// The row is there to be compared with A*'s optimum: the optimal ghost
	// shows it (its route is framed with the answer's: frameListQuery).
	if !g.layers.Has(render.LayerCompare) {
		g.toggleLayer(render.LayerCompare)
	}
	shown := g.showQuery(row.Query)
	defer g.sayKept()
	g.frameListQuery()
	switch {
	case shown:
		w.Note("%s", note)
	case w.MessageSeq != seq && !w.MessageErr:
		w.Note("%s; %s", note, w.Message) // the plan's own note (no path) after it
	}
}

// batchRow is the panel's batch row: the progress while one runs, the
// last one's rows and worst figure (dimmed when the map or a switch
// changed since it started), or "not run".
func (g *Game) batchRow() render.SwitchRow {
	w := g.w
	row := render.SwitchRow{Label: "batch", Value: "not run", Keys: keysOf(ActBatch)}
	if done, total, running := w.BatchRunning(); running {
		row.Value = world.Count(done) + " of " + world.Count(total)
		return row
	}
	r := w.LastBatch()
	if r == nil {
		return row
	}
	row.Keys = keysOf(ActWorst)
	row.Dim = w.BatchStale() != ""
	// Rows on a wall were not run: "1,274 of 1,280 rows", as F4's "worst 1
	// of 1,274" counts them (the row said 1,280, a user's report).
	rows := world.Count(len(r.Rows)) + " rows"
	if r.Walls > 0 {
		rows = world.Count(len(r.Rows)-r.Walls) + " of " + rows
	}
	switch bad := r.ReachErrors + r.Invalid + r.Below; {
	case bad > 0:
		row.Value = rows + ", " + plural(bad, "problem", "problems")
	case r.Compared > 0:
		row.Value = rows + ", max " + world.Percent(r.Max)
	default:
		row.Value = rows
	}
	return row
}

// keepUserQuery keeps the query on screen among the session's queries
// (World.KeepQuery) when it is the user's own, placed, dragged or typed
// with both ends, and none of them: showQuery is about to replace it. It
// returns the query and whether it was kept; keptAt then logs it, and
// sayKept adds where it went to the message.
func (g *Game) keepUserQuery() (q [2]image.Point, kept bool) {
	w := g.w
	if !w.HasStart || !w.HasGoal || g.onListQuery() {
		return q, false
	}
	q = [2]image.Point{w.Start, w.Goal}
	if slices.Contains(w.Queries, q) {
		return q, false
	}
	w.KeepQuery(q)
	return q, true
}

// keptAt logs the user's query q kept as query k and makes the note
// sayKept adds.
func (g *Game) keptAt(q [2]image.Point, k int) {
	g.w.Log.Add("query_kept", world.F{Key: "index", Val: k}, world.F{Key: "from", Val: fmt.Sprintf("%d,%d", q[0].X, q[0].Y)},
		world.F{Key: "to", Val: fmt.Sprintf("%d,%d", q[1].X, q[1].Y)})
	g.kept = fmt.Sprintf("your query (%d,%d) → (%d,%d) kept as query %s (Ctrl+G %d opens it)", q[0].X, q[0].Y, q[1].X, q[1].Y, world.Count(k), k)
}

// sayKept adds the note of a query keepUserQuery kept to the message on
// screen, whatever it is (an error stays one, and is not logged again).
func (g *Game) sayKept() {
	w := g.w
	if g.kept == "" {
		return
	}
	if w.MessageErr {
		w.Message += "; " + g.kept
		w.MessageSeq++
	} else if w.Message != "" {
		w.Note("%s; %s", w.Message, g.kept)
	} else {
		w.Note("%s", g.kept)
	}
	g.kept = ""
}

// showQuery makes query i of the session the one shown (logged as a
// "query" line before the plan's) and reports whether it was planned
// without a message of its own (a refused endpoint, no path), which the
// caller's note must not cover.
// A query of the user's on screen, which it replaces, is kept first
// (keepUserQuery).
func (g *Game) showQuery(i int) bool {
	if q, kept := g.keepUserQuery(); kept {
		g.keptAt(q, len(g.w.Queries))
	}
	return g.showListQuery(i)
}

// showListQuery is showQuery without keeping the query on screen: the
// caller kept it already, or it is none of the user's (the row of a list
// just replaced).
func (g *Game) showListQuery(i int) bool {
	w := g.w
	g.query = i
	q := w.Queries[i]
	fields := []world.F{{Key: "index", Val: i + 1}, {Key: "of", Val: len(w.Queries)},
		{Key: "from", Val: fmt.Sprintf("%d,%d", q[0].X, q[0].Y)}, {Key: "to", Val: fmt.Sprintf("%d,%d", q[1].X, q[1].Y)}}
	if opt := g.scenOptimal(i); opt > 0 && g.scenHolds() {
		fields = append(fields, world.F{Key: "scen_optimal", Val: opt})
	}
	w.Log.Add("query", fields...)
	seq := w.MessageSeq
	return w.SetEndpoints(q[0], q[1]) && w.MessageSeq == seq
}

// shownScenOptimal returns the .scen file's optimal length for the query
// on screen: the one F3 last opened (the first at start), while its start
// and goal are still the endpoints and the length still holds (8-connected
// moves, the grid as loaded: no edit since, even one undone); 0 otherwise.
func (g *Game) shownScenOptimal() float64 {
	w := g.w
	if !w.HasStart || !w.HasGoal || g.query < 0 || g.query >= len(w.Queries) || !g.scenHolds() {
		return 0
	}
	if q := w.Queries[g.query]; q[0] != w.Start || q[1] != w.Goal {
		return 0
	}
	return g.scenOptimal(g.query)
}

// scenHolds reports whether a .scen list's optimal lengths hold for the
// session as it is: 8-connected moves on the map as loaded (no edit since,
// even one undone).
func (g *Game) scenHolds() bool {
	return g.w.Settings.Neighborhood == pathing.Eight && g.w.GridVersion() == g.scenGrid
}

// scenOptimal returns the .scen file's optimal length for query i, or 0.
func (g *Game) scenOptimal(i int) float64 {
	opt := g.w.ScenOptimal
	if i < 0 || i >= len(opt) || len(opt) != len(g.w.Queries) {
		return 0
	}
	return opt[i]
}

// toggleLayer shows or hides layer l (its key, or a click on its legend
// row) and logs it.
func (g *Game) toggleLayer(l render.Layer) {
	g.layers = g.layers.Toggle(l)
	g.syncLayers()
	g.w.Log.Add("layer", world.F{Key: "name", Val: l.ShortName()}, world.F{Key: "on", Val: g.layers.Has(l)})
}

// toggleEdgesAll switches the edges layer between every edge alike and
// the focus on the pinned or pointed cluster (Shift+E, or a Shift+click on
// the legend's edges row), says which, turning the layer on if it was
// off, and logs it.
func (g *Game) toggleEdgesAll() {
	g.edgesAll = !g.edgesAll
	if !g.layers.Has(render.LayerEdges) {
		g.toggleLayer(render.LayerEdges)
	}
	what := "cluster"
	if g.w.Settings.Algo == world.AlgoGroup {
		what = "group"
	}
	if g.edgesAll {
		g.w.Note("abstract edges: all alike (Shift+E: the pinned or pointed %s's bright)", what)
	} else {
		g.w.Note("abstract edges: the pinned %s's, else the one under the pointer, bright, the rest faint (Shift+E: all alike)", what)
	}
	g.logOverlay("edges_all", g.edgesAll)
}

// LegendClickNote is the note of a left click on the legend's box but on
// none of its layers.
const LegendClickNote = "the layer legend: a click on a layer shows or hides it; K hides the legend"

// clickHUD handles a left click at screen point (x, y) on the legend: a
// row toggles its layer (a Shift+click on the edges row switches its focus:
// toggleEdgesAll), anywhere else in its box says what the box is
// (LegendClickNote). It reports whether the point was on the legend,
// in which case the click is not the map's (it used to place a start,
// paint or spawn on the cells hidden under it). The agents' replan panel
// takes no click: it is an overlay, like the hover that passes through
// it, and a click under it acts on the map cell as anywhere else (it was
// swallowed without a word: an agent could not be sent there).
func (g *Game) clickHUD(x, y int) bool {
	if l, ok, in := g.r.LegendAt(x, y); in {
		switch {
		case ok && l == render.LayerEdges && currentMods() == ModShift:
			g.toggleEdgesAll()
		case ok:
			g.toggleLayer(l)
		default:
			// Its title, footer or a gap between rows: the click used to
			// be dropped without a word (in any tool), while a right press
			// there was noted. Say what the box is and how to hide it.
			g.w.Note("%s", LegendClickNote)
		}
		return true
	}
	return false
}

// spawnAtMouse is J: an agent on the open cell nearest the hovered one,
// unless the pointer is on the legend, where it would stand hidden (a
// tester's finding), as a stroke would be painted unseen: that is said.
// A cell beside the map is refused with the message a click of the agent
// tool there gets, and a pointer over no map at all (the panel, a bar,
// outside the window) is told where to point: J used to do nothing there
// without a word.
func (g *Game) spawnAtMouse() {
	if !image.Pt(g.mouseX, g.mouseY).In(g.lay.Map) { // the map area lies in the window
		g.w.Note("no spawn: J spawns an agent on the cell under the mouse, and the mouse is not over the map")
		return
	}
	if _, _, under := g.r.LegendAt(g.mouseX, g.mouseY); under {
		g.w.Note("no spawn under the legend: point beside it (K hides the legend)")
		return
	}
	g.w.SpawnAgent(g.snapOpen(g.hover))
}

// rightOnHUD reports whether a right press at screen point (x, y) falls on
// the legend, where no stroke starts (its rows are clicked, and the cells
// under it cannot be seen), and then says so: a stroke begun under the
// legend used to vanish without a word. Under the agents' replan panel a
// stroke starts as a left click there acts, the panel being an overlay
// (clickHUD): a left drag of the paint tool painted there while a right
// drag was refused.
func (g *Game) rightOnHUD(x, y int) bool {
	if _, _, in := g.r.LegendAt(x, y); !in {
		return false
	}
	g.w.Note("no paint under the legend: start the stroke beside it (K hides the legend)")
	return true
}

func (g *Game) setTool(t Tool) {
	if g.toolDown != nil {
		g.toolDown.Release(g, g.lastCell)
		g.toolDown = nil
	}
	g.tool = t
	g.w.Log.Add("tool", world.F{Key: "name", Val: t.Name()})
	if _, ok := t.(roomTool); ok && !g.layers.Has(render.LayerRegions) {
		// Rooms painted unseen would be no use: their layer comes on.
		g.toggleLayer(render.LayerRegions)
	}
}

func (g *Game) updateMouse() {
	mx, my := g.mouseX, g.mouseY
	w := g.w
	inMap := image.Pt(mx, my).In(g.lay.Map)
	cell := g.hover
	if g.lay.TooSmall {
		g.mouseOffScreen()
		return
	}

	// The wheel over the panel scrolls its numbers and inspector when
	// they do not fit; over the map it zooms about the cursor.
	if _, wy := wheel(); wy != 0 && image.Pt(mx, my).In(g.lay.Panel) && g.mouseIn {
		g.scrollPanel(-int(math.Round(wy * 3)))
	}
	if _, wy := wheel(); wy != 0 && inMap {
		g.autoFit = false
		g.viewMoved()
		g.cam.ZoomAt(float64(mx), float64(my), math.Pow(1.2, wy))
	}
	// Pan with the middle button, or the left button while Space is held.
	spaceHeld := keyPressed(ebiten.KeySpace)
	panDown := mouseDown(ebiten.MouseButtonMiddle) ||
		(spaceHeld && mouseDown(ebiten.MouseButtonLeft))
	if panDown {
		if spaceHeld {
			g.spacePan = true
		}
		if g.panning && (mx != g.panX || my != g.panY) {
			g.cam.Pan(float64(mx-g.panX), float64(my-g.panY))
			g.autoFit = false
			g.viewMoved()
		}
		g.panning = true
		g.panX, g.panY = mx, my
		return
	}
	g.panning = false

	leftJust := mouseJust(ebiten.MouseButtonLeft)
	// Panel switch rows.
	if leftJust && image.Pt(mx, my).In(g.lay.Panel) && !g.lay.Panel.Empty() {
		g.clickSwitch(mx, my)
		return
	}
	// Timeline scrubber.
	bar := render.TimelineBarRect(g.lay).Inset(-6)
	if leftJust && image.Pt(mx, my).In(bar) {
		g.scrubbing = true
	}
	if g.scrubbing {
		if !mouseDown(ebiten.MouseButtonLeft) {
			g.scrubbing = false
			w.SeekTo(w.Timeline.Cursor()) // logs where the scrub ended
			return
		}
		g.scrubTo(mx)
		return
	}

	// The boxes over the map take their own clicks.
	if leftJust && inMap && g.clickHUD(mx, my) {
		leftJust = false
	}
	// The active tool, on the left button.
	if leftJust && inMap {
		g.toolDown = g.tool
		g.lastCell = cell
		g.tool.Press(g, cell, keyPressed(ebiten.KeyShift))
	} else if g.toolDown != nil {
		g.toolMove(mouseDown(ebiten.MouseButtonLeft), inMap, cell)
	}
	// Right-drag paints in any tool.
	if mouseJust(ebiten.MouseButtonRight) && inMap && !g.rightOnHUD(mx, my) {
		g.rightDown = true
		if !w.Grid.In(cell) {
			// Pressed beside the grid: painting along its edge starts
			// there (a new user's drag from the margin painted nothing,
			// even after it crossed onto the map).
			g.rightWait, g.rightShift = true, keyPressed(ebiten.KeyShift)
			return
		}
		g.beginStroke(cell, keyPressed(ebiten.KeyShift))
		g.lastCell = cell
	} else if g.rightDown && g.rightWait {
		g.waitForGrid(mouseDown(ebiten.MouseButtonRight), inMap, cell)
	} else if g.rightDown {
		g.strokeMove(mouseDown(ebiten.MouseButtonRight), inMap, cell)
	}
}

// mouseOffScreen is updateMouse on a window too small for the layout
// (render.Layout.TooSmall), where only a note is drawn: nothing is
// clicked, scrolled or panned (no widget is there to take it), and a drag
// begun before the window shrank goes on as one off the map, so that
// letting go of the button still ends it (a stroke, a dragged endpoint,
// the scrubber).
func (g *Game) mouseOffScreen() {
	g.panning = false
	if g.scrubbing && !mouseDown(ebiten.MouseButtonLeft) {
		g.scrubbing = false
		g.w.SeekTo(g.w.Timeline.Cursor()) // logs where the scrub ended
	}
	if g.toolDown != nil {
		g.toolMove(mouseDown(ebiten.MouseButtonLeft), false, g.lastCell)
	}
	if g.rightDown && g.rightWait {
		g.waitForGrid(mouseDown(ebiten.MouseButtonRight), false, g.lastCell)
	} else if g.rightDown {
		g.strokeMove(mouseDown(ebiten.MouseButtonRight), false, g.lastCell)
	}
}

// toolMove follows the left button after the active tool's press: down
// says whether the button is still held, inMap whether the pointer is over
// the map area, cell is the cell under it. The tool drags only to cells
// the pointer is over on the map: one off it (over the panel, the timeline
// or outside the window) lies behind the HUD or off the grid, and a release
// out there (the button came up in the frame the pointer left) ends the
// drag at the last cell on the map.
func (g *Game) toolMove(down, inMap bool, cell image.Point) {
	if !down {
		// Released: where the pointer is now may be past where the button
		// came up (the frame sees the release late), so the drag ends at
		// the last cell it followed (see strokeMove).
		g.toolDown.Release(g, g.lastCell)
		g.toolDown = nil
		return
	}
	if inMap && cell != g.lastCell {
		g.lastCell = cell
		g.toolDown.Drag(g, cell)
	}
}

// strokeMove follows the right button (dig or fill) like toolMove: the
// stroke goes on to the cell under the pointer only while the pointer is
// over the map area. It used to follow the pointer anywhere, so a release
// in the frame the pointer moved onto the panel (or a drag across it) dug
// a straight line from the last cell toward the panel, up to the map's
// edge: 16 cells nobody painted, on the first try in the lecture walk.
//
// The frame that sees the button up paints nothing more: the pointer may
// have moved on after the release, and a 9×9 fill ran on to where a user
// moved the pointer after letting go (a new user's report: a wall into
// the rooms, nearly trapping an agent). A move and a release within one
// frame lose that frame's move instead.
func (g *Game) strokeMove(down, inMap bool, cell image.Point) {
	if !down {
		g.rightDown = false
		g.w.EndStroke()
		return
	}
	if inMap && cell != g.lastCell {
		g.lastCell = cell
		g.w.StrokeTo(cell)
	}
}

// waitForGrid follows a right drag pressed beside the grid: the stroke
// begins at the first grid cell it reaches; released before, nothing is
// painted, and the note says why.
func (g *Game) waitForGrid(down, inMap bool, cell image.Point) {
	switch {
	case !down:
		g.rightDown, g.rightWait = false, false
		g.w.Note("nothing painted: the drag did not reach the map's cells")
	case inMap && g.w.Grid.In(cell):
		g.rightWait = false
		g.beginStroke(cell, g.rightShift)
		g.lastCell = cell
	}
}

// save is Ctrl+S. During a stroke (a button still held) it saves when the
// stroke ends, so the file holds the whole stroke: saving at once ended
// the stroke there, and the rest of the drag painted nothing, without a
// word. The quit question's S still saves at once.
func (g *Game) save() {
	if g.paintingNow() || g.roomPaintingNow() { // a room stroke too: it would end at once
		g.saveAtEnd = true
		g.w.Note("saving when the stroke ends (let go of the button)")
		return
	}
	g.w.SaveDefault()
}

// saveAfterStroke does the save Ctrl+S asked for during a stroke, once the
// stroke has ended.
func (g *Game) saveAfterStroke() {
	if !g.saveAtEnd {
		return
	}
	if !g.paintingNow() && !g.roomPaintingNow() {
		g.saveAtEnd = false
		g.w.SaveDefault()
	}
}

// undo is Ctrl+Z. Pressed during a stroke (the button still held) it
// ends the stroke and undoes it, so the cells just painted go; the rest
// of the drag paints nothing. The session's Undo refuses while a stroke is
// open, and said "nothing to undo" with the stroke's cells on the map.
func (g *Game) undo() {
	if g.paintingNow() || g.roomPaintingNow() {
		// A stroke in progress (rooms too) is a step now, unless it
		// changed no cell: then there is nothing of it to take back, and
		// the step before it must stay (a designer's Ctrl+Z over a room's
		// own cells deleted the room painted before).
		n := g.w.UndoSteps()
		g.w.EndStroke()
		if g.w.UndoSteps() == n {
			g.w.Note("the stroke changed no cell: nothing undone")
			return
		}
	}
	g.w.Undo()
	g.showQueryBack()
}

// redo is Ctrl+Y: the step undone done again, and the query after a
// removal done again shown (showQueryBack).
func (g *Game) redo() {
	g.w.Redo()
	g.showQueryBack()
}

// switchRows describes the panel's switches; switchActions gives the
// matching click actions (same order). The query row is there only when
// the scenario holds more than one query.
func (g *Game) switchRows() []render.SwitchRow {
	s := g.w.Settings
	hier := s.Algo.Hierarchical()
	views := 1
	if h := g.w.Hierarchy(); h != nil {
		views = h.Levels()
	}
	viewLevel := fmt.Sprintf("%d of %d", g.shownLevel(), views)
	if hier && g.w.Hierarchy() == nil && g.w.HierarchyError() == nil && g.w.Busy() {
		viewLevel = "building…" // "1 of 1" until the hierarchy arrives
	}
	rows := []render.SwitchRow{
		{Label: "algorithm", Value: s.Algo.Title(), Keys: "1-5"},
		{Label: "heuristic", Value: heuristicText(s), Keys: keysOf(ActHeuristic), Dim: !g.w.Uses("heuristic")},
		{Label: "connection cost", Value: s.Cost.Title(), Keys: keysOf(ActCost), Dim: !g.w.Uses("cost")},
		{Label: "exclusion", Value: onOff(s.Exclusion), Keys: keysOf(ActExclusion), Dim: !g.w.Uses("exclusion")},
		{Label: "refine target", Value: s.Target.String(), Keys: keysOf(ActTarget), Dim: !g.w.Uses("target")},
		{Label: "cluster size", Value: strconv.Itoa(s.Cluster()), Keys: "[ ]", Dim: !g.w.Uses("cluster")},
		{Label: "levels", Value: strconv.Itoa(s.LevelCount()), Keys: "Shift+[ ]", Dim: !g.w.Uses("levels")},
		{Label: "neighbourhood", Value: s.Neighborhood.String() + "-connected", Keys: keysOf(ActNeighborhood)},
		{Label: "smoothing", Value: onOff(s.Smooth()), Keys: keysOf(ActSmooth), Dim: !g.w.Uses("smooth")},
		{Label: "shortcut", Value: shortcutText(s.Shortcut()), Keys: keysOf(ActShortcut), Dim: !g.w.Uses("shortcut")},
		{Label: "transitions", Value: transitionsText(s.Dense), Keys: keysOf(ActTransitions), Dim: !g.w.Uses("transitions")},
		{Label: "agent refine", Value: agentRefineText(s.AgentRefine), Keys: keysOf(ActAgentRefine), Dim: s.Algo != world.AlgoHPA},
		{Label: "view level", Value: viewLevel, Keys: keysOf(ActViewLevel), Dim: !hier},
		{Label: "tool", Value: g.tool.Name(), Keys: "Q D I T ^R"},
		// One row for both (a second row left no line of the numbers
		// under the unfolded rows at 175 %); Ctrl+[ ] size the brush.
		{Label: "paint", Value: paintModeText(g.paintMode) + ", " + brushSizeText(g.brushSize), Keys: keysOf(ActPaintMode)},
		{Label: "brush weight", Value: strconv.Itoa(int(g.brush)), Keys: keysOf(ActBrush)},
	}
	if n := len(g.w.Queries); n > 1 {
		rows = append(rows, g.queryRow(n))
	}
	if g.batchShown() {
		rows = append(rows, g.batchRow())
	}
	return rows
}

// batchShown reports whether the panel has a batch row: for a list of
// several queries, or a batch under way or finished.
func (g *Game) batchShown() bool {
	_, _, running := g.w.BatchRunning()
	return len(g.w.Queries) > 1 || running || g.w.LastBatch() != nil
}

// queryRow is the panel's query row for a session of n queries: "k of n"
// while the query on screen is the list's query k, which F3 last opened.
// A query made since by clicks, a drag of S or G, or Ctrl+G's typed
// "X,Y X,Y" is none of the list's: the row then reads "your query" with
// its cells (a tester saw "1,234 of 1,280" over a typed query); F3 still
// opens the one after k.
func (g *Game) queryRow(n int) render.SwitchRow {
	w := g.w
	row := render.SwitchRow{Label: "query", Value: world.Count(g.query+1) + " of " + world.Count(n), Keys: keysOf(ActNextQuery)}
	if g.onListQuery() {
		return row
	}
	if end, ok := g.onWalledListQuery(); ok {
		row.Value += ", " + end + " walled"
		return row
	}
	cell := func(ok bool, p image.Point) string {
		if !ok {
			return "?"
		}
		return fmt.Sprintf("(%d,%d)", p.X, p.Y)
	}
	row.Label, row.Value = "your query", cell(w.HasStart, w.Start)+"→"+cell(w.HasGoal, w.Goal)
	return row
}

func switchActions(g *Game) []func() {
	w := g.w
	// The cluster size and level rows go up and wrap to the smallest at the
	// top (clicking them at 64 or 4 levels did nothing).
	cluster := func() {
		if w.Settings.Cluster() >= world.MaxClusterSize {
			w.SetCluster(world.MinClusterSize)
			return
		}
		w.ClusterBigger()
	}
	levels := func() {
		if w.Settings.LevelCount() >= world.MaxAbstractLevels {
			w.SetLevels(1)
			return
		}
		w.LevelsUp()
	}
	acts := []func(){
		w.CycleAlgo, w.CycleHeuristic, w.CycleCost, w.ToggleExclusion, w.ToggleTarget,
		cluster, levels, w.ToggleNeighborhood, w.ToggleSmooth, w.ToggleShortcut,
		w.ToggleTransitions, w.ToggleAgentRefine,
		g.nextViewLevel,
		func() {
			for i, t := range g.tools {
				if t == g.tool {
					g.setTool(g.tools[(i+1)%len(g.tools)])
					return
				}
			}
		},
		g.nextPaintMode,
		g.nextBrush,
	}
	if len(w.Queries) > 1 {
		acts = append(acts, func() { g.stepQuery(+1) }) // the query row, when the scenario has several
	}
	if g.batchShown() {
		// The batch row: runs or cancels a batch, or opens the next worst
		// row of the last one (after a cancel, the earlier batch's).
		acts = append(acts, func() {
			_, _, running := w.BatchRunning()
			if running || w.LastBatch() == nil {
				g.toggleBatch()
				return
			}
			g.openWorst(+1)
		})
	}
	return acts
}

// clickSwitch runs the switch of the panel row at screen point (x, y), if
// a row is there: only the rows shown (the query row exists only for a
// scenario with several queries; a click below the last row did its
// action).
func (g *Game) clickSwitch(x, y int) {
	if image.Pt(x, y).In(render.SwitchTitleRect(g.lay)) {
		g.foldSwitches()
		return
	}
	acts := switchActions(g)
	for i := range g.switchRows() {
		if i < len(acts) && acts[i] != nil && image.Pt(x, y).In(render.SwitchRowRect(g.lay, i)) {
			acts[i]()
		}
	}
}

// removeAgents removes the selected agents (Ctrl+Z brings them back), in
// the agent tool only: a stray Backspace in another tool should not take a
// selection made a while ago. Elsewhere, with agents selected, it says
// where the key works.
func (g *Game) removeAgents() {
	if _, ok := g.tool.(*agentTool); ok {
		g.w.RemoveSelectedAgents()
	} else if s := g.w.Agents(); s != nil && len(s.Selected(nil)) > 0 {
		g.w.Note("%s removes the selected agents in the agent tool (%s)", keysOf(ActRemoveAgents), keysOf(ActToolAgents))
	}
}

// nextViewLevel shows the next abstract level's structure (the L key and
// the panel row do the same, and both log it).
// shownLevel is the view level the panel names and the map draws: L's,
// within the hierarchy's levels (1 without one), unless the hierarchy is
// being built, when L's stays (the map would flick to level 1 and back).
// With the levels set under the rooms' layers the build fails, and the
// panel said "view level 1 of 1" while the map drew level 2's rooms (a
// designer's report).
func (g *Game) shownLevel() int {
	w := g.w
	if w.Settings.Algo.Hierarchical() && w.Hierarchy() == nil && w.HierarchyError() == nil && w.Busy() {
		return g.viewLevel
	}
	n := 1
	if h := w.Hierarchy(); h != nil {
		n = h.Levels()
	}
	return max(1, min(g.viewLevel, n))
}

func (g *Game) nextViewLevel() {
	n := 1
	if h := g.w.Hierarchy(); h != nil {
		n = h.Levels()
	}
	g.viewLevel = g.viewLevel%n + 1
	g.w.Log.Add("switch", world.F{Key: "name", Val: "view_level"}, world.F{Key: "value", Val: g.viewLevel})
	g.w.Note("%s", g.viewLevelNote(n))
}

// viewLevelNote says what L just changed, as every other switch says: the
// level shown of how many, or why nothing is, and which keys show the
// layers that follow it when none of them is on (else L seems to do
// nothing).
func (g *Game) viewLevelNote(n int) string {
	if !g.w.Settings.Algo.Hierarchical() && !g.w.Settings.UsesClusterHeuristic() {
		return fmt.Sprintf("view level: %s builds no hierarchy (%s HPA*, %s the group hierarchy)",
			g.w.Settings.Algo.Title(), keysOf(ActAlgoHPA), keysOf(ActAlgoGroup))
	}
	note := fmt.Sprintf("view level %d of %d: borders, groups, nodes and edges show level %d", g.viewLevel, n, g.viewLevel)
	var off []string
	for _, l := range []render.Layer{render.LayerBorders, render.LayerGroups, render.LayerNodes, render.LayerEdges} {
		if g.layers.Has(l) {
			return note
		}
		off = append(off, KeyText(&layerKeys[l]))
	}
	return note + " (all four are off: " + strings.Join(off, ", ") + " show them)"
}

// phaseKey names a phase of one trace (Timeline.Generation, phase index).
type phaseKey struct {
	gen   uint64
	phase int
}

// followPhase shows the structure of the level being searched: when
// playback, a step or a seek moves the cursor into a phase of an abstract
// level (an HPA* or group search, an insertion or a refinement at level
// l ≥ 1), the view level becomes l, so the fill is drawn over the borders,
// nodes and edges it runs on. A cell phase (level 0: an insertion, a
// refinement to cells, a group walk's segment) shows level 1, whose
// clusters it searches in and whose nodes it runs between. It had taken
// the level of the last abstract phase before it, which depended on how
// the cursor got there: an engineer saw "refine cells" drawn over level 2
// after a stage jump and over level 3 from -cursor, on a map of 3 levels.
// A new trace leaves the level alone (a new query keeps the level the
// user chose); L still switches by hand until the cursor enters another
// phase. Cost: a compare per frame.
func (g *Game) followPhase() {
	tl := &g.w.Timeline
	k := phaseKey{tl.Generation(), tl.Phase()}
	if k == g.phaseSeen {
		return
	}
	newTrace := k.gen != g.phaseSeen.gen
	g.phaseSeen = k
	tr := tl.Trace()
	if newTrace || tr == nil || k.phase < 0 || k.phase >= len(tr.Phases) {
		return
	}
	l := max(tr.Phases[k.phase].Level, 1) // a cell phase: level 1's clusters
	n := 1
	if h := g.w.Hierarchy(); h != nil {
		n = h.Levels()
	}
	if l < 1 || l > n || l == g.viewLevel {
		return
	}
	g.viewLevel = l
	g.w.Log.Add("switch", world.F{Key: "name", Val: "view_level"}, world.F{Key: "value", Val: l},
		world.F{Key: "by", Val: "phase"}, world.F{Key: "phase", Val: tr.Phases[k.phase].Name})
}

// nextBrush picks the next weight 2..9 for Shift+paint (Shift+W and the
// panel row), with a note and a log line.
func (g *Game) nextBrush() {
	g.brush = max(g.brush%9+1, 2)
	g.w.NoteAfterError("brush weight %d (Shift+paint)", g.brush) // an error on screen stays its 12 s
	g.w.Log.Add("switch", world.F{Key: "name", Val: "brush"}, world.F{Key: "value", Val: int(g.brush)})
}

// brushSizes are the widths the brush takes, in cells across.
var brushSizes = []int{1, 3, 5, 9}

// beginStroke starts a stroke at cell c with the brush (its size and
// paint mode), for the paint tool's left button and the right button in
// any tool; weight (Shift held) paints the brush weight.
func (g *Game) beginStroke(c image.Point, weight bool) {
	b := world.Brush{Mode: g.paintMode, Size: g.brushSize}
	if weight {
		b.Weight = g.brush
	}
	g.w.BeginStrokeWith(c, b)
}

// stepBrushSize makes the brush one size wider (d > 0, Ctrl+]) or
// narrower (Ctrl+[), stopping at the ends, with a note and a log line. A
// stroke in progress keeps the brush it began with.
func (g *Game) stepBrushSize(d int) {
	i := 0
	for k, s := range brushSizes {
		if s <= g.brushSize {
			i = k
		}
	}
	j := i + d
	if j < 0 || j >= len(brushSizes) {
		end := "widest"
		if d < 0 {
			end = "narrowest"
		}
		g.w.NoteAfterError("brush %s, the %s", brushSizeText(g.brushSize), end)
		return
	}
	g.brushSize = brushSizes[j]
	g.w.NoteAfterError("brush %s: dig, fill, weight and rooms%s", brushSizeText(g.brushSize), g.nextStrokeNote())
	g.w.Log.Add("switch", world.F{Key: "name", Val: "brush_size"}, world.F{Key: "value", Val: g.brushSize})
}

// nextPaintMode is Shift+D and the paint row: what a stroke without the
// weight does goes from the first cell deciding to dig only, fill only
// and back, with a note and a log line.
func (g *Game) nextPaintMode() {
	g.paintMode = (g.paintMode + 1) % 3
	g.w.NoteAfterError("paint: %s%s", paintModeText(g.paintMode), g.nextStrokeNote())
	g.w.Log.Add("switch", world.F{Key: "name", Val: "paint"}, world.F{Key: "value", Val: g.paintMode.String()})
}

// nextStrokeNote ends a brush switch's note while a stroke is in
// progress: the stroke keeps the brush it began with.
func (g *Game) nextStrokeNote() string {
	if g.paintingNow() || g.roomPaintingNow() {
		return ", from the next stroke"
	}
	return ""
}

// paintModeText is the paint row's value before the brush size.
func paintModeText(m world.PaintMode) string {
	switch m {
	case world.PaintDig:
		return "dig only"
	case world.PaintFill:
		return "fill only"
	}
	return "by first cell" // short: the panel's row clipped "first cell decides, 1 cell" at 1280×800
}

// paintingCaption is the top bar's caption while a stroke of kind k is
// painted: "painting: fill", "painting 9×9: fill only" (forced by
// Shift+D). The brush comes first: the bar clips a long caption at its
// end, and "painting: fill only, brush 9×9" lost the size beside a long
// phase (a new user's report).
func paintingCaption(k world.EditKind, m world.PaintMode, brush int) string {
	s := "painting"
	if brush > 1 {
		s += " " + brushSizeText(brush)
	}
	s += ": " + k.String()
	if k != world.EditWeight && m != world.PaintAuto {
		s += " only"
	}
	return s
}

// strokeFrame gives f the brush of the stroke in progress, if any: its
// caption, and the size and mode the outline is drawn with. A size or mode
// chosen mid-stroke is for the next stroke, so neither may claim it.
func (g *Game) strokeFrame(f *render.Frame) {
	if letter, level, size, ok := g.w.RoomPainting(); ok {
		f.BrushSize = size
		f.Caption, f.CaptionIsHint = roomCaption(letter, level), false
		return
	}
	k, ok := g.w.Painting()
	if !ok {
		return
	}
	b, _ := g.w.StrokeBrush()
	f.BrushSize, f.PaintMode = b.Size, b.Mode
	f.Caption, f.CaptionIsHint = paintingCaption(k, b.Mode, b.Size), false
}

// brushSizeText names the brush size: "1×1", "5×5".
func brushSizeText(n int) string {
	n = max(n, 1)
	return fmt.Sprintf("%d×%d", n, n)
}

// roomPaintingNow reports whether a room stroke is in progress.
func (g *Game) roomPaintingNow() bool {
	_, _, _, ok := g.w.RoomPainting()
	return ok
}

// paintingNow reports whether a stroke is in progress.
func (g *Game) paintingNow() bool {
	_, ok := g.w.Painting()
	return ok
}

// agentRefineText is the agent refine row's value: the mode and what it
// refines, so the row says what the switch does without the help.
func agentRefineText(m agents.HPAMode) string {
	if m == agents.HPALazy {
		return "lazy: next segment"
	}
	return "eager: whole route"
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// toggleRepair brings the last repair's highlight (the clusters it
// recomputed, the nodes it added and removed) back and holds it, unfaded,
// until pressed again; a repair made meanwhile is held too. Letting go
// fades it over the usual two seconds from now. With no repair to show
// it says so and holds nothing.
func (g *Game) toggleRepair(now time.Time) {
	if g.repairHeld {
		g.repairHeld = false
		g.repairAt = now
		g.logOverlay("repair", false)
		return
	}
	if !g.repairToShow() {
		g.w.Note("no repair to show: dig or fill cells (right-drag) with HPA* or the group hierarchy")
		return
	}
	g.repairHeld = true
	g.logOverlay("repair", true)
}

// repairToShow reports whether the world's last repair describes the
// hierarchy in use: a flat search has none, and a switch that rebuilt or
// dropped the hierarchy cleared the repair (world.World.LastRepair).
func (g *Game) repairToShow() bool {
	rep := &g.w.LastRepair
	if !g.w.Settings.Algo.Hierarchical() {
		return false
	}
	return len(rep.Dirty) > 0 || len(rep.AddedNodes) > 0 || len(rep.RemovedNodes) > 0
}

// flashAge is the age in seconds the repair highlight is drawn at: 0
// while held, negative when there is none.
func (g *Game) flashAge(now time.Time) float64 {
	switch {
	case g.repairHeld:
		return 0
	case g.repairAt.IsZero():
		return -1
	}
	return now.Sub(g.repairAt).Seconds()
}

// cutsAge is how long in seconds the session has been computing the cut
// cells the components layer shows (Frame.CutsAge), 0 when it is not or
// the layer is off.
func (g *Game) cutsAge(now time.Time) float64 {
	since, pending := g.w.CutCellsPending()
	if !pending || !g.layers.Has(render.LayerComponents) {
		return 0
	}
	return now.Sub(since).Seconds()
}

// logOverlay logs a panel or overlay shown or hidden.
func (g *Game) logOverlay(name string, on bool) {
	g.w.Log.Add("overlay", world.F{Key: "name", Val: name}, world.F{Key: "on", Val: on})
}

// logView writes a "view" line once the camera has settled after a
// change (fit, zoom, pan, resize), so tests and bug reports can map cells
// to window pixels: screen = cell·zoom + offset.
func (g *Game) logView() {
	c := g.cam
	if c.Zoom == g.camLogged.Zoom && c.OffX == g.camLogged.OffX && c.OffY == g.camLogged.OffY {
		g.camStable = 0
		return
	}
	if g.camStable++; g.camStable < 10 {
		return
	}
	g.camStable = 0
	g.camLogged = c
	m := g.lay.Map
	g.w.Log.Add("view", world.F{Key: "zoom", Val: math.Round(c.Zoom*1e4) / 1e4}, world.F{Key: "offx", Val: math.Round(c.OffX*100) / 100},
		world.F{Key: "offy", Val: math.Round(c.OffY*100) / 100}, world.F{Key: "window", Val: fmt.Sprintf("%dx%d", g.screenW, g.screenH)},
		world.F{Key: "map_area", Val: fmt.Sprintf("%d,%d,%d,%d", m.Min.X, m.Min.Y, m.Max.X, m.Max.Y)})
}

// updateInspect refreshes the inspector's cell info when the cell, the
// timeline or the grid changed.
func (g *Game) updateInspect() {
	p := g.hover
	if g.hasPinned {
		p = g.pinned
	}
	k := inspectKey{p: p, tl: g.w.Timeline.Version(), grd: g.w.GridVersion(), algo: g.w.Settings.Algo, w: g.w,
		hier: g.w.Hierarchy(), repair: g.w.RepairSeq, comps: g.w.ComponentsSeq(), shown: g.hasPinned || g.hoverOK}
	if k == g.inspectKey {
		return
	}
	g.inspectKey = k
	if g.hasPinned || g.hoverOK {
		g.inspect = g.w.Inspect(p)
	} else {
		g.inspect = world.CellInfo{}
	}
}

func (g *Game) legend() []render.LegendRow {
	rows := make([]render.LegendRow, render.NumLayers)
	for l := range rows {
		rows[l] = render.LegendRow{Layer: render.Layer(l), Keys: KeyText(&layerKeys[l]), On: g.layers.Has(render.Layer(l))}
	}
	return rows
}

// toolCaption sets the top bar's caption from the tool: what it is doing
// (a marker dragged, agents selected), else its standing hint.
func (g *Game) toolCaption(f *render.Frame) {
	if qt, ok := g.tool.(*queryTool); ok {
		f.Caption = qt.caption()
	}
	if at, ok := g.tool.(*agentTool); ok && !at.dragging {
		f.Caption, f.CaptionIsHint = at.caption(g), true
	}
	if f.Caption == "" {
		f.Caption, f.CaptionIsHint = g.tool.Hint(), true
	}
}

// Draw draws the session. It reads state only; the caches it fills live in
// the renderer.
func (g *Game) Draw(screen *ebiten.Image) {
	defer g.survive("drawing the window", nil)
	if drawHook != nil {
		drawHook(g)
	}
	if !g.needsDraw() && g.opts.ShotPath == "" && g.shotPending == "" && g.opts.ProfileFrames == 0 && g.recording == nil {
		return // the screen keeps the last frame (SetScreenClearedEveryFrame(false))
	}
	g.drawnKey, g.drawnAt = g.drawKey, frameClock()
	g.drawnBadge = ""
	t0 := time.Now()
	lay := g.lay
	if lay.Screen.Empty() {
		lay = g.layout(screen.Bounds().Dx(), screen.Bounds().Dy())
	}
	f := &render.Frame{
		World: g.w, Cam: &g.cam, Layout: lay,
		Hover: g.hover, HoverOK: g.hoverOK, MouseX: float64(g.mouseX), MouseY: float64(g.mouseY), MouseOK: g.mouseIn,
		Pinned: g.pinned, HasPinned: g.hasPinned, Inspect: &g.inspect,
		Layers: g.layers, EdgesAll: g.edgesAll, ViewLevel: g.shownLevel(), ScenOptimal: g.shownScenOptimal(),
		Tool: g.tool.Name(), ToolHint: g.tool.Hint(), Brush: g.brush, BrushSize: g.brushSize, PaintMode: g.paintMode,
		Switches: g.switchRows(),
		ShowHelp: g.showHelp, HelpScroll: g.helpScroll, PanelScroll: g.panelScroll, PanelFollow: g.panelFollow(), ShowGallery: g.gallery, GallerySel: g.gallerySel,
		FlashAge: -1, MessageAge: g.messageAge(frameClock()),
	}
	if g.recording != nil {
		f.MessageAge = math.Inf(1) // the recording shows the query, not the note of the moment
		f.Recording = !g.recording.live
	}
	// A picture taken of this frame shows the terrain whole, not the
	// part a big map's first frames have baked.
	f.TerrainWhole = g.opts.ShotPath != "" && !g.shotDone || g.shotPending != "" || g.recording != nil && g.recording.want
	if !g.noLegend {
		f.Legend = g.legend()
	}
	if g.showHelp {
		f.Help = helpSections()
	}
	if g.gallery {
		f.Gallery = g.galleryItems()
	}
	if g.builtinCase() {
		f.AboutRest = keysOf(ActGallery) // its entry, selected, shows the whole text
	}
	if g.confirm != nil {
		f.Confirm = g.confirm.lines
	}
	f.Prompt = g.promptView()
	f.FlashAge = g.flashAge(frameClock())
	f.CutsAge = g.cutsAge(time.Now()) // against the session's clock, which stamped the cut cells' start
	if g.repairHeld {
		f.FlashNote = "last repair, held: " + keysOf(ActRepairShow) + " lets it fade"
	}
	f.NotesHidden = g.notesHidden
	g.toolCaption(f)
	g.strokeFrame(f)
	agents := g.w.Agents()
	if lay.TooSmall {
		f.SmallNote = g.smallNote()
		agents = nil // the note alone: no map for them
	}
	f.OverlaysLater = agents != nil // drawn after the agents, above them
	g.r.Draw(screen, f)
	// The panel's content may have shrunk (another algorithm, a closed
	// inspector): a scroll past its new end would leave the wheel dead for
	// as many notches, so it is clamped to what this frame measured.
	g.panelScroll = min(g.panelScroll, g.r.PanelMaxScroll())
	if s := agents; s != nil {
		al := &g.agentLayer
		al.Sim, al.Cam, al.Map = s, &g.cam, lay.Map
		al.Plans, al.Segments = g.layers.Has(render.LayerPlans), g.layers.Has(render.LayerSegments)
		al.SendRuns = g.w.AgentsSendRuns()
		al.Mouse, al.MouseOK = image.Pt(g.mouseX, g.mouseY), g.hoverOK
		al.Drag = image.Rectangle{}
		if at, ok := g.tool.(*agentTool); ok {
			al.Drag = at.drag
		}
		// The replan panel keeps off the query's markers too.
		al.Marks = al.Marks[:0]
		if g.w.HasStart {
			al.Marks = append(al.Marks, g.w.Start)
		}
		if g.w.HasGoal {
			al.Marks = append(al.Marks, g.w.Goal)
		}
		// And off the answer (its path and plans, when their layers are
		// on), and off the message, drawn over it next. Not off the
		// prompt: the panel moved when save as opened; the prompt takes
		// its place around the panel instead (render.promptLayout).
		al.Answer = al.Answer[:0]
		al.Answer = append(al.Answer, g.w.Outcome.Path)
		if g.layers.Has(render.LayerPlans) {
			al.Answer = append(al.Answer, g.w.Outcome.Plans...)
		}
		al.Hard = append(al.Hard[:0], g.r.MessageBox(f))
		al.Log, al.MaxSize = image.Rectangle{}, image.Point{}
		// No panel once no agent is left: it listed the replans of agents
		// gone (a spawn undone) under "no agents".
		if m := lay.Map; s.Live() > 0 {
			al.Log, al.MaxSize = agentPanelRoom(m)
		}
		g.r.DrawAgents(screen, al)
		g.r.DrawOverlays(screen, f)
	}
	g.prof.addDraw(time.Since(t0))
	g.captureFrame(screen)
	if g.opts.ShotPath != "" && !g.shotDone && g.frames >= 1 && !g.r.GroupsPending() {
		g.shotErr = writePNG(screen, g.opts.ShotPath, g.outsideW, g.outsideH)
		g.shotDone = true
	}
	if g.shotPending != "" {
		path := g.shotPending
		g.shotPending = ""
		if err := writePNG(screen, path, g.outsideW, g.outsideH); err != nil {
			// A message of its own (an error, on its own clock): written
			// into the last one's text, it took that message's colour and
			// what was left of its time.
			g.w.Fail("screenshot: %v", err)
		} else {
			// What the picture shows is logged with it: a test (or a
			// user reading the log) can tell a mid-build picture.
			g.shotWritten, g.shotPhase, g.shotBusy = path, g.r.PhaseLabel(g.w), g.w.Busy()
		}
	}
	// Last, after the recording's frame and any screenshot are taken:
	// the window's sign of a recording under way.
	g.drawnBadge = g.recordingBadge()
	g.r.DrawRecordingBadge(screen, lay, g.drawnBadge)
}

// Smallest map area the agents' replan panel is drawn in (agentPanelRoom).
const agentPanelMinW, agentPanelMinH = 320, 240

// agentPanelRoom returns where the agents' replan panel may go in map area
// m and its largest size: it sizes itself to its text within that, clips
// its text to its width and drops the lines that do not fit, and takes the
// corner that covers the fewest agents. The cap is half the area, at most
// 400 px wide, but never under 240×120 (or the area less its margins): at
// half of a small area (800×600, or 1280×800 at -ui-scale 1.5) the title
// alone would be cut. Under agentPanelMinW×agentPanelMinH there is no
// panel: it would hide most of the map. It was drawn only in areas wider
// than 560 px, so a projector's 150 % showed no panel and no "routes
// blocked" line at all.
func agentPanelRoom(m image.Rectangle) (room image.Rectangle, maxSize image.Point) {
	if m.Dx() < agentPanelMinW || m.Dy() < agentPanelMinH {
		return image.Rectangle{}, image.Point{}
	}
	room = m.Inset(8)
	w := min(max(m.Dx()/2, 240), 400, room.Dx())
	h := min(max(m.Dy()/2, 120), room.Dy())
	return room, image.Pt(w, h)
}

// Layout makes the game resolution follow the window, so the map is
// refitted on resize. With a UI scale s the screen is the window's size
// divided by s, and Ebiten stretches it over the window: text, panel, bars,
// legend and help all grow by s together (the layout is the one of a
// window s times smaller, which it handles down to 800×600 and below),
// while the map keeps filling its area.
func (g *Game) Layout(outsideW, outsideH int) (int, int) {
	s := g.uiScale
	if s <= 0 {
		s = 1
	}
	g.outsideW, g.outsideH = outsideW, outsideH
	w, h := scaledSize(outsideW, s), scaledSize(outsideH, s)
	g.screenW, g.screenH = w, h
	return w, h
}

// smallNote is the note a window too small for the layout shows in place
// of it (render.Layout.TooSmall): the window's size and the size it needs,
// in window pixels, at the UI scale; over 100 % the note names the scale
// and the key that makes it smaller, which may be all it takes.
func (g *Game) smallNote() string {
	s := g.uiScale
	if s <= 0 {
		s = 1
	}
	w, h := g.outsideW, g.outsideH
	if w <= 0 || h <= 0 { // not laid out by Ebiten (a test): the screen is the window
		w, h, s = g.lay.Screen.Dx(), g.lay.Screen.Dy(), 1
	}
	needW, needH := leastWindow(render.MinScreenW, s), leastWindow(render.MinScreenH, s)
	if s == 1 {
		return render.TooSmallNote(w, h, needW, needH)
	}
	note := fmt.Sprintf("window too small for %.0f%%: %d×%d, need at least %d×%d", 100*s, w, h, needW, needH)
	if s > 1 {
		note += fmt.Sprintf(" (%s: smaller text, panel and bars)", keysOf(ActUISmaller))
	}
	return note
}

// scaledSize is the screen size of n window pixels at UI scale s.
func scaledSize(n int, s float64) int {
	return max(int(math.Ceil(float64(n)/s)), 1)
}

// leastWindow is the least window side, in window pixels, that Layout
// makes a screen side of n or more at scale s: the screen's side is the
// window's over s rounded up, so n·s (880 at 275 % for 320) overstated
// it by up to s pixels (878 lays out 320).
func leastWindow(n int, s float64) int {
	w := int(math.Ceil(float64(n) * s))
	for w > 1 && scaledSize(w-1, s) >= n {
		w--
	}
	return w
}

// panelNoRoom reports whether the side panel is wanted (Tab has not hidden
// it) but not shown, since the screen is too narrow for it
// (render.PanelWidthFor): a narrow window, or a large UI scale. The
// screen is measured at the scale set now: Ebiten may run an Update
// before the Layout that gives the screen a new scale's size, and the
// old, narrower screen then said "no room for the side panel at 150%"
// just as Ctrl+- brought the panel back (a teacher's report).
func (g *Game) panelNoRoom() bool {
	w := g.screenW
	if g.outsideW > 0 && g.uiScale > 0 {
		w = scaledSize(g.outsideW, g.uiScale)
	}
	return w > 0 && render.PanelWidthFor(w) == 0
}

// panelRoomNote says that the side panel does not fit and what would make
// it fit: the smaller UI scale Ctrl+- reaches where that is enough, or a
// window wide enough at this scale. A 1024×768 projector at 175 % dropped
// the panel with no word, and Tab then did nothing (a user's report).
// lead starts the note ("interface scale 175%"). The caller writes the
// note: it is recorded as written (panelNote), for notePanelDrop to keep
// true.
func (g *Game) panelRoomNote(lead string) string {
	g.panelNote, g.panelNoteAt = g.roomNote(), [2]float64{float64(g.outsideW), g.uiScale}
	if lead != "" {
		return lead + "; " + g.panelNote
	}
	return g.panelNote
}

// roomNote is panelRoomNote's note without a lead, worded for the window
// and the scale as they are.
func (g *Game) roomNote() string {
	need := 2 * render.PanelWidth // the narrowest screen with a panel
	s := g.uiScale
	var b strings.Builder
	fmt.Fprintf(&b, "no room for the side panel at %.0f%% in a %d px wide window", 100*s, g.outsideW)
	fit := 0.0
	for t := s - uiScaleStep; t >= cli.MinUIScale-1e-9; t -= uiScaleStep {
		if scaledSize(g.outsideW, t) >= need {
			fit = t
			break
		}
	}
	wide := int(math.Ceil(float64(need) * s))
	if fit > 0 {
		fmt.Fprintf(&b, ": %s to %.0f%% shows it (or a window %d px wide)", keysOf(ActUISmaller), 100*fit, wide)
	} else {
		fmt.Fprintf(&b, ": a window %d px wide shows it", wide)
	}
	return b.String()
}

// notePanelDrop notes, once each time it happens, that the side panel was
// dropped for want of width (at start, on a resize): the panel and its
// numbers went with no word. An error on screen keeps its place: the note
// waits for it. The note stays true while it shows (or waits): reworded
// for the width and scale of a window resized meanwhile, taken back once
// the panel shows again. After a shrink to 330 px and a widening back to
// 1270 it said "no room for the side panel … in a 330 px wide window"
// over the map, the panel beside it (a new user's trial).
func (g *Game) notePanelDrop() {
	drop := g.panel && g.panelNoRoom()
	switch {
	case drop && !g.panelSaid:
		g.w.NoteAfterError("%s", g.panelRoomNote(""))
	case g.panelNote == "":
	case !drop:
		g.w.ReplaceNote(g.panelNote, "")
		g.panelNote = ""
	case g.panelNoteAt != [2]float64{float64(g.outsideW), g.uiScale}:
		was := g.panelNote
		g.w.ReplaceNote(was, g.panelRoomNote(""))
	}
	g.panelSaid = drop
}

// layout lays out a w×h screen with the panel's text and switch rows
// fitted to it (render.FitPanel).
func (g *Game) layout(w, h int) render.Layout {
	l := render.ComputeLayout(w, h, g.panel)
	l.SwitchFold, l.Pinned = g.switchFold, g.hasPinned
	return g.r.FitPanel(l, g.w)
}

// foldSwitches folds the panel's switch rows, or unfolds them, from what
// the panel shows now: a click on their title, after which the choice
// holds at every scale and window size.
func (g *Game) foldSwitches() {
	g.switchFold = render.FoldShut
	if g.lay.Folded {
		g.switchFold = render.FoldOpen
	}
	g.lay = g.layout(g.screenW, g.screenH)
	g.logOverlay("switches", !g.lay.Folded)
}

// scrollPanel moves the panel's numbers and inspector by d lines, within
// what the last frame showed could scroll. While the panel follows the
// open list, it moves from where the open list put it, and follows no
// more until the next stepping begins.
func (g *Game) scrollPanel(d int) {
	from := g.panelScroll
	if g.panelFollow() {
		from = g.r.PanelShown().First
	}
	g.panelScrolled = true
	g.panelScroll = min(max(from+d, 0), g.r.PanelMaxScroll())
}

// panelFollow reports whether the panel should show its open list rather
// than where the wheel left it: while a search is being stepped (or
// played), until the wheel moves the panel. At 175 % on 1280×800 the open
// list, which every step changes, was under the numbers, out of view (a
// user's report).
func (g *Game) panelFollow() bool { return g.stepping && !g.panelScrolled }

// noteStepping records whether the timeline's cursor is inside the query:
// a stepping that begins lets the panel follow its open list again.
func (g *Game) noteStepping() {
	tl := &g.w.Timeline
	now := tl.Len() > 0 && tl.Cursor() > 0 && !tl.AtEnd()
	if now && !g.stepping {
		g.panelScrolled = false
	}
	g.stepping = now
}

// uiScaleStep is how much Ctrl+= and Ctrl+- change the UI scale.
const uiScaleStep = 0.25

// setUIScale sets the UI scale, clamped to cli.MinUIScale..MaxUIScale and
// rounded to the step, says so and logs it. The next Layout resizes the
// screen; a fitted map is fitted again.
func (g *Game) setUIScale(s float64) {
	s = math.Round(s/uiScaleStep) * uiScaleStep
	s = math.Max(cli.MinUIScale, math.Min(cli.MaxUIScale, s))
	if s == g.uiScale {
		g.w.Note("interface scale %.0f%% (%v to %v%%)", 100*s, 100*cli.MinUIScale, 100*cli.MaxUIScale)
		return
	}
	// A larger scale the window cannot lay out is refused: it replaced
	// the whole window with "window too small" (300 % on 800×600), which
	// a press of Ctrl+= should not do. A smaller one always helps.
	if s > g.uiScale && g.outsideW > 0 && g.outsideH > 0 &&
		(scaledSize(g.outsideW, s) < render.MinScreenW || scaledSize(g.outsideH, s) < render.MinScreenH) {
		g.w.Note("interface scale stays %.0f%%: %.0f%% needs a window of at least %d×%d, this one is %d×%d",
			100*g.uiScale, 100*s, leastWindow(render.MinScreenW, s), leastWindow(render.MinScreenH, s), g.outsideW, g.outsideH)
		return
	}
	g.uiScale = s
	lead := "interface scale 100%"
	if s != 1 {
		lead = fmt.Sprintf("interface scale %.0f%% (%s: 100%%)", 100*s, keysOf(ActUIReset))
	}
	// The next Layout gives the screen this size; the panel may not fit it.
	drop := g.panel && g.outsideW > 0 && render.PanelWidthFor(scaledSize(g.outsideW, s)) == 0
	if drop {
		g.w.Note("%s", g.panelRoomNote(lead))
	} else {
		g.w.Note("%s", lead)
	}
	g.panelSaid = drop
	g.w.Log.Add("switch", world.F{Key: "name", Val: "ui_scale"}, world.F{Key: "value", Val: strconv.FormatFloat(s, 'g', -1, 64)})
}

// writePNG encodes the pixels of img to path through a temporary file.
func writePNG(img *ebiten.Image, path string, outW, outH int) error {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	for i := 3; i < len(pix); i += 4 {
		pix[i] = 255 // the screen is opaque
	}
	rgba := &image.RGBA{Pix: pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	var buf bytes.Buffer
	if err := png.Encode(&buf, windowSized(rgba, outW, outH, nil)); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// pathCause is the cause of a file error without the file's name (the
// message names the file the user asked for), or err itself.
func pathCause(err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// windowSized returns the screen picture at the window's size (outW×outH
// pixels): under a UI scale the screen is drawn smaller and the window
// shows it enlarged, and a screenshot of a 1280×800 window at 200% was a
// 640×400 picture. A whole scale doubles pixels, as the window shows them;
// another is smoothed. Without a known window size (0), or at 100%, the
// picture is returned as drawn.
//
// dst, when it is outW×outH, takes the picture instead of a new image (a
// recording scales every frame).
func windowSized(src *image.RGBA, outW, outH int, dst *image.RGBA) *image.RGBA {
	b := src.Bounds()
	if outW <= 0 || outH <= 0 || (outW == b.Dx() && outH == b.Dy()) {
		return src
	}
	if dst == nil || dst.Rect != image.Rect(0, 0, outW, outH) {
		dst = image.NewRGBA(image.Rect(0, 0, outW, outH))
	}
	var s xdraw.Scaler = xdraw.BiLinear
	if outW%b.Dx() == 0 && outH%b.Dy() == 0 && outW/b.Dx() == outH/b.Dy() {
		s = xdraw.NearestNeighbor
	}
	s.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	return dst
}

// profile collects Update and Draw times for -profile.
type profile struct {
	update, draw []time.Duration
}

func (p *profile) addUpdate(d time.Duration) { p.update = append(p.update, d) }
func (p *profile) addDraw(d time.Duration)   { p.draw = append(p.draw, d) }
func (p *profile) frames() int               { return len(p.draw) }

// ProfileReport returns the -profile figures ("" when not profiling).
func (g *Game) ProfileReport() string {
	if g.opts.ProfileFrames <= 0 {
		return ""
	}
	p := &g.prof
	n := min(len(p.update), len(p.draw))
	if n == 0 {
		return "profile: no frames drawn\n"
	}
	total := make([]time.Duration, n)
	for i := 0; i < n; i++ {
		total[i] = p.update[i] + p.draw[i]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "profile: %s %d×%d, %d frames, window %d×%d, layers %s\n", g.w.Name, g.w.Grid.Width(), g.w.Grid.Height(),
		n, g.screenW, g.screenH, layerNames(g.layers))
	row := func(name string, ds []time.Duration) {
		s := append([]time.Duration(nil), ds[:n]...)
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		var sum time.Duration
		for _, d := range s {
			sum += d
		}
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		fmt.Fprintf(&b, "  %-12s mean %6.2f ms  p50 %6.2f  p95 %6.2f  p99 %6.2f  max %6.2f\n", name,
			ms(sum/time.Duration(n)), ms(s[n/2]), ms(s[n*95/100]), ms(s[min(n-1, n*99/100)]), ms(s[n-1]))
	}
	row("update", p.update)
	row("draw", p.draw)
	row("update+draw", total)
	over := 0
	for _, d := range total {
		if d > 16*time.Millisecond {
			over++
		}
	}
	fmt.Fprintf(&b, "  frames over 16 ms: %d of %d; actual %.1f frames/s, %.1f ticks/s (the display's own work included)\n", over, n, ebiten.ActualFPS(), ebiten.ActualTPS())
	return b.String()
}

func layerNames(s render.LayerSet) string {
	var out []string
	for l := render.Layer(0); l < render.NumLayers; l++ {
		if s.Has(l) {
			out = append(out, l.ShortName())
		}
	}
	return strings.Join(out, ",")
}

// plural writes "1 thing" or "n things".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return world.Count(n) + " " + many
}
