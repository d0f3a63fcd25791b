package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// scenarioWorld opens scenario text src as a session named name.
func scenarioWorld(t *testing.T, src, name string) *World {
	t.Helper()
	sc, err := maps.ParseScenario(strings.NewReader(src), name, "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := FromScenario(sc, name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestSaveAfterWallingAnEndpointReopens: a session whose edits block a
// saved query's or agent's cell (a wall painted over the scenario's second
// query, an undone dig under the current start) must still save a file
// that opens again; the reader refuses blocked endpoints, so the save would
// otherwise lose the user's work.
func TestSaveAfterWallingAnEndpointReopens(t *testing.T) {
	const src = `pathlens-scenario 1
name walled
map inline
#######
#.....#
#.#...#
#######
end
query 1,1 5,1
query 4,2 5,2
agent 3,2 -> 5,1
`
	w := scenarioWorld(t, src, "walled.pls")
	w.Begin()
	// Wall the second query's start and the agent's start.
	w.BeginStroke(image.Pt(4, 2), 0)
	w.StrokeTo(image.Pt(3, 2))
	w.EndStroke()
	if w.Grid.Open(image.Pt(4, 2)) || w.Grid.Open(image.Pt(3, 2)) {
		t.Fatal("the fill should block (4,2) and (3,2)")
	}
	// Dig a cell, move the start onto it, undo the dig.
	w.BeginStroke(image.Pt(2, 2), 0)
	w.EndStroke()
	if !w.SetEndpoints(image.Pt(2, 2), image.Pt(5, 1)) {
		t.Fatal("start on the dug cell refused")
	}
	w.Undo()
	path := filepath.Join(t.TempDir(), "walled.pls")
	if err := w.Save(path); err != nil {
		t.Fatalf("save: %v", err)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatalf("the saved session does not open again: %v", err)
	}
	if !w2.Grid.Equal(w.Grid) {
		t.Fatal("reloaded grid differs")
	}
}

// A scenario's edit log is one undoable step, logged as what it is (an
// edit log of digs, fills and weights), not as a dig.
func TestLoadedEditLogUndoesAsOneStep(t *testing.T) {
	const src = `pathlens-scenario 1
name logged
map inline
#######
#.....#
#.#...#
#######
end
dig 2,2
fill 4,1
weight 5,2 3
`
	w := scenarioWorld(t, src, "logged.pls")
	var buf strings.Builder
	w.Log = NewEventLog(&buf)
	w.Begin()
	if !w.Grid.Open(image.Pt(2, 2)) || w.Grid.Open(image.Pt(4, 1)) || w.Grid.Weight(image.Pt(5, 2)) != 3 {
		t.Fatal("the edit log was not applied")
	}
	w.Undo()
	if w.Grid.Open(image.Pt(2, 2)) || !w.Grid.Open(image.Pt(4, 1)) || w.Grid.Weight(image.Pt(5, 2)) != 1 {
		t.Fatal("one undo did not take the whole edit log back")
	}
	if !strings.Contains(buf.String(), "undo kind=edit-log cells=3") {
		t.Errorf("undo of the edit log logged as:\n%s", buf.String())
	}
}

// A built-in saved after its terrain was edited is named as an edited copy
// and its text says so first (the engineer's test: a copy with a corridor
// dug through kept "pathological-minimum" and a text about walls that were
// gone); saved unedited, or edited back to the original, it keeps both.
func TestSavedEditedBuiltinSaysSo(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Wait()
	about := w.About
	dir := t.TempDir()
	reopen := func(name string) *maps.Scenario {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := w.Save(path); err != nil {
			t.Fatal(err)
		}
		sc, err := maps.LoadScenario(path)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	if sc := reopen("plain.pls"); sc.Name != "pathological-minimum" || sc.About != about {
		t.Errorf("unedited: name %q about %q", sc.Name, sc.About)
	}
	var wall image.Point
	for y := 0; y < w.Grid.Height() && wall == (image.Point{}); y++ {
		for x := 1; x < w.Grid.Width()-1; x++ {
			if p := image.Pt(x, y); !w.Grid.Open(p) && w.Grid.Open(image.Pt(x-1, y)) {
				wall = p
				break
			}
		}
	}
	w.BeginStroke(wall, 0)
	w.StrokeTo(wall.Add(image.Pt(1, 0)))
	w.EndStroke()
	if w.Grid.Equal(w.scenario.Map.Grid) {
		t.Fatalf("digging at %v changed nothing", wall)
	}
	sc := reopen("edited.pls")
	want := "Saved from the built-in pathological-minimum after its terrain was edited; the text below describes the original.\n" + about
	if sc.Name != "pathological-minimum (edited)" || sc.About != want {
		t.Errorf("edited: name %q about %q, want %q", sc.Name, sc.About, want)
	}
	w.Undo()
	if sc := reopen("undone.pls"); sc.Name != "pathological-minimum" || sc.About != about {
		t.Errorf("undone: name %q about %q", sc.Name, sc.About)
	}
}

// A session of a map file is no built-in: saved after an edit it keeps its
// name and gets no "saved from the built-in" line (it got one, naming the
// map's path as a built-in, whatever the source).
func TestSavedEditedMapFileIsNoBuiltin(t *testing.T) {
	dir := t.TempDir()
	mapPath := filepath.Join(dir, "room.map")
	if err := os.WriteFile(mapPath, []byte("type octile\nheight 4\nwidth 6\nmap\n......\n..@@..\n..@@..\n......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.Wait()
	name, about := w.Name, w.About
	w.BeginStroke(image.Pt(2, 1), 0)
	w.EndStroke()
	if w.Grid.Equal(w.scenario.Map.Grid) {
		t.Fatal("digging at 2,1 changed nothing")
	}
	out := filepath.Join(dir, "room.pls")
	if err := w.Save(out); err != nil {
		t.Fatal(err)
	}
	sc, err := maps.LoadScenario(out)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != name || sc.About != about || strings.Contains(sc.About, "built-in") {
		t.Errorf("saved map file: name %q about %q, want %q and %q", sc.Name, sc.About, name, about)
	}
}
