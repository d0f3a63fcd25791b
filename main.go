// Command pathlens is a desktop visualizer and debugger for hierarchical
// pathfinding on tile worlds. Run it with no arguments for the built-in
// world, -map FILE for a Moving AI, ASCII, Tiled or scenario file, or -scenario
// builtin:NAME for a gallery case; -h lists the flags.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game"
	"pathlens/game/world"
	"pathlens/internal/cli"
	_ "pathlens/internal/preflight" // answers -h, -keys and bad flags when there is no display, before Ebiten starts
	"pathlens/internal/sysmem"
	"pathlens/maps"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	f, err := cli.Parse(args, os.Stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if f.Keys {
		fmt.Print(game.KeysMarkdown())
		return 0
	}
	if err := f.ArgsError(); err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 2
	}
	// Every flag whose value needs no map (ranges, forms, cells, layer
	// names, the -save and -shot folders) is checked here, as it is
	// without a display (cli.Headless), so the two say the same.
	if err := f.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 2
	}
	if f.Export != "" {
		return cli.Export(f, os.Stdout, os.Stderr) // no window, as without a display
	}
	ww, wh, _ := parseSize(f.Size) // checked by f.Check
	if !f.SizeSet && f.Shot == "" && f.GIF == "" {
		// A window the size of the screen or larger hid the panel, the
		// bottom bar and the timeline on a 1024×640 screen. A -shot (or
		// -gif) keeps 1280×800: a picture should not depend on the screen
		// it was made on.
		if m := ebiten.Monitor(); m != nil {
			ww, wh = cli.FitWindow(m.Size())
		}
	}

	var logw io.Writer
	if f.Log != "" {
		f, note, err := openLog(f.Log)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -log: %v\n", err)
			return 2
		}
		if note != "" {
			fmt.Fprintf(os.Stderr, "pathlens: -log: %s\n", note)
		}
		defer f.Close()
		logw = f
	}
	log := world.NewEventLog(logw)

	src := assets.Prefix + assets.DefaultName
	switch {
	case f.Map != "":
		src = f.Map
	case f.Scenario != "":
		src = f.Scenario
	}
	opts := game.Options{ShotPath: f.Shot, Layers: f.Layers, Cursor: f.Cursor, ProfileFrames: f.Profile,
		Play: f.Play, NoLegend: f.NoLegend, NoPanel: f.NoPanel, UIScale: f.UIScale, Zoom: f.Zoom, ZoomSet: f.ZoomSet, ViewLevel: viewLevelOpt(f), ShotDir: f.ShotDir,
		GIFPath: f.GIF, GIFFrames: f.GIFFrames}
	if f.Center != "" {
		opts.Center, _ = parseCell(f.Center) // its form was checked by f.Check
	}
	w, err := world.Open(src)
	if err != nil {
		// A file that cannot be read is shown in the window (and logged
		// once, by Fail below), over the built-in world, rather than ending
		// the app.
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		opts.StartError = err.Error()
		w, err = world.Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: built-in world: %v\n", err)
			return 1
		}
	}
	w.Log = log
	w.SaveTo = f.Save
	if f.Zoom > 0 && f.Center == "" {
		opts.Center = image.Pt(w.Grid.Width()/2, w.Grid.Height()/2)
	}
	// Cell flags name cells of the map asked for. When it failed to load,
	// the built-in world is open instead: its cells are not the ones
	// meant, so the flags are dropped (and said to be) rather than judged
	// against it, which ended the app over a map that was never open.
	if opts.StartError != "" {
		var dropped []string
		for _, c := range []struct{ name, val string }{{"-center", f.Center}, {"-pin", f.Pin}, {"-from", f.From}, {"-to", f.To}} {
			if c.val != "" {
				dropped = append(dropped, c.name+" "+c.val)
			}
		}
		if len(dropped) > 0 {
			fmt.Fprintf(os.Stderr, "pathlens: %s ignored: cells of %s, which did not load\n", strings.Join(dropped, ", "), src)
		}
		if f.Scen != "" {
			fmt.Fprintf(os.Stderr, "pathlens: -scen %s ignored: its rows are for %s, which did not load\n", f.Scen, src)
		}
		f.Center, f.Pin, f.From, f.To, f.Scen = "", "", "", "", ""
		f.Query = 0 // the built-in world's queries are not the ones asked for, and the load error says so
		if f.Zoom > 0 {
			opts.Center = image.Pt(w.Grid.Width()/2, w.Grid.Height()/2)
		}
	}
	if f.Center != "" {
		if err := cli.OnMap(w, opts.Center); err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -center %v\n", err)
			return 2
		}
	}
	if f.Pin != "" {
		p, err := parseCell(f.Pin)
		if err == nil {
			err = cli.OnMap(w, p)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -pin %v\n", err)
			return 2
		}
		opts.Pin, opts.HasPin = p, true
	}
	if f.Algo != "" {
		a, err := world.ParseAlgo(f.Algo)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -algo: %v\n", err)
			return 2
		}
		w.Settings.Algo = a
	}
	if m, set, _ := f.AgentRefineMode(); set { // a bad name was refused by f.Check
		w.Settings.AgentRefine = m
	}
	if notes := w.OverrideSettings(f.Settings); len(notes) > 0 {
		// Said where the flags were typed, as flags; the window notes
		// them too, in its panel's words.
		for _, n := range flagNotes(notes, f.Settings) {
			fmt.Fprintf(os.Stderr, "pathlens: %s\n", n)
		}
		w.Note("%s", strings.Join(notes, "; "))
	}
	if note, view := viewLevelNote(w.Settings, f.Level); note != "" {
		fmt.Fprintf(os.Stderr, "pathlens: %s\n", note)
		opts.ViewLevel = view
	}
	// -scen, -query, -from and -to, checked as -export checks them
	// (cli.Queries). A -scen list that fails to load is shown in the
	// window (and logged, by Fail below), over the map without its rows,
	// as a -map that fails is, rather than ending the app.
	qs, err := f.Queries(w)
	scenError := ""
	if qs.ScenErr != nil {
		fmt.Fprintf(os.Stderr, "pathlens: -scen: %v\n", qs.ScenErr)
		scenError = fmt.Sprintf("-scen: %v (%s is open without its rows)", qs.ScenErr, w.Name)
	}
	for _, d := range qs.Dropped {
		fmt.Fprintf(os.Stderr, "pathlens: %s\n", d)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 2
	}
	var blockedFlags []string // a -from or -to on a wall, said by name
	for _, b := range qs.Blocked {
		if f.Shot == "" && f.GIF == "" && f.Cursor == "" {
			// Only where a window stays open to click in: a -shot has
			// none, and a -cursor with no query to place it in ends the
			// app (game.New says why).
			b += " (the window shows it: click an open cell)"
		}
		blockedFlags = append(blockedFlags, b)
	}
	w.Begin()
	if f.Shot != "" || f.GIF != "" {
		w.WaitOptimal() // the picture shows the finished numbers
	}
	// A first query the session refused (a blocked -from or -to, or a
	// scenario's) is shown in the window; say it on the terminal too,
	// where the command was typed.
	startFailed := opts.StartError != ""
	for _, l := range w.LoadNoteLines() {
		fmt.Fprintf(os.Stderr, "pathlens: %s\n", l)
	}
	if opts.StartError == "" && w.MessageErr && w.Message != "" {
		if len(blockedFlags) > 0 {
			for _, m := range blockedFlags {
				fmt.Fprintf(os.Stderr, "pathlens: %s\n", m)
			}
		} else {
			fmt.Fprintf(os.Stderr, "pathlens: %s\n", w.Message)
		}
		startFailed = true
	}
	if opts.StartError != "" {
		w.Fail("%s (the built-in world is open instead)", opts.StartError)
	}
	if scenError != "" {
		w.Fail("%s", scenError)
		startFailed = true
	}

	if os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit makes the collector work harder as the heap nears
		// the machine's size, instead of letting garbage double a heap of
		// gigabytes; the session's big work is also checked against the
		// free memory before it starts (game/world memory.go).
		if in, ok := sysmem.Read(); ok {
			debug.SetMemoryLimit(int64(in.Total / 10 * 9))
		}
	}
	if f.CPUProfile != "" {
		f, err := os.Create(f.CPUProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -cpuprofile: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -cpuprofile: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	g, err := game.New(w, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 2
	}
	ebiten.SetWindowTitle(g.Title())
	ebiten.SetWindowSize(ww, wh)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowSizeLimits(minWindowW, minWindowH, -1, -1)
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 1
	}
	if rep := g.ProfileReport(); rep != "" {
		fmt.Print(rep)
	}
	if pic := cmp.Or(f.Shot, f.GIF); startFailed && pic != "" {
		// The picture was drawn (it shows the message), but not of what was
		// asked for: a script must not take it for a good one.
		fmt.Fprintf(os.Stderr, "pathlens: %s shows the error above, not the requested view\n", pic)
		return 1
	}
	return 0
}

