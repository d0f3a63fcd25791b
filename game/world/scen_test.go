package world

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// scenOn writes a scenario file on the Moving AI map mapName with one
// query of its own, and opens it.
func scenOn(t *testing.T, mapName string) (w *World, dir string) {
	t.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	rows, err := maps.LoadScen(filepath.Join(dir, mapName+".scen"))
	if err != nil {
		t.Fatal(err)
	}
	own := rows[len(rows)-1] // two open cells of this map
	pls := filepath.Join(t.TempDir(), "on-"+strings.TrimSuffix(mapName, ".map")+".pls")
	text := fmt.Sprintf("pathlens-scenario 1\nmap %s\nquery %d,%d %d,%d\n",
		filepath.Join(dir, mapName), own.Start.X, own.Start.Y, own.Goal.X, own.Goal.Y)
	if err := os.WriteFile(pls, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err = Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	return w, dir
}

// Regression (review: with -scenario, F3 lost the .scen's optimal length:
// the scenario's own queries were added after the rows but the optimal
// list was not padded, so the game, which needs one length per query,
// showed none): the list has one entry per query, the row's and then 0.
func TestScenRowsKeepTheirOptimalWithAScenario(t *testing.T) {
	w, dir := scenOn(t, "maze512-16-0.map")
	own := w.Queries
	if len(own) != 1 {
		t.Fatalf("the scenario has %d queries, want 1", len(own))
	}
	rows, err := w.ScenRows(filepath.Join(dir, "maze512-16-0.map.scen"))
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(filepath.Join(dir, "maze512-16-0.map.scen"), rows)
	opt := w.ScenOptimal
	if len(opt) != len(w.Queries) || len(w.Queries) != len(rows)+1 {
		t.Fatalf("%d rows + 1 own query: %d queries, %d optimal lengths (want one per query)", len(rows), len(w.Queries), len(opt))
	}
	for i, r := range rows {
		if q := w.Queries[i]; q[0] != r.Start || q[1] != r.Goal || opt[i] != r.Optimal {
			t.Fatalf("query %d: %v optimal %v, want line %d's %v→%v optimal %v", i, q, opt[i], r.Line, r.Start, r.Goal, r.Optimal)
		}
	}
	if last := len(opt) - 1; w.Queries[last] != own[0] || opt[last] != 0 {
		t.Errorf("the scenario's own query: %v optimal %v, want %v with 0 (not known)", w.Queries[last], opt[last], own[0])
	}
}

// Regression (review: a scenario on maze512 opened with random512's .scen
// rows, the same size, because the map name was checked only when the
// source was a .map): the rows must name the map file the scenario
// refers to.
func TestScenForAnotherMapOfTheSameSizeIsRefused(t *testing.T) {
	w, dir := scenOn(t, "maze512-16-0.map")
	_, err := w.ScenRows(filepath.Join(dir, "random512-10-0.map.scen"))
	if err == nil || !strings.Contains(err.Error(), "random512-10-0.map") || !strings.Contains(err.Error(), "maze512-16-0.map") {
		t.Fatalf("random512's rows on a scenario of maze512: error %v, want one naming both maps", err)
	}
	if _, err := w.ScenRows(filepath.Join(dir, "maze512-16-0.map.scen")); err != nil {
		t.Errorf("maze512's own rows: %v", err)
	}
}

// A session with a .scen list saves it as one "scen" line, relative to the
// saved file, not its rows as queries: reopened, the rows come back after
// the file's own queries with their optimal lengths, and a save elsewhere
// re-relates the path. Thousands of rows used to be written as query lines,
// and reopening lost every length.
func TestSaveKeepsTheScenList(t *testing.T) {
	dir := t.TempDir()
	mapText := "type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n"
	scenText := "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t0\t1\t3\t1\t3.82842712\n"
	os.MkdirAll(filepath.Join(dir, "data"), 0o755)
	for name, text := range map[string]string{"data/m.map": mapText, "data/m.map.scen": scenText} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(filepath.Join(dir, "data", "m.map"))
	if err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(dir, "data", "m.map.scen")
	rows, err := w.ScenRows(scen)
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(scen, rows)
	w.PrependQuery([2]image.Point{{2, 0}, {3, 1}}) // as -from/-to does
	w.Begin()
	defer w.Close()
	out := filepath.Join(dir, "s.pls")
	if err := w.Save(out); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "\nscen data/m.map.scen\n") || strings.Count(string(data), "\nquery ") != 1 {
		t.Fatalf("saved:\n%s\nwant one scen line and the own query alone", data)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if len(back.Queries) != 3 || back.Queries[0] != [2]image.Point{{2, 0}, {3, 1}} ||
		back.Queries[2] != [2]image.Point{{0, 1}, {3, 1}} || back.ScenOptimal[2] != 3.82842712 || back.ScenOptimal[0] != 0 {
		t.Fatalf("reopened: queries %v optimal %v", back.Queries, back.ScenOptimal)
	}
	// Saved again from elsewhere: the path follows the new file.
	os.MkdirAll(filepath.Join(dir, "sub", "deeper"), 0o755)
	out2 := filepath.Join(dir, "sub", "deeper", "t.pls")
	if err := back.Save(out2); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(out2)
	if !strings.Contains(string(data), "\nscen ../../data/m.map.scen\n") || strings.Count(string(data), "\nquery ") != 1 {
		t.Errorf("saved elsewhere:\n%s", data)
	}
	again, err := Open(out2)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if len(again.Queries) != 3 || again.ScenOptimal[1] != 3 {
		t.Errorf("reopened from elsewhere: queries %v optimal %v", again.Queries, again.ScenOptimal)
	}
	// A row on screen is saved first, to open first: reopened, it opens
	// where it stands in the list, listed once (a user read "1 of 1281",
	// query 2 the same as query 1), and saves with other rows on screen do
	// not pile up copies (review: the own queries grew [r2 r1 r2] →
	// [r1 r2 r1 r2]).
	again.Begin()
	for _, k := range []int{2, 1, 2} {
		row := again.Queries[again.scenAt+k-1]
		if !again.SetEndpoints(row[0], row[1]) {
			t.Fatalf("row %d refused: %s", k, again.Message)
		}
		again.Wait()
		if err := again.Save(out2); err != nil {
			t.Fatal(err)
		}
		back, err := Open(out2)
		if err != nil {
			t.Fatal(err)
		}
		own := [2]image.Point{{2, 0}, {3, 1}}
		want := []float64{0, 3, 3.82842712}
		if len(back.Queries) != 3 || back.Queries[0] != own || back.FirstQuery != k || back.Queries[k] != row || !slices.Equal(back.ScenOptimal, want) {
			t.Errorf("saved with row %d on screen: queries %v optimal %v, first %d; want %v then the rows, lengths %v, first %d", k, back.Queries, back.ScenOptimal, back.FirstQuery, own, want, k)
		}
		back.Begin()
		back.Wait()
		if back.Start != row[0] || back.Goal != row[1] {
			t.Errorf("saved with row %d on screen: reopened on %v→%v, want the row %v", k, back.Start, back.Goal, row)
		}
		back.Close()
	}
}

// -query K (OpenFirst) opens the session's query K, with a .scen list its
// row K (bench -worst numbers rows so), and refuses a number out of range
// with the range there is.
func TestOpenFirst(t *testing.T) {
	w, dir := scenOn(t, "maze512-16-0.map")
	if err := w.OpenFirst(2); err == nil || !strings.Contains(err.Error(), "has 1 query") {
		t.Errorf("query 2 of 1: %v", err)
	}
	path := filepath.Join(dir, "maze512-16-0.map.scen")
	rows, err := w.ScenRows(path)
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(path, rows)
	n := len(rows) + 1
	for _, k := range []int{0, -1, n + 1} {
		if err := w.OpenFirst(k); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("has %d queries (1 to %d)", n, n)) {
			t.Errorf("OpenFirst(%d): %v", k, err)
		}
	}
	k := 917
	if err := w.OpenFirst(k); err != nil {
		t.Fatal(err)
	}
	w.Begin()
	if r := rows[k-1]; w.Start != r.Start || w.Goal != r.Goal {
		t.Errorf("opened %v→%v, want row %d (line %d) %v→%v", w.Start, w.Goal, k, r.Line, r.Start, r.Goal)
	}
	g, err := pathing.NewGrid(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	empty := New(maps.NewMap("empty", g))
	if err := empty.OpenFirst(1); err == nil || !strings.Contains(err.Error(), "has no queries") {
		t.Errorf("no queries: %v", err)
	}
}
