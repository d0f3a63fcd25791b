package world

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
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
	opt := w.AddScenRows(rows)
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
