// Command pathlens is a desktop visualizer and debugger for hierarchical
// pathfinding on tile worlds. Run it with no arguments for the built-in
// world, -map FILE for a Moving AI, ASCII or scenario file, or -scenario
// builtin:NAME for a gallery case; -h lists the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game"
	"pathlens/game/world"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("pathlens", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: pathlens [-map FILE | -scenario builtin:NAME] [flags]\n\nbuilt-in scenarios: %s\n\nflags:\n",
			strings.Join(assets.Names(), ", "))
		fs.PrintDefaults()
	}
	mapPath := fs.String("map", "", "open this Moving AI (.map), ASCII or scenario (.pls) file instead of the built-in world")
	scenario := fs.String("scenario", "", "open a scenario: builtin:NAME or a .pls file")
	shot := fs.String("shot", "", "draw the first complete frame to this PNG file and exit")
	logPath := fs.String("log", "", "append one line per user-visible event (plan, repair, switch, load, save, error) to this file")
	from := fs.String("from", "", "start cell X,Y of the first query (without -to, the goal is the scenario's)")
	to := fs.String("to", "", "goal cell X,Y of the first query (without -from, the start is the scenario's)")
	algo := fs.String("algo", "", "algorithm: astar, dijkstra, greedy, hpa or group (overrides the scenario's)")
	layers := fs.String("layers", "", "comma-separated layers to show at start, +name/-name to add to or remove from the defaults, or all; names: weights, borders, regions, groups, nodes, edges, components, search, plans, segments, excluded, parents, values, compare")
	cursor := fs.String("cursor", "", "show the query's timeline at this event: a number, a fraction like 0.4, or phase:NAME (the middle of the first phase named so)")
	size := fs.String("size", "1280x800", "initial window size WxH")
	profile := fs.Int("profile", 0, "measure Update+Draw for this many frames, print a timing report and exit")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of the whole run to this file (go tool pprof)")
	play := fs.Bool("play", false, "start playing the query's timeline from its beginning")
	zoom := fs.Float64("zoom", 0, "start zoomed to this many pixels per cell, about -center (default: the map's centre)")
	center := fs.String("center", "", "cell X,Y to centre the first view on (needs -zoom)")
	viewLevel := fs.Int("level", 1, "abstract level whose clusters, groups, nodes and edges are drawn")
	keysOnly := fs.Bool("keys", false, "print the key table (the help screen) as Markdown and exit")
	noLegend := fs.Bool("nolegend", false, "start with the layer legend hidden (K toggles it)")
	shotDir := fs.String("shotdir", ".", "folder the screenshot key (F12) writes into")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *keysOnly {
		fmt.Print(game.KeysMarkdown())
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "pathlens: unexpected argument %q (use -map FILE)\n", fs.Arg(0))
		return 2
	}
	if *mapPath != "" && *scenario != "" {
		fmt.Fprintln(os.Stderr, "pathlens: give -map or -scenario, not both")
		return 2
	}
	ww, wh, err := parseSize(*size)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: -size: %v\n", err)
		return 2
	}

	var logw io.Writer
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -log: %v\n", err)
			return 2
		}
		defer f.Close()
		logw = f
	}
	log := world.NewEventLog(logw)

	src := assets.Prefix + assets.DefaultName
	switch {
	case *mapPath != "":
		src = *mapPath
	case *scenario != "":
		src = *scenario
	}
	opts := game.Options{ShotPath: *shot, Layers: *layers, Cursor: *cursor, ProfileFrames: *profile,
		Play: *play, NoLegend: *noLegend, Zoom: *zoom, ViewLevel: *viewLevel, ShotDir: *shotDir}
	if *center != "" && *zoom <= 0 {
		fmt.Fprintln(os.Stderr, "pathlens: -center needs -zoom PX (pixels per cell); without it the map is fitted to the window")
		return 2
	}
	if *center != "" {
		c, err := parseCell(*center)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -center: %v\n", err)
			return 2
		}
		opts.Center = c
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
	if *zoom > 0 && *center == "" {
		opts.Center = image.Pt(w.Grid.Width()/2, w.Grid.Height()/2)
	}
	if *algo != "" {
		a, err := world.ParseAlgo(*algo)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -algo: %v\n", err)
			return 2
		}
		w.Settings.Algo = a
	}
	if *from != "" || *to != "" {
		q, err := firstQuery(*from, *to, w.Queries)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
			return 2
		}
		w.Queries = append([][2]image.Point{q}, w.Queries...)
	}
	w.Begin()
	if *shot != "" {
		w.WaitOptimal() // the picture shows the finished numbers
	}
	if opts.StartError != "" {
		w.Fail("%s (the built-in world is open instead)", opts.StartError)
	}

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
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
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 1
	}
	if rep := g.ProfileReport(); rep != "" {
		fmt.Print(rep)
	}
	return 0
}

// firstQuery builds the first query from -from and -to. One of them may
// be left out when the scenario has a query: the other end is then its
// first query's.
func firstQuery(from, to string, queries [][2]image.Point) ([2]image.Point, error) {
	var q [2]image.Point
	if len(queries) > 0 {
		q = queries[0]
	}
	for i, spec := range []string{from, to} {
		name := [2]string{"-from", "-to"}[i]
		if spec == "" {
			if len(queries) == 0 {
				return q, fmt.Errorf("%s X,Y is missing: this map has no query to take the %s from", name, [2]string{"start", "goal"}[i])
			}
			continue
		}
		p, err := parseCell(spec)
		if err != nil {
			return q, fmt.Errorf("%s: %v", name, err)
		}
		q[i] = p
	}
	return q, nil
}

// parseCell reads "X,Y".
func parseCell(s string) (image.Point, error) {
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

// parseSize reads "WxH".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("%q: want WxH, e.g. 1280x800", s)
	}
	return w, h, nil
}
