package game

import (
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
