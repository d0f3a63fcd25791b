// Package cli is the app's command line without the window: its flags and
// their usage, and the key table as text. It imports no Ebiten, so the
// preflight package can answer -h, -keys and a bad flag before Ebiten's
// own start-up, which panics on a machine with no display.
package cli

import (
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/internal/anim"
	"pathlens/internal/flagmsg"
	"pathlens/maps"
)

// Flags is every flag of the app, as given. Parse checks the setting
// flags' values, Check the ranges that need no map, main the rest (cells,
// files).
type Flags struct {
	Map, Scenario string
	Scen          string // a Moving AI .scen list whose rows become the queries
	Shot, ShotDir string
	GIF           string // -gif: record the query's timeline into this animated GIF and exit
	GIFFrames     int    // -gif-frames: the frames of a recording (-gif and Shift+F12)
	Log           string
	Save          string // where Ctrl+S writes (a .pls), instead of the default place
	Export        string // -export: write the session's terrain to this map file and exit, with no window
	From, To      string
	Query         int  // -query K: open the session's query K (1-based) first; 0: the default
	querySet      bool // -query was given (so 0 is refused, not read as the default)
	// ZoomSet: -zoom was given; -zoom 0 then asks for the fitted map, and
	// the first query is not framed.
	ZoomSet bool
	// LevelSet: -level was given; else a -cursor at a phase shows that
	// phase's level, as stepping to it does.
	LevelSet bool
	// SizeSet: -size was given; else the window opens at DefaultWindow
	// for the monitor (FitWindow).
	SizeSet     bool
	Algo        string
	AgentRefine string // "", eager or lazy (see Check and AgentRefineMode)
	Layers      string
	Cursor      string
	Size        string
	Profile     int
	CPUProfile  string
	Play        bool
	Zoom        float64
	UIScale     float64 // text and HUD size, 1 = 100% (see Check and MinUIScale)
	Center      string
	Pin         string
	Level       int
	Keys        bool
	NoLegend    bool
	NoPanel     bool // -nopanel: start with the side panel hidden (Tab shows it)
	// Settings holds the switches given by -cluster, -levels, -cost,
	// -exclusion, -heuristic, -nb, -smooth, -target and -transitions (a
	// zero field: not given), checked as a scenario's "set" lines are;
	// they override the scenario's.
	Settings maps.Settings
	Args     []string // arguments left after the flags
	argsErr  error    // ArgsError
}

