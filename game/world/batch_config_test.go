package world

import (
	"image"
	"slices"
	"strings"
	"testing"
)

// A batch's configuration words, and so its staleness, name exactly the
// switches Settings.Uses says its algorithm reads (the panel dims the
// others and a press of one notes it is not used): no other list to keep
// in step. A group batch used to leave out the heuristic its cell
// searches read.
func TestBatchConfigNamesTheSwitchesSettingsUses(t *testing.T) {
	for a := Algo(0); a < numAlgos; a++ {
		for _, h := range []Heur{HeurOctile, HeurCluster} {
			s := Settings{Algo: a, Heuristic: h}
			var named []string
			for _, kv := range configWords(s) {
				named = append(named, kv[0])
			}
			for name, title := range switchTitle {
				if got := slices.Contains(named, title); got != s.Uses(name) {
					t.Errorf("%s, heuristic %s: %q named %v, Settings.Uses(%q) = %v (words %v)", a.Title(), h, title, got, name, s.Uses(name), named)
				}
			}
		}
	}
}

// The group planner's cell searches read the heuristic: changing it
// changes a group batch's costs (a reviewer saw 16 rows of 30 move), so a
// group batch names it in its configuration and goes stale when it
// changes.
func TestBatchGroupHeuristicMakesItStale(t *testing.T) {
	w := bigWorld(t)
	w.SetAlgo(AlgoGroup)
	w.Wait()
	var qs [][2]image.Point
	for i := 0; i < 40; i++ {
		a, b := image.Pt((i*37)%290+3, (i*53)%290+3), image.Pt((i*71)%290+3, (i*29)%290+3)
		if w.Grid.Open(a) && w.Grid.Open(b) {
			qs = append(qs, [2]image.Point{a, b})
		}
	}
	w.Queries = qs
	a := runBatchNow(t, w)
	if !strings.Contains(a.Config, "group hierarchy, heuristic octile, ") {
		t.Errorf("group batch config %q does not name its heuristic", a.Config)
	}
	w.SetHeuristic(HeurManhattan)
	w.Wait()
	if st := w.BatchStale(); st != "heuristic octile → manhattan" {
		t.Errorf("after H: stale %q", st)
	}
	if s := w.BatchSummary(); !strings.HasPrefix(s, "batch (figures for the state before: heuristic octile → manhattan): ") {
		t.Errorf("summary %q", s)
	}
	b := runBatchNow(t, w)
	moved := 0
	for i := range a.Rows {
		if a.Rows[i].Cost != b.Rows[i].Cost {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no row's cost moved with the heuristic: the test proves nothing")
	}
	if a.Config == b.Config {
		t.Errorf("the same config %q for two heuristics", a.Config)
	}
	// The cluster heuristic is read as the grid's own distance there, as
	// the panel's row says.
	w.SetHeuristic(HeurCluster)
	if st := w.BatchStale(); st != "heuristic manhattan → cluster (octile here)" {
		t.Errorf("after the cluster heuristic: stale %q", st)
	}
	w.SetHeuristic(HeurManhattan)
	// A switch the group planner does not read leaves it fresh.
	w.ToggleSmooth()
	if st := w.BatchStale(); st != "" {
		t.Errorf("smoothing made a group batch stale: %q", st)
	}
}

// From a usability test: on textbook-groups, whose regions make every
// level, the batch's note said "cluster size 10", a size the panel dims
// and the build did not use.
func TestBatchConfigNamesRegionsNotAnUnusedSize(t *testing.T) {
	w := openBuiltin(t, "textbook-groups")
	w.Settings.Algo = AlgoGroup
	if !w.StartBatch() {
		t.Fatalf("no batch: %q", w.Message)
	}
	w.WaitBatch()
	r := w.LastBatch()
	if r == nil || r.Err != nil {
		t.Fatalf("batch result %v", r)
	}
	if !strings.Contains(r.Config, "clusters from regions") || strings.Contains(r.Config, "cluster size") {
		t.Errorf("config %q, want the regions named and no cluster size", r.Config)
	}
	w.Regions = nil // square clusters now: the size is used
	w.StartBatch()
	w.WaitBatch()
	if r := w.LastBatch(); r == nil || !strings.Contains(r.Config, "cluster size") {
		t.Errorf("without regions: %v", r)
	}
}
