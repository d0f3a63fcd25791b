package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/assets"
)

// phaseNames lists the answer's phases by name.
func phaseNames(o Outcome) []string {
	var out []string
	for _, p := range o.Phases {
		out = append(out, p.Name)
	}
	return out
}

// A teacher's finding: a short HPA* query (start and goal in neighbouring
// clusters) was answered by the bounded A* alone, with no insertion,
// abstract search or refinement to step through, and the app had no way to
// ask for them. The shortcut switch sends every query through the
// hierarchy; the cost never gets lower than the shortcut's (which is
// optimal when it wins), the plan line says so, a save keeps it, and an
// open reads it back.
func TestShortcutSwitchSendsShortQueriesThroughTheHierarchy(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	var start, goal image.Point
	found := false
	// A pair of open cells 6 apart in one row, in neighbouring clusters.
	for y := 1; y < w.Grid.Height()-1 && !found; y++ {
		for x := 12; x+6 < w.Grid.Width() && !found; x++ {
			a, b := image.Pt(x, y), image.Pt(x+6, y)
			if !w.Grid.Open(a) || !w.Grid.Open(b) || a.X/w.Settings.Cluster() == b.X/w.Settings.Cluster() {
				continue
			}
			if !w.SetEndpoints(a, b) {
				continue
			}
			w.Wait()
			if w.Outcome.Err == nil && strings.Join(phaseNames(w.Outcome), ",") == "shortcut" {
				start, goal, found = a, b, true
			}
		}
	}
	if !found {
		t.Fatal("no short query answered by the shortcut alone on the built-in world")
	}
	short := w.Outcome
	w.ToggleShortcut()
	w.Wait()
	if w.Settings.Shortcut() || w.Start != start || w.Goal != goal {
		t.Fatalf("after the switch: shortcut %v, query %v→%v", w.Settings.Shortcut(), w.Start, w.Goal)
	}
	names := strings.Join(phaseNames(w.Outcome), ",")
	if strings.Contains(names, "shortcut") || !strings.Contains(names, "insert") || !strings.Contains(names, "abstract") {
		t.Fatalf("shortcut off: phases %s, want the hierarchy's and no shortcut", names)
	}
	if w.Outcome.Cost < short.Cost-1e-9 {
		t.Fatalf("through the hierarchy %.4f, cheaper than the shortcut's %.4f", w.Outcome.Cost, short.Cost)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "s.pls")
	if err := w.SaveAs(p); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if !strings.Contains(string(data), "set shortcut off") {
		t.Fatalf("the saved scenario has no 'set shortcut off':\n%s", data)
	}
	back, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings.Shortcut() {
		t.Fatal("the shortcut switch was lost by a save and an open")
	}
	w.ToggleShortcut()
	w.Wait()
	if strings.Join(phaseNames(w.Outcome), ",") != "shortcut" {
		t.Fatalf("shortcut on again: phases %v", phaseNames(w.Outcome))
	}
	w.SetAlgo(AlgoAStar)
	w.ToggleShortcut()
	w.Wait()
	if !strings.HasPrefix(w.Message, "shortcut off: kept for HPA* (algorithm 4); A* does not use it") {
		t.Fatalf("shortcut under A*: message %q", w.Message)
	}
}