// Parse parses the app's arguments (without the program name). A syntax
// error is reported on stderr (worded by flagmsg) with a pointer to -h, and
// -h prints the usage; Parse returns flag.ErrHelp for -h and any other
// error for a bad flag.
func Parse(args []string, stderr io.Writer) (*Flags, error) {
	f := &Flags{}
	fs := flag.NewFlagSet("pathlens", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The flag package calls Usage after -h and after a bad flag alike: -h
	// gets the whole list, a bad flag its message and a pointer to it (the
	// message was lost above seventy lines of flags).
	fs.Usage = func() {}
	fs.StringVar(&f.Map, "map", "", "open this Moving AI (.map), ASCII, Tiled (.tmx) or scenario (.pls) file instead of the built-in world")
	fs.StringVar(&f.Scenario, "scenario", "", "open a scenario: builtin:NAME or a .pls file")
	fs.StringVar(&f.Scen, "scen", "", "a Moving AI scenario list (.scen) for the -map: its rows become the queries, F3 steps through them and the note gives each row's optimal length")
	fs.StringVar(&f.Shot, "shot", "", "draw the first complete frame to this PNG file and exit")
	fs.StringVar(&f.GIF, "gif", "", "record the first query's timeline, start to end, into this animated GIF and exit (Shift+F12 records in the window)")
	fs.IntVar(&f.GIFFrames, "gif-frames", DefaultGIFFrames, fmt.Sprintf("frames of a timeline recording (-gif, Shift+F12), 2 to %d, each shown 1/20 s; a timeline of fewer events takes one frame per event, each shown longer (up to 1 s) so the recording lasts as long", anim.MaxFrames))
	fs.StringVar(&f.Save, "save", "", "the .pls file Ctrl+S (and the quit question's S) writes the session to; default: the .pls opened, else NAME.pls next to the map (in the working folder when the map's folder is read-only), or NAME.pls in the working folder for a built-in")
	fs.StringVar(&f.Export, "export", "", "write the terrain of the -map or -scenario (a .pls with its edits applied) to this file and exit, with no window: .map for a Moving AI map, .txt or .ascii for ASCII, .tmx for a Tiled map with the rooms")
	fs.StringVar(&f.Log, "log", "", "append one line per user-visible event (plan, repair, switch, load, save, error) to this file")
	fs.StringVar(&f.From, "from", "", "start cell X,Y of the first query (without -to, the goal is the scenario's)")
	fs.IntVar(&f.Query, "query", 0, "open the session's query K first (1 is the first; with -scen, row K of the list, as bench -worst numbers them); F3 goes on from there")
	fs.StringVar(&f.To, "to", "", "goal cell X,Y of the first query (without -from, the start is the scenario's)")
	fs.StringVar(&f.Algo, "algo", "", "algorithm: astar, dijkstra, greedy, hpa or group (overrides the scenario's)")
	fs.StringVar(&f.AgentRefine, "agent-refine", "", "how much of a route the agents' HPA* plans refine: eager (the whole route) or lazy (the next segment only); overrides the scenario's, Shift+U switches it")
	fs.StringVar(&f.Layers, "layers", "", "comma-separated layers to show at start, +name/-name to add to or remove from the defaults, or all; names: weights, borders, regions, groups, nodes, edges, components, search, plans, segments, excluded, parents, values, compare")
	fs.StringVar(&f.Cursor, "cursor", "", "show the query's timeline at this event: a number, a fraction like 0.4, or phase:NAME (the middle of the first phase whose name starts so, else that has all its words, as the panel names phases)")
	fs.StringVar(&f.Size, "size", fmt.Sprintf("%dx%d", DefaultWindowW, DefaultWindowH), fmt.Sprintf("initial window size WxH, at least %dx%d; without it %dx%d, made smaller to fit a smaller screen", MinWindowW, MinWindowH, DefaultWindowW, DefaultWindowH))
	fs.IntVar(&f.Profile, "profile", 0, "measure Update+Draw for this many frames, print a timing report and exit")
	fs.StringVar(&f.CPUProfile, "cpuprofile", "", "write a Go CPU profile of the whole run to this file (go tool pprof)")
	fs.BoolVar(&f.Play, "play", false, "start playing the query's timeline from its beginning")
	fs.Float64Var(&f.Zoom, "zoom", 0, "start zoomed to this many pixels per cell, 1/64 to 256, about -center (default: the map's centre; 0: fit the map)")
	fs.Float64Var(&f.UIScale, "ui-scale", 1, "size of the text, panel, bars and legend: 1.5 draws them half as large again, for a projector (0.75 to 3; Ctrl+= and Ctrl+- change it in the app, Ctrl+0 resets it)")
	fs.StringVar(&f.Center, "center", "", "cell X,Y to centre the first view on (needs -zoom)")
	fs.StringVar(&f.Pin, "pin", "", "cell X,Y to pin in the inspector at start, as the inspect tool's click does (a -shot ignores the pointer, so this shows a cell's figures in it)")
	fs.IntVar(&f.Level, "level", 1, "abstract level whose clusters, groups, nodes and edges are drawn; when not given and -cursor is at an abstract phase, that phase's level, as stepping there shows")
	fs.BoolVar(&f.Keys, "keys", false, "print the key table (the help screen) as Markdown and exit")
	fs.BoolVar(&f.NoLegend, "nolegend", false, "start with the layer legend hidden (K toggles it)")
	fs.BoolVar(&f.NoPanel, "nopanel", false, "start with the side panel hidden (Tab toggles it): the map and bars alone, for a -shot or -gif picture on a slide")
	fs.StringVar(&f.ShotDir, "shotdir", ".", "folder the screenshot key (F12) writes into")
	f.settingFlags(fs)
	if err := flagmsg.Parse(fs, args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "usage: pathlens [-map FILE | -scenario builtin:NAME] [flags]\n\nbuilt-in scenarios: %s\n\nflags:\n",
				strings.Join(assets.Names(), ", "))
			fs.PrintDefaults()
		} else {
			fmt.Fprintln(stderr, "pathlens -h lists every flag")
		}
		return nil, err
	}
	f.Args = fs.Args()
	fs.Visit(func(fl *flag.Flag) {
		f.querySet = f.querySet || fl.Name == "query"
		f.ZoomSet = f.ZoomSet || fl.Name == "zoom"
		f.LevelSet = f.LevelSet || fl.Name == "level"
		f.SizeSet = f.SizeSet || fl.Name == "size"
	})
	f.argsErr = argsError(fs, args)
	return f, nil
}

