package world

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/maps"
	"pathlens/pathing"
)

// Regression (the cluster heuristic on a 512×512 map at default settings
// said "A*: cluster heuristic: groups: cluster heuristic: level 2 has 472
// groups on 262144 cells, more work than 67108864; use a higher level",
// with level 2 already the highest): since 579d0c0 the world builds only
// the goal's level-1 column, so the query now runs, and stays optimal.
func TestClusterHeuristicRunsOn512Maps(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	w, err := Open(filepath.Join(dir, "AR0011SR.map"))
	if err != nil {
		t.Fatal(err)
	}
	w.SetEndpoints(endpoints(w.Grid))
	w.Wait()
	opt := w.Outcome.Cost
	w.SetHeuristic(HeurCluster)
	w.Wait()
	if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
		t.Fatalf("AR0011SR, default settings: %v, error %v", w.Outcome.Status, w.Outcome.Err)
	}
	if math.Abs(w.Outcome.Cost-opt) > 1e-9 {
		t.Fatalf("cost %v with the cluster heuristic, %v with octile", w.Outcome.Cost, opt)
	}
}

// Regression (with one level on a scenario whose regions are drawn for two,
// the cluster heuristic failed with "A*: cluster heuristic: groups: 2 region
// layers for 1 levels", later with a one-sentence message asking for 2
// levels): the cluster heuristic reads level 1 alone, so the levels set do
// not matter to it and its group hierarchy has the region layers' levels;
// it runs. The group planner, which reads the levels, says why it cannot
// build in one sentence: what failed, why, and what to change.
func TestClusterHeuristicErrorIsOneSentence(t *testing.T) {
	w, err := Open(assets.Prefix + "exclusion-shortcut")
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Regions) != 2 {
		t.Fatalf("the scenario has %d region layers; this test needs 2", len(w.Regions))
	}
	w.Begin()
	w.SetAlgo(AlgoAStar) // the scenario opens with the group planner
	w.SetLevels(1)
	w.SetHeuristic(HeurCluster)
	if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
		t.Fatalf("A* with the cluster heuristic and 1 level set over 2 region layers: %v, error %v", w.Outcome.Status, w.Outcome.Err)
	}
	w.SetAlgo(AlgoGroup)
	if e := w.Outcome.Err; e == nil || e.Error() != "this scenario's regions are drawn for 2 levels (regions 2 at builtin:exclusion-shortcut:41) and 1 level is set: set 2 levels or more (Shift+] adds one)" {
		t.Errorf("group planner: error %v", e)
	}
	// Following the advice works.
	w.SetLevels(2)
	if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
		t.Errorf("with 2 levels: %v, error %v", w.Outcome.Status, w.Outcome.Err)
	}
}

// Regression: a scenario whose region layers outnumber its levels was
// refused in the window with "this scenario's regions are drawn for 2
// levels and 1 level is set", naming no file, where cmd/bench names the
// scenario. The message now says which file and line draws the first
// layer above the levels; after a save to another file, the line of the
// file read is no longer claimed.
func TestTooManyRegionLayersNameTheFile(t *testing.T) {
	text, ok := assets.File("exclusion-shortcut")
	if !ok {
		t.Fatal("no built-in exclusion-shortcut")
	}
	src := strings.Replace(string(text), "set levels 2\n", "set levels 1\n", 1)
	if src == string(text) {
		t.Fatal("the built-in no longer sets 2 levels: the test wants to set 1")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "two-layers.pls")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(src, "\n") {
		if l == "regions 2" {
			line = i + 1
		}
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	want := fmt.Sprintf("regions 2 at %s:%d", path, line)
	if e := w.Outcome.Err; e == nil || !strings.Contains(e.Error(), want) {
		t.Errorf("2 region layers, set levels 1: error %v, want it to name %q", e, want)
	}
	if !strings.Contains(w.Message, want) || !strings.Contains(w.Message, "set 2 levels or more") {
		t.Errorf("the window's message %q does not name %q and the fix", w.Message, want)
	}
	// A built-in saved to a file becomes that file, whose lines the
	// session did not read: the file is named without a line.
	b, err := Open(assets.Prefix + "exclusion-shortcut")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	b.Begin()
	saved := filepath.Join(dir, "saved.pls")
	if err := b.Save(saved); err != nil {
		t.Fatal(err)
	}
	if b.Source != saved {
		t.Fatalf("the saved built-in's source is %q, want %q", b.Source, saved)
	}
	if got := b.regionsWhere(2); got != "regions 2 in "+saved {
		t.Errorf("after a save: %q, want the saved file without the read file's line", got)
	}
}

// The layers of a Tiled map's own rooms are named by the map file (its
// rooms have no line of their own).
func TestTooManyTiledRoomLevelsNameTheMap(t *testing.T) {
	const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="2" tilewidth="16" tileheight="16" infinite="0">
<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <tile id="1"><properties><property name="solid" type="bool" value="true"/></properties></tile>
</tileset>
<layer id="1" name="ground" width="4" height="2"><data encoding="csv">
1,1,1,1,
1,1,1,1
</data></layer>
<objectgroup id="2" name="regions"><object id="1" name="a" x="0" y="0" width="32" height="32"/><object id="2" name="b" x="32" y="0" width="32" height="32"/></objectgroup>
<objectgroup id="3" name="regions 2"><object id="3" name="w" x="0" y="0" width="64" height="32"/></objectgroup>
</map>`
	path := filepath.Join(t.TempDir(), "rooms.tmx")
	if err := os.WriteFile(path, []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	if len(w.Regions) != 2 {
		t.Fatalf("%d region layers read; the test wants 2", len(w.Regions))
	}
	w.Begin()
	w.SetEndpoints(image.Pt(0, 0), image.Pt(3, 1))
	w.SetLevels(1)
	w.SetAlgo(AlgoGroup)
	w.Wait()
	want := "level 2's rooms in " + path
	if e := w.Outcome.Err; e == nil || !strings.Contains(e.Error(), want) {
		t.Errorf("2 room levels, 1 level set: error %v, want it to name %q", e, want)
	}
}
