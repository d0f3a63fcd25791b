package world

import (
	"context"
	"fmt"

	"pathlens/pathing"
)

// hierKey is what a built hierarchy depends on: when any of it changes the
// hierarchy is rebuilt; other switches (connection cost, exclusion,
// smoothing) are passed per query.
type hierKey struct {
	algo    Algo
	cluster int
	levels  int
	nb      pathing.Neighborhood
	regions int    // number of region layers
	rooms   uint64 // RoomsVersion, for the group hierarchy (HPA* reads no rooms)
	dense   bool   // HPA*'s dense transitions
	cache   bool   // HPA*'s path cache
	grid    *pathing.Grid
}

// builder makes a hierarchy of one kind over g (the world's copy for it,
// which it may keep reading) with the designer's regions. It may run on
// another goroutine: it reads nothing else of the world. When ctx is
// cancelled (the build was superseded) it stops soon and returns an error
// wrapping ctx.Err() and no hierarchy.
type builder func(ctx context.Context, g *pathing.Grid, regions [][]byte, s Settings) (Hierarchy, error)

// builders holds the hierarchy adapters by algorithm.
var builders = map[Algo]builder{}

func (w *World) keyFor(a Algo) hierKey {
	s := w.Settings
	// Dense transitions shape HPA*'s hierarchy only: the group hierarchy
	// is not rebuilt for them.
	cluster, levels, read := s.Cluster(), s.LevelCount(), s.LevelCount()
	layers := w.doneLayers()
	if a == AlgoGroup && s.UsesClusterHeuristic() {
		// The cluster heuristic reads level 1 alone: the levels switch
		// changes nothing there, so it rebuilds nothing either. The
		// hierarchy has as many levels as the designer's region layers
		// (a build refuses fewer), else one.
		levels, read = max(1, min(layers, MaxAbstractLevels)), 1
	}
	if a == AlgoGroup && w.regionsCover(read) {
		// Regions make every level: a new size would rebuild the same
		// groups (and drop the last repair shown).
		cluster = 0
	}
	k := hierKey{algo: a, cluster: cluster, levels: levels, nb: s.Neighborhood, dense: s.Dense && a == AlgoHPA, cache: s.CachePaths && a == AlgoHPA, grid: w.Grid}
	if a == AlgoGroup {
		// HPA* reads no rooms: a room layer painted or taken back under
		// it rebuilt it and replanned every agent.
		k.regions, k.rooms = layers, w.roomsDone
	}
	return k
}

// doneLayers is the number of room layers but the one a room stroke in
// progress made: not the hierarchy's until the stroke ends (a layer
// counted from its first cell made the hierarchy not current mid-stroke).
func (w *World) doneLayers() int {
	n := len(w.Regions)
	if st := w.roomStroke; st != nil && st.edit.added && n >= st.edit.level {
		n--
	}
	return n
}

// clusterField is a hierarchy's cluster size as the build and plan log
// lines give it: "regions" when the designer's regions make every level
// (the build line said cluster=0 and the plan line the unused size).
func clusterField(k hierKey) any {
	if k.cluster == 0 {
		return "regions"
	}
	return k.cluster
}

// hierarchy returns the hierarchy of the current algorithm, building it
// when a structural switch changed.
func (w *World) hierarchy() (Hierarchy, error) {
	return w.hierarchyFor(w.Settings.Algo)
}

// hierarchyFor returns the hierarchy of algorithm a, building it when a
// structural switch changed: at once on small grids; on large ones in the
// background, returning errBuilding until Tick installs it. Only the latest
// request is built (see buildWorker); the hierarchy installed before stays
// until the new one replaces it, so switching back to its switches while
// the new one is built costs nothing.
func (w *World) hierarchyFor(a Algo) (Hierarchy, error) {
	k := w.keyFor(a)
	if w.hierKey == k && (w.hier != nil || w.hierErr != nil) {
		// A build started since for other switches is no longer wanted.
		w.cancelBuild()
		return w.hier, w.hierErr
	}
	if w.building != nil && w.building.key == k {
		return nil, errBuilding
	}
	w.noteCoverChange(k)
	b := builders[a]
	if b == nil {
		w.dropHierarchy()
		w.hierKey = k
		w.hierErr = fmt.Errorf("%s is not available", a.Title())
		return nil, w.hierErr
	}
	return w.build(k, b)
}

// dropHierarchy forgets the built hierarchy and abandons a background
// build (after the grid was replaced, or when a failed build should be
// tried again on the edited grid).
func (w *World) dropHierarchy() {
	w.hier = nil
	w.hierGrid = nil
	w.hierErr = nil
	w.hierKey = hierKey{}
	w.repairTime = 0
	w.cancelBuild()
}

// noteCoverChange says so when the group hierarchy about to be built for
// key k changes from the designer's regions alone to regions plus square
// clusters, or back: an edit opened a cell outside every region (a dig
// through a wall between rooms), or closed or undid the last such cell.
// Without it the cluster size switch came alive and the structure changed
// with no word (a user's finding).
func (w *World) noteCoverChange(k hierKey) {
	old := w.hierKey
	if k.algo != AlgoGroup || old.algo != AlgoGroup || old.levels != k.levels || old.regions != k.regions || (old.cluster == 0) == (k.cluster == 0) {
		return
	}
	if k.cluster == 0 {
		w.Note("every open cell is in a region again: the groups are the designer's regions alone")
		return
	}
	at := "a cell is"
	if p, ok := w.uncovered(k.levels); ok && w.Grid.In(p) {
		at = fmt.Sprintf("cell (%d,%d) is", p.X, p.Y)
	}
	w.Note("%s open but in no region: square clusters of %d now group such cells (the cluster size switch sizes them; undo brings back regions alone)", at, k.cluster)
}