// settingFlags adds the flags of the switches a scenario's "set" lines
// give, with cmd/bench's names where it has them (-cluster, -levels,
// -cost, -exclusion, -heuristic, -nb, -smooth, -target): a user measuring
// a configuration there opens the same one here. Each value is checked as
// the "set" line's would be, with its message.
func (f *Flags) settingFlags(fs *flag.FlagSet) {
	set := func(key string) func(string) error {
		return func(v string) error { return f.Settings.Set(key, v) }
	}
	toggle := func(key string) func(string) error {
		return func(v string) error {
			switch strings.ToLower(v) {
			case "true", "1", "on":
				v = "on"
			case "false", "0", "off":
				v = "off"
			default:
				return fmt.Errorf("want true or false (on or off)")
			}
			return f.Settings.Set(key, v)
		}
	}
	fs.Func("cluster", fmt.Sprintf("level-1 cluster side in cells, %d to %d (default %d; [ and ] change it); overrides the scenario's", world.MinClusterSize, world.MaxClusterSize, world.DefaultClusterSize), func(v string) error {
		if _, err := maps.CheckSize("cluster", v); err != nil {
			return err
		}
		return f.Settings.Set("cluster", v)
	})
	fs.Func("levels", fmt.Sprintf("abstract levels of HPA* and the group hierarchy, 1 to %d (default %d; Shift+[ and Shift+] change it); overrides the scenario's", world.MaxAbstractLevels, world.DefaultLevels), func(v string) error {
		if _, err := maps.CheckSize("levels", v); err != nil {
			return err
		}
		return f.Settings.Set("levels", v)
	})
	fs.Func("cost", "the group hierarchy's connection cost: minimum, maximin or avgmin (M cycles it); overrides the scenario's", set("cost"))
	fs.BoolFunc("exclusion", "the group hierarchy's exclusion mode (X switches it); -exclusion=false overrides a scenario's", toggle("exclusion"))
	fs.Func("heuristic", "the heuristic of A*, greedy and the group hierarchy's cell searches (Dijkstra and HPA* do not read it): octile, euclidean, manhattan, chebyshev, zero or cluster (the cluster table's estimate, for A* and greedy; the group hierarchy's searches then use octile, manhattan with -nb 4) (H cycles it); overrides the scenario's", set("heuristic"))
	fs.Func("nb", "moves: 8 (8-connected, no corner cutting) or 4 (8 switches it); overrides the scenario's", set("neighborhood"))
	fs.BoolFunc("smooth", "HPA*'s smoothing (Z switches it; on unless a scenario says otherwise); -smooth=false turns it off", toggle("smooth"))
	fs.BoolFunc("shortcut", "HPA*'s bounded A* for queries within neighbouring clusters (Shift+Z switches it; on unless a scenario says otherwise); -shortcut=false sends every query through the hierarchy", toggle("shortcut"))
	fs.BoolFunc("cache", "HPA*'s path cache: each intra edge keeps its cell path, as cmd/bench's default does (off unless a scenario says otherwise: edits repair faster without it); -cache reproduces bench's answers and its -worst rows", toggle("cache"))
	fs.Func("target", "where the group planner's refinements aim: representative or nearest; overrides the scenario's", set("target"))
	// Two names of one setting: given both with two values, refused (as
	// cmd/bench does) rather than the last one winning unsaid. An empty
	// value is the flag not given (as in cmd/bench, whose unsetWhenEmpty says so):
	// "-transitions sparse -placement \"\"" was refused as a contradiction,
	// and "-placement \"\"" alone as an unknown value.
	given := map[string]string{}
	transitions := func(name, other string) func(string) error {
		return func(v string) error {
			if v == "" {
				delete(given, name)
				if _, ok := given[other]; !ok {
					f.Settings.Transitions = "" // the scenario's, or the default
				}
				return nil
			}
			if o, ok := given[other]; ok && o != v {
				return fmt.Errorf("contradicts -%s %s (two names of one setting: give one)", other, o)
			}
			given[name] = v
			return f.Settings.Set("transitions", v)
		}
	}
	fs.Func("transitions", "HPA* transitions per entrance: sparse (the paper's one or two) or dense (every open pair) (Shift+N switches it); overrides the scenario's", transitions("transitions", "placement"))
	fs.Func("placement", "the same as -transitions (cmd/bench's name for it)", transitions("placement", "transitions"))
}

