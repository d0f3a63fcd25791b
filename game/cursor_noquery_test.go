package game

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// The engineer's finding: with no query (-map arena.map -algo hpa and no
// -from/-to) -cursor phase:nonsense said "the query has no timeline" and
// -cursor 99999 "timeline has events 0 to 0", as if a query had run. It
// says there is no query, and how to give one.
func TestCursorWithoutAQuerySaysSo(t *testing.T) {
	for _, spec := range []string{"phase:nonsense", "99999", "0.5"} {
		g, err := pathing.NewGrid(40, 40)
		if err != nil {
			t.Fatal(err)
		}
		wd := world.New(maps.NewMap("arena", g))
		t.Cleanup(wd.Close)
		wd.Settings.Algo = world.AlgoHPA
		wd.Begin()
		wd.Wait()
		if wd.HasStart || wd.HasGoal {
			t.Fatal("the test needs a session without a query")
		}
		_, err = New(wd, Options{Cursor: spec})
		want := "-cursor " + spec + ": there is no query to place it in: give one with -from X,Y -to X,Y"
		if err == nil || !strings.HasPrefix(strings.ReplaceAll(err.Error(), `"`, ""), want) {
			t.Errorf("-cursor %s without a query: %v, want %q", spec, err, want)
		}
	}
}

// On a map over 256×256 the hierarchy is built in the background and
// -cursor waited for the first plan, which never comes without a query: it
// is refused at once, as on a small map, not later as "another query was
// asked".
func TestCursorWithoutAQueryOnABigMap(t *testing.T) {
	wd := openWorld(t, world.AlgoHPA)
	t.Cleanup(wd.Close)
	wd.Begin()
	if !wd.Busy() {
		t.Skip("the hierarchy was built at once: the small-map test covers it")
	}
	_, err := New(wd, Options{Cursor: "phase:abstract"})
	if err == nil || !strings.Contains(err.Error(), "there is no query to place it in") {
		t.Errorf("-cursor without a query on a big map: %v", err)
	}
}

// Regression (new users): "-from 30,40 -to 45,45 -cursor phase:abstract"
// with both cells in walls said "there is no query to place it in: give
// one with -from X,Y -to X,Y", to a user who had given one. It says the
// query given was refused, and why.
func TestCursorWithABlockedQuerySaysWhy(t *testing.T) {
	for _, c := range []struct {
		walls []image.Point
		want  string
	}{
		{[]image.Point{{3, 4}, {30, 35}}, "the query's start (3,4) and goal (30,35) are blocked, so no query ran to place it in: give open cells with -from X,Y -to X,Y"},
		{[]image.Point{{3, 4}}, "the query's start (3,4) is blocked, so no query ran to place it in: give an open cell with -from X,Y"},
	} {
		g, err := pathing.NewGrid(40, 40)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.walls {
			g.SetOpen(p, false)
		}
		wd := world.New(maps.NewMap("arena", g))
		t.Cleanup(wd.Close)
		wd.Settings.Algo = world.AlgoHPA
		wd.PrependQuery([2]image.Point{{3, 4}, {30, 35}})
		wd.Begin()
		wd.Wait()
		_, err = New(wd, Options{Cursor: "phase:abstract"})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "there is no query") {
			t.Errorf("-cursor with walls at %v: %v, want %q", c.walls, err, c.want)
		}
	}
}

// Regression (new users): "-from 23,30 -to 33,36 -algo hpa -cursor
// phase:abstract" said "no such phase (have shortcut)": the query lies
// within neighbouring clusters, and HPA* answered it by its bounded A*
// alone. The refusal says so and names the flag that turns it off.
func TestCursorPhaseAfterShortcutNamesTheSwitch(t *testing.T) {
	g, err := pathing.NewGrid(40, 40)
	if err != nil {
		t.Fatal(err)
	}
	wd := world.New(maps.NewMap("arena", g))
	t.Cleanup(wd.Close)
	wd.Settings.Algo = world.AlgoHPA
	wd.PrependQuery([2]image.Point{{3, 4}, {12, 9}})
	wd.Begin()
	wd.Wait()
	_, err = New(wd, Options{Cursor: "phase:abstract"})
	for _, want := range []string{"no such phase", "bounded-A* shortcut", "(have shortcut)", "-shortcut=false"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("-cursor phase:abstract after the shortcut: %v, want %q", err, want)
		}
	}
	// As the message says: without the shortcut the query goes through
	// the hierarchy, and the phase is there.
	wd = world.New(maps.NewMap("arena", g))
	t.Cleanup(wd.Close)
	wd.Settings.Algo, wd.Settings.NoShortcut = world.AlgoHPA, true
	wd.PrependQuery([2]image.Point{{3, 4}, {12, 9}})
	wd.Begin()
	wd.Wait()
	if _, err := New(wd, Options{Cursor: "phase:abstract"}); err != nil {
		t.Errorf("-cursor phase:abstract with the shortcut off: %v", err)
	}
}
