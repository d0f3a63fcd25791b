package world

import (
	"testing"

	"pathlens/pathing"
)

// The borders layer read "nothing to draw" with A* and the cluster
// heuristic, as the world offered no view of the groups the heuristic
// reads. HeuristicGroups is that view: level 1 of the group hierarchy
// alone, while the plan reads the heuristic, and nothing otherwise.
func TestHeuristicGroupsAreTheLevel1Groups(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Settings.Algo = AlgoAStar
	w.Settings.ClusterSize = 8
	w.Settings.Levels = 3
	w.Begin()
	w.Wait()
	if v := w.HeuristicGroups(); v != nil {
		t.Fatal("octile A* shows heuristic groups")
	}
	w.SetHeuristic(HeurCluster)
	w.Wait()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("%v %v", w.Outcome.Status, w.Outcome.Err)
	}
	v := w.HeuristicGroups()
	if v == nil {
		t.Fatal("A* with the cluster heuristic: no groups to show")
	}
	if w.Hierarchy() != nil {
		t.Fatal("A* has a hierarchy of its own")
	}
	gh := w.hier.(*groupHier)
	if v.Levels() != 1 || v.Inspect(1).ClusterSize != 8 {
		t.Fatalf("view: %d levels, cluster %d; want 1 level of clusters of 8", v.Levels(), v.Inspect(1).ClusterSize)
	}
	for i := 0; i < w.Grid.Len(); i++ {
		p := w.Grid.Point(i)
		if got, want := v.GroupOf(1, p), gh.g.GroupOf(1, p); got != want {
			t.Fatalf("cell %v: group %d, the heuristic's level 1 says %d", p, got, want)
		}
		if v.GroupOf(2, p) != -1 {
			t.Fatalf("cell %v: a level-2 group through the level-1 view", p)
		}
	}
	if n := v.GroupName(1, 0); n == "?" || v.GroupName(2, 0) != "?" {
		t.Fatalf("names: %q at level 1, %q at level 2", n, v.GroupName(2, 0))
	}
	w.SetAlgo(AlgoGreedy)
	w.Wait()
	if w.HeuristicGroups() == nil {
		t.Fatal("greedy with the cluster heuristic: no groups to show")
	}
	w.SetAlgo(AlgoDijkstra) // ignores the heuristic
	w.Wait()
	if w.HeuristicGroups() != nil {
		t.Fatal("Dijkstra shows the cluster heuristic's groups")
	}
}