// Check reports a flag value that is out of range whatever the map: -level
// outside 1..world.MaxAbstractLevels (a level above the hierarchy's top
// shows the top; the message gives the hierarchy's own range, levelRange),
// a negative or non-finite -zoom, a -ui-scale outside
// MinUIScale..MaxUIScale, a negative -profile (both were
// ignored silently), an -agent-refine other than eager or lazy, and the
// files the run writes (-save, -shot, -log, -cpuprofile) where they cannot
// be. Values that need the map (cells), and the files it reads (a missing
// -map or -scen opens the built-in world with the message), are checked by
// the app.
func (f *Flags) Check() error {
	if f.Level < 1 || f.Level > world.MaxAbstractLevels {
		return fmt.Errorf("-level %d: %s", f.Level, f.levelRange())
	}
	if f.Zoom != 0 && !(f.Zoom >= MinZoom && f.Zoom <= MaxZoom) { // NaN fails both
		return fmt.Errorf("-zoom %v: want 1/64 to %v pixels per cell (0, or leave it out, to fit the map)", f.Zoom, MaxZoom)
	}
	if !(f.UIScale >= MinUIScale && f.UIScale <= MaxUIScale) { // NaN fails both
		return fmt.Errorf("-ui-scale %v: want %v to %v (1 is 100%%, 1.5 suits a 1280×800 projector)", f.UIScale, MinUIScale, MaxUIScale)
	}
	if f.Query < 0 || f.Query == 0 && f.querySet {
		return fmt.Errorf("-query %d: want a query number, 1 or more", f.Query)
	}
	if f.Algo != "" {
		if _, err := world.ParseAlgo(f.Algo); err != nil {
			return fmt.Errorf("-algo: %v", err)
		}
	}
	if f.Query > 0 && (f.From != "" || f.To != "") {
		return fmt.Errorf("-query and -from/-to both choose the first query: give one of them")
	}
	if f.Profile < 0 {
		return fmt.Errorf("-profile %d: want a number of frames, more than 0", f.Profile)
	}
	if f.GIFFrames < 2 || f.GIFFrames > anim.MaxFrames {
		return fmt.Errorf("-gif-frames %d: want 2 to %d frames (each is shown 1/20 s)", f.GIFFrames, anim.MaxFrames)
	}
	if f.GIF != "" {
		if !strings.EqualFold(filepath.Ext(f.GIF), ".gif") {
			return fmt.Errorf("-gif %q: want a .gif file (-shot writes one picture as .png)", f.GIF)
		}
		for _, c := range []struct {
			on   bool
			flag string
			why  string
		}{
			{f.Shot != "", "-shot", "-shot draws one picture, -gif the whole timeline: give one of them"},
			{f.Export != "", "-export", "-export writes a map and opens no window"},
			{f.Profile > 0, "-profile", "-profile times frames the recording would drive"},
			{f.Cursor != "", "-cursor", "a recording runs the timeline from its start to its end; -cursor places one picture's cursor (with -shot)"},
			{f.Play, "-play", "a recording runs the timeline itself"},
		} {
			if c.on {
				return fmt.Errorf("-gif with %s: %s", c.flag, c.why)
			}
		}
	}
	if _, _, err := f.AgentRefineMode(); err != nil {
		return err
	}
	if f.Save != "" && !strings.EqualFold(filepath.Ext(f.Save), ".pls") {
		// A session written over a .map or .scen would destroy it.
		return fmt.Errorf("-save %q: want a .pls file (the session as a scenario; the map is referenced, not rewritten)", f.Save)
	}
	return f.checkForms()
}

// levelRange words the range of -level for the hierarchy the session will
// have, as far as it is known before any file is read: the levels -levels
// sets, else those a built-in scenario sets, else the default, which a
// scenario file may change. "-level 0: want 1 to 8" named the group
// package's limit, where the app builds at most world.MaxAbstractLevels.
func (f *Flags) levelRange() string {
	set := fmt.Sprintf("-levels N sets 1 to %d", world.MaxAbstractLevels)
	n, from := world.DefaultLevels, "the default, unless the scenario sets another; "+set
	src := f.Scenario
	if src == "" && f.Map == "" {
		src = assets.Prefix + assets.DefaultName
	}
	switch ext := strings.ToLower(filepath.Ext(f.Map)); {
	case f.Settings.Levels > 0:
		n, from = f.Settings.Levels, fmt.Sprintf("-levels %d", f.Settings.Levels)
	case ext == ".map" || ext == ".tmx":
		from = "the default; " + set // a map sets no switches (a .pls, or a text file, might)
	case strings.HasPrefix(src, assets.Prefix):
		if b, ok := assets.File(src); ok {
			if sc, err := maps.ParseScenario(bytes.NewReader(b), src, ""); err == nil {
				from = "the default; " + set
				if sc.Settings.Levels > 0 {
					n, from = sc.Settings.Levels, src+" sets it; "+set
				}
			}
		}
	}
	if n == 1 {
		return fmt.Sprintf("want 1: the hierarchy has one level (%s)", from)
	}
	return fmt.Sprintf("want 1 to %d: the hierarchy has %d levels (%s); L cycles the levels shown", n, n, from)
}

