package world

import (
	"bytes"
	"fmt"
	"image"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// sameGroupsAsFresh fails unless the world's group hierarchy equals,
// structure and costs (groups.Equal), a fresh build of its grid with the
// current switches.
func sameGroupsAsFresh(t *testing.T, w *World, when string) {
	t.Helper()
	gh, ok := w.hier.(*groupHier)
	if !ok {
		t.Fatalf("%s: no group hierarchy (%T)", when, w.hier)
	}
	if !w.hierGrid.Equal(w.Grid) {
		t.Fatalf("%s: the hierarchy's copy of the grid differs from the grid", when)
	}
	fresh, err := groups.Build(w.Grid.Clone(), groupConfig(w.Settings), w.Regions)
	if err != nil {
		t.Fatal(err)
	}
	if err := groups.Equal(gh.g, fresh); err != nil {
		t.Fatalf("%s: differs from a fresh build: %v", when, err)
	}
}

// The levels switch of the group hierarchy keeps the levels below the new
// top and builds only those above (a change of levels alone rebuilt the
// whole hierarchy: seconds on 2048×2048), and what it makes equals a fresh
// build with the new levels, also after edits. The build line says how
// many levels were kept; another structural switch builds afresh.
func TestLevelsSwitchKeepsLowerLevels(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	w.Log = NewEventLog(&log)
	w.Settings.Algo = AlgoGroup
	w.Settings.Levels = 2
	w.Begin()
	w.Wait()
	sameGroupsAsFresh(t, w, "2 levels")
	if line := lastLine(t, &log, "build"); strings.Contains(line, "kept_levels") || w.HierarchyKept() != 0 {
		t.Fatalf("the first build kept levels: %q, HierarchyKept %d", line, w.HierarchyKept())
	}
	dug, prev := false, 2
	for _, n := range []int{3, 1, 4, 2} {
		w.SetLevels(n)
		w.Wait()
		if w.Outcome.Status != pathing.Found {
			t.Fatalf("%d levels: %v %v", n, w.Outcome.Status, w.Outcome.Err)
		}
		sameGroupsAsFresh(t, w, "levels switched")
		want := fmt.Sprintf("kept_levels=%d", min(n, prev))
		if got := w.HierarchyKept(); got != min(n, prev) {
			t.Fatalf("→ %d levels: HierarchyKept %d, want %d (the panel's build row)", n, got, min(n, prev))
		}
		prev = n
		if line := lastLine(t, &log, "build"); !strings.Contains(line, want) {
			t.Fatalf("→ %d levels: build line %q, want %s", n, line, want)
		}
		if !dug {
			// An edit repaired into the relevelled hierarchy, then the
			// next switch relevels the repaired one.
			for i := 0; i < w.Grid.Len(); i++ {
				if p := w.Grid.Point(i); !w.Grid.Open(p) && p.X > 20 && p.Y > 20 {
					w.BeginStroke(p, 0)
					w.StrokeTo(p.Add(image.Pt(1, 0)))
					w.EndStroke()
					dug = true
					break
				}
			}
			w.Wait()
			sameGroupsAsFresh(t, w, "dug after the switch")
		}
	}
	w.ClusterBigger()
	w.Wait()
	if line := lastLine(t, &log, "build"); strings.Contains(line, "kept_levels") {
		t.Fatalf("a new cluster size kept levels: %q", line)
	}
	sameGroupsAsFresh(t, w, "cluster size switched")
}

// On a 512×512 map the relevelled hierarchy is made on the build worker
// like a build (the copy of the kept levels is taken before the frame
// returns), and equals a fresh build when it arrives.
func TestLevelsSwitchInBackground(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	var log bytes.Buffer
	w.Log = NewEventLog(&log)
	w.Begin()
	w.Wait()
	w.SetLevels(3)
	w.Wait()
	if line := lastLine(t, &log, "build"); !strings.Contains(line, "kept_levels=2") {
		t.Fatalf("build line %q, want kept_levels=2", line)
	}
	sameGroupsAsFresh(t, w, "3 levels")
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("%v %v", w.Outcome.Status, w.Outcome.Err)
	}
}

// BenchmarkLevelsSwitch2048 is the user pressing Shift+] then Shift+[ (2
// → 3 → 2 levels) with the group hierarchy at cluster 64 on Moving AI's
// Aftershock tiled 4×4 (2048×2048): each op is both switches, every frame
// until the plan on the new hierarchy is in (frame-ms, ready-ms, ui-ms as
// in BenchmarkSession).
func BenchmarkLevelsSwitch2048(b *testing.B) {
	w := openMovingAI(b, "Aftershock")
	src := w.Grid
	g := pathing.MustGrid(4*src.Width(), 4*src.Height())
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			g.SetWeight(image.Pt(x, y), src.Weight(image.Pt(x%src.Width(), y%src.Height())))
		}
	}
	w = New(&maps.Map{Name: "Aftershock-4x4", Grid: g})
	defer w.Close()
	w.Settings.Algo = AlgoGroup
	w.Settings.ClusterSize = 64
	w.Settings.Levels = 2
	dir, _ := maps.MovingAIDir()
	q := sessionScen(b, dir, "Aftershock") // in the first tile
	w.SetEndpoints(q[0], q[1])
	settleUntimed(w)
	if w.Outcome.Status != pathing.Found {
		b.Fatalf("%v %v", w.Outcome.Status, w.Outcome.Err)
	}
	var f frames
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, l := range []int{3, 2} {
			f.start()
			f.do(func() { w.SetLevels(l) })
			f.settle(w)
			if w.Outcome.Status != pathing.Found || w.Settings.LevelCount() != l {
				b.Fatalf("%d levels: %v %v", l, w.Outcome.Status, w.Outcome.Err)
			}
		}
		n++
	}
	f.report(b, 2*n)
}
