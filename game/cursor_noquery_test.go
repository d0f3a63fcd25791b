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