// checkForms reports a flag whose text is malformed whatever the map:
// -map with -scenario, -size, the cells of -from, -to, -center and -pin,
// -center without -zoom, the layer names of -layers, the form of -cursor,
// and a -save or -shot whose folder cannot take the file. Headless checks
// them before saying there is no display: a mistyped -from 3 was hidden
// behind "no display" while a bad -cluster 3 was named (a user test).
func (f *Flags) checkForms() error {
	if f.Map != "" && f.Scenario != "" {
		return errors.New("give -map or -scenario, not both")
	}
	if _, _, err := ParseSize(f.Size); err != nil {
		return fmt.Errorf("-size: %v", err)
	}
	if f.Center != "" && f.Zoom <= 0 {
		return errors.New("-center needs -zoom PX (pixels per cell); without it the map is fitted to the window")
	}
	for _, c := range []struct{ name, val string }{{"-center", f.Center}, {"-pin", f.Pin}, {"-from", f.From}, {"-to", f.To}} {
		if c.val == "" {
			continue
		}
		if _, err := ParseCell(c.val); err != nil {
			return fmt.Errorf("%s: %v", c.name, err)
		}
	}
	if err := CheckLayers(f.Layers); err != nil {
		return err
	}
	if err := checkCursor(f.Cursor); err != nil {
		return err
	}
	if f.Save != "" {
		// Before the map loads (a large one takes seconds); found at the
		// first Ctrl+S, the edits could never be saved.
		if err := world.WritableFolder(f.Save, "session.pls"); err != nil {
			return fmt.Errorf("-save %s: %v", f.Save, err)
		}
	}
	if f.Export != "" {
		if world.ExportFormat(f.Export) == maps.FormatUnknown {
			return fmt.Errorf("-export %q: want a map file: .map (Moving AI), .txt or .ascii (ASCII), .tmx (Tiled); a session is saved as .pls with -save and Ctrl+S", f.Export)
		}
		if err := world.WritableFolder(f.Export, "terrain"+filepath.Ext(f.Export)); err != nil {
			return fmt.Errorf("-export %s: %v", f.Export, err)
		}
	}
	if f.Shot != "" {
		// Before the map loads and the frame is drawn, as -save.
		if err := world.WritableFolder(f.Shot, "frame.png"); err != nil {
			return fmt.Errorf("-shot %s: %v", f.Shot, err)
		}
	}
	if f.GIF != "" {
		if err := world.WritableFolder(f.GIF, "timeline.gif"); err != nil {
			return fmt.Errorf("-gif %s: %v", f.GIF, err)
		}
	}
	if f.ShotDir != "." {
		// Found only at the first F12 otherwise, when the moment to show
		// is gone.
		if st, err := os.Stat(f.ShotDir); err != nil || !st.IsDir() {
			return fmt.Errorf("-shotdir %s: not a folder (F12 writes its screenshots there)", f.ShotDir)
		}
		if err := world.WritableFolder(filepath.Join(f.ShotDir, "pathlens-shot.png"), "shot.png"); err != nil {
			return fmt.Errorf("-shotdir %s: %v", f.ShotDir, err)
		}
	}
	// The files the run appends to or reads, checked without a display
	// too: a bad -log path said only "no display" on a headless machine.
	for _, o := range []struct{ flag, path, example string }{
		{"-log", f.Log, "events.log"}, {"-cpuprofile", f.CPUProfile, "cpu.pprof"},
	} {
		if o.path == "" {
			continue
		}
		if st, err := os.Stat(o.path); err == nil && st.Mode().IsRegular() {
			if st.Mode().Perm()&0o222 == 0 {
				return fmt.Errorf("%s %s: the file is read-only (mode %04o)", o.flag, o.path, st.Mode().Perm())
			}
			continue // appended to (-log) or replaced (-cpuprofile) in place
		}
		if err := world.WritableFolder(o.path, o.example); err != nil {
			return fmt.Errorf("%s %s: %v", o.flag, o.path, err)
		}
	}
	return nil
}

