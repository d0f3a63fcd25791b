package world

import (
	"strings"
	"testing"

	"pathlens/pathing"
)

// From a usability test: pressing 8 to 4-connected kept the octile
// heuristic with no word, where manhattan is the tight one (A* expanded
// 299 cells on an arena query that manhattan cuts); the panel warned only
// the other way (manhattan under 8-connected).
func TestFourConnectedSaysManhattanIsTighter(t *testing.T) {
	w := openBuiltin(t, "world")
	hinted := func(a Algo, h Heur) bool {
		w.Settings.Algo, w.Settings.Heuristic = a, h
		if w.Settings.Neighborhood == pathing.Four {
			w.ToggleNeighborhood()
			w.Wait()
		}
		seq := w.MessageSeq
		w.ToggleNeighborhood()
		w.Wait()
		return w.MessageSeq != seq && strings.Contains(w.Message, "looser than manhattan")
	}
	if !hinted(AlgoAStar, HeurOctile) || !strings.Contains(w.Message, "octile is admissible but looser than manhattan") {
		t.Errorf("A*, octile, to 4-connected: message %q", w.Message)
	}
	if !hinted(AlgoAStar, HeurEuclidean) {
		t.Errorf("A*, euclidean: message %q", w.Message)
	}
	if hinted(AlgoHPA, HeurOctile) {
		t.Errorf("HPA* (no heuristic switch of its own) got the hint: %q", w.Message)
	}
	if hinted(AlgoAStar, HeurManhattan) {
		t.Errorf("manhattan got the hint: %q", w.Message)
	}
	if hinted(AlgoDijkstra, HeurOctile) {
		t.Errorf("Dijkstra reads no heuristic, yet got the hint: %q", w.Message)
	}
	w.Settings.Algo = AlgoAStar
	seq := w.MessageSeq
	w.ToggleNeighborhood() // back to 8-connected
	w.Wait()
	if w.MessageSeq != seq && strings.Contains(w.Message, "looser than manhattan") {
		t.Errorf("8-connected: %q", w.Message)
	}
}
