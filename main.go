// Command pathlens is a desktop visualizer and debugger for hierarchical
// pathfinding on tile worlds. Run it with no arguments for the built-in
// world, or -map FILE for a Moving AI, ASCII or scenario file; -h lists the
// flags.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game"
	"pathlens/game/world"
	"pathlens/maps"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("pathlens", flag.ContinueOnError)
	mapPath := fs.String("map", "", "open this Moving AI (.map), ASCII or scenario file instead of the built-in world")
	shot := fs.String("shot", "", "draw the first complete frame to this PNG file and exit")
	from := fs.String("from", "", "start cell X,Y of the first query")
	to := fs.String("to", "", "goal cell X,Y of the first query")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "pathlens: unexpected argument %q (use -map FILE)\n", fs.Arg(0))
		return 2
	}

	var m *maps.Map
	var err error
	var start, goal image.Point
	hasQuery := false
	if *mapPath == "" {
		m, err = maps.ReadASCII(bytes.NewReader(assets.DefaultWorld()), assets.DefaultWorldName)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: built-in world: %v\n", err)
			return 1
		}
		q := assets.DefaultQuery
		start, goal, hasQuery = image.Pt(q[0][0], q[0][1]), image.Pt(q[1][0], q[1][1]), true
	} else {
		m, err = maps.LoadMap(*mapPath)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
			return 1
		}
	}
	if *from != "" || *to != "" {
		if start, err = parseCell(*from); err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -from: %v\n", err)
			return 2
		}
		if goal, err = parseCell(*to); err != nil {
			fmt.Fprintf(os.Stderr, "pathlens: -to: %v\n", err)
			return 2
		}
		hasQuery = true
	}

	w := world.New(m)
	if hasQuery {
		w.SetEndpoints(start, goal)
	}
	g := game.New(w, game.Options{ShotPath: *shot})
	ebiten.SetWindowTitle("pathlens — " + m.Name)
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "pathlens: %v\n", err)
		return 1
	}
	return 0
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