// ParseCell reads a cell "X,Y" (spaces around the numbers allowed).
func ParseCell(s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return image.Point{}, fmt.Errorf("%q: want X,Y", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("%q: want X,Y with whole numbers", s)
	}
	return image.Pt(x, y), nil
}

// The smallest window: the map, the top bar and the timeline still fit
// (the panel and legend give way first); -size and resizing stop there.
// It is the renderer's smallest layout (render.MinScreenW, MinScreenH),
// under which a window a window manager did not stop shows only a note.
const MinWindowW, MinWindowH = 320, 200

// DefaultGIFFrames is how many frames a timeline recording takes when
// -gif-frames does not say: five seconds at 20 frames a second.
const DefaultGIFFrames = 100

// The window's size without -size, kept on a monitor with room for it and
// the window's decorations (DecorW, DecorH: borders, title bar, a task
// bar).
const (
	DefaultWindowW, DefaultWindowH = 1280, 800
	DecorW, DecorH                 = 16, 80
)

// FitWindow returns the window's size without -size on a monitor of
// mw×mh (device-independent pixels; 0 when unknown): 1280×800 where it
// fits with room for the decorations, else each side that does not fit
// shrunk to the monitor's less that room (1008×560 on a 1024×640 screen),
// never under MinWindowW×MinWindowH. The 1280×800 window was larger than a
// 1024×640 screen: the panel, the bottom bar and the timeline were off it.
func FitWindow(mw, mh int) (int, int) {
	w, h := DefaultWindowW, DefaultWindowH
	if mw > 0 && mw-DecorW < w {
		w = max(mw-DecorW, MinWindowW)
	}
	if mh > 0 && mh-DecorH < h {
		h = max(mh-DecorH, MinWindowH)
	}
	return w, h
}

// ParseSize reads a window size "WxH" within MinWindowW×MinWindowH and
// 16384×16384.
func ParseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q: want WxH, e.g. 1280x800", s)
	}
	if w < MinWindowW || h < MinWindowH || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("%q: width %d to 16384 and height %d to 16384 pixels, e.g. 1280x800", s, MinWindowW, MinWindowH)
	}
	return w, h, nil
}

// LayerNames are the layers' names on the command line, in the order of
// the legend (render's Layer.ShortName; a test of package game checks
// that they agree): a scenario's "set layers" line uses the same names.
var LayerNames = maps.LayerNames

// LayerLetters are the keys that toggle the layers in the window, in
// LayerNames' order (a test of package game checks them against the key
// table): -layers takes a layer's letter for its name, as the legend and
// the help show the letters (a teacher's -layers +P,+S was refused).
const LayerLetters = "WBRGNECSPYXAVO"

// LayerName returns the layer name s stands for: a name of LayerNames, or
// its key letter (either case).
func LayerName(s string) (string, bool) {
	if slices.Contains(LayerNames, s) {
		return s, true
	}
	if len(s) == 1 {
		if i := strings.IndexByte(LayerLetters, strings.ToUpper(s)[0]); i >= 0 {
			return LayerNames[i], true
		}
	}
	return "", false
}

// CheckLayers reports an unknown layer name in a -layers spec: "all", or
// names (or key letters, LayerName) separated by commas, each with an
// optional + or - before it.
func CheckLayers(spec string) error {
	if spec == "" || spec == "all" {
		return nil
	}
	for _, p := range strings.Split(spec, ",") {
		name := strings.TrimLeft(strings.TrimSpace(p), "+-")
		if _, ok := LayerName(name); !ok {
			return fmt.Errorf("-layers: unknown layer %q (have %s, or all; a name or its key letter)", name, letterList())
		}
	}
	return nil
}

// letterList is "W weights, B borders, …" for -layers' message.
func letterList() string {
	var b strings.Builder
	for i, n := range LayerNames {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte(LayerLetters[i])
		b.WriteByte(' ')
		b.WriteString(n)
	}
	return b.String()
}