// viewLevelOpt is the view level -level asks for, 0 when it was not
// given (the game then follows -cursor's phase).
func viewLevelOpt(f *cli.Flags) int {
	if f.LevelSet {
		return f.Level
	}
	return 0
}

// parseCell reads "X,Y" (cli.ParseCell).
func parseCell(s string) (image.Point, error) { return cli.ParseCell(s) }

// The smallest window: the map, the top bar and the timeline still fit
// (the panel and legend give way first); -size and resizing stop there.
const minWindowW, minWindowH = cli.MinWindowW, cli.MinWindowH

// parseSize reads "WxH" (cli.ParseSize).
func parseSize(s string) (int, int, error) { return cli.ParseSize(s) }

// writableFolder is world.WritableFolder (the save-as prompt checks its
// file the same way).
func writableFolder(file, example string) error { return world.WritableFolder(file, example) }

// flagNotes rewrites the notes of World.OverrideSettings, which name a
// switch as the window's panel does ("levels 1: kept for HPA* and the group
// hierarchy (algorithms 4, 5); A* does not use it",
// "smoothing off: ..."), for the terminal, where the user typed a flag:
// "-levels 1: ...", "-smooth=false: ...". over holds the flags' values.
// A note of no switch named below is left as it is.
func flagNotes(notes []string, over maps.Settings) []string {
	toggle := func(name string, t maps.Toggle) string {
		if t == maps.Off {
			return "-" + name + "=false"
		}
		return "-" + name
	}
	flags := []struct{ title, flag string }{ // the panel's titles (world's switchTitle)
		{"cluster size", fmt.Sprintf("-cluster %d", over.Cluster)},
		{"levels", fmt.Sprintf("-levels %d", over.Levels)},
		{"connection cost", "-cost " + string(over.Cost)},
		{"exclusion", toggle("exclusion", over.Exclusion)},
		{"refine target", "-target " + string(over.Target)},
		{"heuristic", "-heuristic " + string(over.Heuristic)},
		{"smoothing", toggle("smooth", over.Smooth)},
		{"shortcut", toggle("shortcut", over.Shortcut)},
		{"transitions", "-transitions " + string(over.Transitions)},
		{"path cache", toggle("cache", over.Cache)},
	}
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = n
		head, rest, ok := strings.Cut(n, ": ")
		if !ok {
			continue
		}
		for _, f := range flags {
			if strings.HasPrefix(head, f.title+" ") {
				out[i] = f.flag + ": " + rest
				break
			}
		}
	}
	return out
}

