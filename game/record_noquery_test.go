package game

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// A lecturer's finding: "pathlens -map arena.map -gif a.gif" (no -from
// and -to) opened a window and then ended with "nothing to record: plan a
// query first", and a -from on a wall said that after the flag's own
// refusal: advice for the window, to someone at a terminal. -gif is
// refused before any window opens, in the words -cursor uses: there is no
// query, or the one given was refused, and the flags that give one.
func TestGIFWithoutAQuerySaysHowToGiveOne(t *testing.T) {
	for _, c := range []struct {
		walls []image.Point
		query bool
		want  string
	}{
		{nil, false, "-gif a.gif: there is no query to record: give one with -from X,Y -to X,Y"},
		{[]image.Point{{3, 4}}, true, "-gif a.gif: the query's start (3,4) is blocked, so no query ran to record: give an open cell with -from X,Y"},
		{[]image.Point{{3, 4}, {30, 35}}, true, "-gif a.gif: the query's start (3,4) and goal (30,35) are blocked, so no query ran to record: give open cells with -from X,Y -to X,Y"},
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
		if c.query {
			wd.PrependQuery([2]image.Point{{3, 4}, {30, 35}})
		}
		wd.Begin()
		wd.Wait()
		_, err = New(wd, Options{GIFPath: "a.gif"})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("-gif with walls %v, query %v: %v, want %q", c.walls, c.query, err, c.want)
		}
	}
}