// checkCursor reports a -cursor that is none of its forms: an event
// number, a fraction 0..1 (with a point) or phase:NAME. Whether the
// number or the phase is in the query's timeline is for the window to
// say, once the query has run.
func checkCursor(s string) error {
	if s == "" {
		return nil
	}
	if name, ok := strings.CutPrefix(s, "phase:"); ok {
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("-cursor %q: name the phase, e.g. phase:smooth", s)
		}
		return nil
	}
	if strings.Contains(s, ".") {
		if v, err := strconv.ParseFloat(s, 64); err != nil || !(v >= 0 && v <= 1) {
			return fmt.Errorf("-cursor %q: want an event number or a fraction 0..1", s)
		}
		return nil
	}
	if n, err := strconv.Atoi(s); err != nil || n < 0 {
		return fmt.Errorf("-cursor %q: want an event number or a fraction 0..1", s)
	}
	return nil
}

// ArgsError explains the arguments Parse left over: nil when there are
// none. A word after a yes/no flag ("-smooth off": the flag package reads
// -smooth alone as true and stops at "off") gets the form that works;
// anything else is not an argument the app takes.
func (f *Flags) ArgsError() error { return f.argsErr }

// argsError is ArgsError worked out after fs parsed args.
func argsError(fs *flag.FlagSet, args []string) error {
	if fs.NArg() == 0 {
		return nil
	}
	if hint := flagmsg.BoolValueHint(fs, args); hint != "" {
		return errors.New(hint)
	}
	return fmt.Errorf("unexpected argument %q (use -map FILE)", fs.Arg(0))
}

// The range of -zoom in pixels per cell: the camera's (render.MinZoom and
// render.MaxZoom; a test of package game checks that they agree).
const (
	MinZoom = 1.0 / 64
	MaxZoom = 256
)

// The range of -ui-scale (and of the keys that change it in the app).
const (
	MinUIScale = 0.75
	MaxUIScale = 3.0
)

// AgentRefineMode returns the mode -agent-refine names, and whether it was
// given; a name other than eager or lazy is an error naming the flag.
func (f *Flags) AgentRefineMode() (m agents.HPAMode, set bool, err error) {
	if f.AgentRefine == "" {
		return agents.HPAEager, false, nil
	}
	m, err = agents.ParseHPAMode(f.AgentRefine)
	if err != nil {
		return m, false, fmt.Errorf("-agent-refine %q: want eager (the agents' HPA* plans refine the whole route) or lazy (the next segment only)", f.AgentRefine)
	}
	return m, true, nil
}

// KeysMarkdown is the key table of the help screen as Markdown, as the
// window's own table printed it (game.KeysMarkdown). A test of package game
// fails when the two differ; regenerate with
//
//	go run . -keys > internal/cli/keys.md
//
//go:embed keys.md
var KeysMarkdown string

// HasDisplay reports whether the window can open: on Linux and the BSDs
// Ebiten's GLFW needs an X display (DISPLAY; XWayland sets it too); other
// systems always have one.
func HasDisplay(goos string, getenv func(string) string) bool {
	switch goos {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
		return getenv("DISPLAY") != ""
	}
	return true
}

// Headless answers a start with no display and returns the exit status: -h
// and -keys print their text (0), a bad flag its message (2), anything else
// says why the window cannot open and how to run headless (2).
func Headless(args []string, stdout, stderr io.Writer) int {
	f, err := Parse(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2
	case f.Keys:
		fmt.Fprint(stdout, KeysMarkdown)
		return 0
	}
	if err := f.ArgsError(); err != nil {
		fmt.Fprintf(stderr, "pathlens: %v\n", err)
		return 2
	}
	if err := f.Check(); err != nil {
		fmt.Fprintf(stderr, "pathlens: %v\n", err)
		return 2
	}
	if f.Export != "" {
		return Export(f, stdout, stderr)
	}
	// The files the window would open, named before the display: a
	// mistyped built-in name or a missing map said only "no display", so a
	// user on a headless machine fixed the display and met the second
	// error only then (a user test). Only whether they can be opened is
	// checked: reading a big map to find a bad line waits for the window.
	if err := f.sourceError(); err != nil {
		fmt.Fprintf(stderr, "pathlens: %v\n", err)
	}
	fmt.Fprintln(stderr, "pathlens: no display: DISPLAY is not set, and pathlens opens a window.")
	fmt.Fprintln(stderr, "  Run it in a desktop session, or under a virtual X server, e.g.")
	fmt.Fprintln(stderr, "    xvfb-run -a pathlens -shot frame.png   (draws the first frame to a PNG and exits)")
	fmt.Fprintln(stderr, "  Queries, scenario batches and repair timings run headless with: go run ./cmd/bench -h")
	return 2
}