// viewLevelNote says what becomes of -level n under the settings s, and the
// level the window starts on: above the hierarchy's top the top is shown
// (rather than "view level 2 of 2" to a user who asked for 3, and may have
// meant -levels); with an algorithm that builds no hierarchy nothing is
// shown at any level until one that does is chosen. "" when -level n is
// shown as asked.
func viewLevelNote(s world.Settings, n int) (note string, view int) {
	if n <= 1 {
		return "", n
	}
	top := s.LevelCount()
	levels := fmt.Sprintf("%d levels", top)
	if top == 1 {
		levels = "1 level"
	}
	switch {
	case !s.Algo.Hierarchical() && n > top:
		return fmt.Sprintf("-level %d: %s builds no abstract levels, and HPA* (key 4) or the group hierarchy (key 5) would build %s, so level %d would be shown (-levels N sets how many there are)", n, s.Algo.Title(), levels, top), top
	case !s.Algo.Hierarchical():
		return fmt.Sprintf("-level %d: %s builds no abstract levels; level %d is shown once HPA* (key 4) or the group hierarchy (key 5) is chosen", n, s.Algo.Title(), n), n
	case n > top:
		return fmt.Sprintf("-level %d: the hierarchy has %s, so level %d is shown (-levels N sets how many there are)", n, levels, top), top
	}
	return "", n
}

// openLog opens the -log file for appending, and says so when it already
// holds lines (a session's lines then follow an earlier one's, which a
// user reading the file as this session's alone would not expect).
func openLog(path string) (*os.File, string, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, "", err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, "", err
	}
	if !st.Mode().IsRegular() || st.Size() == 0 {
		return f, "", nil
	}
	return f, fmt.Sprintf("appending to %s (%d bytes already there; remove it to start afresh)", path, st.Size()), nil
}