// sourceError reports a -scenario builtin:NAME that names no built-in
// scenario, or a -map, -scenario or -scen file that cannot be opened for
// reading (missing, a folder, no permission); nil when each can be. It
// reads no file's content.
func (f *Flags) sourceError() error {
	for _, c := range []struct{ flag, path string }{{"-map", f.Map}, {"-scenario", f.Scenario}, {"-scen", f.Scen}} {
		if c.path == "" {
			continue
		}
		if name, ok := strings.CutPrefix(c.path, assets.Prefix); ok && c.flag != "-scen" {
			if _, found := assets.File(name); !found {
				return fmt.Errorf("%s: no built-in scenario %q (have %s)", c.flag, name, strings.Join(assets.Names(), ", "))
			}
			continue
		}
		fh, err := os.Open(c.path)
		if err != nil {
			return fmt.Errorf("%s: %v", c.flag, err)
		}
		st, err := fh.Stat()
		fh.Close()
		if err == nil && st.IsDir() {
			return fmt.Errorf("%s %s: a folder, not a file", c.flag, c.path)
		}
	}
	return nil
}

// Export is -export, with or without a display: it opens the session
// -map or -scenario names (the built-in world without either; a .pls with
// its edit log applied), writes its terrain to f.Export (World.ExportMap:
// Moving AI, ASCII or Tiled by extension, weights a Moving AI map cannot hold
// refused) and says what it wrote on stdout, after the notes on what the
// file opened with (all on stderr, the error last, when it fails). It never writes over the map
// it read, nor over the scenario it read, whatever either file is named
// (the loader tells them apart by content): that would lose the original.
// -scen, -query, -from and -to are checked as the window's start checks
// them (Queries), and nothing is written when one cannot be honoured: a
// -scen list that fails to load, a start or goal on a wall (1), a -query
// the session does not have or a cell off the map (2). Queries they add are
// named with the rest a map file does not keep ("only a .pls keeps …").
// It returns the exit code: 0 written, 1 when a file did not load or
// could not be written, 2 for a flag that cannot be honoured.
func Export(f *Flags, stdout, stderr io.Writer) int {
	src := cmp.Or(f.Map, f.Scenario, assets.Prefix+assets.DefaultName)
	w, err := world.Open(src)
	if err != nil {
		fmt.Fprintf(stderr, "pathlens: %v\n", err)
		return 1
	}
	defer w.Close()
	// What the file set that the export does not keep, or how it was read
	// (walls only noted), as a launch says it: said before the result, on
	// the same stream (stdout when the export is written, stderr with the
	// error when not), so the report reads in order however the two
	// streams are captured (the notes on stderr came out after "terrain
	// written to …").
	notes := w.LoadNoteLines()
	fail := func(format string, args ...any) int {
		for _, l := range notes {
			fmt.Fprintf(stderr, "pathlens: %s\n", l)
		}
		fmt.Fprintf(stderr, "pathlens: "+format+"\n", args...)
		return 1
	}
	// -scen, -query, -from and -to, checked as the window's start checks
	// them, with its words: the export writes no query, but a flag it
	// cannot honour (a list for another map, a query the session does not
	// have, a start on a wall) was accepted and said nothing, where the
	// window refuses it or shows the error.
	qs, err := f.Queries(w)
	if err != nil {
		fail("%v", err)
		return 2 // a flag that cannot be honoured whatever the file holds, as the window says it
	}
	if qs.ScenErr != nil {
		return fail("-scen: %v", qs.ScenErr)
	}
	if len(qs.Blocked) > 0 {
		return fail("%s", strings.Join(qs.Blocked, "; "))
	}
	if mf := w.MapFile(); mf != "" && world.SameFile(mf, f.Export) {
		return fail("-export %s: is the map %s reads: give another name (the original would be lost)", f.Export, src)
	}
	if sf := w.ScenarioFile(); sf != "" && world.SameFile(sf, f.Export) {
		return fail("-export %s: is the scenario being read: give another name (a bare map would replace it, its queries and edits lost)", f.Export)
	}
	if err := w.ExportMap(f.Export, world.ExportFormat(f.Export)); err != nil {
		return fail("%v", err)
	}
	for _, l := range notes {
		fmt.Fprintf(stdout, "pathlens: %s\n", l)
	}
	fmt.Fprintf(stdout, "pathlens: %s\n", w.Message)
	return 0
}
